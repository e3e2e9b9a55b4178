import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  NO_KIT_BONUSES, SKILLS, SKILL_GROUPS, combinedKitBonuses, deriveHero, formatSize, heroStaminaState, heroStaminaThresholds,
  isTierNumbers, kitDamageBonus, monsterStaminaState, skillGroupOf, tokenSquares,
} from "../../src/rules/index.ts";
import type { KitBonuses } from "../../src/rules/index.ts";

const fury = { startingStamina: 21, staminaPerLevel: 9, recoveries: 10 };
const mountain: KitBonuses = { ...NO_KIT_BONUSES, stamina: 9, stability: 2, meleeDamage: [0, 0, 4] };
const cloakAndDagger: KitBonuses = {
  ...NO_KIT_BONUSES, stamina: 3, speed: 2, distance: 5, meleeDamage: [1, 1, 1], rangedDamage: [1, 1, 1],
};
const dancer: KitBonuses = { ...NO_KIT_BONUSES, speed: 2, magicDamage: [0, 1, 2] };

describe("two kits' bonuses together (Field Arsenal, L4386–4401)", () => {
  const shiningArmor: KitBonuses = { ...NO_KIT_BONUSES, stamina: 12, stability: 1, meleeDamage: [2, 2, 2] };
  const sniper: KitBonuses = { ...NO_KIT_BONUSES, speed: 1, distance: 10, rangedDamage: [0, 0, 4] };
  const martialArtist: KitBonuses = { ...NO_KIT_BONUSES, stamina: 3, speed: 3, meleeDamage: [2, 2, 2] };
  it("the seed's example, Shining Armor and Sniper: Stamina +12, stability +1, melee +2/+2/+2, speed +1, ranged +0/+0/+4, distance +10 (L4392–4399)", () => {
    expect(combinedKitBonuses([shiningArmor, sniper])).toEqual({
      ...NO_KIT_BONUSES, stamina: 12, stability: 1, meleeDamage: [2, 2, 2], speed: 1, rangedDamage: [0, 0, 4], distance: 10,
    });
  });
  it("a damage bonus is one kit's whole line, not the best of each tier (L4401: the Mountain's +0/+0/+4 or the Martial Artist's +2/+2/+2)", () => {
    expect(combinedKitBonuses([mountain, martialArtist]).meleeDamage).toEqual([2, 2, 2]);
    expect(combinedKitBonuses([martialArtist, mountain]).meleeDamage).toEqual([2, 2, 2]);
    // A tie keeps the first kit's line.
    expect(combinedKitBonuses([{ ...NO_KIT_BONUSES, meleeDamage: [0, 0, 6] }, martialArtist]).meleeDamage).toEqual([0, 0, 6]);
  });
  it("one kit gives its own bonuses; none gives none", () => {
    expect(combinedKitBonuses([mountain])).toEqual(mountain);
    expect(combinedKitBonuses([])).toEqual(NO_KIT_BONUSES);
  });
  it("property: the order the kits were taken in changes no number, and each is at least either kit's", () => {
    const tiers = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }));
    const kitArb: fc.Arbitrary<KitBonuses> = fc.record({
      stamina: fc.nat(12), speed: fc.nat(3), stability: fc.nat(3), distance: fc.nat(10), reach: fc.nat(2), area: fc.nat(2),
      meleeDamage: tiers, rangedDamage: tiers, magicDamage: tiers,
    });
    fc.assert(fc.property(kitArb, kitArb, (a, b) => {
      const ab = combinedKitBonuses([a, b]);
      const ba = combinedKitBonuses([b, a]);
      for (const key of ["stamina", "speed", "stability", "distance", "reach", "area"] as const) {
        expect(ab[key]).toBe(ba[key]);
        expect(ab[key]).toBe(Math.max(a[key], b[key]));
      }
      for (const key of ["meleeDamage", "rangedDamage", "magicDamage"] as const) {
        const sum = (t: readonly number[]) => t[0]! + t[1]! + t[2]!;
        expect(sum(ab[key])).toBe(sum(ba[key]));
        expect([a[key], b[key]]).toContainEqual(ab[key]);
      }
    }));
  });
});

describe("skills", () => {
  it("lists the seed's 54 skills in five groups without repeats", () => {
    expect(SKILLS).toHaveLength(54);
    expect(new Set(SKILLS).size).toBe(54);
    expect(Object.fromEntries(Object.entries(SKILL_GROUPS).map(([g, s]) => [g, s.length]))).toEqual({
      crafting: 8, exploration: 10, interpersonal: 13, intrigue: 12, lore: 11,
    });
    expect(skillGroupOf("pickLock")).toBe("intrigue");
    expect(skillGroupOf("brewing")).toBeNull();
  });
});

describe("deriveHero", () => {
  it("adds class Stamina per level after 1st and the kit's Stamina bonus", () => {
    expect(deriveHero({ level: 1, class: fury, kit: { bonuses: mountain } })).toMatchObject({
      staminaMax: 30, winded: 15, recoveryValue: 10, deathThreshold: -15, recoveriesMax: 10, stability: 2, speed: 5,
    });
    expect(deriveHero({ level: 3, class: fury, kit: { bonuses: mountain } }).staminaMax).toBe(21 + 18 + 9);
  });
  it("takes speed and size from the ancestry plus kit, defaulting to 5 and 1M", () => {
    expect(deriveHero({ level: 1, kit: { bonuses: cloakAndDagger } })).toMatchObject({ speed: 7, size: { value: 1, letter: "M" } });
    const hakaan = { size: { value: 1, letter: "L" as const }, speed: 5 };
    expect(deriveHero({ level: 1, ancestry: hakaan }).size).toEqual({ value: 1, letter: "L" });
    expect(deriveHero({ level: 1, ancestry: { size: { value: 1, letter: "M" }, speed: 7 }, kit: { bonuses: dancer } }).speed).toBe(9);
  });
  it("adds the ancestry's Stamina (1st level + per level), stability and Recoveries", () => {
    const m = { value: 1, letter: "M" as const };
    const dwarf = { size: m, speed: 5, bonuses: { stamina: 6, staminaPerLevel: 1, stability: 1, recoveries: 0 } };
    // Fury 21 + Mountain 9 + Spark Off Your Skin 6 at 1st level; +9 and +1 per level after.
    expect(deriveHero({ level: 1, class: fury, kit: { bonuses: mountain }, ancestry: dwarf })).toMatchObject({ staminaMax: 36, stability: 3, recoveriesMax: 10 });
    expect(deriveHero({ level: 4, class: fury, kit: { bonuses: mountain }, ancestry: dwarf }).staminaMax).toBe(21 + 27 + 9 + 6 + 3);
    const human = { size: m, speed: 5, bonuses: { recoveries: 2 } };
    expect(deriveHero({ level: 1, class: fury, ancestry: human })).toMatchObject({ recoveriesMax: 12, staminaMax: 21 });
    const memonek = { size: m, speed: 7, bonuses: { stability: -2 } };
    // Lightweight: stability −2 to a minimum of 0 (L1495); Mountain's +2 brings it back to 0.
    expect(deriveHero({ level: 1, ancestry: memonek })).toMatchObject({ stability: 0, speed: 7 });
    expect(deriveHero({ level: 1, ancestry: memonek, kit: { bonuses: mountain } }).stability).toBe(0);
    expect(deriveHero({ level: 1, ancestry: memonek, kit: { bonuses: { ...mountain, stability: 3 } } }).stability).toBe(1);
  });
  it("adds other bonuses and never goes below 0", () => {
    const d = deriveHero({ level: 1, class: fury, bonuses: { stamina: 6, recoveries: 2, speed: -10, stability: -2 } });
    expect(d).toMatchObject({ staminaMax: 27, recoveriesMax: 12, speed: 0, stability: 0 });
  });
  it("gives no Stamina without a class and rejects levels outside 1..10", () => {
    expect(deriveHero({ level: 1 }).staminaMax).toBe(0);
    expect(() => deriveHero({ level: 0 })).toThrow(RangeError);
    expect(() => deriveHero({ level: 11 })).toThrow(RangeError);
  });
  it("never lowers the Stamina maximum when the level rises", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 12 }), (level, start, per) => {
      const cls = { startingStamina: start, staminaPerLevel: per, recoveries: 8 };
      expect(deriveHero({ level: level + 1, class: cls }).staminaMax).toBeGreaterThanOrEqual(deriveHero({ level, class: cls }).staminaMax);
    }));
  });
});

describe("Stamina states", () => {
  const t = { ...heroStaminaThresholds(30), staminaMax: 30 };
  it("walks a hero from healthy to dead at the seed's thresholds", () => {
    expect(heroStaminaState(30, t)).toBe("healthy");
    expect(heroStaminaState(16, t)).toBe("healthy");
    expect(heroStaminaState(15, t)).toBe("winded");
    expect(heroStaminaState(1, t)).toBe("winded");
    expect(heroStaminaState(0, t)).toBe("dying");
    expect(heroStaminaState(-14, t)).toBe("dying");
    expect(heroStaminaState(-15, t)).toBe("dead");
  });
  it("kills monsters at 0", () => {
    expect(monsterStaminaState(20, 40)).toBe("winded");
    expect(monsterStaminaState(21, 40)).toBe("healthy");
    expect(monsterStaminaState(0, 40)).toBe("dead");
  });
});

describe("kitDamageBonus", () => {
  it("adds the melee bonus to Melee + Weapon abilities per tier", () => {
    expect([1, 2, 3].map((tier) => kitDamageBonus(mountain, ["attack", "melee", "weapon"], tier as 1 | 2 | 3))).toEqual([0, 0, 4]);
  });
  it("adds the ranged bonus only with Ranged + Weapon, and the magic bonus to Magic abilities", () => {
    expect(kitDamageBonus(cloakAndDagger, ["ranged", "weapon"], 2)).toBe(1);
    expect(kitDamageBonus(cloakAndDagger, ["ranged"], 2)).toBe(0);
    expect(kitDamageBonus(dancer, ["magic", "ranged"], 3)).toBe(2);
    expect(kitDamageBonus(dancer, ["melee", "weapon"], 3)).toBe(0);
  });
});

describe("helpers", () => {
  it("checks tier numbers: exactly three whole numbers", () => {
    expect(isTierNumbers([1, 2, 3])).toBe(true);
    expect(isTierNumbers([1, 2, 3, 4])).toBe(false);
    expect(isTierNumbers([1, 2])).toBe(false);
    expect(isTierNumbers([1, 2, 1.5])).toBe(false);
  });
  it("formats sizes and token squares", () => {
    expect(formatSize({ value: 1, letter: "S" })).toBe("1S");
    expect(formatSize({ value: 3, letter: "" })).toBe("3");
    expect(tokenSquares({ value: 1, letter: "T" })).toBe(1);
    expect(tokenSquares({ value: 3, letter: "" })).toBe(3);
  });
});

// The caps the GM's client puts on what a player asks it to act on (src/rules/limits.ts,
// `ECHOES_LIMITS` in src/rules/echoes.ts): the seed's largest numbers, by example, by property, and
// against every hero ability and kit the packs hold from the seed.
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DRAW_STEEL_LIMITS, ECHOES_LIMITS, abilityAreaDimensions, addDamageBonus, areaLimitProblem, cardLimitProblem, damageFormulaProblem,
  GRIPS, echoesAttack, echoesAttackLimitProblem,
} from "../../src/rules/index.ts";
import type { Grip, HarmonyOutcome } from "../../src/rules/index.ts";
import { readTree } from "../harness/pack-files.ts";

const L = DRAW_STEEL_LIMITS;

describe("DRAW_STEEL_LIMITS (seed 004)", () => {
  it("are the seed's largest numbers with the largest kit bonus", () => {
    // 5 burst (L2803), 5 × 1 line (L3601), 5 wall (L2401) + Magic Area Bonus +1 (L5320).
    expect(L.areaSize).toBe(6);
    // Ranged 15 (L5107) + Weapon/Magic Distance Bonus +10 (L5097, L5390).
    expect(L.distance).toBe(25);
    // 2d6 + 18 damage (L4182) + kit tier 3 damage +4 (L5217).
    expect(L.damage).toBe(34);
    expect(Object.isFrozen(L)).toBe(true);
  });
});

describe("areaLimitProblem", () => {
  it("passes the seed's largest areas with the kit's bonus and refuses anything larger or farther", () => {
    // Frigid's Frozen Explosion, "3 cube within 12" (L5329), with Missile's +10 (L5390): 4 cube within 22.
    expect(areaLimitProblem({ size: 4, width: 1, within: 22 })).toBeNull();
    expect(areaLimitProblem({ size: 6, width: 2, within: 25 })).toBeNull();
    expect(areaLimitProblem({ size: 7, width: 1, within: 0 })).toBe("areaSize");
    expect(areaLimitProblem({ size: 5, width: 7, within: 1 })).toBe("areaSize");
    expect(areaLimitProblem({ size: 800, width: 1, within: 0 })).toBe("areaSize");
    expect(areaLimitProblem({ size: 3, width: 1, within: 26 })).toBe("distance");
    expect(areaLimitProblem({ size: 3, width: 1, within: 9_999 })).toBe("distance");
  });
  it("refuses what is not a finite number of 0 or more", () => {
    for (const bad of [NaN, Infinity, -1, "3", undefined]) {
      expect(areaLimitProblem({ size: bad, width: 1, within: 0 })).toBe("areaSize");
      expect(areaLimitProblem({ size: 1, width: 1, within: bad })).toBe("distance");
    }
  });
  it("is null exactly when every dimension is within its cap", () => {
    const n = fc.integer({ min: 0, max: 60 });
    fc.assert(fc.property(n, n, n, (size, width, within) => {
      const problem = areaLimitProblem({ size, width, within });
      const sizeOk = size <= L.areaSize && width <= L.areaSize;
      expect(problem).toBe(!sizeOk ? "areaSize" : within > L.distance ? "distance" : null);
    }));
  });
});

describe("damageFormulaProblem", () => {
  it("passes the seed's formulas with the kit bonus", () => {
    for (const f of ["", "  ", "9", "21", "1d6", "2d6 + 8", "2d6 + 18", "2d6 + 18 + 4", "2d6 + 18 - 1", "1d10", "34"]) {
      expect(damageFormulaProblem(f)).toBeNull();
    }
  });
  it("refuses a long formula, 1e20, a huge number, too many dice, or a roll beyond the cap", () => {
    const refused: [string, string][] = [
      ["1 + ".repeat(20) + "1", "length"], ["1".repeat(100_000), "length"],
      ["1e20", "format"], ["2d6 * 10", "format"], ["2d6 ++ 1", "format"],
      ["100000000000000000000", "number"], ["1d100000000000000000000", "number"], ["999d999", "number"], ["35", "number"],
      ["11d1", "dice"], ["6d6", "total"], ["2d6 + 18 + 5", "total"],
    ];
    for (const [formula, problem] of refused) expect(damageFormulaProblem(formula), formula.slice(0, 30)).toBe(problem);
    expect(damageFormulaProblem(undefined)).toBe("format");
  });
  it("is null exactly for a short sum within the caps, by property", () => {
    const term = fc.oneof(
      fc.record({ count: fc.integer({ min: 1, max: 12 }), faces: fc.integer({ min: 1, max: 40 }) }),
      fc.record({ flat: fc.integer({ min: 0, max: 40 }) }),
    );
    fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom("+", "-"), term), { minLength: 1, maxLength: 5 }), (terms) => {
      const text = terms.map(([sign, t], i) => `${i ? ` ${sign} ` : ""}${"flat" in t ? t.flat : `${t.count}d${t.faces}`}`).join("");
      const numbers = terms.flatMap(([, t]) => ("flat" in t ? [t.flat] : [t.count, t.faces]));
      const dice = terms.reduce((n, [, t]) => n + ("flat" in t ? 0 : t.count), 0);
      const max = terms.reduce((n, [sign, t], i) => n + (i && sign === "-" ? 0 : "flat" in t ? t.flat : t.count * t.faces), 0);
      const expected = text.length > L.formulaLength ? "length" : numbers.some((x) => x > L.damage) ? "number"
        : dice > L.dice ? "dice" : max > L.damage ? "total" : null;
      expect(damageFormulaProblem(text)).toBe(expected);
    }));
  });
});

describe("cardLimitProblem", () => {
  const tier = (formula: string, value: number | null, forced: number[] = []) => ({ damage: { formula, value }, forced: forced.map((distance) => ({ distance })) });
  it("passes a card within the caps and names the first cap a tier breaks", () => {
    expect(cardLimitProblem([tier("9", 9), tier("2d6 + 18", 25, [6]), tier("", null)])).toBeNull();
    expect(cardLimitProblem([tier("999", 999)])).toBe("damage");
    expect(cardLimitProblem([tier("999d999", 30)])).toBe("damageFormula");
    expect(cardLimitProblem([tier("1e20", null)])).toBe("damageFormula");
    expect(cardLimitProblem([tier("9", 999)])).toBe("damage");
    expect(cardLimitProblem([tier("9", -3)])).toBe("damage");
    expect(cardLimitProblem([tier("9", 1e20)])).toBe("damage");
    expect(cardLimitProblem([tier("9", 2.5)])).toBe("damage");
    expect(cardLimitProblem([tier("", null, [99])])).toBe("forced");
    expect(cardLimitProblem([tier("", null, [-1])])).toBe("forced");
    expect(cardLimitProblem([{ damage: { formula: 7, value: null } }])).toBe("damageFormula");
    expect(cardLimitProblem([{ damage: { formula: "9", value: "9" } }])).toBe("damage");
    expect(cardLimitProblem([{}])).toBeNull();
  });
});

describe("every hero ability and kit of the seed keeps within the caps", () => {
  type Doc = { _key: string; type?: string; system?: Record<string, unknown> };
  const packs = path.resolve(import.meta.dirname, "../../packs/_source");
  const docsOf = (pack: string): Doc[] => Object.values(readTree(path.join(packs, pack))).map((t) => JSON.parse(t) as Doc)
    .filter((d) => d._key.startsWith("!items!"));
  const kits = docsOf("kits").filter((d) => d.type === "kit").map((d) => d.system!.bonuses as { area: number; distance: number });
  const abilities = [...docsOf("abilities"), ...docsOf("kits")].filter((d) => d.type === "ability");

  it("reads the seed's kits and abilities", () => {
    expect(kits.length).toBeGreaterThan(20);
    expect(abilities.length).toBeGreaterThan(100);
    // The largest kit bonuses the caps add (L5320, L5097, L5390).
    expect(Math.max(...kits.map((k) => k.area))).toBe(1);
    expect(Math.max(...kits.map((k) => k.distance))).toBe(10);
  });

  it("their areas with the largest kit bonuses, their damage with +4, their forced movement", () => {
    for (const doc of abilities) {
      const s = doc.system as {
        keywords: string[]; distance: { kind: string; primary: number; secondary: number; within: number };
        tiers: { damage: { value: string }; forced: { distance: number }[] }[];
      };
      const area = abilityAreaDimensions({ ...s.distance, keywords: s.keywords, kitArea: 1, kitDistance: 10 });
      if (area) expect(areaLimitProblem(area), doc._key).toBeNull();
      const primary = s.distance.kind === "reach" || s.distance.kind === "ranged" ? s.distance.primary + 10 : 0;
      expect(primary, doc._key).toBeLessThanOrEqual(L.distance);
      const tiers = s.tiers.map((t) => ({ damage: { formula: addDamageBonus(t.damage.value, t.damage.value ? 4 : 0), value: null }, forced: t.forced }));
      expect(cardLimitProblem(tiers), doc._key).toBeNull();
    }
  });
});

describe("ECHOES_LIMITS (seed 000)", () => {
  it("are the largest attack the seed allows, with the proposed cap on an ability's damage", () => {
    // Modifier 10 (a Save of 100, S0:L110) + ability 18 (proposal) + weapon die 18 (S0:L144–145), doubled on a Triumph (S0:L118).
    expect(ECHOES_LIMITS).toEqual({ abilityDamage: 18, attackDamage: 92 });
    const largest = echoesAttack({ damageSave: 100, abilityDamage: 18, grip: "two-hand", tens: 9, ones: 9, outcome: "triumph" });
    expect(largest.total).toBe(ECHOES_LIMITS.attackDamage);
    expect(echoesAttackLimitProblem({ abilityDamage: 18, total: largest.total })).toBeNull();
  });
  it("refuses an ability's damage beyond 18 or not a whole number, and a total beyond 92", () => {
    expect(echoesAttackLimitProblem({ abilityDamage: 0 })).toBeNull();
    expect(echoesAttackLimitProblem({ abilityDamage: undefined })).toBeNull();
    for (const bad of [19, 9_999, 1e20, -1, 2.5, "5", NaN]) expect(echoesAttackLimitProblem({ abilityDamage: bad })).toBe("abilityDamage");
    expect(echoesAttackLimitProblem({ abilityDamage: 5, total: 93 })).toBe("attackDamage");
    expect(echoesAttackLimitProblem({ abilityDamage: 5, total: NaN })).toBe("attackDamage");
  });
  it("no attack the seed's dice can make with an ability within the cap breaks the total", () => {
    const digit = fc.integer({ min: 0, max: 9 });
    fc.assert(fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 18 }), digit, digit,
      fc.constantFrom<Grip | null>(...GRIPS, null), fc.constantFrom<HarmonyOutcome>("triumph", "success", "setback", "disaster"), fc.boolean(),
      (damageSave, abilityDamage, tens, ones, grip, outcome, shieldSum) => {
        const attack = echoesAttack({ damageSave, abilityDamage, grip, tens, ones, outcome, shieldSum });
        expect(echoesAttackLimitProblem({ abilityDamage, total: attack.total })).toBeNull();
      }));
  });
});

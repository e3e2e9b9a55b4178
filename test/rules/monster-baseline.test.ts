import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { MONSTER_ORGANIZATION_IDS, MONSTER_ROLE_IDS, monsterBaseline, monsterEchelon } from "../../src/rules/index.ts";
import { MONSTER_ORGANIZATIONS, MONSTER_ROLES } from "../../src/data/vocabulary.ts";

// Worked by hand from the formulas in docs/rules-decisions.md ("Monster baseline"):
// Stamina ((10 × L) + role) × org; damage (4 + L + role + org) × 0.6 / 1.1 / 1.4 (halved for minion
// and band, half up); EV ((2 × L) + 4) × org.
const TABLE: [number, string, string, { stamina: number; tierDamage: number[]; ev: number; highestCharacteristic: number }][] = [
  [1, "minion", "brute", { stamina: 5, tierDamage: [2, 3, 4], ev: 3, highestCharacteristic: 2 }], // 40/8; 6×0.3=1.8, 6×0.55=3.3, 6×0.7=4.2
  [1, "minion", "artillery", { stamina: 3, tierDamage: [2, 3, 4], ev: 3, highestCharacteristic: 2 }], // 20/8 = 2.5 → 3
  [2, "minion", "ambusher", { stamina: 5, tierDamage: [2, 4, 5], ev: 4, highestCharacteristic: 2 }], // 40/8; 7 → 2.1, 3.85, 4.9
  [1, "band", "brute", { stamina: 20, tierDamage: [2, 3, 4], ev: 3, highestCharacteristic: 2 }],
  [3, "band", "support", { stamina: 25, tierDamage: [2, 4, 5], ev: 5, highestCharacteristic: 2 }], // 50/2; 7 → 2.1, 3.85, 4.9
  [1, "platoon", "harrier", { stamina: 30, tierDamage: [3, 6, 7], ev: 6, highestCharacteristic: 2 }], // 5 → 3, 5.5, 7
  [1, "platoon", "brute", { stamina: 40, tierDamage: [4, 7, 8], ev: 6, highestCharacteristic: 2 }], // 6 → 3.6, 6.6, 8.4
  [2, "platoon", "hexer", { stamina: 30, tierDamage: [4, 7, 8], ev: 8, highestCharacteristic: 2 }], // 6 → 3.6, 6.6, 8.4
  [3, "troop", "brute", { stamina: 120, tierDamage: [5, 10, 13], ev: 20, highestCharacteristic: 2 }], // 9 → 5.4, 9.9, 12.6
  [4, "troop", "support", { stamina: 120, tierDamage: [5, 10, 13], ev: 24, highestCharacteristic: 3 }], // 9 → 5.4, 9.9, 12.6
  [2, "leader", "brute", { stamina: 100, tierDamage: [5, 9, 11], ev: 16, highestCharacteristic: 2 }], // 8 → 4.8, 8.8, 11.2
  [4, "leader", "controller", { stamina: 100, tierDamage: [5, 10, 13], ev: 24, highestCharacteristic: 3 }],
  [3, "solo", "artillery", { stamina: 160, tierDamage: [6, 11, 14], ev: 60, highestCharacteristic: 2 }], // 10 → 6, 11, 14
  [4, "solo", "brute", { stamina: 280, tierDamage: [7, 12, 15], ev: 72, highestCharacteristic: 3 }], // 11 → 6.6, 12.1, 15.4
  [10, "solo", "defender", { stamina: 520, tierDamage: [10, 18, 22], ev: 144, highestCharacteristic: 5 }], // 16 → 9.6, 17.6, 22.4
];

describe("monsterBaseline", () => {
  it.each(TABLE)("level %i %s %s", (level, organization, role, expected) => {
    const b = monsterBaseline({ level, organization, role });
    expect({ stamina: b.stamina, tierDamage: b.tierDamage, ev: b.ev, highestCharacteristic: b.highestCharacteristic }).toEqual(expected);
    expect(b.freeStrike).toBe(expected.tierDamage[0]);
  });

  it("uses the data model's organization and role lists", () => {
    expect([...MONSTER_ORGANIZATION_IDS]).toEqual([...MONSTER_ORGANIZATIONS]);
    expect([...MONSTER_ROLE_IDS]).toEqual([...MONSTER_ROLES]);
  });

  it("rejects a level outside 1–20, a fraction, and unknown organizations or roles", () => {
    expect(() => monsterBaseline({ level: 0, organization: "solo", role: "brute" })).toThrow(RangeError);
    expect(() => monsterBaseline({ level: 21, organization: "solo", role: "brute" })).toThrow(RangeError);
    expect(() => monsterBaseline({ level: 1.5, organization: "solo", role: "brute" })).toThrow(RangeError);
    expect(() => monsterBaseline({ level: 1, organization: "horde", role: "brute" })).toThrow(/organization/);
    expect(() => monsterBaseline({ level: 1, organization: "solo", role: "tank" })).toThrow(/role/);
  });

  it("gives echelons 1–3, 4–6, 7–9 and 10+", () => {
    expect([1, 2, 3, 4, 6, 7, 9, 10, 20].map(monsterEchelon)).toEqual([1, 1, 1, 2, 2, 3, 3, 4, 4]);
  });

  const every = fc.record({
    level: fc.integer({ min: 1, max: 20 }),
    organization: fc.constantFrom(...MONSTER_ORGANIZATION_IDS),
    role: fc.constantFrom(...MONSTER_ROLE_IDS),
  });

  it("rises with level: Stamina, every tier's damage and EV never fall", () => {
    fc.assert(fc.property(every, ({ level, organization, role }) => {
      fc.pre(level < 20);
      const a = monsterBaseline({ level, organization, role });
      const b = monsterBaseline({ level: level + 1, organization, role });
      expect(b.stamina).toBeGreaterThan(a.stamina - (organization === "minion" ? 1 : 0));
      b.tierDamage.forEach((d, i) => expect(d).toBeGreaterThanOrEqual(a.tierDamage[i]!));
      expect(b.ev).toBeGreaterThan(a.ev);
    }));
  });

  it("orders tiers, and orders organizations: minion < band < platoon < troop = leader < solo in Stamina and EV", () => {
    fc.assert(fc.property(every, ({ level, role }) => {
      const by = Object.fromEntries(MONSTER_ORGANIZATION_IDS.map((o) => [o, monsterBaseline({ level, organization: o, role })]));
      for (const b of Object.values(by)) {
        expect(b.tierDamage[0]).toBeLessThanOrEqual(b.tierDamage[1]);
        expect(b.tierDamage[1]).toBeLessThanOrEqual(b.tierDamage[2]);
        expect(b.stamina).toBeGreaterThanOrEqual(1);
      }
      const order = ["minion", "band", "platoon", "troop", "solo"] as const;
      for (let i = 1; i < order.length; i++) {
        expect(by[order[i]!]!.stamina).toBeGreaterThan(by[order[i - 1]!]!.stamina);
        expect(by[order[i]!]!.ev).toBeGreaterThanOrEqual(by[order[i - 1]!]!.ev);
      }
      expect(by.leader!.stamina).toBe(by.troop!.stamina);
    }));
  });

  it("gives brutes and defenders the most Stamina and artillery, controllers and hexers the least at every level", () => {
    for (let level = 1; level <= 20; level++) {
      const st = (role: string) => monsterBaseline({ level, organization: "platoon", role }).stamina;
      expect(st("brute")).toBe(st("defender"));
      expect(st("brute") - st("artillery")).toBe(20);
      expect(st("hexer")).toBe(st("controller"));
    }
  });
});

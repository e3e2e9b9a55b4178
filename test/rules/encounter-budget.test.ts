import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DEFAULT_ENCOUNTER_BUDGET_RULES, ENCOUNTER_DIFFICULTIES, MINION_EV_GROUP, checkEncounterBudgetRules, difficultyRanges,
  encounterBudget, encounterDifficulty, encounterEvSpent, heroEv, minionGroups, minionsShort, monsterBaseline,
  monsterEvSpent, partyOf, suggestInitiativeGroups, victoriesForDifficulty,
} from "../../src/rules/index.ts";
import type { EncounterBudgetRules, GroupableMonster } from "../../src/rules/index.ts";

// The seed prints no encounter budget (docs/rules-decisions.md "Encounter budget"); these numbers are
// the project's proposal, derived from the monster baseline's EV (((2 × level) + 4) × organization).
const rules = (over: Partial<EncounterBudgetRules> = {}): EncounterBudgetRules => ({ ...DEFAULT_ENCOUNTER_BUDGET_RULES, ...over });

describe("heroEv: a hero is worth a platoon creature of her level", () => {
  it.each([[1, 6], [2, 8], [3, 10], [5, 14], [10, 24]])("level %i → %i EV", (level, ev) => {
    expect(heroEv(level)).toBe(ev);
    expect(heroEv(level)).toBe(monsterBaseline({ level, organization: "platoon", role: "brute" }).ev);
  });
  it("follows the world's numbers", () => {
    expect(heroEv(3, rules({ heroEvBase: 0, heroEvPerLevel: 5 }))).toBe(15);
  });
  it.each([0, 11, 2.5, Number.NaN])("refuses level %s", (level) => {
    expect(() => heroEv(level)).toThrow(RangeError);
  });
});

describe("encounterBudget", () => {
  it("adds up the heroes' EV", () => {
    const b = encounterBudget([{ level: 1, victories: 0 }, { level: 2, victories: 0 }, { level: 3, victories: 1 }]);
    expect(b).toEqual({ budget: 24, heroes: 3, heroesEv: 24, extraHeroes: 0, victoriesEv: 0, averageVictories: 1 / 3 });
  });
  it("five level-1 heroes with no Victories: 30 EV (five level-1 platoon creatures)", () => {
    expect(encounterBudget(partyOf(5, 1)).budget).toBe(30);
  });
  it("every two Victories on average add one average hero (L2371–2373: Victories start the Heroic Resource)", () => {
    expect(encounterBudget(partyOf(4, 2, 1))).toMatchObject({ extraHeroes: 0, budget: 32 });
    expect(encounterBudget(partyOf(4, 2, 2))).toMatchObject({ extraHeroes: 1, victoriesEv: 8, budget: 40 });
    expect(encounterBudget(partyOf(4, 2, 5))).toMatchObject({ extraHeroes: 2, victoriesEv: 16, budget: 48 });
    // Average of 1.5 Victories is under 2: no extra hero; 3 + 1 = average 2: one.
    expect(encounterBudget([{ level: 1, victories: 3 }, { level: 1, victories: 0 }]).extraHeroes).toBe(0);
    expect(encounterBudget([{ level: 1, victories: 3 }, { level: 1, victories: 1 }]).extraHeroes).toBe(1);
  });
  it("an extra hero is worth the heroes' average EV, rounded half up", () => {
    // Levels 1 and 2: 6 + 8 = 14, average 7; levels 1, 1, 2: 20 / 3 = 6.67 → 7; levels 1, 2, 2, 2: 30 / 4 = 7.5 → 8.
    expect(encounterBudget([{ level: 1, victories: 2 }, { level: 2, victories: 2 }]).budget).toBe(21);
    expect(encounterBudget([{ level: 1, victories: 2 }, { level: 1, victories: 2 }, { level: 2, victories: 2 }]).budget).toBe(27);
    expect(encounterBudget([{ level: 1, victories: 2 }, { level: 2, victories: 2 }, { level: 2, victories: 2 }, { level: 2, victories: 2 }]).budget).toBe(38);
  });
  it("a world that ignores Victories (0) counts none", () => {
    expect(encounterBudget(partyOf(3, 3, 9), rules({ victoriesPerExtraHero: 0 })).budget).toBe(30);
  });
  it("an empty party has no budget", () => {
    expect(encounterBudget([]).budget).toBe(0);
    expect(encounterBudget(partyOf(0, 1)).budget).toBe(0);
  });
  it("refuses bad heroes and parties", () => {
    expect(() => encounterBudget([{ level: 0, victories: 0 }])).toThrow(RangeError);
    expect(() => encounterBudget([{ level: 1, victories: -1 }])).toThrow(RangeError);
    expect(() => encounterBudget([{ level: 1, victories: 0.5 }])).toThrow(RangeError);
    expect(() => partyOf(13, 1)).toThrow(RangeError);
    expect(() => partyOf(-1, 1)).toThrow(RangeError);
    expect(() => encounterBudget(partyOf(4, 11))).toThrow(RangeError);
  });
  it("grows with every hero, level and Victory (property)", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 11 }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 20 }), (n, level, v) => {
      const base = encounterBudget(partyOf(n, level, v)).budget;
      expect(encounterBudget(partyOf(n + 1, level, v)).budget).toBeGreaterThan(base);
      expect(encounterBudget(partyOf(n, level + 1, v)).budget).toBeGreaterThan(base);
      expect(encounterBudget(partyOf(n, level, v + 1)).budget).toBeGreaterThanOrEqual(base);
    }));
  });
});

describe("EV spent: minions by the group of four (the baseline: a minion's EV is for a group of four)", () => {
  it("counts every other monster one by one", () => {
    expect(monsterEvSpent({ ev: 8, organization: "platoon", count: 3 })).toBe(24);
    expect(monsterEvSpent({ ev: 3, organization: "band", count: 2 })).toBe(6);
    expect(monsterEvSpent({ ev: 60, organization: "solo", count: 1 })).toBe(60);
    expect(monsterEvSpent({ ev: 20, organization: "leader", count: 0 })).toBe(0);
  });
  it.each([[1, 3], [3, 3], [4, 3], [5, 6], [8, 6], [9, 9], [0, 0]])("%i minions of EV 3 spend %i", (count, ev) => {
    expect(monsterEvSpent({ ev: 3, organization: "minion", count })).toBe(ev);
  });
  it("says how many minions a part group lacks", () => {
    expect(MINION_EV_GROUP).toBe(4);
    expect([0, 1, 2, 3, 4, 5, 8].map(minionsShort)).toEqual([0, 3, 2, 1, 0, 3, 0]);
    expect([0, 1, 4, 5, 8, 9].map(minionGroups)).toEqual([0, 1, 1, 2, 2, 3]);
  });
  it("adds a list up entry by entry", () => {
    expect(encounterEvSpent([
      { ev: 3, organization: "minion", count: 8 }, { ev: 8, organization: "platoon", count: 2 }, { ev: 20, organization: "leader", count: 1 },
    ])).toBe(6 + 16 + 20);
    expect(encounterEvSpent([])).toBe(0);
  });
  it("refuses bad counts, EVs and organizations", () => {
    expect(() => monsterEvSpent({ ev: 3, organization: "minion", count: 1.5 })).toThrow(RangeError);
    expect(() => monsterEvSpent({ ev: 3, organization: "minion", count: 101 })).toThrow(RangeError);
    expect(() => monsterEvSpent({ ev: -1, organization: "platoon", count: 1 })).toThrow(RangeError);
    expect(() => monsterEvSpent({ ev: 3, organization: "horde", count: 1 })).toThrow(RangeError);
  });
});

describe("difficulty bands (fractions of the budget)", () => {
  // Budget 30 (five level-1 heroes): easy from 15, standard from 25.5 → 26, hard from 34.5 → 35, extreme from 45.
  it.each([[0, "trivial"], [14, "trivial"], [15, "easy"], [25, "easy"], [26, "standard"], [30, "standard"], [34, "standard"], [35, "hard"], [44, "hard"], [45, "extreme"], [200, "extreme"]] as const)(
    "%i EV against 30 is %s", (spent, band) => {
      expect(encounterDifficulty(spent, 30)).toBe(band);
    });
  it("a bound is inclusive", () => {
    expect(encounterDifficulty(20, 40)).toBe("easy"); // exactly 0.5
    expect(encounterDifficulty(60, 40)).toBe("extreme"); // exactly 1.5
  });
  it("follows the world's bands", () => {
    const tight = rules({ bands: { easy: 0.8, standard: 0.95, hard: 1.05, extreme: 1.2 } });
    expect(encounterDifficulty(30, 40, tight)).toBe("trivial");
    expect(encounterDifficulty(40, 40, tight)).toBe("standard");
    expect(encounterDifficulty(43, 40, tight)).toBe("hard");
  });
  it("has the EV ranges the window shows", () => {
    expect(difficultyRanges(30)).toEqual({ trivial: [0, 14], easy: [15, 25], standard: [26, 34], hard: [35, 44], extreme: [45, null] });
  });
  it("ranges and bands agree (property)", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 600 }), (budget, spent) => {
      const ranges = difficultyRanges(budget);
      const band = encounterDifficulty(spent, budget);
      const [from, to] = ranges[band];
      expect(spent).toBeGreaterThanOrEqual(from);
      if (to !== null) expect(spent).toBeLessThanOrEqual(to);
    }));
  });
  it("refuses a budget of 0 and negative EV", () => {
    expect(() => encounterDifficulty(10, 0)).toThrow(RangeError);
    expect(() => encounterDifficulty(-1, 10)).toThrow(RangeError);
    expect(() => difficultyRanges(0)).toThrow(RangeError);
  });
  it("Victories for winning: none for trivial (L301), 2 for particularly hard (L315), else 1", () => {
    expect(ENCOUNTER_DIFFICULTIES.map(victoriesForDifficulty)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe("checkEncounterBudgetRules (the world setting)", () => {
  it("accepts the defaults and returns a clean copy", () => {
    const out = checkEncounterBudgetRules({ ...DEFAULT_ENCOUNTER_BUDGET_RULES, extra: "dropped" });
    expect(out).toEqual({ rules: DEFAULT_ENCOUNTER_BUDGET_RULES });
  });
  it.each([
    [{ heroEvBase: -1 }, "heroEv"], [{ heroEvBase: 1.5 }, "heroEv"], [{ heroEvBase: 0, heroEvPerLevel: 0 }, "heroEv"], [{ heroEvPerLevel: 101 }, "heroEv"],
    [{ heroEvBase: "4" }, "heroEv"], [{ victoriesPerExtraHero: -1 }, "victories"], [{ victoriesPerExtraHero: 21 }, "victories"],
    [{ bands: { easy: 0.5, standard: 0.85, hard: 0.85, extreme: 1.5 } }, "bandOrder"], [{ bands: { easy: 0.9, standard: 0.85, hard: 1.15, extreme: 1.5 } }, "bandOrder"],
    [{ bands: { easy: 0, standard: 0.85, hard: 1.15, extreme: 1.5 } }, "bandRange"], [{ bands: { easy: 0.5, standard: 0.85, hard: 1.15 } }, "bandRange"],
    [{ bands: { easy: 0.5, standard: 0.85, hard: 1.15, extreme: 11 } }, "bandRange"], [{ bands: { easy: 0.5, standard: Number.NaN, hard: 1.15, extreme: 2 } }, "bandRange"],
  ] as const)("refuses %j (%s)", (over, error) => {
    expect(checkEncounterBudgetRules({ ...DEFAULT_ENCOUNTER_BUDGET_RULES, ...over })).toEqual({ error });
  });
  it("refuses nothing at all", () => {
    expect(checkEncounterBudgetRules(null)).toEqual({ error: "heroEv" });
  });
});

describe("suggestInitiativeGroups (L6784: enemies act in groups; the proposal)", () => {
  const m = (key: string, organization: string, ev: number, count: number): GroupableMonster => ({ key, organization, ev, count });
  it("one group per kind when there are as many kinds as heroes", () => {
    const groups = suggestInitiativeGroups([m("wolf", "platoon", 6, 2), m("archer", "band", 3, 2), m("boar", "platoon", 8, 1)], 3);
    expect(groups).toEqual([
      { members: [{ key: "wolf", count: 2 }], ev: 12 },
      { members: [{ key: "boar", count: 1 }], ev: 8 },
      { members: [{ key: "archer", count: 2 }], ev: 6 },
    ]);
  });
  it("a solo acts alone and takes a hero's share of the groups", () => {
    const groups = suggestInitiativeGroups([m("drake", "solo", 60, 1), m("imp", "minion", 4, 8)], 3);
    expect(groups[0]).toEqual({ members: [{ key: "drake", count: 1 }], ev: 60 });
    // Three heroes less one solo: two groups of the imps' two squads of four.
    expect(groups.slice(1)).toEqual([{ members: [{ key: "imp", count: 4 }], ev: 4 }, { members: [{ key: "imp", count: 4 }], ev: 4 }]);
  });
  it("minions fill squads of four across entries of one kind, and a squad is never split", () => {
    const groups = suggestInitiativeGroups([m("rat", "minion", 3, 3), m("rat", "minion", 3, 3)], 5);
    expect(groups).toEqual([{ members: [{ key: "rat", count: 4 }], ev: 3 }, { members: [{ key: "rat", count: 2 }], ev: 3 }]);
  });
  it("merges the groups with the least EV when there are more kinds than heroes", () => {
    const groups = suggestInitiativeGroups([m("a", "troop", 20, 1), m("b", "platoon", 6, 1), m("c", "band", 3, 1), m("d", "band", 3, 1)], 2);
    expect(groups).toEqual([
      { members: [{ key: "a", count: 1 }], ev: 20 },
      { members: [{ key: "b", count: 1 }, { key: "c", count: 1 }, { key: "d", count: 1 }], ev: 12 },
    ]);
  });
  it("splits the group with the most EV when there are fewer kinds than heroes", () => {
    const groups = suggestInitiativeGroups([m("goblin", "platoon", 6, 5), m("boss", "leader", 16, 1)], 4);
    expect(groups).toEqual([
      { members: [{ key: "boss", count: 1 }], ev: 16 },
      { members: [{ key: "goblin", count: 2 }], ev: 12 },
      { members: [{ key: "goblin", count: 2 }], ev: 12 },
      { members: [{ key: "goblin", count: 1 }], ev: 6 },
    ]);
  });
  it("at least one group, never more groups than creatures or squads", () => {
    expect(suggestInitiativeGroups([m("x", "platoon", 6, 2)], 0)).toEqual([{ members: [{ key: "x", count: 2 }], ev: 12 }]);
    expect(suggestInitiativeGroups([m("x", "platoon", 6, 2)], 6)).toHaveLength(2);
    expect(suggestInitiativeGroups([], 4)).toEqual([]);
    expect(suggestInitiativeGroups([m("x", "platoon", 6, 0)], 4)).toEqual([]);
  });
  it("keeps every creature and the EV of squads (property)", () => {
    const arb = fc.array(fc.record({
      key: fc.constantFrom("a", "b", "c", "d"), organization: fc.constantFrom("minion", "band", "platoon", "troop", "leader", "solo"),
      ev: fc.integer({ min: 1, max: 30 }), count: fc.integer({ min: 0, max: 9 }),
    }), { maxLength: 6 }).map((list) => {
      // One organization and EV per key, as one monster has.
      const first = new Map<string, { organization: string; ev: number }>();
      return list.map((x) => ({ ...x, ...(first.get(x.key) ?? (first.set(x.key, x), x)) }));
    });
    fc.assert(fc.property(arb, fc.integer({ min: 0, max: 8 }), (monsters, heroes) => {
      const groups = suggestInitiativeGroups(monsters, heroes);
      const counted = new Map<string, number>();
      for (const g of groups) for (const x of g.members) counted.set(x.key, (counted.get(x.key) ?? 0) + x.count);
      const wanted = new Map<string, number>();
      for (const x of monsters) if (x.count) wanted.set(x.key, (wanted.get(x.key) ?? 0) + x.count);
      expect(counted).toEqual(wanted);
      // Groups with no solo spend what the kind's creatures and squads spend together.
      const spent = groups.reduce((a, g) => a + g.ev, 0);
      const perKind = [...wanted].reduce((a, [key, n]) => {
        const k = monsters.find((x) => x.key === key)!;
        return a + monsterEvSpent({ ev: k.ev, organization: k.organization, count: n });
      }, 0);
      expect(spent).toBe(perKind);
      if (wanted.size) expect(groups.length).toBeGreaterThanOrEqual(1);
    }));
  });
});

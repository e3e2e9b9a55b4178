import { describe, expect, it } from "vitest";
import { SKILL_BONUS, resistanceEndsOutcome, skillBonus, testOutcome } from "../../src/rules/index.ts";
import type { TestDifficulty, TestOutcome, Tier } from "../../src/rules/index.ts";

// Seed 004, L5744–5769, as printed.
const TABLE: Record<TestDifficulty, Record<Tier, TestOutcome>> = {
  easy: { 1: "failure", 2: "success", 3: "success-with-reward" },
  medium: { 1: "failure-with-consequence", 2: "success-with-consequence", 3: "success" },
  hard: { 1: "failure-with-consequence", 2: "failure", 3: "success" },
};
const DIFFICULTIES: TestDifficulty[] = ["easy", "medium", "hard"];
const TIERS: Tier[] = [1, 2, 3];
const naturalFor: Record<Tier, number> = { 1: 6, 2: 12, 3: 17 };

describe("testOutcome", () => {
  it.each(DIFFICULTIES.flatMap((difficulty) => TIERS.map((tier) => ({ difficulty, tier }))))("$difficulty test at tier $tier", ({ difficulty, tier }) => {
    expect(testOutcome({ tier, natural: naturalFor[tier], difficulty })).toBe(TABLE[difficulty][tier]);
  });
  it.each(DIFFICULTIES.flatMap((difficulty) => TIERS.flatMap((tier) => [19, 20].map((natural) => ({ difficulty, tier, natural })))))(
    "natural $natural on a $difficulty test is a success with a reward (tier $tier)", ({ difficulty, tier, natural }) => {
      expect(testOutcome({ tier, natural, difficulty })).toBe("success-with-reward");
    });
  it.each(DIFFICULTIES.flatMap((difficulty) => TIERS.flatMap((tier) => [2, 11, 17, 18].map((natural) => ({ difficulty, tier, natural })))))(
    "natural $natural on a $difficulty test at tier $tier follows the table", ({ difficulty, tier, natural }) => {
      expect(testOutcome({ tier, natural, difficulty })).toBe(TABLE[difficulty][tier]);
    });
  const bad: [string, unknown][] = [
    ["tier 0", { tier: 0, natural: 10, difficulty: "easy" }],
    ["tier 4", { tier: 4, natural: 10, difficulty: "easy" }],
    ["tier 1.5", { tier: 1.5, natural: 10, difficulty: "easy" }],
    ["tier NaN", { tier: Number.NaN, natural: 10, difficulty: "easy" }],
    ["tier as a string", { tier: "2", natural: 10, difficulty: "easy" }],
    ["natural 1", { tier: 2, natural: 1, difficulty: "easy" }],
    ["natural 21", { tier: 2, natural: 21, difficulty: "easy" }],
    ["natural 12.5", { tier: 2, natural: 12.5, difficulty: "easy" }],
    ["natural NaN", { tier: 2, natural: Number.NaN, difficulty: "easy" }],
    ["natural missing", { tier: 2, difficulty: "easy" }],
    ["difficulty moderate", { tier: 2, natural: 12, difficulty: "moderate" }],
    ["difficulty Easy (case)", { tier: 2, natural: 12, difficulty: "Easy" }],
    ["difficulty toString (inherited key)", { tier: 2, natural: 12, difficulty: "toString" }],
    ["difficulty missing", { tier: 2, natural: 12 }],
  ];
  it.each(bad)("%s throws a RangeError", (_name, input) => {
    expect(() => testOutcome(input as Parameters<typeof testOutcome>[0])).toThrow(RangeError);
  });
  it("rejects a bad difficulty even on a natural 19 or 20", () => {
    expect(() => testOutcome({ tier: 3, natural: 20, difficulty: "impossible" as TestDifficulty })).toThrow(RangeError);
  });
});

describe("resistanceEndsOutcome", () => {
  it("follows the seed's three outcomes (L6626–6634)", () => {
    expect(resistanceEndsOutcome(1)).toBe("persists");
    expect(resistanceEndsOutcome(2)).toBe("ends-at-end-of-next-turn");
    expect(resistanceEndsOutcome(3)).toBe("ends-now");
  });
  it("rejects anything but tiers 1–3", () => {
    for (const t of [0, 4, -1, 1.5, Number.NaN, Infinity, "1", undefined]) expect(() => resistanceEndsOutcome(t as Tier)).toThrow(RangeError);
  });
});

describe("skillBonus (L5893–5897)", () => {
  it("gives +2 for a skill the hero has (L5893)", () => {
    expect(SKILL_BONUS).toBe(2);
    expect(skillBonus("lift", ["climb", "lift"])).toBe(2);
  });
  it("gives nothing for a skill the hero lacks, or none (L5895: the test is made without the +2)", () => {
    expect(skillBonus("sneak", ["climb", "lift"])).toBe(0);
    expect(skillBonus("", ["climb", "lift"])).toBe(0);
    expect(skillBonus("lift", [])).toBe(0);
  });
  it("applies one skill at most (L5897): a hero with several skills still gains only +2", () => {
    expect(skillBonus("lift", ["lift", "climb", "intimidate"])).toBe(2);
  });
});

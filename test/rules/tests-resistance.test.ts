import { describe, expect, it } from "vitest";
import { resistanceEndsOutcome, testOutcome } from "../../src/rules/index.ts";
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
  it("rejects bad tiers, naturals and difficulties", () => {
    expect(() => testOutcome({ tier: 4 as Tier, natural: 10, difficulty: "easy" })).toThrow(RangeError);
    expect(() => testOutcome({ tier: 0 as Tier, natural: 10, difficulty: "easy" })).toThrow(RangeError);
    expect(() => testOutcome({ tier: 2, natural: 1, difficulty: "easy" })).toThrow(RangeError);
    expect(() => testOutcome({ tier: 2, natural: 21, difficulty: "easy" })).toThrow(RangeError);
    expect(() => testOutcome({ tier: 2, natural: 12.5, difficulty: "easy" })).toThrow(RangeError);
    expect(() => testOutcome({ tier: 2, natural: 12, difficulty: "moderate" as TestDifficulty })).toThrow(RangeError);
    expect(() => testOutcome({ tier: 2, natural: 12, difficulty: "toString" as TestDifficulty })).toThrow(RangeError);
  });
});

describe("resistanceEndsOutcome", () => {
  it("follows the seed's three outcomes (L6626–6634)", () => {
    expect(resistanceEndsOutcome(1)).toBe("persists");
    expect(resistanceEndsOutcome(2)).toBe("ends-at-end-of-next-turn");
    expect(resistanceEndsOutcome(3)).toBe("ends-now");
  });
  it("rejects anything but tiers 1–3", () => {
    for (const t of [0, 4, 1.5, Number.NaN, "1"]) expect(() => resistanceEndsOutcome(t as Tier)).toThrow(RangeError);
  });
});

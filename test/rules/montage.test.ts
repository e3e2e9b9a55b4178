// Montage tests (L6063–6170): limits by difficulty and group size, outcomes and Victories.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MONTAGE_DIFFICULTIES, MONTAGE_ROUNDS, montageLimits, montageOutcome } from "../../src/rules/index.ts";
import type { MontageDifficulty } from "../../src/rules/index.ts";

describe("montageLimits", () => {
  it("is the table for five heroes (L6121–6127)", () => {
    expect(montageLimits("easy", 5)).toEqual({ successes: 5, failures: 5 });
    expect(montageLimits("moderate", 5)).toEqual({ successes: 6, failures: 4 });
    expect(montageLimits("hard", 5)).toEqual({ successes: 7, failures: 3 });
  });
  it("drops 1 each per hero fewer than five, to a minimum of 2 (L6129; the seed's examples)", () => {
    expect(montageLimits("easy", 3)).toEqual({ successes: 3, failures: 3 }); // L6129's example
    expect(montageLimits("hard", 4)).toEqual({ successes: 6, failures: 2 }); // the sample montage, L6158
    expect(montageLimits("hard", 3)).toEqual({ successes: 5, failures: 2 });
    expect(montageLimits("moderate", 1)).toEqual({ successes: 2, failures: 2 });
  });
  it("adds 1 each per hero more than five (L6131)", () => {
    expect(montageLimits("easy", 6)).toEqual({ successes: 6, failures: 6 });
    expect(montageLimits("hard", 8)).toEqual({ successes: 10, failures: 6 });
  });
  it("never goes below 2, and grows by one per hero from five up", () => {
    fc.assert(fc.property(fc.constantFrom(...MONTAGE_DIFFICULTIES), fc.integer({ min: 1, max: 40 }), (d, n) => {
      const l = montageLimits(d, n);
      expect(Math.min(l.successes, l.failures)).toBeGreaterThanOrEqual(2);
      if (n >= 5) expect(montageLimits(d, n + 1)).toEqual({ successes: l.successes + 1, failures: l.failures + 1 });
    }));
  });
  it("refuses an unknown difficulty or a group that is not a whole number of 1 or more", () => {
    expect(() => montageLimits("medium" as MontageDifficulty, 4)).toThrow(/difficulty/);
    expect(() => montageLimits("easy", 0)).toThrow(/heroes/);
    expect(() => montageLimits("easy", 2.5)).toThrow(RangeError);
  });
});

describe("montageOutcome", () => {
  const hard4 = { difficulty: "hard" as const, heroes: 4, timeUp: false };
  it("lasts two rounds (L6113)", () => expect(MONTAGE_ROUNDS).toBe(2));
  it("goes on until a limit is reached or time is up", () => {
    expect(montageOutcome({ ...hard4, successes: 3, failures: 1 })).toEqual({ outcome: "ongoing", victories: 0 });
    expect(montageOutcome({ ...hard4, successes: 0, failures: 0 })).toEqual({ outcome: "ongoing", victories: 0 });
  });
  it("is a total success at the success limit: 1 Victory, 2 on a hard test (L6136, L6141; the sample's 6th success, L6169)", () => {
    expect(montageOutcome({ ...hard4, successes: 6, failures: 1 })).toEqual({ outcome: "total-success", victories: 2 });
    expect(montageOutcome({ difficulty: "moderate", heroes: 5, successes: 6, failures: 3, timeUp: false })).toEqual({ outcome: "total-success", victories: 1 });
    expect(montageOutcome({ difficulty: "easy", heroes: 5, successes: 5, failures: 0, timeUp: true })).toEqual({ outcome: "total-success", victories: 1 });
  });
  it("is a partial success at the failure limit or time with two more successes than failures (L6137, L6145)", () => {
    expect(montageOutcome({ ...hard4, successes: 4, failures: 2 })).toEqual({ outcome: "partial-success", victories: 1 });
    expect(montageOutcome({ ...hard4, successes: 3, failures: 1, timeUp: true })).toEqual({ outcome: "partial-success", victories: 1 });
    expect(montageOutcome({ difficulty: "moderate", heroes: 5, successes: 5, failures: 3, timeUp: true })).toEqual({ outcome: "partial-success", victories: 1 });
    // An easy montage's partial success earns no Victory (L6145 names hard and moderate only).
    expect(montageOutcome({ difficulty: "easy", heroes: 5, successes: 3, failures: 1, timeUp: true })).toEqual({ outcome: "partial-success", victories: 0 });
  });
  it("is a total failure otherwise (L6138)", () => {
    expect(montageOutcome({ ...hard4, successes: 3, failures: 2 })).toEqual({ outcome: "total-failure", victories: 0 });
    expect(montageOutcome({ ...hard4, successes: 2, failures: 1, timeUp: true })).toEqual({ outcome: "total-failure", victories: 0 });
    expect(montageOutcome({ ...hard4, successes: 0, failures: 0, timeUp: true })).toEqual({ outcome: "total-failure", victories: 0 });
  });
  it("uses limits the Director changed", () => {
    const limits = { successes: 3, failures: 9 };
    expect(montageOutcome({ ...hard4, successes: 3, failures: 2, limits })).toEqual({ outcome: "total-success", victories: 2 });
    expect(montageOutcome({ ...hard4, successes: 1, failures: 2, limits })).toEqual({ outcome: "ongoing", victories: 0 });
  });
  it("never awards Victories to a failure, and ends whenever time is up", () => {
    fc.assert(fc.property(fc.constantFrom(...MONTAGE_DIFFICULTIES), fc.integer({ min: 1, max: 8 }), fc.nat(12), fc.nat(12), fc.boolean(), (difficulty, heroes, successes, failures, timeUp) => {
      const r = montageOutcome({ difficulty, heroes, successes, failures, timeUp });
      if (r.outcome === "total-failure" || r.outcome === "ongoing") expect(r.victories).toBe(0);
      if (timeUp) expect(r.outcome).not.toBe("ongoing");
      expect(r.victories).toBeLessThanOrEqual(2);
    }));
  });
  it("refuses bad counts with a RangeError naming them", () => {
    expect(() => montageOutcome({ ...hard4, successes: -1, failures: 0 })).toThrow(/successes/);
    expect(() => montageOutcome({ ...hard4, successes: 0, failures: 1.5 })).toThrow(/failures/);
    expect(() => montageOutcome({ ...hard4, heroes: 0, successes: 0, failures: 0 })).toThrow(/heroes/);
    expect(() => montageOutcome({ ...hard4, successes: 0, failures: 0, limits: { successes: 0, failures: 2 } })).toThrow(/limits.successes/);
    expect(() => montageOutcome({ ...hard4, difficulty: "epic" as MontageDifficulty, successes: 0, failures: 0 })).toThrow(/difficulty/);
  });
});

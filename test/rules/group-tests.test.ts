// Group tests (L6041–6061), opposed power rolls (L5867–5875) and assists (L6033–6039).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ASSIST_TABLES, assistEffect, groupTestAward, groupTestOutcome, opposedWinner } from "../../src/rules/index.ts";
import type { TestOutcome } from "../../src/rules/index.ts";

const ALL: TestOutcome[] = ["failure-with-consequence", "failure", "success-with-consequence", "success", "success-with-reward"];
const S = "success", R = "success-with-reward", SC = "success-with-consequence", F = "failure", FC = "failure-with-consequence";

describe("groupTestOutcome", () => {
  it("succeeds when half or more succeed, whatever kind of success (L6055)", () => {
    expect(groupTestOutcome([S, F])).toEqual({ success: true, collective: null });
    expect(groupTestOutcome([SC, F, F])).toEqual({ success: false, collective: null });
    expect(groupTestOutcome([SC, R, F, FC])).toMatchObject({ success: true });
    expect(groupTestOutcome([F])).toEqual({ success: false, collective: null });
    expect(groupTestOutcome([S])).toEqual({ success: true, collective: null });
  });
  it("gives a collective reward when the group succeeds and half or more earned a reward (L6057)", () => {
    expect(groupTestOutcome([R, F])).toEqual({ success: true, collective: "reward" });
    expect(groupTestOutcome([R, R, FC, FC])).toEqual({ success: true, collective: "reward" });
    expect(groupTestOutcome([R, S, S, F])).toEqual({ success: true, collective: null });
    // Consequences are ignored under a collective reward.
    expect(groupTestOutcome([R, R, SC, FC])).toEqual({ success: true, collective: "reward" });
  });
  it("gives a collective consequence only when the group fails and more than half incurred one (L6059)", () => {
    // One success in five fails the group; a success with a consequence counts among the 3 of 5 consequences.
    expect(groupTestOutcome([FC, FC, SC, F, F])).toEqual({ success: false, collective: "consequence" });
    expect(groupTestOutcome([FC, FC, FC, F])).toEqual({ success: false, collective: "consequence" });
    expect(groupTestOutcome([FC, FC, F, F])).toEqual({ success: false, collective: null }); // exactly half is not more than half
    expect(groupTestOutcome([FC])).toEqual({ success: false, collective: "consequence" });
    // A successful group never takes a collective consequence.
    expect(groupTestOutcome([SC, SC, FC, FC])).toEqual({ success: true, collective: null });
  });
  it("over every group of up to six heroes, agrees with the seed's three sentences", () => {
    const groups = (n: number): TestOutcome[][] => (n === 0 ? [[]] : groups(n - 1).flatMap((g) => ALL.map((o) => [...g, o])));
    for (let n = 1; n <= 6; n++) {
      for (const g of groups(n)) {
        const r = groupTestOutcome(g);
        const succeeded = g.filter((o) => o.startsWith("success")).length;
        expect(r.success, g.join()).toBe(succeeded >= n / 2);
        if (r.collective === "reward") expect(r.success && g.filter((o) => o === R).length >= n / 2, g.join()).toBe(true);
        if (r.collective === "consequence") expect(!r.success && g.filter((o) => o.endsWith("consequence")).length > n / 2, g.join()).toBe(true);
        if (r.collective === null) {
          expect(r.success && g.filter((o) => o === R).length >= n / 2, g.join()).toBe(false);
          expect(!r.success && g.filter((o) => o.endsWith("consequence")).length > n / 2, g.join()).toBe(false);
        }
      }
    }
  });
  it("refuses an empty group or an unknown outcome with a RangeError naming the argument", () => {
    expect(() => groupTestOutcome([])).toThrow(RangeError);
    expect(() => groupTestOutcome([])).toThrow(/outcomes/);
    expect(() => groupTestOutcome(["win" as TestOutcome])).toThrow(/outcomes.*win/);
  });
});

describe("opposedWinner", () => {
  it("is the higher total; a tie changes nothing (L5869, L5873)", () => {
    expect(opposedWinner(15, 12)).toBe("first");
    expect(opposedWinner(9, 17)).toBe("second");
    expect(opposedWinner(14, 14)).toBe("tie");
    expect(opposedWinner(-2, -3)).toBe("first");
  });
  it("is antisymmetric", () => {
    fc.assert(fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), (a, b) => {
      const flip = { first: "second", second: "first", tie: "tie" } as const;
      expect(opposedWinner(b, a)).toBe(flip[opposedWinner(a, b)]);
    }));
  });
  it("refuses totals that are not numbers", () => {
    expect(() => opposedWinner(Number.NaN, 3)).toThrow(/first/);
    expect(() => opposedWinner(3, Infinity)).toThrow(/second/);
  });
});

describe("assistEffect", () => {
  it("reads the assist: failure nothing, success an edge, a reward a double edge (the sample's 16 is an edge, L6167)", () => {
    expect(assistEffect("success")).toEqual({ edges: 1, bonus: 0 });
    expect(assistEffect("success-with-reward")).toEqual({ edges: 2, bonus: 0 });
    expect(assistEffect("failure")).toEqual({ edges: 0, bonus: 0 });
    expect(assistEffect("failure-with-consequence")).toEqual({ edges: 0, bonus: 0 });
  });
  it("can use the bonuses table, or the caller's own", () => {
    expect(assistEffect("success", ASSIST_TABLES.bonuses)).toEqual({ edges: 0, bonus: 1 });
    expect(assistEffect("success-with-reward", ASSIST_TABLES.bonuses)).toEqual({ edges: 0, bonus: 2 });
    const table = { ...ASSIST_TABLES.edges, failure: { edges: -1, bonus: 0 } };
    expect(assistEffect("failure", table)).toEqual({ edges: -1, bonus: 0 });
  });
  it("returns a copy the caller may change, and refuses an unknown outcome", () => {
    assistEffect("success").edges = 9;
    expect(assistEffect("success").edges).toBe(1);
    expect(() => assistEffect("great" as TestOutcome)).toThrow(/outcome/);
  });
});

describe("groupTestAward", () => {
  it("gives 2 hero tokens for a collective reward and 2 Villain Power per hero for a collective consequence (L6057, L6059)", () => {
    expect(groupTestAward("reward", 4)).toEqual({ heroTokens: 2, villainPower: 0 });
    expect(groupTestAward("consequence", 4)).toEqual({ heroTokens: 0, villainPower: 8 });
    expect(groupTestAward("consequence", 1)).toEqual({ heroTokens: 0, villainPower: 2 });
    expect(groupTestAward(null, 3)).toEqual({ heroTokens: 0, villainPower: 0 });
  });
  it("refuses a bad hero count or collective", () => {
    expect(() => groupTestAward("reward", 0)).toThrow(/heroes/);
    expect(() => groupTestAward("bonus" as "reward", 2)).toThrow(/collective/);
  });
});

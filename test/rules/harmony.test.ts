import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { harmonyDiceCounts, netBuffs, resolveHarmonyCheck } from "../../src/rules/index.ts";
import type { HarmonyCheckInput } from "../../src/rules/index.ts";

const check = (i: Partial<HarmonyCheckInput>) =>
  resolveHarmonyCheck({ dissonance: [0], harmony: [0], big: 0, small: 0, target: 50, ...i });

describe("resolveHarmonyCheck: reading the dice", () => {
  it("reads Dissonance as tens and Harmony as ones", () => {
    expect(check({ dissonance: [3], harmony: [7] })).toMatchObject({ value: 37, tens: 3, ones: 7 });
    expect(check({ dissonance: [0], harmony: [5] })).toMatchObject({ value: 5 });
    expect(check({ dissonance: [9], harmony: [0] })).toMatchObject({ value: 90 });
  });
  it("counts 00 as 100 and always fails it as a Disaster, even against 100", () => {
    expect(check({ dissonance: [0], harmony: [0], target: 100 })).toMatchObject({ value: 100, pass: false, outcome: "disaster" });
    expect(check({ dissonance: [0], harmony: [0], target: 100, outcomeRule: "pass-fail" })).toMatchObject({ outcome: "disaster" });
  });
  it("passes on a value equal to the target, fails above it; target 0 always fails", () => {
    expect(check({ dissonance: [4], harmony: [5], target: 45 }).pass).toBe(true);
    expect(check({ dissonance: [4], harmony: [6], target: 45 }).pass).toBe(false);
    expect(check({ dissonance: [0], harmony: [1], target: 0 }).pass).toBe(false);
    expect(check({ dissonance: [9], harmony: [9], target: 100 }).pass).toBe(true);
  });
});

describe("resolveHarmonyCheck: picking dice", () => {
  it("picks the lowest die under a Buff and the highest under a Debuff", () => {
    const buff = check({ dissonance: [6, 2, 8], harmony: [7, 3], big: 2, small: 1 });
    expect(buff).toMatchObject({ tens: 2, ones: 3, picked: { dissonance: 1, harmony: 1 } });
    const debuff = check({ dissonance: [6, 2, 8], harmony: [7, 3], big: -2, small: -1 });
    expect(debuff).toMatchObject({ tens: 8, ones: 7, picked: { dissonance: 2, harmony: 0 } });
  });
  it("uses an explicit pick instead of the default", () => {
    expect(check({ dissonance: [6, 2], harmony: [3], big: 1, pick: { dissonance: 0 } })).toMatchObject({ tens: 6, value: 63 });
    expect(check({ dissonance: [1], harmony: [4, 9], small: -1, pick: { harmony: 0 } })).toMatchObject({ value: 14 });
  });
  it("rejects a pick outside the dice", () => {
    expect(() => check({ dissonance: [6, 2], big: 1, pick: { dissonance: 2 } })).toThrow(RangeError);
    expect(() => check({ pick: { harmony: -1 } })).toThrow(RangeError);
    expect(() => check({ pick: { harmony: 0.5 } })).toThrow(RangeError);
  });
});

describe("resolveHarmonyCheck: outcomes", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])("matched digits %i%i: Triumph on a pass, Disaster on a failure", (d) => {
    expect(check({ dissonance: [d], harmony: [d], target: 100 }).outcome).toBe("triumph");
    expect(check({ dissonance: [d], harmony: [d], target: d * 11 - 1 }).outcome).toBe("disaster");
    expect(check({ dissonance: [d], harmony: [d], target: d * 11 }).outcome).toBe("triumph");
  });
  it("gives Success and Setback for unmatched digits", () => {
    expect(check({ dissonance: [2], harmony: [7], target: 50 }).outcome).toBe("success");
    expect(check({ dissonance: [7], harmony: [2], target: 50 }).outcome).toBe("setback");
  });
  it("under the pass/fail rule matched digits are plain Success or Setback", () => {
    expect(check({ dissonance: [3], harmony: [3], target: 50, outcomeRule: "pass-fail" }).outcome).toBe("success");
    expect(check({ dissonance: [7], harmony: [7], target: 50, outcomeRule: "pass-fail" }).outcome).toBe("setback");
  });
  it("rejects an unknown outcome rule", () => {
    expect(() => check({ outcomeRule: "margin" as never })).toThrow(RangeError);
  });
});

describe("resolveHarmonyCheck: Harmony doubles and triples under a Small Debuff", () => {
  it("counts doubles, triples and four of a kind among all Harmony dice", () => {
    expect(check({ harmony: [5, 5], small: -1 }).harmonyMatches).toBe(2);
    expect(check({ harmony: [5, 2], small: -1 }).harmonyMatches).toBe(0);
    expect(check({ harmony: [3, 3, 3], small: -2 }).harmonyMatches).toBe(3);
    expect(check({ harmony: [3, 3, 1], small: -2 }).harmonyMatches).toBe(2);
    expect(check({ harmony: [4, 4, 4, 4], small: -3 }).harmonyMatches).toBe(3);
    expect(check({ harmony: [4, 4, 6, 6], small: -3 }).harmonyMatches).toBe(2);
  });
  it("counts nothing without a Small Debuff", () => {
    expect(check({ harmony: [5, 5], small: 1 }).harmonyMatches).toBe(0);
    expect(check({ harmony: [5] }).harmonyMatches).toBe(0);
    expect(check({ dissonance: [5, 5], big: -1, harmony: [5] }).harmonyMatches).toBe(0);
  });
});

describe("resolveHarmonyCheck: bad input", () => {
  const bad: Partial<HarmonyCheckInput>[] = [
    { dissonance: [1, 2] }, { harmony: [] }, { big: 1 }, { small: -1 },
    { big: 4, dissonance: [1, 2, 3, 4, 5] }, { small: -4, harmony: [1, 2, 3, 4, 5] }, { big: 0.5 },
    { dissonance: [10] }, { harmony: [-1] }, { dissonance: [1.5] },
    { target: -1 }, { target: 101 }, { target: 50.5 },
  ];
  it.each(bad.map((b) => [JSON.stringify(b), b]))("%s throws a RangeError", (_name, input) => {
    expect(() => check(input as Partial<HarmonyCheckInput>)).toThrow(RangeError);
  });
});

describe("resolveHarmonyCheck: properties", () => {
  const face = fc.integer({ min: 0, max: 9 });
  const input = fc.record({ big: fc.integer({ min: -3, max: 3 }), small: fc.integer({ min: -3, max: 3 }), target: fc.integer({ min: 0, max: 100 }) })
    .chain(({ big, small, target }) => fc.record({
      big: fc.constant(big), small: fc.constant(small), target: fc.constant(target),
      dissonance: fc.array(face, { minLength: 1 + Math.abs(big), maxLength: 1 + Math.abs(big) }),
      harmony: fc.array(face, { minLength: 1 + Math.abs(small), maxLength: 1 + Math.abs(small) }),
    }));
  it("keeps the value in 1..100 and passes exactly when value ≤ target and it is not 00", () => {
    fc.assert(fc.property(input, (i) => {
      const r = resolveHarmonyCheck(i);
      expect(r.value).toBeGreaterThanOrEqual(1);
      expect(r.value).toBeLessThanOrEqual(100);
      expect(r.pass).toBe(r.value <= i.target && r.value !== 100);
      expect(["triumph", "success"].includes(r.outcome)).toBe(r.pass);
    }));
  });
  it("a Big Buff never gives a higher tens digit than the first die alone", () => {
    fc.assert(fc.property(input, (i) => {
      fc.pre(i.big > 0);
      const r = resolveHarmonyCheck(i);
      expect(r.tens).toBeLessThanOrEqual(i.dissonance[0]!);
      expect(r.tens).toBe(Math.min(...i.dissonance));
    }));
  });
  it("a Small Debuff never gives a lower ones digit than the first die alone", () => {
    fc.assert(fc.property(input, (i) => {
      fc.pre(i.small < 0);
      expect(resolveHarmonyCheck(i).ones).toBe(Math.max(...i.harmony));
    }));
  });
});

describe("dice counts and net Buffs", () => {
  it("rolls 1 + |net| dice per digit", () => {
    expect(harmonyDiceCounts(2, -3)).toEqual({ dissonance: 3, harmony: 4 });
    expect(harmonyDiceCounts(0, 0)).toEqual({ dissonance: 1, harmony: 1 });
  });
  it("caps each side at 3 before cancelling", () => {
    expect(netBuffs(5, 1)).toBe(2);
    expect(netBuffs(1, 5)).toBe(-2);
    expect(netBuffs(2, 2)).toBe(0);
  });
});

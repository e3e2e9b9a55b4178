import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { harmonyDiceCounts, harmonyPicker, netBuffs, resolveHarmonyCheck } from "../../src/rules/index.ts";
import type { HarmonyCheckInput, HarmonyOutcome, HarmonyOutcomeRule } from "../../src/rules/index.ts";

const check = (i: Partial<HarmonyCheckInput>) =>
  resolveHarmonyCheck({ dissonance: [0], harmony: [0], big: 0, small: 0, target: 50, ...i });

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

describe("resolveHarmonyCheck: reading the dice", () => {
  it("reads Dissonance as tens and Harmony as ones (seed 000 L50)", () => {
    expect(check({ dissonance: [3], harmony: [7] })).toMatchObject({ value: 37, tens: 3, ones: 7 });
    expect(check({ dissonance: [0], harmony: [5] })).toMatchObject({ value: 5, tens: 0, ones: 5 });
    expect(check({ dissonance: [9], harmony: [0] })).toMatchObject({ value: 90, tens: 9, ones: 0 });
    expect(check({ dissonance: [0], harmony: [1] })).toMatchObject({ value: 1 });
    expect(check({ dissonance: [9], harmony: [9] })).toMatchObject({ value: 99 });
  });
  it("counts 00 as 100 and always fails it as a Disaster, even against 100 (L51)", () => {
    for (const outcomeRule of ["matched-digits", "pass-fail"] as const) {
      for (const target of [0, 50, 99, 100]) {
        expect(check({ dissonance: [0], harmony: [0], target, outcomeRule })).toMatchObject({ value: 100, tens: 0, ones: 0, pass: false, outcome: "disaster" });
      }
    }
  });
  it("passes on a value equal to the target and fails one above it", () => {
    expect(check({ dissonance: [4], harmony: [5], target: 45 })).toMatchObject({ pass: true, outcome: "success" });
    expect(check({ dissonance: [4], harmony: [6], target: 45 })).toMatchObject({ pass: false, outcome: "setback" });
    expect(check({ dissonance: [0], harmony: [1], target: 1 }).pass).toBe(true);
    expect(check({ dissonance: [9], harmony: [9], target: 100 }).pass).toBe(true);
    expect(check({ dissonance: [9], harmony: [9], target: 98 }).pass).toBe(false);
  });
  it("fails every result against target 0", () => {
    for (const t of DIGITS) for (const o of DIGITS) expect(check({ dissonance: [t], harmony: [o], target: 0 }).pass, `${t}${o}`).toBe(false);
  });
});

describe("resolveHarmonyCheck: every digit pair against every target", () => {
  // The rules restated by hand: value 1..100 (00 = 100), pass = value ≤ target and not 00.
  function expected(t: number, o: number, target: number, rule: HarmonyOutcomeRule) {
    const doubleZero = t === 0 && o === 0;
    const value = doubleZero ? 100 : 10 * t + o;
    const pass = !doubleZero && value <= target;
    let outcome: HarmonyOutcome;
    if (rule === "pass-fail") outcome = doubleZero ? "disaster" : pass ? "success" : "setback";
    else if (t === o) outcome = pass ? "triumph" : "disaster";
    else outcome = pass ? "success" : "setback";
    return { value, pass, outcome };
  }
  it.each(["matched-digits", "pass-fail"] as const)("%s rule", (outcomeRule) => {
    for (const t of DIGITS) {
      for (const o of DIGITS) {
        for (let target = 0; target <= 100; target++) {
          const r = check({ dissonance: [t], harmony: [o], target, outcomeRule });
          expect({ value: r.value, pass: r.pass, outcome: r.outcome }, `${t}${o} vs ${target}`).toEqual(expected(t, o, target, outcomeRule));
        }
      }
    }
  });
  it("uses the matched-digits rule by default", () => {
    expect(check({ dissonance: [3], harmony: [3], target: 50 }).outcome).toBe("triumph");
    expect(check({ dissonance: [7], harmony: [7], target: 50 }).outcome).toBe("disaster");
  });
});

describe("resolveHarmonyCheck: outcomes", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])("matched digits %i%i: Triumph on a pass, Disaster on a failure", (d) => {
    const v = d * 11;
    expect(check({ dissonance: [d], harmony: [d], target: 100 }).outcome).toBe("triumph");
    expect(check({ dissonance: [d], harmony: [d], target: v }).outcome).toBe("triumph");
    expect(check({ dissonance: [d], harmony: [d], target: v - 1 }).outcome).toBe("disaster");
    expect(check({ dissonance: [d], harmony: [d], target: 0 }).outcome).toBe("disaster");
  });
  it("gives Success and Setback for unmatched digits", () => {
    expect(check({ dissonance: [2], harmony: [7], target: 50 }).outcome).toBe("success");
    expect(check({ dissonance: [7], harmony: [2], target: 50 }).outcome).toBe("setback");
    expect(check({ dissonance: [0], harmony: [9], target: 9 }).outcome).toBe("success");
    expect(check({ dissonance: [9], harmony: [0], target: 89 }).outcome).toBe("setback");
  });
  it("under the pass/fail rule matched digits are plain Success or Setback; 00 stays a Disaster", () => {
    expect(check({ dissonance: [3], harmony: [3], target: 50, outcomeRule: "pass-fail" }).outcome).toBe("success");
    expect(check({ dissonance: [7], harmony: [7], target: 50, outcomeRule: "pass-fail" }).outcome).toBe("setback");
    expect(check({ dissonance: [0], harmony: [0], target: 100, outcomeRule: "pass-fail" }).outcome).toBe("disaster");
  });
  it("judges the picked dice, not the others in the pool", () => {
    // Big Buff: dice 4 and 2, Harmony 2. Default pick 22 (matched) → Triumph; picking the 4 → 42 Success.
    expect(check({ dissonance: [4, 2], harmony: [2], big: 1, target: 50 })).toMatchObject({ value: 22, outcome: "triumph" });
    expect(check({ dissonance: [4, 2], harmony: [2], big: 1, target: 50, pick: { dissonance: 0 } })).toMatchObject({ value: 42, outcome: "success" });
  });
});

describe("resolveHarmonyCheck: picking dice", () => {
  it("picks the lowest die under a Buff and the highest under a Debuff (L70–71)", () => {
    const buff = check({ dissonance: [6, 2, 8], harmony: [7, 3], big: 2, small: 1 });
    expect(buff).toMatchObject({ tens: 2, ones: 3, value: 23, picked: { dissonance: 1, harmony: 1 } });
    const debuff = check({ dissonance: [6, 2, 8], harmony: [7, 3], big: -2, small: -1 });
    expect(debuff).toMatchObject({ tens: 8, ones: 7, value: 87, picked: { dissonance: 2, harmony: 0 } });
    const mixed = check({ dissonance: [5, 1, 9, 3], harmony: [2, 6], big: 3, small: -1 });
    expect(mixed).toMatchObject({ tens: 1, ones: 6, value: 16, picked: { dissonance: 1, harmony: 1 } });
    const mixed2 = check({ dissonance: [5, 1], harmony: [2, 6, 4, 0], big: -1, small: 3 });
    expect(mixed2).toMatchObject({ tens: 5, ones: 0, value: 50, picked: { dissonance: 0, harmony: 3 } });
  });
  it("uses the only die of a digit with no net Buff or Debuff", () => {
    expect(check({ dissonance: [6], harmony: [3] })).toMatchObject({ value: 63, picked: { dissonance: 0, harmony: 0 } });
  });
  it("uses an explicit pick instead of the default", () => {
    expect(check({ dissonance: [6, 2], harmony: [3], big: 1, pick: { dissonance: 0 } })).toMatchObject({ tens: 6, value: 63, picked: { dissonance: 0, harmony: 0 } });
    expect(check({ dissonance: [1], harmony: [4, 9], small: -1, pick: { harmony: 0 } })).toMatchObject({ value: 14, picked: { dissonance: 0, harmony: 0 } });
    expect(check({ dissonance: [1, 7, 3, 5], harmony: [4, 9], big: -3, small: 1, pick: { dissonance: 3, harmony: 1 } }))
      .toMatchObject({ value: 59, picked: { dissonance: 3, harmony: 1 } });
  });
  it("can form 00 with the default Buff pick, and an explicit pick avoids it", () => {
    expect(check({ dissonance: [3, 0], harmony: [0], big: 1, target: 60 })).toMatchObject({ value: 100, pass: false, outcome: "disaster", picked: { dissonance: 1, harmony: 0 } });
    expect(check({ dissonance: [3, 0], harmony: [0], big: 1, target: 60, pick: { dissonance: 0 } })).toMatchObject({ value: 30, pass: true, outcome: "success" });
  });
  it("rejects a pick outside the dice or not a whole number", () => {
    const bad: Partial<HarmonyCheckInput>[] = [
      { dissonance: [6, 2], big: 1, pick: { dissonance: 2 } },
      { pick: { dissonance: -1 } },
      { pick: { dissonance: 0.5 } },
      { pick: { dissonance: Number.NaN } },
      { pick: { harmony: 1 } },
      { pick: { harmony: -1 } },
      { pick: { harmony: 0.5 } },
      { harmony: [1, 2, 3], small: -2, pick: { harmony: 3 } },
    ];
    for (const b of bad) expect(() => check(b), JSON.stringify(b)).toThrow(RangeError);
  });
});

describe("resolveHarmonyCheck: Harmony doubles and triples under a Small Debuff (L64)", () => {
  it.each([
    [[5, 5], -1, 2],
    [[5, 2], -1, 0],
    [[0, 0], -1, 2],
    [[3, 3, 3], -2, 3],
    [[3, 3, 1], -2, 2],
    [[1, 3, 3], -2, 2],
    [[1, 2, 3], -2, 0],
    [[4, 4, 4, 4], -3, 3],
    [[2, 7, 2, 2], -3, 3],
    [[4, 4, 6, 6], -3, 2],
    [[4, 6, 8, 4], -3, 2],
    [[1, 2, 3, 4], -3, 0],
  ] as [number[], number, number][])("Harmony %j with small %i counts %i", (harmony, small, matches) => {
    expect(check({ harmony, small }).harmonyMatches).toBe(matches);
  });
  it("counts all Harmony dice, not just the picked one, and whatever the outcome", () => {
    expect(check({ harmony: [9, 2, 2], small: -2, target: 5 })).toMatchObject({ ones: 9, pass: false, harmonyMatches: 2 });
    expect(check({ harmony: [9, 2, 2], small: -2, target: 100, pick: { harmony: 1 } })).toMatchObject({ ones: 2, pass: true, harmonyMatches: 2 });
  });
  it("counts nothing without a net Small Debuff", () => {
    expect(check({ harmony: [5, 5], small: 1 }).harmonyMatches).toBe(0);
    expect(check({ harmony: [5, 5, 5, 5], small: 3 }).harmonyMatches).toBe(0);
    expect(check({ harmony: [5] }).harmonyMatches).toBe(0);
    expect(check({ dissonance: [5, 5], big: -1, harmony: [5] }).harmonyMatches).toBe(0);
    expect(check({ dissonance: [5, 5, 5], big: -2, harmony: [5, 5], small: 1 }).harmonyMatches).toBe(0);
  });
});

describe("resolveHarmonyCheck: bad input", () => {
  const bad: Partial<HarmonyCheckInput>[] = [
    { dissonance: [1, 2] }, { harmony: [1, 2] }, { dissonance: [] }, { harmony: [] },
    { big: 1 }, { big: -1 }, { small: 1 }, { small: -1 },
    { big: 2, dissonance: [1, 2] }, { small: -3, harmony: [1, 2, 3] },
    { big: 4, dissonance: [1, 2, 3, 4, 5] }, { big: -4, dissonance: [1, 2, 3, 4, 5] },
    { small: 4, harmony: [1, 2, 3, 4, 5] }, { small: -4, harmony: [1, 2, 3, 4, 5] },
    { big: 0.5 }, { small: 0.5 }, { big: Number.NaN }, { small: Infinity },
    { dissonance: [10] }, { dissonance: [-1] }, { dissonance: [1.5] }, { dissonance: [Number.NaN] },
    { harmony: [10] }, { harmony: [-1] }, { harmony: [0.5] }, { harmony: ["3" as unknown as number] },
    { dissonance: "5" as unknown as number[] }, { harmony: 5 as unknown as number[] },
    { target: -1 }, { target: 101 }, { target: 50.5 }, { target: Number.NaN }, { target: Infinity },
    { outcomeRule: "margin" as HarmonyOutcomeRule },
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
      outcomeRule: fc.constantFrom<HarmonyOutcomeRule>("matched-digits", "pass-fail"),
    }));
  it("keeps the value in 1..100 and passes exactly when value ≤ target and it is not 00", () => {
    fc.assert(fc.property(input, (i) => {
      const r = resolveHarmonyCheck(i);
      expect(r.value).toBeGreaterThanOrEqual(1);
      expect(r.value).toBeLessThanOrEqual(100);
      expect(r.pass).toBe(r.value <= i.target && r.value !== 100);
      expect(["triumph", "success"].includes(r.outcome)).toBe(r.pass);
      expect(r.value).toBe(r.tens === 0 && r.ones === 0 ? 100 : r.tens * 10 + r.ones);
      expect(r.tens).toBe(i.dissonance[r.picked.dissonance]);
      expect(r.ones).toBe(i.harmony[r.picked.harmony]);
    }));
  });
  it("a Big Buff (default pick) never gives a higher value than the first die alone, unless it forms 00", () => {
    fc.assert(fc.property(input, (i) => {
      fc.pre(i.big > 0);
      const r = resolveHarmonyCheck(i);
      const alone = resolveHarmonyCheck({ ...i, big: 0, dissonance: [i.dissonance[0]!] });
      if (r.value === 100 && alone.value !== 100) {
        // The documented exception: the lowest tens die is 0 and the Harmony die shows 0.
        expect([r.tens, r.ones]).toEqual([0, 0]);
      } else {
        expect(r.value).toBeLessThanOrEqual(alone.value);
      }
      expect(r.tens).toBe(Math.min(...i.dissonance));
    }));
  });
  it("a Big Buff with an explicit pick of the first die gives exactly the first die alone", () => {
    fc.assert(fc.property(input, (i) => {
      fc.pre(i.big > 0);
      const picked = resolveHarmonyCheck({ ...i, pick: { dissonance: 0 } });
      const alone = resolveHarmonyCheck({ ...i, big: 0, dissonance: [i.dissonance[0]!] });
      expect(picked.value).toBe(alone.value);
      expect(picked.outcome).toBe(alone.outcome);
    }));
  });
  it("a Debuff picks the highest face of its digit, a Buff the lowest", () => {
    fc.assert(fc.property(input, (i) => {
      const r = resolveHarmonyCheck(i);
      if (i.big < 0) expect(r.tens).toBe(Math.max(...i.dissonance));
      if (i.big > 0) expect(r.tens).toBe(Math.min(...i.dissonance));
      if (i.small < 0) expect(r.ones).toBe(Math.max(...i.harmony));
      if (i.small > 0) expect(r.ones).toBe(Math.min(...i.harmony));
    }));
  });
  it("counts Harmony matches from all Harmony dice, only under a Small Debuff, whatever the pick", () => {
    fc.assert(fc.property(input, fc.nat(), (i, n) => {
      const r = resolveHarmonyCheck({ ...i, pick: { harmony: n % i.harmony.length } });
      const largest = Math.max(...i.harmony.map((f) => i.harmony.filter((g) => g === f).length));
      expect(r.harmonyMatches).toBe(i.small >= 0 ? 0 : largest >= 3 ? 3 : largest === 2 ? 2 : 0);
    }));
  });
});

describe("dice counts and net Buffs", () => {
  it("rolls 1 + |net| dice per digit", () => {
    expect(harmonyDiceCounts(2, -3)).toEqual({ dissonance: 3, harmony: 4 });
    expect(harmonyDiceCounts(0, 0)).toEqual({ dissonance: 1, harmony: 1 });
    expect(harmonyDiceCounts(-1, 1)).toEqual({ dissonance: 2, harmony: 2 });
  });
  it("rejects net values outside -3..3 or not whole", () => {
    for (const [b, s] of [[4, 0], [0, -4], [0.5, 0], [0, Number.NaN]]) expect(() => harmonyDiceCounts(b!, s!)).toThrow(RangeError);
  });
  it("caps each side at 3 before cancelling (L69)", () => {
    expect(netBuffs(5, 1)).toBe(2);
    expect(netBuffs(1, 5)).toBe(-2);
    expect(netBuffs(2, 2)).toBe(0);
    expect(netBuffs(3, 0)).toBe(3);
    expect(netBuffs(0, 7)).toBe(-3);
    expect(netBuffs(4, 3)).toBe(0);
  });
  it("rejects negative or fractional counts", () => {
    for (const [b, d] of [[-1, 0], [0, -1], [1.5, 0], [0, Number.NaN]]) expect(() => netBuffs(b!, d!)).toThrow(RangeError);
  });
});

describe("harmonyPicker (S0:L70–71)", () => {
  it("gives a digit's pick to the player under a net Buff, the GM under a net Debuff, nobody with one die", () => {
    expect([3, 1, 0, -1, -3].map(harmonyPicker)).toEqual(["player", "player", null, "gm", "gm"]);
    expect(() => harmonyPicker(4)).toThrow(RangeError);
    expect(() => harmonyPicker(0.5)).toThrow(RangeError);
  });
});

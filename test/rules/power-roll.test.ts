import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { netEdgesOf, resolvePowerRoll, tierOfTotal, TIER_THRESHOLDS } from "../../src/rules/index.ts";
import type { NetEdges, PowerRollInput, Tier } from "../../src/rules/index.ts";

/**
 * Seed 004 L225–231 and L236–240, written out by hand (not computed): NET[edges][banes] for 0..3
 * edges and 0..3 banes. Three counts as a double; an edge and a bane cancel; a double edge and a
 * double bane cancel; a double and a single leave a single.
 */
const NET: readonly (readonly NetEdges[])[] = [
  //  banes: 0   1   2   3
  /* 0 edges */ [0, -1, -2, -2],
  /* 1 edge  */ [1, 0, -1, -1],
  /* 2 edges */ [2, 1, 0, 0],
  /* 3 edges */ [2, 1, 0, 0],
];

/**
 * Boundary totals before edges/banes (natural + characteristic + bonuses) → [final total, tier]
 * for each net state, by hand from L191–195 and L217, L223: a single edge +2, a single bane −2,
 * a double edge one tier up (max 3), a double bane one tier down (min 1).
 */
const FROM_SUM: Record<NetEdges, Record<11 | 12 | 16 | 17, [number, Tier]>> = {
  0: { 11: [11, 1], 12: [12, 2], 16: [16, 2], 17: [17, 3] },
  1: { 11: [13, 2], 12: [14, 2], 16: [18, 3], 17: [19, 3] },
  [-1]: { 11: [9, 1], 12: [10, 1], 16: [14, 2], 17: [15, 2] },
  2: { 11: [11, 2], 12: [12, 3], 16: [16, 3], 17: [17, 3] },
  [-2]: { 11: [11, 1], 12: [12, 1], 16: [16, 1], 17: [17, 2] },
};

/** Final totals on a boundary → tier, per net state (the modifier already in the total). */
const AT_TOTAL: Record<NetEdges, Record<11 | 12 | 16 | 17, Tier>> = {
  0: { 11: 1, 12: 2, 16: 2, 17: 3 },
  1: { 11: 1, 12: 2, 16: 2, 17: 3 },
  [-1]: { 11: 1, 12: 2, 16: 2, 17: 3 },
  2: { 11: 2, 12: 3, 16: 3, 17: 3 },
  [-2]: { 11: 1, 12: 1, 16: 1, 17: 2 },
};
/** What a single edge or bane adds to the total, by hand from L217, L223. */
const ADD: Record<NetEdges, number> = { 0: 0, 1: 2, [-1]: -2, 2: 0, [-2]: 0 };

const BOUNDARIES = [11, 12, 16, 17] as const;

/** Three ways to reach a sum before edges: low, middle and high naturals (none 19 or 20). */
function splits(sum: number): Pick<PowerRollInput, "dice" | "characteristic" | "bonuses">[] {
  return [
    { dice: [1, 1], characteristic: 3, bonuses: sum - 5 },
    { dice: [4, 6], characteristic: sum - 10, bonuses: 0 },
    { dice: [9, 9], characteristic: -2, bonuses: sum - 16 },
  ];
}

const COMBOS = [0, 1, 2, 3].flatMap((edges) => [0, 1, 2, 3].map((banes) => ({ edges, banes })));

describe("tierOfTotal", () => {
  it("maps totals to tiers at the seed's boundaries (≤11, 12–16, 17+)", () => {
    expect([-10, 0, 10, 11].map(tierOfTotal)).toEqual([1, 1, 1, 1]);
    expect([12, 14, 16].map(tierOfTotal)).toEqual([2, 2, 2]);
    expect([17, 20, 40].map(tierOfTotal)).toEqual([3, 3, 3]);
    expect(TIER_THRESHOLDS).toEqual({ tier1Max: 11, tier2Max: 16 });
  });
  it("rejects a total that is not a whole number", () => {
    for (const t of [Number.NaN, Infinity, -Infinity, 11.5]) expect(() => tierOfTotal(t)).toThrow(RangeError);
  });
});

describe("netEdgesOf", () => {
  it.each(COMBOS)("$edges edges and $banes banes", ({ edges, banes }) => {
    expect(netEdgesOf(edges, banes)).toBe(NET[edges]![banes]);
  });
  it("counts no more than two of either side", () => {
    expect(netEdgesOf(7, 0)).toBe(2);
    expect(netEdgesOf(0, 9)).toBe(-2);
    expect(netEdgesOf(9, 1)).toBe(1);
    expect(netEdgesOf(1, 9)).toBe(-1);
    expect(netEdgesOf(9, 9)).toBe(0);
  });
  it("rejects negative, fractional or non-finite counts", () => {
    for (const [e, b] of [[-1, 0], [0, -1], [1.5, 0], [0, 1.5], [Number.NaN, 0], [0, Infinity]] as const) {
      expect(() => netEdgesOf(e, b), `${e}/${b}`).toThrow(RangeError);
    }
  });
});

describe("resolvePowerRoll: every edge/bane combination at every tier boundary", () => {
  const cases = COMBOS.flatMap(({ edges, banes }) => BOUNDARIES.map((at) => ({ edges, banes, at })));

  it.each(cases)("$edges edges, $banes banes, sum $at before edges", ({ edges, banes, at }) => {
    const net = NET[edges]![banes]!;
    const [total, tier] = FROM_SUM[net][at];
    for (const s of splits(at)) {
      const r = resolvePowerRoll({ ...s, edges, banes });
      expect(r, JSON.stringify(s)).toEqual({ natural: s.dice[0] + s.dice[1], total, tier, netEdges: net, isNatural19or20: false });
    }
  });

  it.each(cases)("$edges edges, $banes banes, final total $at", ({ edges, banes, at }) => {
    const net = NET[edges]![banes]!;
    for (const s of splits(at - ADD[net])) {
      const r = resolvePowerRoll({ ...s, edges, banes });
      expect(r, JSON.stringify(s)).toEqual({ natural: s.dice[0] + s.dice[1], total: at, tier: AT_TOTAL[net][at], netEdges: net, isNatural19or20: false });
    }
  });
});

describe("resolvePowerRoll: particular cases", () => {
  it("reads the natural as the dice sum and adds the characteristic", () => {
    expect(resolvePowerRoll({ dice: [3, 4], characteristic: 2 })).toEqual({ natural: 7, total: 9, tier: 1, netEdges: 0, isNatural19or20: false });
    expect(resolvePowerRoll({ dice: [10, 7], characteristic: -5 })).toEqual({ natural: 17, total: 12, tier: 2, netEdges: 0, isNatural19or20: false });
  });
  it("adds bonuses and penalties before edges (bonus +2 and an edge move 10 to 14)", () => {
    expect(resolvePowerRoll({ dice: [5, 5], characteristic: 0, bonuses: 2, edges: 1 })).toMatchObject({ natural: 10, total: 14, tier: 2 });
    expect(resolvePowerRoll({ dice: [5, 3], characteristic: 0, bonuses: 2, edges: 1 })).toMatchObject({ natural: 8, total: 12, tier: 2 });
    expect(resolvePowerRoll({ dice: [5, 5], characteristic: 2, bonuses: -3, banes: 1 })).toMatchObject({ total: 7, tier: 1 });
    expect(resolvePowerRoll({ dice: [5, 5], characteristic: 0, bonuses: 5, edges: 2 })).toMatchObject({ total: 15, tier: 3 });
  });
  it("keeps natural 19 and 20 at tier 3 under a double bane, any characteristic, penalty or edges", () => {
    for (const dice of [[10, 9], [9, 10], [10, 10]] as [number, number][]) {
      for (const { edges, banes } of COMBOS) {
        for (const characteristic of [-5, 0, 5]) {
          const r = resolvePowerRoll({ dice, characteristic, edges, banes, bonuses: -10 });
          expect(r.tier).toBe(3);
          expect(r.isNatural19or20).toBe(true);
          expect(r.natural).toBe(dice[0] + dice[1]);
        }
      }
    }
  });
  it("lets a double bane drop a natural 18", () => {
    expect(resolvePowerRoll({ dice: [9, 9], characteristic: 0, banes: 2 })).toEqual({ natural: 18, total: 18, tier: 2, netEdges: -2, isNatural19or20: false });
    expect(resolvePowerRoll({ dice: [10, 8], characteristic: -5, banes: 3 })).toMatchObject({ total: 13, tier: 1, isNatural19or20: false });
  });
  it("keeps a double edge at tier 3 and a double bane at tier 1", () => {
    expect(resolvePowerRoll({ dice: [9, 8], characteristic: 2, edges: 2 })).toMatchObject({ total: 19, tier: 3 });
    expect(resolvePowerRoll({ dice: [10, 8], characteristic: 5, edges: 3 })).toMatchObject({ total: 23, tier: 3 });
    expect(resolvePowerRoll({ dice: [1, 1], characteristic: 0, banes: 5 })).toMatchObject({ total: 2, tier: 1 });
    expect(resolvePowerRoll({ dice: [5, 6], characteristic: 0, banes: 2 })).toMatchObject({ total: 11, tier: 1 });
  });
  it("uses 0 edges, 0 banes and 0 bonuses by default", () => {
    const given = resolvePowerRoll({ dice: [6, 6], characteristic: 1, edges: 0, banes: 0, bonuses: 0 });
    expect(resolvePowerRoll({ dice: [6, 6], characteristic: 1 })).toEqual(given);
  });
});

describe("resolvePowerRoll: bad input", () => {
  const bad: [string, RegExp, unknown][] = [
    ["a face of 0", /dice/, { dice: [0, 5], characteristic: 0 }],
    ["a face of 11", /dice/, { dice: [11, 5], characteristic: 0 }],
    ["a negative face", /dice/, { dice: [5, -3], characteristic: 0 }],
    ["a fractional face", /dice/, { dice: [5.5, 5], characteristic: 0 }],
    ["a NaN face", /dice/, { dice: [Number.NaN, 5], characteristic: 0 }],
    ["a string face", /dice/, { dice: ["5", 5], characteristic: 0 }],
    ["one die", /dice/, { dice: [5], characteristic: 0 }],
    ["three dice", /dice/, { dice: [5, 5, 5], characteristic: 0 }],
    ["no dice", /dice/, { dice: [], characteristic: 0 }],
    ["dice as a string", /dice/, { dice: "55", characteristic: 0 }],
    ["dice missing", /dice/, { characteristic: 0 }],
    ["negative edges", /edges/, { dice: [5, 5], characteristic: 0, edges: -1 }],
    ["fractional edges", /edges/, { dice: [5, 5], characteristic: 0, edges: 1.5 }],
    ["NaN edges", /edges/, { dice: [5, 5], characteristic: 0, edges: Number.NaN }],
    ["negative banes", /banes/, { dice: [5, 5], characteristic: 0, banes: -2 }],
    ["fractional banes", /banes/, { dice: [5, 5], characteristic: 0, banes: 0.5 }],
    ["infinite banes", /banes/, { dice: [5, 5], characteristic: 0, banes: Infinity }],
    ["fractional characteristic", /characteristic/, { dice: [5, 5], characteristic: 0.5 }],
    ["NaN characteristic", /characteristic/, { dice: [5, 5], characteristic: Number.NaN }],
    ["infinite characteristic", /characteristic/, { dice: [5, 5], characteristic: -Infinity }],
    ["characteristic missing", /characteristic/, { dice: [5, 5] }],
    ["fractional bonuses", /bonuses/, { dice: [5, 5], characteristic: 0, bonuses: 1.5 }],
    ["NaN bonuses", /bonuses/, { dice: [5, 5], characteristic: 0, bonuses: Number.NaN }],
    ["infinite bonuses", /bonuses/, { dice: [5, 5], characteristic: 0, bonuses: Infinity }],
  ];
  it.each(bad)("%s throws a RangeError naming it", (_name, message, input) => {
    expect(() => resolvePowerRoll(input as PowerRollInput)).toThrow(RangeError);
    expect(() => resolvePowerRoll(input as PowerRollInput)).toThrow(message);
  });
});

describe("resolvePowerRoll: properties", () => {
  const die = fc.integer({ min: 1, max: 10 });
  const count = fc.integer({ min: 0, max: 5 });
  const input = fc.record({
    dice: fc.tuple(die, die), characteristic: fc.integer({ min: -10, max: 10 }),
    edges: count, banes: count, bonuses: fc.integer({ min: -15, max: 15 }),
  });
  it("keeps the tier in 1..3 and net edges in -2..2, equal to netEdgesOf", () => {
    fc.assert(fc.property(input, (i) => {
      const r = resolvePowerRoll(i);
      expect([1, 2, 3]).toContain(r.tier);
      expect([-2, -1, 0, 1, 2]).toContain(r.netEdges);
      expect(r.netEdges).toBe(netEdgesOf(i.edges, i.banes));
    }));
  });
  it("never lowers the tier when an edge is added", () => {
    fc.assert(fc.property(input, (i) => {
      expect(resolvePowerRoll({ ...i, edges: i.edges + 1 }).tier).toBeGreaterThanOrEqual(resolvePowerRoll(i).tier);
    }));
  });
  it("never raises the tier when a bane is added", () => {
    fc.assert(fc.property(input, (i) => {
      expect(resolvePowerRoll({ ...i, banes: i.banes + 1 }).tier).toBeLessThanOrEqual(resolvePowerRoll(i).tier);
    }));
  });
  it("never lowers the tier for a higher characteristic", () => {
    fc.assert(fc.property(input, fc.integer({ min: 0, max: 10 }), (i, more) => {
      expect(resolvePowerRoll({ ...i, characteristic: i.characteristic + more }).tier).toBeGreaterThanOrEqual(resolvePowerRoll(i).tier);
    }));
  });
  it("never lowers the tier or total for a higher bonus (monotone without any downgrade)", () => {
    fc.assert(fc.property(input, fc.integer({ min: 0, max: 10 }), (i, more) => {
      const base = resolvePowerRoll(i);
      const up = resolvePowerRoll({ ...i, bonuses: i.bonuses + more });
      expect(up.tier).toBeGreaterThanOrEqual(base.tier);
      expect(up.total - base.total).toBe(more);
    }));
  });
  it("always gives tier 3 on a natural 19 or 20, and the natural is the dice sum", () => {
    fc.assert(fc.property(input, (i) => {
      const r = resolvePowerRoll(i);
      expect(r.natural).toBe(i.dice[0] + i.dice[1]);
      expect(r.isNatural19or20).toBe(r.natural >= 19);
      if (r.natural >= 19) expect(r.tier).toBe(3);
    }));
  });
  it("changes the total only by a single net edge or bane", () => {
    fc.assert(fc.property(input, (i) => {
      const r = resolvePowerRoll(i);
      const plain = i.dice[0] + i.dice[1] + i.characteristic + i.bonuses;
      expect(r.total - plain).toBe(r.netEdges === 1 ? 2 : r.netEdges === -1 ? -2 : 0);
    }));
  });
  it("moves the tier of a non-19/20 roll only through a double edge or bane", () => {
    fc.assert(fc.property(input, (i) => {
      const r = resolvePowerRoll(i);
      fc.pre(!r.isNatural19or20);
      const shift = r.netEdges === 2 ? 1 : r.netEdges === -2 ? -1 : 0;
      expect(r.tier).toBe(Math.max(1, Math.min(3, tierOfTotal(r.total) + shift)));
    }));
  });
});

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { netEdgesOf, resolvePowerRoll, tierOfTotal } from "../../src/rules/index.ts";

/**
 * The seed's cancellation rules written out as a table (L225–230), independent of the
 * implementation's arithmetic: [edges, banes] → net edges.
 */
function expectedNet(edges: number, banes: number): number {
  const e = edges >= 2 ? "double" : edges === 1 ? "single" : "none";
  const b = banes >= 2 ? "double" : banes === 1 ? "single" : "none";
  const table: Record<string, number> = {
    "none/none": 0, "single/none": 1, "double/none": 2,
    "none/single": -1, "single/single": 0, "double/single": 1,
    "none/double": -2, "single/double": -1, "double/double": 0,
  };
  return table[`${e}/${b}`]!;
}

const tierTable = (t: number) => (t <= 11 ? 1 : t <= 16 ? 2 : 3);

describe("tierOfTotal", () => {
  it("maps totals to tiers at the seed's boundaries (≤11, 12–16, 17+)", () => {
    expect([-10, 0, 11].map(tierOfTotal)).toEqual([1, 1, 1]);
    expect([12, 14, 16].map(tierOfTotal)).toEqual([2, 2, 2]);
    expect([17, 20, 40].map(tierOfTotal)).toEqual([3, 3, 3]);
  });
});

describe("netEdgesOf", () => {
  it.each([0, 1, 2, 3, 4].flatMap((e) => [0, 1, 2, 3, 4].map((b) => [e, b])))("%i edges and %i banes", (e, b) => {
    expect(netEdgesOf(e!, b!)).toBe(expectedNet(e!, b!));
  });
  it("rejects negative or fractional counts", () => {
    expect(() => netEdgesOf(-1, 0)).toThrow(RangeError);
    expect(() => netEdgesOf(0, 1.5)).toThrow(RangeError);
  });
});

describe("resolvePowerRoll: every edge/bane combination at every tier boundary", () => {
  // Dice pairs whose natural (before modifiers) lands so that the modified total sits on a boundary.
  const naturals = [4, 9, 10, 11, 12, 14, 15, 16, 17, 18];
  const cases = [0, 1, 2, 3].flatMap((edges) => [0, 1, 2, 3].flatMap((banes) => naturals.map((natural) => ({ edges, banes, natural }))));
  it.each(cases)("natural $natural, $edges edges, $banes banes", ({ edges, banes, natural }) => {
    const dice: [number, number] = [Math.min(10, natural - 1), natural - Math.min(10, natural - 1)];
    const net = expectedNet(edges, banes);
    const expectedTotal = natural + (net === 1 ? 2 : net === -1 ? -2 : 0);
    let expectedTier = tierTable(expectedTotal);
    if (net === 2) expectedTier = Math.min(3, expectedTier + 1);
    if (net === -2) expectedTier = Math.max(1, expectedTier - 1);
    const r = resolvePowerRoll({ dice, characteristic: 0, edges, banes });
    expect(r).toEqual({ natural, total: expectedTotal, tier: expectedTier, netEdges: net, isNatural19or20: false });
  });
});

describe("resolvePowerRoll: particular cases", () => {
  it("adds the characteristic and bonuses before edges (bonus +2 and an edge move 10 to 14)", () => {
    expect(resolvePowerRoll({ dice: [5, 3], characteristic: 0, bonuses: 2, edges: 1 })).toMatchObject({ natural: 8, total: 12, tier: 2 });
    expect(resolvePowerRoll({ dice: [5, 5], characteristic: 0, bonuses: 2, edges: 1 })).toMatchObject({ total: 14, tier: 2 });
    expect(resolvePowerRoll({ dice: [5, 5], characteristic: 2, bonuses: -3, banes: 1 })).toMatchObject({ total: 7, tier: 1 });
  });
  it("keeps natural 19 and 20 at tier 3 under a double bane and any characteristic", () => {
    for (const dice of [[10, 9], [9, 10], [10, 10]] as [number, number][]) {
      for (const characteristic of [-5, 0, 5]) {
        const r = resolvePowerRoll({ dice, characteristic, banes: 2, bonuses: -10 });
        expect(r.tier).toBe(3);
        expect(r.isNatural19or20).toBe(true);
      }
    }
  });
  it("lets a double bane drop a natural 18", () => {
    expect(resolvePowerRoll({ dice: [9, 9], characteristic: 0, banes: 2 })).toMatchObject({ total: 18, tier: 2, isNatural19or20: false });
  });
  it("caps double edge at tier 3 and double bane at tier 1", () => {
    expect(resolvePowerRoll({ dice: [9, 8], characteristic: 2, edges: 2 }).tier).toBe(3);
    expect(resolvePowerRoll({ dice: [1, 1], characteristic: 0, banes: 5 }).tier).toBe(1);
  });
  it("rejects faces outside 1..10, bad counts and non-integers", () => {
    const bad: unknown[] = [
      { dice: [0, 5], characteristic: 0 }, { dice: [11, 5], characteristic: 0 }, { dice: [5], characteristic: 0 },
      { dice: [5, 5, 5], characteristic: 0 }, { dice: [5.5, 5], characteristic: 0 }, { dice: "55", characteristic: 0 },
      { dice: [5, 5], characteristic: 0, edges: -1 }, { dice: [5, 5], characteristic: 0, banes: -2 },
      { dice: [5, 5], characteristic: 0.5 }, { dice: [5, 5], characteristic: Number.NaN },
      { dice: [5, 5], characteristic: 0, bonuses: Infinity },
    ];
    for (const input of bad) expect(() => resolvePowerRoll(input as never), JSON.stringify(input)).toThrow(RangeError);
  });
});

describe("resolvePowerRoll: properties", () => {
  const die = fc.integer({ min: 1, max: 10 });
  const count = fc.integer({ min: 0, max: 5 });
  const input = fc.record({
    dice: fc.tuple(die, die), characteristic: fc.integer({ min: -5, max: 5 }),
    edges: count, banes: count, bonuses: fc.integer({ min: -10, max: 10 }),
  });
  it("keeps the tier in 1..3 and net edges in -2..2", () => {
    fc.assert(fc.property(input, (i) => {
      const r = resolvePowerRoll(i);
      expect([1, 2, 3]).toContain(r.tier);
      expect(r.netEdges).toBeGreaterThanOrEqual(-2);
      expect(r.netEdges).toBeLessThanOrEqual(2);
    }));
  });
  it("never lowers the tier when an edge is added, never raises it when a bane is added", () => {
    fc.assert(fc.property(input, (i) => {
      const base = resolvePowerRoll(i).tier;
      expect(resolvePowerRoll({ ...i, edges: i.edges + 1 }).tier).toBeGreaterThanOrEqual(base);
      expect(resolvePowerRoll({ ...i, banes: i.banes + 1 }).tier).toBeLessThanOrEqual(base);
    }));
  });
  it("never lowers the tier for a higher characteristic or bonus", () => {
    fc.assert(fc.property(input, fc.integer({ min: 0, max: 5 }), (i, more) => {
      const base = resolvePowerRoll(i).tier;
      expect(resolvePowerRoll({ ...i, bonuses: i.bonuses + more }).tier).toBeGreaterThanOrEqual(base);
      if (i.characteristic + more <= 5) {
        expect(resolvePowerRoll({ ...i, characteristic: i.characteristic + more }).tier).toBeGreaterThanOrEqual(base);
      }
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
  it("changes the total by at most the single edge or bane", () => {
    fc.assert(fc.property(input, (i) => {
      const r = resolvePowerRoll(i);
      const plain = i.dice[0] + i.dice[1] + i.characteristic + i.bonuses;
      expect(r.total - plain).toBe(r.netEdges === 1 ? 2 : r.netEdges === -1 ? -2 : 0);
    }));
  });
});

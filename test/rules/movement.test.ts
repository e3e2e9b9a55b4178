// Moving on the map (src/rules/movement.ts): straight paths, opportunity attacks, enemy spaces and
// shifting, by example from the seed and by property.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { enemySpaceCost, opportunityAttackers, shiftAllowance, spaceDistance, straightPath } from "../../src/rules/index.ts";
import type { GridSpace, MoveKind, ReachCreature } from "../../src/rules/index.ts";

const at = (x: number, y: number, size = 1): GridSpace => ({ x, y, size });
const space = fc.record({ x: fc.integer({ min: -10, max: 10 }), y: fc.integer({ min: -10, max: 10 }), size: fc.integer({ min: 1, max: 3 }) });

describe("straightPath", () => {
  it("steps one square at a time from start to end, both included", () => {
    expect(straightPath(at(0, 0), { x: 3, y: 0 })).toEqual([at(0, 0), at(1, 0), at(2, 0), at(3, 0)]);
    expect(straightPath(at(0, 0, 2), { x: 2, y: 2 })).toEqual([at(0, 0, 2), at(1, 1, 2), at(2, 2, 2)]);
    expect(straightPath(at(4, 4), { x: 4, y: 4 })).toEqual([at(4, 4)]);
  });
  it("has as many steps as the distance moved, each to an adjacent square", () => {
    fc.assert(fc.property(space, fc.integer({ min: -10, max: 10 }), fc.integer({ min: -10, max: 10 }), (from, x, y) => {
      const path = straightPath(from, { x, y });
      expect(path.length - 1).toBe(Math.max(Math.abs(x - from.x), Math.abs(y - from.y)));
      expect(path.at(-1)).toEqual({ x, y, size: from.size });
      for (let i = 1; i < path.length; i++) expect(Math.max(Math.abs(path[i]!.x - path[i - 1]!.x), Math.abs(path[i]!.y - path[i - 1]!.y))).toBe(1);
    }));
  });
  it("throws a RangeError for a square that is not whole", () => {
    expect(() => straightPath(at(0, 0), { x: 1.5, y: 0 })).toThrow(RangeError);
  });
});

describe("opportunityAttackers (L7103)", () => {
  const goblin = (id: string, x: number, y: number, more: Partial<ReachCreature> = {}): ReachCreature =>
    ({ id, space: at(x, y), disposition: -1, reach: 1, canAct: true, ...more });
  const hero = { id: "hero", disposition: 1 };
  const walkAway = straightPath(at(5, 5), { x: 9, y: 5 });
  it("names each enemy whose reach the mover leaves by moving, once, in the order left", () => {
    const creatures = [goblin("behind", 4, 5), goblin("far", 15, 5), goblin("beside", 6, 6), goblin("friend", 5, 4, { disposition: 1 })];
    expect(opportunityAttackers({ path: walkAway, kind: "move", mover: hero, creatures })).toEqual(["behind", "beside"]);
  });
  it("uses each creature's reach: a reach-2 enemy is left a square later, and moving within reach provokes nothing", () => {
    expect(opportunityAttackers({ path: straightPath(at(5, 5), { x: 6, y: 5 }), kind: "move", mover: hero, creatures: [goblin("long", 4, 5, { reach: 2 })] })).toEqual([]);
    expect(opportunityAttackers({ path: walkAway, kind: "move", mover: hero, creatures: [goblin("long", 4, 5, { reach: 2 })] })).toEqual(["long"]);
    const circling = [at(5, 5), at(5, 4), at(4, 4)];
    expect(opportunityAttackers({ path: circling, kind: "move", mover: hero, creatures: [goblin("g", 4, 5)] })).toEqual([]);
  });
  it("provokes nothing by shifting, forced movement, teleporting or falling, nor from who cannot act or is neutral", () => {
    const creatures = [goblin("g", 4, 5)];
    for (const kind of ["shift", "forced", "teleport", "fall"] as MoveKind[]) expect(opportunityAttackers({ path: walkAway, kind, mover: hero, creatures })).toEqual([]);
    expect(opportunityAttackers({ path: walkAway, kind: "move", mover: hero, creatures: [goblin("g", 4, 5, { canAct: false })] })).toEqual([]);
    expect(opportunityAttackers({ path: walkAway, kind: "move", mover: { id: "n", disposition: 0 }, creatures })).toEqual([]);
  });
  it("never names a creature the mover was never within reach of, nor one it ends within reach of without leaving it", () => {
    fc.assert(fc.property(space, space, fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 }), (start, enemy, x, y) => {
      const path = straightPath(start, { x: start.x + x, y: start.y + y });
      const ids = opportunityAttackers({ path, kind: "move", mover: hero, creatures: [{ id: "e", space: enemy, disposition: -1, reach: 1, canAct: true }] });
      const within = path.map((p) => spaceDistance(p, enemy) <= 1);
      const left = within.some((w, i) => i > 0 && within[i - 1] && !w);
      expect(ids).toEqual(left ? ["e"] : []);
    }));
  });
  it("throws a RangeError for an empty path", () => {
    expect(() => opportunityAttackers({ path: [], kind: "move", mover: hero, creatures: [] })).toThrow(RangeError);
  });
});

describe("enemySpaceCost (L6830, L6914)", () => {
  it("adds one square to entering an enemy's space, not on top of difficult terrain, and nothing to forced movement", () => {
    expect(enemySpaceCost({ cost: 5, distance: 5, squareDistance: 5 })).toBe(10);
    expect(enemySpaceCost({ cost: 10, distance: 5, squareDistance: 5 })).toBe(10); // already difficult
    expect(enemySpaceCost({ cost: 1, distance: 1, squareDistance: 1 })).toBe(2);
    expect(enemySpaceCost({ cost: 5, distance: 5, squareDistance: 5, forced: true })).toBe(5);
    expect(enemySpaceCost({ cost: 0, distance: 0, squareDistance: 5 })).toBe(0);
  });
  it("throws a RangeError for negative costs or a square without length", () => {
    expect(() => enemySpaceCost({ cost: -1, distance: 1, squareDistance: 1 })).toThrow(RangeError);
    expect(() => enemySpaceCost({ cost: 1, distance: 1, squareDistance: 0 })).toThrow(RangeError);
  });
});

describe("shiftAllowance (L6840)", () => {
  it("is half the move's squares, rounded down", () => {
    expect(shiftAllowance(5)).toBe(2);
    expect(shiftAllowance(6)).toBe(3);
    expect(shiftAllowance(0)).toBe(0);
    expect(() => shiftAllowance(-1)).toThrow(RangeError);
  });
});

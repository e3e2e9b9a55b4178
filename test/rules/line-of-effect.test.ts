// Walls and line of effect (src/rules/line-of-effect.ts), by example from the seed's corner rule
// (L6646) and by property over random spaces and walls.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { burstTargets, forcedMovement, lineOfEffect, segmentsMeet, stepCrossesWall } from "../../src/rules/index.ts";
import type { GridSpace, WallSegment } from "../../src/rules/index.ts";

const at = (x: number, y: number, size = 1): GridSpace => ({ x, y, size });
const wall = (x0: number, y0: number, x1: number, y1: number): WallSegment => ({ x0, y0, x1, y1 });
const space = fc.record({ x: fc.integer({ min: -8, max: 8 }), y: fc.integer({ min: -8, max: 8 }), size: fc.integer({ min: 1, max: 3 }) });
const gridWall = fc.tuple(fc.integer({ min: -8, max: 8 }), fc.integer({ min: -8, max: 8 }), fc.integer({ min: 1, max: 6 }), fc.boolean())
  .map(([x, y, length, vertical]) => (vertical ? wall(x, y, x, y + length) : wall(x, y, x + length, y)));

describe("segmentsMeet", () => {
  it("finds crossings, touching ends and collinear overlaps, and nothing for parallel or separate segments", () => {
    const p = (x: number, y: number) => ({ x, y });
    expect(segmentsMeet(p(0, 0), p(2, 2), p(0, 2), p(2, 0))).toBe(true);
    expect(segmentsMeet(p(0, 0), p(2, 0), p(2, 0), p(2, 5))).toBe(true); // touches an end
    expect(segmentsMeet(p(0, 0), p(4, 0), p(2, 0), p(6, 0))).toBe(true); // collinear overlap
    expect(segmentsMeet(p(0, 0), p(4, 0), p(0, 1), p(4, 1))).toBe(false); // parallel
    expect(segmentsMeet(p(0, 0), p(1, 1), p(3, 0), p(3, 5))).toBe(false); // would meet only if extended
  });
});

describe("lineOfEffect", () => {
  it("is clear with no walls, and blocked by a wall between two creatures in a row", () => {
    expect(lineOfEffect(at(0, 0), at(5, 0), [])).toBe(true);
    // A wall along x = 3 from y = -5 to y = 6 stands between squares 2 and 3 of the row.
    expect(lineOfEffect(at(0, 0), at(5, 0), [wall(3, -5, 3, 6)])).toBe(false);
  });
  it("goes around a short wall from some corner to some corner (L6646)", () => {
    // A 1-square wall (y 0..1) between two squares in the same row blocks every corner pair.
    expect(lineOfEffect(at(0, 0), at(5, 0), [wall(3, 0, 3, 1)])).toBe(false);
    // A pillar's worth of wall between two creatures a row apart leaves a clear corner-to-corner line.
    expect(lineOfEffect(at(0, 0), at(5, 1), [wall(3, 0, 3, 1)])).toBe(true);
    // A room's corner: walls run down x = 2 and along y = 2 to the right, shutting in the squares
    // right of x = 2 and above y = 2 from everyone outside, and leaving the rest open to each other.
    const corner = [wall(2, -5, 2, 2), wall(2, 2, 8, 2)];
    expect(lineOfEffect(at(0, 0), at(4, 0), corner)).toBe(false);
    expect(lineOfEffect(at(0, 3), at(4, 0), corner)).toBe(false);
    expect(lineOfEffect(at(0, 0), at(4, 4), corner)).toBe(true);
    expect(lineOfEffect(at(0, 3), at(4, 4), corner)).toBe(true);
  });
  it("is not blocked by a wall a creature stands against, nor through a doorway's gap", () => {
    // Both stand against the same long wall on its one side.
    expect(lineOfEffect(at(0, 0), at(6, 0), [wall(-5, 0, 10, 0)])).toBe(true);
    // A wall with a one-square gap at x 3..4: seen through the gap.
    expect(lineOfEffect(at(3, -3), at(3, 3), [wall(-5, 0, 3, 0), wall(4, 0, 10, 0)])).toBe(true);
    // Walls that meet at a joint let no line slip through it.
    expect(lineOfEffect(at(3, -3), at(3, 3), [wall(-5, 0, 3, 0), wall(3, 0, 10, 0)])).toBe(false);
  });
  it("always holds between overlapping spaces, and for a large creature from any of its corners", () => {
    expect(lineOfEffect(at(0, 0, 2), at(1, 1), [wall(-9, 1.5, 9, 1.5)])).toBe(true);
    // A size 3 creature whose top corners rise above a low wall.
    expect(lineOfEffect(at(0, 0, 3), at(6, 0), [wall(4, 1, 4, 5)])).toBe(true);
  });
  it("is symmetric, and walls only ever take line of effect away", () => {
    fc.assert(fc.property(space, space, fc.array(gridWall, { maxLength: 6 }), gridWall, (a, b, walls, extra) => {
      const seen = lineOfEffect(a, b, walls);
      expect(lineOfEffect(b, a, walls)).toBe(seen);
      if (!seen) expect(lineOfEffect(a, b, [...walls, extra])).toBe(false);
    }));
  });
  it("throws a RangeError for a space that is not whole squares or a wall without coordinates", () => {
    expect(() => lineOfEffect(at(0.5, 0), at(1, 1), [])).toThrow(RangeError);
    expect(() => lineOfEffect(at(0, 0), at(1, 1), [{ x0: 0, y0: 0, x1: Number.NaN, y1: 1 }])).toThrow(RangeError);
  });
});

describe("stepCrossesWall", () => {
  it("finds a wall between a square and the next, straight or diagonal, for every square of a large space", () => {
    expect(stepCrossesWall(at(2, 0), at(3, 0), [wall(3, -1, 3, 2)])).toBe(true);
    expect(stepCrossesWall(at(3, 0), at(4, 0), [wall(3, -1, 3, 2)])).toBe(false);
    expect(stepCrossesWall(at(2, 0), at(3, 1), [wall(3, 1, 3, 2)])).toBe(true); // diagonal through the wall's end
    expect(stepCrossesWall(at(0, 0, 2), at(1, 0, 2), [wall(2, 1, 2, 2)])).toBe(true); // only the lower row meets it
  });
  it("is the same for the step back", () => {
    fc.assert(fc.property(space, fc.integer({ min: -1, max: 1 }), fc.integer({ min: -1, max: 1 }), fc.array(gridWall, { maxLength: 4 }), (s, dx, dy, walls) => {
      const next = { ...s, x: s.x + dx, y: s.y + dy };
      expect(stepCrossesWall(next, s, walls)).toBe(stepCrossesWall(s, next, walls));
    }));
  });
});

describe("walls in forced movement and areas", () => {
  const base = { creatures: [], objects: [], stability: 0 };
  it("a push into a wall ends there, with 1 damage per square left (L6956)", () => {
    const r = forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 4, walls: [wall(8, 0, 8, 10)] });
    expect(r).toEqual({ end: at(7, 5), moved: 2, damage: 2, slammed: [], broken: [], stoppedBy: "wall", elevation: 0, fell: null });
    // A wall beyond the distance changes nothing.
    expect(forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 2, walls: [wall(8, 0, 8, 10)] }).stoppedBy).toBeNull();
  });
  it("a burst affects no one behind a wall (L6519)", () => {
    const self = { id: "me", space: at(5, 5), disposition: 1 };
    const creatures = [{ id: "seen", space: at(6, 5), disposition: -1 }, { id: "behind", space: at(3, 5), disposition: -1 }];
    expect(burstTargets({ self, distance: 2, affects: "enemy", creatures })).toEqual(["seen", "behind"]);
    expect(burstTargets({ self, distance: 2, affects: "enemy", creatures, walls: [wall(5, 0, 5, 10)] })).toEqual(["seen"]);
  });
});

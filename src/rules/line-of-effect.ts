/**
 * Walls on the map and line of effect (seed 004, L6644–6652): "imagine drawing a straight line from
 * any corner of the space you occupy on the map to any corner of a space the creature occupies. If
 * you can do this with at least one corner connecting to another with no obstruction in between, you
 * have line of effect". Pure: squares in (a wall is a segment between two points measured in squares,
 * a creature's space a `GridSpace`), booleans out.
 */
import { checkGridSpace } from "./ability-use.ts";
import type { GridSpace } from "./ability-use.ts";

/** A wall on the map: a straight segment from (x0, y0) to (x1, y1), in squares (a grid line is a whole number). */
export interface WallSegment { x0: number; y0: number; x1: number; y1: number }

interface Point { x: number; y: number }

const EPSILON = 1e-9;

/**
 * How far inside its space a corner is taken (a fraction of a square): a creature standing against a
 * wall has its corner on the wall's line, and a sight line from that corner must not count as
 * crossing the wall it merely touches.
 */
export const CORNER_INSET = 0.01;

function checkWalls(walls: readonly WallSegment[]): void {
  if (!Array.isArray(walls)) throw new RangeError("walls must be a list of segments");
  for (const w of walls) {
    if (!w || ![w.x0, w.y0, w.x1, w.y1].every(Number.isFinite)) throw new RangeError(`a wall must have four finite coordinates, got ${JSON.stringify(w)}`);
  }
}

/** Which side of the line through a and b the point c lies on: 1, −1, or 0 on the line. */
function orientation(a: Point, b: Point, c: Point): number {
  const v = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  return v > EPSILON ? 1 : v < -EPSILON ? -1 : 0;
}

const onSegment = (a: Point, b: Point, c: Point) =>
  Math.min(a.x, b.x) - EPSILON <= c.x && c.x <= Math.max(a.x, b.x) + EPSILON
  && Math.min(a.y, b.y) - EPSILON <= c.y && c.y <= Math.max(a.y, b.y) + EPSILON;

/**
 * Whether the segments p–q and a–b meet, ends included: a line that passes through the joint of two
 * walls, or touches a wall's end, counts as blocked, so no line slips between walls that meet.
 */
export function segmentsMeet(p: Point, q: Point, a: Point, b: Point): boolean {
  const o1 = orientation(p, q, a);
  const o2 = orientation(p, q, b);
  const o3 = orientation(a, b, p);
  const o4 = orientation(a, b, q);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(p, q, a)) || (o2 === 0 && onSegment(p, q, b))
    || (o3 === 0 && onSegment(a, b, p)) || (o4 === 0 && onSegment(a, b, q));
}

/** Whether the straight line from `from` to `to` meets any wall. */
export function lineBlocked(from: Point, to: Point, walls: readonly WallSegment[]): boolean {
  return walls.some((w) => segmentsMeet(from, to, { x: w.x0, y: w.y0 }, { x: w.x1, y: w.y1 }));
}

/** The four corners of a space, each taken `CORNER_INSET` inside it. */
export function spaceCorners(s: GridSpace): Point[] {
  const lo = CORNER_INSET;
  const hi = s.size - CORNER_INSET;
  return [{ x: s.x + lo, y: s.y + lo }, { x: s.x + hi, y: s.y + lo }, { x: s.x + lo, y: s.y + hi }, { x: s.x + hi, y: s.y + hi }];
}

/**
 * Line of effect from one space to another (L6646): some corner of `from` joins some corner of `to`
 * with a straight line that meets no wall. Spaces that overlap always have it. Throws a RangeError
 * for a space that is not whole squares or a wall without four finite coordinates.
 */
export function lineOfEffect(from: GridSpace, to: GridSpace, walls: readonly WallSegment[]): boolean {
  checkGridSpace("from", from);
  checkGridSpace("to", to);
  checkWalls(walls);
  if (!walls.length) return true;
  const overlap = from.x < to.x + to.size && to.x < from.x + from.size && from.y < to.y + to.size && to.y < from.y + from.size;
  if (overlap) return true;
  const targets = spaceCorners(to);
  return spaceCorners(from).some((a) => targets.some((b) => !lineBlocked(a, b, walls)));
}

/**
 * Whether moving a space one step to `to` crosses a wall (forced movement, L6956: a wall is a
 * stationary object that stops it): the line between the centres of each square of the space and of
 * the same square after the step meets a wall. Throws a RangeError as `lineOfEffect` does.
 */
export function stepCrossesWall(from: GridSpace, to: GridSpace, walls: readonly WallSegment[]): boolean {
  checkGridSpace("from", from);
  checkGridSpace("to", to);
  checkWalls(walls);
  if (!walls.length) return false;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  for (let y = from.y; y < from.y + from.size; y++) {
    for (let x = from.x; x < from.x + from.size; x++) {
      if (lineBlocked({ x: x + 0.5, y: y + 0.5 }, { x: x + dx + 0.5, y: y + dy + 0.5 }, walls)) return true;
    }
  }
  return false;
}

/**
 * An ability's area on the battlefield (seed 004, L6517 on): the squares of bursts, auras, cubes,
 * lines and walls, the creatures in them, where an area may be placed, and the rectangles a region
 * draws. Pure: grid squares in, squares and ids out. Apart from ./battlefield.ts: only area
 * targeting and area regions use it, after the start (docs/architecture.md, "Loading").
 */
import { checkGridSpace } from "./ability-use.ts";
import type { GridSpace } from "./ability-use.ts";
import { lineOfEffect } from "./line-of-effect.ts";
import type { WallSegment } from "./line-of-effect.ts";
import { creaturesInArea, spaceDistance, spaceSquares, spacesOverlap } from "./battlefield.ts";

/**
 * The squares of a burst of `distance` from a creature's space, measured from its whole space
 * whatever its size (L6822 on; the reading of "burst"): every square within the distance,
 * the creature's own squares excluded. Throws a RangeError for a bad space or distance.
 */
export function burstSquares(origin: GridSpace, distance: number): { x: number; y: number }[] {
  checkGridSpace("origin", origin);
  if (!Number.isInteger(distance) || distance < 1) throw new RangeError(`distance must be a whole number of 1 or more, got ${distance}`);
  // Every square of the bounding box lies within the distance (diagonals count 1); only the
  // creature's own squares are left out. One step per square given back, row by row.
  const out: { x: number; y: number }[] = [];
  const row = (y: number, from: number, to: number) => {
    for (let x = from; x < to; x++) out.push({ x, y });
  };
  const [left, right] = [origin.x - distance, origin.x + origin.size + distance];
  for (let y = origin.y - distance; y < origin.y + origin.size + distance; y++) {
    if (y >= origin.y && y < origin.y + origin.size) {
      row(y, left, origin.x);
      row(y, origin.x + origin.size, right);
    } else row(y, left, right);
  }
  return out;
}

/**
 * Whether a cube of `size` with this top-left square lies "within" `distance` of the user: its origin
 * square, which the caller chooses among the cube's squares, must be within the distance (the
 * issue's reading of "N cube within D"). Here any of the cube's squares counts as its origin.
 */
export function cubeWithin(user: GridSpace, cube: GridSpace, distance: number): boolean {
  checkGridSpace("user", user);
  checkGridSpace("cube", cube);
  if (!Number.isInteger(distance) || distance < 0) throw new RangeError(`distance must be a whole number of 0 or more, got ${distance}`);
  return spaceDistance(user, cube) <= distance;
}

/** A rectangle of whole squares: its top-left square and its width and height in squares. */
export interface SquareRect { x: number; y: number; width: number; height: number }

/**
 * The squares of an area as few rectangles, covering exactly those squares: each row's runs of
 * adjacent squares, merged with the rows below that have the same run. Duplicates count once.
 * Throws a RangeError for a square that is not whole.
 */
export function areaRectangles(squares: readonly { x: number; y: number }[]): SquareRect[] {
  // Each row's squares in a set (a duplicate counts once), then sorted: n log n in the squares given.
  const rows = new Map<number, Set<number>>();
  for (const q of squares) {
    if (!Number.isInteger(q?.x) || !Number.isInteger(q?.y)) throw new RangeError(`a square must be whole, got ${JSON.stringify(q)}`);
    let row = rows.get(q.y);
    if (!row) rows.set(q.y, (row = new Set()));
    row.add(q.x);
  }
  const open = new Map<string, SquareRect>();
  const out: SquareRect[] = [];
  for (const y of [...rows.keys()].sort((a, b) => a - b)) {
    const xs = [...rows.get(y)!].sort((a, b) => a - b);
    const runs: { x: number; width: number }[] = [];
    for (const x of xs) {
      const last = runs.at(-1);
      if (last && last.x + last.width === x) last.width++;
      else runs.push({ x, width: 1 });
    }
    const next = new Map<string, SquareRect>();
    for (const run of runs) {
      const key = `${run.x}:${run.width}`;
      const above = open.get(key);
      if (above && above.y + above.height === y) {
        above.height++;
        next.set(key, above);
      } else {
        const rect = { x: run.x, y, width: run.width, height: 1 };
        out.push(rect);
        next.set(key, rect);
      }
    }
    open.clear();
    for (const [k, v] of next) open.set(k, v);
  }
  return out;
}

/**
 * The squares of a burst of `distance` around a space (`burstSquares`) as the rectangles
 * `areaRectangles` makes of them: the band above the space, the strips to its left and right, the
 * band below. Four rectangles whatever the distance, without listing a square. RangeError as
 * `burstSquares`.
 */
export function burstRectangles(origin: GridSpace, distance: number): SquareRect[] {
  checkGridSpace("origin", origin);
  if (!Number.isInteger(distance) || distance < 1) throw new RangeError(`distance must be a whole number of 1 or more, got ${distance}`);
  const { x, y, size } = origin;
  const width = size + 2 * distance;
  return [
    { x: x - distance, y: y - distance, width, height: distance },
    { x: x - distance, y, width: distance, height: size },
    { x: x + size, y, width: distance, height: size },
    { x: x - distance, y: y + size, width, height: distance },
  ];
}

/** Whom an area ability affects, from its target text ("Each enemy in the burst", L6822 on). */
export type AreaAffects = "enemy" | "ally" | "creature";

/**
 * Read whom an area affects from its target line: "each enemy", "each ally" or "each creature"
 * (objects and the user's own inclusion are left to the user). Null for any other target line.
 */
export function areaAffects(targetText: string): AreaAffects | null {
  const m = /\beach\s+(enemy|ally|creature)/i.exec(String(targetText ?? ""));
  return m ? (m[1]!.toLowerCase() as AreaAffects) : null;
}

/** A creature on the map, as area targeting reads it. */
export interface AreaCreature { id: string; space: GridSpace; disposition: number }

/**
 * The creatures a burst or aura affects (L6840 on): every creature with a square within `distance`
 * of the user's space, whatever the user's size (`burstSquares`), that the target line names:
 * enemies are of the opposite disposition, allies of the same, creatures any; the user never. An
 * area does not pass through walls (L6519): with `walls`, a creature is affected only when the user
 * has line of effect to it. RangeError for a bad space or distance.
 */
export function burstTargets(input: {
  self: AreaCreature; distance: number; affects: AreaAffects; creatures: readonly AreaCreature[]; walls?: readonly WallSegment[];
}): string[] {
  return targetsInArea({ ...input, squares: burstSquares(input.self.space, input.distance), origin: input.self.space });
}

/**
 * The creatures an area affects: those the target line names (as `burstTargets`: enemies of the
 * user's opposite disposition, allies of the same, any creature; never the user) with a square in
 * the area, and, with `walls`, line of effect from the area's origin (the user's space for a burst,
 * the origin square for a cube, L6517–6519). RangeError for a bad space.
 */
export function targetsInArea(input: {
  self: AreaCreature; squares: readonly { x: number; y: number }[]; origin: GridSpace; affects: AreaAffects;
  creatures: readonly AreaCreature[]; walls?: readonly WallSegment[];
}): string[] {
  const d = input.self.disposition;
  const wanted = (c: AreaCreature) => (input.affects === "creature" ? true
    : input.affects === "enemy" ? d !== 0 && c.disposition === -d
      : d !== 0 && c.disposition === d);
  const walls = input.walls ?? [];
  const candidates = input.creatures.filter((c) => c.id !== input.self.id && wanted(c)
    && (!walls.length || lineOfEffect(input.origin, c.space, walls)));
  return creaturesInArea(candidates.map((c) => ({ ...c.space, id: c.id })), input.squares).map((c) => c.id);
}

/**
 * The squares of an "A × B line" (L6526: A squares long, B wide) whose first square is `origin`,
 * pointing toward the square `toward`: its direction is the nearest of the eight (along a row, a
 * column or a diagonal; east when `toward` is `origin`); a wider line spreads across it, centred on
 * the line (across a row or column line, and along the row for a diagonal one, so it has no gaps).
 * RangeError for a bad square, length or width.
 */
export function lineSquares(
  origin: { x: number; y: number }, toward: { x: number; y: number }, length: number, width: number,
): { x: number; y: number }[] {
  for (const [name, q] of [["origin", origin], ["toward", toward]] as const) {
    if (!Number.isInteger(q?.x) || !Number.isInteger(q?.y)) throw new RangeError(`${name} must be a whole square, got ${JSON.stringify(q)}`);
  }
  if (!Number.isInteger(length) || length < 1) throw new RangeError(`length must be a whole number of 1 or more, got ${length}`);
  if (!Number.isInteger(width) || width < 1) throw new RangeError(`width must be a whole number of 1 or more, got ${width}`);
  const dx = toward.x - origin.x;
  const dy = toward.y - origin.y;
  const octant = dx === 0 && dy === 0 ? 0 : Math.round(Math.atan2(dy, dx) / (Math.PI / 4));
  const dir = { x: Math.round(Math.cos((octant * Math.PI) / 4)), y: Math.round(Math.sin((octant * Math.PI) / 4)) };
  const across = dir.x !== 0 && dir.y !== 0 ? { x: 1, y: 0 } : { x: -dir.y, y: dir.x };
  const first = -Math.floor((width - 1) / 2);
  const seen = new Set<string>();
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < length; i++) {
    for (let j = first; j < first + width; j++) {
      const q = { x: origin.x + i * dir.x + j * across.x, y: origin.y + i * dir.y + j * across.y };
      const key = `${q.x},${q.y}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(q);
      }
    }
  }
  return out;
}

/**
 * Whether squares make a wall an ability may build (L6527): no square twice, at most `size` of them,
 * each sharing a side (not just a corner) with another square of the wall, so that they hang
 * together. An empty list is not a wall.
 */
export function isWallShape(squares: readonly { x: number; y: number }[], size: number): boolean {
  if (!squares.length || squares.length > size) return false;
  const keys = new Set(squares.map((q) => `${q.x},${q.y}`));
  if (keys.size !== squares.length || squares.some((q) => !Number.isInteger(q.x) || !Number.isInteger(q.y))) return false;
  const reached = new Set<string>([`${squares[0]!.x},${squares[0]!.y}`]);
  const queue = [squares[0]!];
  for (let next = 0; next < queue.length; next++) {
    const q = queue[next]!;
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
      const k = `${q.x + dx},${q.y + dy}`;
      if (keys.has(k) && !reached.has(k)) {
        reached.add(k);
        queue.push({ x: q.x + dx, y: q.y + dy });
      }
    }
  }
  return reached.size === keys.size;
}

/**
 * The outline of a set of squares as unit segments in squares (each side of a square with no square
 * of the set beyond it): the walls a wall area raises on the map so it blocks line of effect (L6527).
 */
export function squaresOutline(squares: readonly { x: number; y: number }[]): WallSegment[] {
  const keys = new Set(squares.map((q) => `${q.x},${q.y}`));
  const out: WallSegment[] = [];
  for (const key of keys) {
    const [x, y] = key.split(",").map(Number) as [number, number];
    if (!keys.has(`${x},${y - 1}`)) out.push({ x0: x, y0: y, x1: x + 1, y1: y });
    if (!keys.has(`${x + 1},${y}`)) out.push({ x0: x + 1, y0: y, x1: x + 1, y1: y + 1 });
    if (!keys.has(`${x},${y + 1}`)) out.push({ x0: x, y0: y + 1, x1: x + 1, y1: y + 1 });
    if (!keys.has(`${x - 1},${y}`)) out.push({ x0: x, y0: y, x1: x, y1: y + 1 });
  }
  return out;
}

/**
 * The space of a cube of `size` whose centre is the square `centre` (for an even size, the square
 * up and left of the middle): the square a user clicks to place a cube. RangeError for a bad size
 * or square.
 */
export function cubeAround(centre: { x: number; y: number }, size: number): GridSpace {
  if (!Number.isInteger(centre?.x) || !Number.isInteger(centre?.y)) throw new RangeError(`centre must be a whole square, got ${JSON.stringify(centre)}`);
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`size must be a whole number of 1 or more, got ${size}`);
  const back = Math.floor((size - 1) / 2);
  return { x: centre.x - back, y: centre.y - back, size };
}

/**
 * An ability's area on the map: its kind, its size (a burst's or aura's distance, a cube's side, a
 * line's length, a wall's squares), a line's width, and how far away a cube's, line's or wall's
 * origin square may be.
 */
export interface AbilityArea { kind: "burst" | "aura" | "cube" | "line" | "wall"; size: number; width: number; within: number }

/**
 * An ability's area with the kit's bonuses, or null for a distance that is no area: a Magic ability
 * adds the kit's area bonus to every dimension (L4699–4703: a wall's squares too); a Ranged ability
 * with the Magic or Weapon keyword adds the kit's distance bonus to how far away the area may be
 * placed, never to its size (L4687–4693).
 */
export function abilityAreaDimensions(input: {
  kind: string; primary: number; secondary: number; within: number; keywords: readonly string[]; kitArea: number; kitDistance: number;
}): AbilityArea | null {
  const { kind } = input;
  if (kind !== "burst" && kind !== "aura" && kind !== "cube" && kind !== "line" && kind !== "wall") return null;
  const keywords = new Set(input.keywords.map((k) => k.toLowerCase()));
  const bonus = keywords.has("magic") ? Math.max(0, Number(input.kitArea) || 0) : 0;
  const reach = keywords.has("ranged") && (keywords.has("magic") || keywords.has("weapon")) ? Math.max(0, Number(input.kitDistance) || 0) : 0;
  const size = Math.max(1, Number(input.primary) || 0) + bonus;
  const width = kind === "line" ? Math.max(1, Number(input.secondary) || 0) + bonus : 1;
  return { kind, size, width, within: Math.max(0, Number(input.within) || 0) + reach };
}

/**
 * A cube's or a line's squares placed at `at` (and toward `toward`) for a user standing in `user`,
 * or why it cannot be placed there: its origin too far, or out of line of effect (L6517). The
 * placing user's client and the GM's both run it.
 */
export function placedArea(
  area: AbilityArea, user: GridSpace, at: { x: number; y: number }, toward: { x: number; y: number } | undefined,
  walls: readonly WallSegment[],
): { squares: { x: number; y: number }[] } | { refused: "tooFar" | "noLineOfEffect" } {
  const origin = { x: at.x, y: at.y, size: 1 };
  if (area.kind === "cube") {
    const cube = cubeAround(at, area.size);
    if (!cubeWithin(user, cube, area.within)) return { refused: "tooFar" };
    if (walls.length && !lineOfEffect(user, origin, walls)) return { refused: "noLineOfEffect" };
    return { squares: spaceSquares(cube) };
  }
  if (spaceDistance(user, origin) > area.within) return { refused: "tooFar" };
  if (walls.length && !lineOfEffect(user, origin, walls)) return { refused: "noLineOfEffect" };
  return { squares: lineSquares(at, toward ?? at, area.size, area.width) };
}

/**
 * Whether a wall area's squares may stand where they are for a user in `user` (L6527): a wall of at
 * most its size whose squares share sides, one of them within the ability's distance and in line
 * of effect, none in a creature's space.
 */
export function wallPlacement(
  area: AbilityArea, user: GridSpace, squares: readonly { x: number; y: number }[], occupied: readonly GridSpace[],
  walls: readonly WallSegment[],
): { refused: "tooFar" | "noLineOfEffect" | "shape" | "occupied" } | null {
  if (!isWallShape(squares, area.size)) return { refused: "shape" };
  if (squares.some((q) => occupied.some((o) => spacesOverlap({ x: q.x, y: q.y, size: 1 }, o)))) return { refused: "occupied" };
  const near = squares.filter((q) => spaceDistance(user, { x: q.x, y: q.y, size: 1 }) <= area.within);
  if (!near.length) return { refused: "tooFar" };
  if (walls.length && !near.some((q) => lineOfEffect(user, { x: q.x, y: q.y, size: 1 }, walls))) return { refused: "noLineOfEffect" };
  return null;
}

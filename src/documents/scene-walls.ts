/**
 * The scene's walls as the battlefield rules read them (src/rules/line-of-effect.ts): each wall that
 * stops movement, as a segment in squares. A wall of v13 (common/documents/wall.mjs `defineSchema`)
 * has its two ends in `c` ([x0, y0, x1, y1], canvas pixels, the same frame as a token's x and y), a
 * `move` restriction (CONST.WALL_MOVEMENT_TYPES: NONE 0, NORMAL 20), and as a door a `door` type
 * (CONST.WALL_DOOR_TYPES: NONE 0, DOOR 1, SECRET 2) and state `ds` (CONST.WALL_DOOR_STATES: CLOSED 0,
 * OPEN 1, LOCKED 2).
 *
 * The seed's "solid object, such as a wall or pillar" (L6646) is read as a wall that blocks movement:
 * a closed door or a window blocks line of effect, a curtain that only blocks sight does not
 * (glass and curtains are the Director's call, L6648); an open door lets it through.
 */
import type { WallSegment } from "../rules/line-of-effect.ts";

const WALL_MOVEMENT_NONE = 0;
const DOOR_NONE = 0;
const DOOR_OPEN = 1;

interface WallData { c?: readonly number[]; move?: number; door?: number; ds?: number }

/** A wall's document data as a segment in squares, or null when it does not block. */
export function wallSegment(wall: WallData, grid: number): WallSegment | null {
  const c = wall.c ?? [];
  if (c.length !== 4 || !c.every(Number.isFinite) || !(grid > 0)) return null;
  if ((wall.move ?? WALL_MOVEMENT_NONE) === WALL_MOVEMENT_NONE) return null;
  if ((wall.door ?? DOOR_NONE) !== DOOR_NONE && wall.ds === DOOR_OPEN) return null;
  return { x0: c[0]! / grid, y0: c[1]! / grid, x1: c[2]! / grid, y1: c[3]! / grid };
}

type SceneLike = { walls?: { contents?: readonly unknown[] } | null; grid?: { size?: number } };

/** Every wall of `scene` that blocks movement and line of effect, in squares of its grid. */
export function sceneWalls(scene: SceneLike | null | undefined): WallSegment[] {
  const grid = Number(scene?.grid?.size) || 0;
  const out: WallSegment[] = [];
  for (const wall of scene?.walls?.contents ?? []) {
    const segment = wallSegment(wall as WallData, grid);
    if (segment) out.push(segment);
  }
  return out;
}

/**
 * The battlefield's geometry and hazards (seed 004): distance in squares, flanking, high ground,
 * hurling a creature through an object, the squares a space covers and the creatures in some
 * squares, who can take triggered actions and a free strike's reach. Pure: grid squares in (a
 * creature's space is its top-left square and its size, `GridSpace`), numbers out. Areas (bursts,
 * cubes, lines, walls) are in ./areas.ts, forced movement in ./forced-movement.ts, falling in
 * ./falling.ts: each loads with the part of the system that uses it (docs/architecture.md, "Loading").
 */
import { checkGridSpace } from "./ability-use.ts";
import type { GridSpace } from "./ability-use.ts";
import { lineOfEffect } from "./line-of-effect.ts";
import type { WallSegment } from "./line-of-effect.ts";

/** Squares between two spaces along one axis: 0 when they overlap on it, 1 when they touch. */
function axisDistance(aStart: number, aSize: number, bStart: number, bSize: number): number {
  const gap = Math.max(bStart - (aStart + aSize), aStart - (bStart + bSize));
  return gap < 0 ? 0 : gap + 1;
}

/**
 * The distance between two spaces in squares, counted between their nearest squares with diagonals
 * counting 1 (L6822 on): adjacent spaces are 1 apart, overlapping ones 0. Throws a RangeError for a
 * space that is not whole squares.
 */
export function spaceDistance(a: GridSpace, b: GridSpace): number {
  checkGridSpace("a", a);
  checkGridSpace("b", b);
  return Math.max(axisDistance(a.x, a.size, b.x, b.size), axisDistance(a.y, a.size, b.y, b.size));
}

const adjacent = (a: GridSpace, b: GridSpace) => spaceDistance(a, b) === 1;
const centre = (s: GridSpace) => ({ x: s.x + s.size / 2, y: s.y + s.size / 2 });

/**
 * Flanking (L7136–7142): the attacker and an ally are both adjacent to the enemy, and the line from
 * the centre of the attacker's space to the centre of the ally's passes through opposite sides or
 * opposite corners of the enemy's space. A line that only grazes an edge or a corner does not pass
 * through the space. Line of effect and being able to take triggered actions (L7142) are the
 * caller's to check. Throws a RangeError for a space that is not whole squares.
 */
export function isFlanking(attacker: GridSpace, ally: GridSpace, enemy: GridSpace): boolean {
  checkGridSpace("attacker", attacker);
  checkGridSpace("ally", ally);
  checkGridSpace("enemy", enemy);
  if (!adjacent(attacker, enemy) || !adjacent(ally, enemy)) return false;
  const p = centre(attacker);
  const q = centre(ally);
  const d = { x: q.x - p.x, y: q.y - p.y };
  // Liang–Barsky: the part of the segment inside the enemy's square.
  const [left, right, top, bottom] = [enemy.x, enemy.x + enemy.size, enemy.y, enemy.y + enemy.size];
  let t0 = 0;
  let t1 = 1;
  for (const [pk, qk] of [[-d.x, p.x - left], [d.x, right - p.x], [-d.y, p.y - top], [d.y, bottom - p.y]] as const) {
    if (pk === 0) {
      if (qk < 0) return false;
      continue;
    }
    const r = qk / pk;
    if (pk < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
    if (t0 > t1) return false;
  }
  if (t1 - t0 <= 0) return false;
  const at = (t: number) => ({ x: p.x + t * d.x, y: p.y + t * d.y });
  const mid = at((t0 + t1) / 2);
  // Through the space, not along its edge.
  if (!(mid.x > left && mid.x < right && mid.y > top && mid.y < bottom)) return false;
  const eps = 1e-9;
  const on = (v: number, edge: number) => Math.abs(v - edge) < eps;
  const sides = (pt: { x: number; y: number }) =>
    ({ left: on(pt.x, left), right: on(pt.x, right), top: on(pt.y, top), bottom: on(pt.y, bottom) });
  const a = sides(at(t0));
  const b = sides(at(t1));
  return (a.left && b.right) || (a.right && b.left) || (a.top && b.bottom) || (a.bottom && b.top);
}

/**
 * High ground (L6916): the bottom of the attacker's space is higher than the top of the target's
 * (elevations and heights in squares; a creature's height is its size). Throws a RangeError for a
 * value that is not a finite number, or a negative height.
 */
export function hasHighGround(attacker: { elevation: number }, target: { elevation: number; height: number }): boolean {
  for (const [name, v] of [["attacker.elevation", attacker?.elevation], ["target.elevation", target?.elevation], ["target.height", target?.height]] as const) {
    if (!Number.isFinite(v)) throw new RangeError(`${name} must be a finite number, got ${v}`);
  }
  if (target.height < 0) throw new RangeError(`target.height must be 0 or more, got ${target.height}`);
  return attacker.elevation > target.elevation + target.height;
}

export type ObjectMaterial = "glass" | "wood" | "stone" | "metal";
/** Squares of forced movement it costs to destroy one square of each material, and the damage taken (L6964–6967). */
export const MATERIAL_COST: Readonly<Record<ObjectMaterial, number>> = { glass: 1, wood: 3, stone: 6, metal: 9 };

/**
 * A creature force moved into a square of a mundane object (L6960–6969): with enough forced movement
 * left, the object breaks, the creature takes the material's damage and the rest of the movement
 * goes on; otherwise it slams into it: the movement ends and it takes 1 damage per square left
 * (L6956). Throws a RangeError for an unknown material or a count that is not a whole number of 0
 * or more.
 */
export function hurlThroughObject(material: ObjectMaterial, squaresLeft: number): { breaks: boolean; damage: number; remaining: number } {
  if (!Object.hasOwn(MATERIAL_COST, material)) throw new RangeError(`material must be glass, wood, stone or metal, got ${String(material)}`);
  if (!Number.isInteger(squaresLeft) || squaresLeft < 0) throw new RangeError(`squaresLeft must be a whole number of 0 or more, got ${squaresLeft}`);
  const cost = MATERIAL_COST[material];
  return squaresLeft >= cost
    ? { breaks: true, damage: cost, remaining: squaresLeft - cost }
    : { breaks: false, damage: squaresLeft, remaining: 0 };
}

/** The squares a space covers. */
export function spaceSquares(space: GridSpace): { x: number; y: number }[] {
  checkGridSpace("space", space);
  const out: { x: number; y: number }[] = [];
  for (let y = space.y; y < space.y + space.size; y++) for (let x = space.x; x < space.x + space.size; x++) out.push({ x, y });
  return out;
}

/** Statuses that keep a creature from taking triggered actions: dazed (L6666), surprised (L6746 on), unconscious, dead. */
export const NO_TRIGGERED_ACTIONS: readonly string[] = ["dazed", "surprised", "unconscious", "dead"];

/**
 * The edges the map gives an attack on a target: flanking, when the attacker and an ally who can
 * take triggered actions flank it (the attacker must be able to as well) and both have line of
 * effect to it through the map's `walls` (L7142: "You must have line of effect to the enemy and be
 * able to take triggered actions in order to gain or grant the flanking benefit"); high ground, when
 * the attacker's space is fully above the target's (L6916). Elevations in squares; a creature's
 * height is its size. The user can still untick what the map gets wrong.
 */
export function positionalToggles(input: {
  attacker: { space: GridSpace; elevation: number; canReact?: boolean };
  target: { space: GridSpace; elevation: number };
  allies: readonly { space: GridSpace; canReact: boolean }[];
  walls?: readonly WallSegment[];
}): { flanking: boolean; highGround: boolean } {
  const { attacker, target, allies, walls = [] } = input;
  const sees = (space: GridSpace) => !walls.length || lineOfEffect(space, target.space, walls);
  const flanking = attacker.canReact !== false && sees(attacker.space)
    && allies.some((a) => a.canReact && isFlanking(attacker.space, a.space, target.space) && sees(a.space));
  const highGround = hasHighGround({ elevation: attacker.elevation }, { elevation: target.elevation, height: target.space.size });
  return { flanking, highGround };
}

/** Whether two spaces share a square. */
export function spacesOverlap(a: GridSpace, b: GridSpace): boolean {
  return a.x < b.x + b.size && b.x < a.x + a.size && a.y < b.y + b.size && b.y < a.y + a.size;
}

/**
 * The creatures an area covers: every one with a square among the area's (the area's squares as
 * `x,y` keys for a quick look-up). Their order is kept.
 */
export function creaturesInArea<T extends GridSpace>(creatures: readonly T[], squares: readonly { x: number; y: number }[]): T[] {
  const area = new Set(squares.map((s) => `${s.x},${s.y}`));
  return creatures.filter((c) => {
    for (let y = c.y; y < c.y + c.size; y++) for (let x = c.x; x < c.x + c.size; x++) if (area.has(`${x},${y}`)) return true;
    return false;
  });
}

/** The reach of a creature's melee free strike (L7107–7134): 1, plus a hero's kit reach bonus (L4651). */
export function freeStrikeReach(kitReach = 0): number {
  return 1 + Math.max(0, Number(kitReach) || 0);
}

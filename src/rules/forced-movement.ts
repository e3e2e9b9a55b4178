/**
 * Forced movement (seed 004, L6920–6969): pushing, pulling and sliding a creature or an object,
 * square by square, through creatures, objects and walls, and a grab ending when its grabber is
 * moved away (L6676). Pure: grid squares in, the path and what it hit out. Apart from
 * ./battlefield.ts: only forced movement's chunk uses it (docs/architecture.md, "Loading").
 */
import { checkGridSpace } from "./ability-use.ts";
import type { GridSpace } from "./ability-use.ts";
import { stepCrossesWall } from "./line-of-effect.ts";
import type { WallSegment } from "./line-of-effect.ts";
import { hurlThroughObject, spaceDistance, spacesOverlap } from "./battlefield.ts";
import type { ObjectMaterial } from "./battlefield.ts";
import { fallOutcome } from "./falling.ts";

const adjacent = (a: GridSpace, b: GridSpace) => spaceDistance(a, b) === 1;
const centre = (s: GridSpace) => ({ x: s.x + s.size / 2, y: s.y + s.size / 2 });

export type ForcedKind = "push" | "pull" | "slide";

export interface ForcedMovementInput {
  kind: ForcedKind;
  /** The creature moved, and who moves it (push away from, pull toward). */
  mover: GridSpace;
  source: GridSpace;
  /** The effect's distance, the mover's stability (L6987), and how far the source chooses to move it (L6928). */
  distance: number;
  stability: number;
  chosen?: number;
  /** A slide's direction: one square's step, each of dx and dy −1, 0 or 1. */
  direction?: { dx: number; dy: number };
  /** Other creatures on the map (the source among them, for a pull or slide into it), and objects, one entry per square. */
  creatures: readonly (GridSpace & { id: string })[];
  objects: readonly (GridSpace & { material: ObjectMaterial })[];
  /** Walls on the map (in squares): a wall is a stationary object that does not break (L6956). */
  walls?: readonly WallSegment[];
  /**
   * Vertical forced movement (L6932–6938): each step also rises (1) or sinks (−1) a square, from
   * `elevation` squares above the ground (0). Without it the movement stays level.
   */
  rise?: -1 | 0 | 1;
  elevation?: number;
  /** For a fall (L6938, L6958): the mover's Agility, and whether it can fly (then it never falls). */
  agility?: number;
  canFly?: boolean;
  /**
   * The mover is an object, not a creature (L6942, L6952): it is not hurled through an object square
   * (that is a creature's, L6968); it meets it as a creature meets a creature, and both take 1 damage
   * per square left (`objectHit`). Into creatures it slams as a creature would, each hurt once.
   */
  moverIsObject?: boolean;
}

export interface ForcedMovementResult {
  /** Where the mover ends, and the squares it moved. */
  end: GridSpace;
  moved: number;
  /** Damage the mover takes from a collision or an object (L6946, L6956–6969). */
  damage: number;
  /**
   * The creatures it slammed into, each taking the same damage (L6946): one, or several smaller ones
   * a larger mover hit at once, each hurt once (L6948). Empty when it hit no creature.
   */
  slammed: { id: string; damage: number }[];
  /** Objects broken on the way (L6960–6969), and the object squares they were (in the order broken). */
  broken: ObjectMaterial[];
  brokenAt?: GridSpace[];
  /** Why it stopped early: a creature, an object that held, a wall, the ground, or nothing. */
  stoppedBy: "creature" | "object" | "wall" | "ground" | null;
  /** Where it ends, in squares above the ground, and the fall it took (its damage is in `damage`). */
  elevation: number;
  fell: { squares: number; damage: number; prone: boolean } | null;
  /** An object mover's collision with an object square: the square, and the damage that object takes (L6952). */
  objectHit?: GridSpace & { damage: number };
}

const sign = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);

/**
 * Forced movement in a straight line on the grid (L6920–6950), without vertical movement: a push
 * moves the mover directly away from the source, a pull directly toward it, a slide along the given
 * direction; each step is one square, diagonals included. The distance is the effect's less the
 * mover's stability (never below 0), or less when the source chooses. A step into another creature
 * ends the movement and deals both 1 damage per square left (L6946), every creature in the collision
 * when a larger mover meets several at once (L6948); a step into an object breaks it
 * or ends the movement (`hurlThroughObject`); a step through a wall ends it with 1 damage per square
 * left (L6956). Throws a RangeError for bad input.
 */
export function forcedMovement(input: ForcedMovementInput): ForcedMovementResult {
  const { kind, mover, source, stability, creatures, objects } = input;
  const walls = input.walls ?? [];
  checkGridSpace("mover", mover);
  checkGridSpace("source", source);
  if (!Number.isInteger(input.distance) || input.distance < 0) throw new RangeError(`distance must be a whole number of 0 or more, got ${input.distance}`);
  if (!Number.isInteger(stability) || stability < 0) throw new RangeError(`stability must be a whole number of 0 or more, got ${stability}`);
  let squares = Math.max(0, input.distance - stability);
  if (input.chosen !== undefined) {
    if (!Number.isInteger(input.chosen) || input.chosen < 0) throw new RangeError(`chosen must be a whole number of 0 or more, got ${input.chosen}`);
    squares = Math.min(squares, input.chosen);
  }
  let step: { dx: number; dy: number };
  if (kind === "slide") {
    const d = input.direction;
    if (!d || ![-1, 0, 1].includes(d.dx) || ![-1, 0, 1].includes(d.dy) || (d.dx === 0 && d.dy === 0)) {
      throw new RangeError(`direction must be a step of −1, 0 or 1 on each axis, not both 0, got ${JSON.stringify(d)}`);
    }
    step = d;
  } else if (kind === "push" || kind === "pull") {
    const from = centre(source);
    const to = centre(mover);
    const away = { dx: sign(to.x - from.x), dy: sign(to.y - from.y) };
    step = kind === "push" ? away : { dx: -away.dx, dy: -away.dy };
  } else throw new RangeError(`kind must be push, pull or slide, got ${String(kind)}`);

  const rise = input.rise ?? 0;
  if (![-1, 0, 1].includes(rise)) throw new RangeError(`rise must be −1, 0 or 1, got ${String(rise)}`);
  const startElevation = input.elevation ?? 0;
  if (!Number.isInteger(startElevation) || startElevation < 0) throw new RangeError(`elevation must be a whole number of 0 or more, got ${startElevation}`);
  const agility = Number(input.agility) || 0;
  // A level push or pull with no way to go moves nothing; a vertical one may still rise or sink.
  if (step.dx === 0 && step.dy === 0 && rise === 0) squares = 0;

  // The source's own space is solid: moving into it is a collision (L6950), reported with its id
  // when it is among the creatures, else with "".
  const obstacles = creatures.some((c) => spacesOverlap(c, source)) ? creatures : [...creatures, { ...source, id: "" }];
  let at: GridSpace = { ...mover };
  let elevation = startElevation;
  let descended = 0;
  let moved = 0;
  let damage = 0;
  const broken: ObjectMaterial[] = [];
  const brokenAt: GridSpace[] = [];
  const standing = objects.map((o) => ({ ...o, intact: true }));
  let left = squares;
  /** The end of the movement: a creature left in the air falls unless it flies (L6938). */
  const finish = (stoppedBy: ForcedMovementResult["stoppedBy"], slammed: ForcedMovementResult["slammed"], extra = 0): ForcedMovementResult => {
    let fell: ForcedMovementResult["fell"] = null;
    if (elevation > 0 && !input.canFly && rise !== 0) {
      const f = fallOutcome({ squares: elevation, agility });
      fell = { squares: elevation, damage: f.damage, prone: f.prone };
      elevation = 0;
    }
    const total = damage + extra + (fell?.damage ?? 0);
    return { end: at, moved, damage: total, slammed, broken, ...(brokenAt.length ? { brokenAt } : {}), stoppedBy, elevation, fell };
  };
  while (left > 0) {
    const next = { x: at.x + step.dx, y: at.y + step.dy, size: at.size };
    const nextElevation = elevation + rise;
    // Driven down into the ground, which does not break: 1 damage per square left and the fall's
    // damage for the squares it was driven down (L6956–6958).
    if (nextElevation < 0) {
      const f = descended > 0 ? fallOutcome({ squares: descended, agility }) : { damage: 0, prone: false };
      const r = finish("ground", [], left + f.damage);
      return f.damage ? { ...r, fell: { squares: descended, damage: f.damage, prone: f.prone } } : r;
    }
    // A pull never goes past the source: each square must bring the mover closer (L6926).
    if (kind === "pull" && (step.dx !== 0 || step.dy !== 0) && !spacesOverlap(next, source) && spaceDistance(next, source) >= spaceDistance(at, source)) break;
    // A wall holds: the movement ends and the creature takes 1 damage per square left (L6956).
    if (walls.length && stepCrossesWall(at, next, walls)) return finish("wall", [], left);
    // Creatures stand on the ground and are as tall as they are wide: a mover above them passes over.
    // All the creatures in the collision take the damage once, the mover once (L6946–6948).
    const hits = obstacles.filter((c) => spacesOverlap(next, c) && !spacesOverlap(c, mover) && nextElevation < c.size);
    if (hits.length) return finish("creature", hits.map((c) => ({ id: c.id, damage: left })), left);
    const object = standing.find((o) => o.intact && spacesOverlap(next, o) && nextElevation < o.size);
    // An object force moved into another object: both take damage as creatures would (L6952).
    if (object && input.moverIsObject) return { ...finish("object", [], left), objectHit: { x: object.x, y: object.y, size: object.size, damage: left } };
    if (object) {
      const r = hurlThroughObject(object.material, left);
      if (!r.breaks) return finish("object", [], r.damage);
      // The square breaks for its cost; what is left moves the creature on, into it first (L6969).
      object.intact = false;
      broken.push(object.material);
      brokenAt.push({ x: object.x, y: object.y, size: object.size });
      damage += r.damage;
      left = r.remaining;
      continue;
    }
    at = next;
    if (rise < 0) descended++;
    elevation = nextElevation;
    moved++;
    left--;
  }
  return finish(null, []);
}

/**
 * A grab ends when the creature grabbing is force moved to a space that isn't adjacent to the creature
 * it grabs (L6676): true when, after the movement, the grabber's space is not adjacent to the grabbed
 * creature's. Throws a RangeError for a space that is not whole squares.
 */
export function grabEndsAfterForcedMove(grabber: GridSpace, grabbed: GridSpace): boolean {
  return !adjacent(grabber, grabbed);
}

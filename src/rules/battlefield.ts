/**
 * The battlefield's geometry and hazards (seed 004): distance in squares, flanking, high ground,
 * falling, hurling a creature through an object, and the squares of bursts and cubes. Pure: grid
 * squares in (a creature's space is its top-left square and its size, `GridSpace`), numbers out.
 */
import { checkGridSpace } from "./ability-use.ts";
import type { GridSpace } from "./ability-use.ts";
import { lineOfEffect, stepCrossesWall } from "./line-of-effect.ts";
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

/**
 * Falling damage (L6188–6190): the effective height is the squares fallen, less the creature's
 * Agility (a negative Agility reduces nothing; docs/rules-decisions.md), less 4 when it lands in
 * liquid at least 1 square deep; 2 damage per square of it when it is 2 or more, else none. Throws a
 * RangeError for a fall or depth that is not a whole number of 0 or more, or an Agility that is not
 * a whole number.
 */
export function fallingDamage(input: { squares: number; agility: number; liquidDepth?: number }): number {
  const { squares, agility, liquidDepth = 0 } = input;
  if (!Number.isInteger(squares) || squares < 0) throw new RangeError(`squares must be a whole number of 0 or more, got ${squares}`);
  if (!Number.isInteger(agility)) throw new RangeError(`agility must be a whole number, got ${agility}`);
  if (!Number.isInteger(liquidDepth) || liquidDepth < 0) throw new RangeError(`liquidDepth must be a whole number of 0 or more, got ${liquidDepth}`);
  const effective = squares - Math.max(0, agility) - (liquidDepth >= 1 ? 4 : 0);
  return effective >= 2 ? 2 * effective : 0;
}

/**
 * A fall (L6188–6190): its damage (`fallingDamage`) and whether the creature lands prone, which it
 * does when the effective height is 2 squares or more, that is when the fall deals damage (the
 * reading in docs/rules-decisions.md).
 */
export function fallOutcome(input: { squares: number; agility: number; liquidDepth?: number }): { damage: number; prone: boolean } {
  const damage = fallingDamage(input);
  return { damage, prone: damage > 0 };
}

/**
 * Landing on another creature (L6194–6196): it takes the same damage as the faller, and falls prone
 * too when the faller's size is greater than its Might score. RangeError for a negative damage or a
 * size below 1.
 */
export function landOnCreature(input: { damage: number; fallerSize: number; might: number }): { damage: number; prone: boolean } {
  const { damage, fallerSize, might } = input;
  if (!Number.isInteger(damage) || damage < 0) throw new RangeError(`damage must be a whole number of 0 or more, got ${damage}`);
  if (!Number.isFinite(fallerSize) || fallerSize < 1) throw new RangeError(`fallerSize must be 1 or more, got ${fallerSize}`);
  return { damage, prone: fallerSize > (Number(might) || 0) };
}

/**
 * The nearest space of the same size to `space` that overlaps none of `occupied` (L6196: "the nearest
 * unoccupied space of your choice"; the first found, ring by ring, row by row, is offered), or null
 * when none lies within `reach` squares. The space itself counts when it is free.
 */
export function nearestFreeSpace(space: GridSpace, occupied: readonly GridSpace[], reach = 10): GridSpace | null {
  checkGridSpace("space", space);
  for (let ring = 0; ring <= reach; ring++) {
    for (let y = space.y - ring; y <= space.y + ring; y++) {
      for (let x = space.x - ring; x <= space.x + ring; x++) {
        if (Math.max(Math.abs(x - space.x), Math.abs(y - space.y)) !== ring) continue;
        const candidate = { x, y, size: space.size };
        if (!occupied.some((o) => spacesOverlap(candidate, o))) return candidate;
      }
    }
  }
  return null;
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

/** The reach of a creature's melee free strike (L7107–7134): 1, plus a hero's kit reach bonus (L4651). */
export function freeStrikeReach(kitReach = 0): number {
  return 1 + Math.max(0, Number(kitReach) || 0);
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

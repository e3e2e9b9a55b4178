/**
 * Moving on the map (seed 004): the squares a straight move passes through, what entering a square
 * costs (L6828–6832, L6912–6914), shifting (L6838–6842), and who may make an opportunity attack
 * (L7101–7105). Pure: grid squares in, numbers and ids out.
 */
import { checkGridSpace } from "./ability-use.ts";
import type { GridSpace } from "./ability-use.ts";
import { spaceDistance } from "./battlefield.ts";

/**
 * The spaces a creature passes through moving in a straight line from `from` to `to`, one square's
 * step at a time (diagonals included), both ends included: the squares nearest the straight line
 * between them. The size is `from`'s. Throws a RangeError for a space that is not whole squares.
 */
export function straightPath(from: GridSpace, to: { x: number; y: number }): GridSpace[] {
  checkGridSpace("from", from);
  if (!Number.isInteger(to?.x) || !Number.isInteger(to?.y)) throw new RangeError(`to must be a whole square, got ${JSON.stringify(to)}`);
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const steps = Math.max(Math.abs(dx), Math.abs(dy));
  const path: GridSpace[] = [{ ...from }];
  for (let i = 1; i <= steps; i++) {
    path.push({ x: from.x + Math.round((dx * i) / steps), y: from.y + Math.round((dy * i) / steps), size: from.size });
  }
  return path;
}

/** How a creature moves: on its own (moving or shifting), forced by another, teleporting, or falling. */
export type MoveKind = "move" | "shift" | "forced" | "teleport" | "fall";

/** A creature that might make an opportunity attack. */
export interface ReachCreature {
  id: string;
  space: GridSpace;
  disposition: number;
  /** The reach of its melee free strike, in squares (1 for most). */
  reach: number;
  /** False when it cannot take triggered actions (dazed, surprised, unconscious, dead: L7142 and the conditions). */
  canAct: boolean;
}

/**
 * The creatures that may make an opportunity attack against a mover (L7103): each enemy of the
 * mover (the opposite, non-neutral disposition) able to take a triggered action whose melee
 * free-strike reach the mover was in and then left during the move, in the order they were left.
 * Shifting (L6840), forced movement (L6930), teleporting (L6904) and falling (L6192) provoke none.
 * Whether a bane forbids the strike (L7105) is for the attacker to judge. Throws a RangeError for
 * a path without spaces or a bad space.
 */
export function opportunityAttackers(input: {
  path: readonly GridSpace[]; kind: MoveKind; mover: { id: string; disposition: number }; creatures: readonly ReachCreature[];
}): string[] {
  const { path, kind, mover } = input;
  if (!Array.isArray(path) || !path.length) throw new RangeError("path must list at least the starting space");
  path.forEach((s, i) => checkGridSpace(`path[${i}]`, s));
  if (kind !== "move") return [];
  const d = Number(mover.disposition) || 0;
  const out: string[] = [];
  for (const c of input.creatures) {
    if (c.id === mover.id || !c.canAct || d === 0 || c.disposition !== -d) continue;
    const reach = Math.max(1, Number(c.reach) || 1);
    for (let i = 1; i < path.length; i++) {
      if (spaceDistance(path[i - 1]!, c.space) <= reach && spaceDistance(path[i]!, c.space) > reach) {
        out.push(c.id);
        break;
      }
    }
  }
  return out;
}

/**
 * What entering one square costs when the square is in an enemy's space (L6830: it counts as
 * difficult terrain, 1 additional square, L6914): at least one square's distance more than the
 * move's own, and never less than the cost already found (difficult terrain in an enemy's space is
 * still 1 additional square, not 2). `squareDistance` is the length of one square in the scene's
 * units. Forced movement ignores difficult terrain (L6930): its cost is left as it is.
 */
export function enemySpaceCost(input: { cost: number; distance: number; squareDistance: number; forced?: boolean }): number {
  const { cost, distance, squareDistance } = input;
  if (![cost, distance, squareDistance].every(Number.isFinite) || cost < 0 || distance < 0 || squareDistance <= 0) {
    throw new RangeError(`cost and distance must be 0 or more and the square's distance above 0, got ${JSON.stringify(input)}`);
  }
  if (input.forced || distance === 0) return cost;
  return Math.max(cost, distance + squareDistance);
}

/**
 * Shifting (L6840): a shift uses up to half the squares the move allows, so each square shifted
 * costs two of the move's. `squares` is the move's allowance; the result is how far one may shift.
 */
export function shiftAllowance(squares: number): number {
  if (!Number.isFinite(squares) || squares < 0) throw new RangeError(`squares must be 0 or more, got ${squares}`);
  return Math.floor(squares / 2);
}

/**
 * A move's path and what it provokes (seed 004, L7101–7105, L6212): the squares a straight move
 * passes through, the creatures that may make an opportunity attack, and whether it ends hiding.
 * Apart from ./movement.ts, whose costs and speeds the token ruler and the token's cost function read
 * synchronously, so that this part (and ./battlefield.ts, which it counts distances with) loads only
 * with what runs after a move (src/canvas/token-moved.ts; docs/architecture.md, "Loading"). Pure:
 * grid squares and movement actions in, ids and yes or no out.
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

/** The movement action of a sneaking move (L6226; src/canvas/movement-actions.ts registers it). */
export const SNEAK_ACTION = "sneak";

/**
 * Whether a hidden creature's own move ends its hiding (L6212: "move without sneaking ... you are no
 * longer hidden once the thing you're doing resolves"): any stretch of the move made with a movement
 * action other than sneaking does. A forced movement is not the creature's move and ends nothing; a
 * move with no stretch ends nothing.
 */
export function moveRevealsHidden(actions: readonly string[], forced: boolean): boolean {
  return !forced && actions.some((a) => a !== SNEAK_ACTION);
}

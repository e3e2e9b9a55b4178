/**
 * Sizes in the maneuvers that depend on them (seed 004): Grab (L7013–7030) and Knockback
 * (L7036–7053) target only "1 creature the same size or smaller than you" and gain an edge when the
 * target is smaller; Escape Grab (L7003–7011) takes a bane when the grabber is larger. The order of
 * sizes is L6714–6716: 1T, 1S, 1M, 1L, then 2, 3, 4, ... squares. The same target limit, printed as
 * "1 creature of your size or smaller", is the fury's Impaling Strike's (L3461): the limit is read
 * from an ability's target line, whatever the ability.
 */
import type { Size } from "./catalogue.ts";
import { ESCAPE_GRAB_LINE } from "./conditions.ts";

/** The seed lines of the Grab and Knockback maneuvers, as the basic actions record them (`seedLine`). */
export const GRAB_LINE = 7013;
export const KNOCKBACK_LINE = 7036;

/** The maneuvers whose edges and banes depend on the creatures' sizes. */
export type SizeManeuver = "grab" | "knockback" | "escapeGrab";

/** The size maneuver a basic action's seed line names (Grab, Knockback, Escape Grab), or null. */
export function sizeManeuverOf(seedLine: unknown): SizeManeuver | null {
  const line = Number(seedLine);
  if (line === GRAB_LINE) return "grab";
  if (line === KNOCKBACK_LINE) return "knockback";
  if (line === ESCAPE_GRAB_LINE) return "escapeGrab";
  return null;
}

const LETTER_RANK: Record<string, number> = { T: 0, S: 1, M: 2, L: 3 };

/**
 * A size's place in the order from smallest to largest (L6716: "1T, 1S, 1M, and 1L", then the sizes
 * of more than one square, L6714): 1T 0, 1S 1, 1M 2, 1L 3, 2 → 4, 3 → 5, ... A size 1 without a
 * letter is 1M, as the sheets show it (`formatSize`); a letter on a larger size means nothing.
 * RangeError for a size that is not a whole number of 1 or more, or an unknown letter.
 */
export function sizeRank(size: { value: number; letter?: string }): number {
  const value = Number(size?.value);
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`size must be a whole number of 1 or more, got ${JSON.stringify(size)}`);
  if (value > 1) return value + 2;
  const letter = size.letter || "M";
  const rank = LETTER_RANK[letter];
  if (rank === undefined) throw new RangeError(`size letter must be T, S, M or L, got ${JSON.stringify(size.letter)}`);
  return rank;
}

/** Negative when `a` is smaller than `b`, 0 when they are the same size, positive when larger (L6716). */
export function compareSizes(a: Size, b: Size): number {
  return Math.sign(sizeRank(a) - sizeRank(b));
}

/**
 * Whether an ability's target line limits it to creatures the user's size or smaller: "1 creature
 * the same size or smaller than you" (Grab L7022, Knockback L7045), "1 creature of your size or
 * smaller" (Impaling Strike L3461). Case and spacing do not matter.
 */
export function targetSizeLimited(targetText: string | null | undefined): boolean {
  const text = String(targetText ?? "").toLowerCase().replace(/\s+/g, " ");
  return /\b(?:the same size|of your size) or smaller\b/.test(text);
}

/**
 * Why a target is out of an ability's size limit, or null: "tooLarge" when the target line limits
 * it to the user's size or smaller (`targetSizeLimited`) and the target is larger than the user.
 * Without either size nothing can be said (null): the Director decides.
 */
export function sizeTargetProblem(
  targetText: string | null | undefined, user: Size | null | undefined, target: Size | null | undefined,
): "tooLarge" | null {
  if (!user || !target || !targetSizeLimited(targetText)) return null;
  return compareSizes(target, user) > 0 ? "tooLarge" : null;
}

/** An edge or bane a size gives, with its reason (label `SE.Edge.<reason>`). */
export interface SizeEdge {
  reason: "targetSmaller" | "grabberLarger";
  edges: number;
  banes: number;
}

/**
 * The edge or bane a size maneuver gets from the sizes, or null:
 * - Grab (L7030) and Knockback (L7053): "You gain an edge on the power roll if the creature's size is
 *   smaller than yours"; `other` is the target.
 * - Escape Grab (L7005): "You take a bane on the roll if the creature's size is larger than yours";
 *   `others` are the creatures grabbing the user, and any of them larger gives the bane (one bane:
 *   Escape Grab's tier 3 ends every grab on the user).
 * Null without the user's size.
 */
export function sizeEdge(
  maneuver: SizeManeuver, user: Size | null | undefined, others: readonly (Size | null | undefined)[],
): SizeEdge | null {
  if (!user) return null;
  const known = others.filter((s): s is Size => !!s);
  if (maneuver === "escapeGrab") {
    return known.some((g) => compareSizes(g, user) > 0) ? { reason: "grabberLarger", edges: 0, banes: 1 } : null;
  }
  return known.length > 0 && compareSizes(known[0]!, user) < 0 ? { reason: "targetSmaller", edges: 1, banes: 0 } : null;
}

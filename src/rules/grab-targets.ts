/**
 * Grab's and Knockback's target limits and Escape Grab's bane clause (L6990 on), checked when an
 * ability is used. Apart from Four Arms' line (./grab-limits.ts), so that they load with the ability flow
 * (issue 31).
 */
import type { CreatureState } from "./ability-use.ts";
import type { SizeManeuver } from "./size-maneuvers.ts";

/** L6674: a grabbed creature can't use the Knockback maneuver. */
export function knockbackWhileGrabbed(maneuver: SizeManeuver | null | undefined, roller: Pick<CreatureState, "statuses">): boolean {
  return maneuver === "knockback" && roller.statuses.includes("grabbed");
}

/**
 * Whether an ability's effect gives a creature it grabs a bane on escaping (Impaling Strike, L3469:
 * "they take a bane on attempts to escape the grab"). Case and spacing do not matter.
 */
export function escapeBaneClause(effect: string | null | undefined): boolean {
  const text = String(effect ?? "").toLowerCase().replace(/\s+/g, " ");
  return /\bbane on (?:attempts|any attempt|an attempt) to escape (?:the|their|this) grab\b/.test(text);
}

/**
 * How many creatures Grab and Knockback may target: 1 (L7022, L7045), 2 for a creature with Four
 * Arms (L1987). Null for any other ability (its target line is the table's to read).
 */
export function grabTargetLimit(maneuver: SizeManeuver | null | undefined, fourArms: boolean): number | null {
  if (maneuver !== "grab" && maneuver !== "knockback") return null;
  return fourArms ? 2 : 1;
}

/** Why Grab's or Knockback's targets are more than the rules allow, or null. */
export type GrabTargetProblem = "tooManyTargets" | "notAdjacent";

/**
 * Grab's and Knockback's targets against their limit: more than `grabTargetLimit` is
 * "tooManyTargets"; with Four Arms, a second target is allowed only when both are adjacent to the
 * user (L1987: "against an adjacent creature, ... an additional adjacent creature"), else
 * "notAdjacent". `adjacent` is null where the map cannot say (no grid): nothing is warned for it.
 */
export function grabTargetProblem(
  maneuver: SizeManeuver | null | undefined, fourArms: boolean, targets: readonly { adjacent: boolean | null }[],
): GrabTargetProblem | null {
  const limit = grabTargetLimit(maneuver, fourArms);
  if (limit === null || targets.length <= 1) return null;
  if (targets.length > limit) return "tooManyTargets";
  return targets.some((t) => t.adjacent === false) ? "notAdjacent" : null;
}

/**
 * The conditions and states of Draw Steel (seed 004): the nine conditions (L6656–6698) and the
 * states a creature can be in besides them (surprised L6748, unconscious L7216–7224, hidden
 * L6202–6212, winded and dying L7192–7206, dead, and defending from the Defend action L7069–7093).
 * Ids are stable keys used by ability tiers (`tiers[].conditions[].id`), status effects and the
 * roll dialog; labels live in lang/en.json under `SE.Condition.<id>`.
 */

/** The nine conditions an ability can impose (L6656–6698). */
export const CONDITION_IDS = [
  "bleeding", "dazed", "frightened", "grabbed", "prone", "restrained", "slowed", "taunted", "weakened",
] as const;
export type ConditionId = (typeof CONDITION_IDS)[number];

/** States that are not conditions but that the system tracks on tokens. */
export const STATE_IDS = ["surprised", "unconscious", "hidden", "winded", "dying", "dead", "defending"] as const;
export type StateId = (typeof STATE_IDS)[number];

export function isConditionId(id: string): id is ConditionId {
  return (CONDITION_IDS as readonly string[]).includes(id);
}

export function isStateId(id: string): id is StateId {
  return (STATE_IDS as readonly string[]).includes(id);
}

/**
 * Speed under conditions (L6674, L6686, L6690, L7224): grabbed, restrained and unconscious set it
 * to 0; slowed sets it to 2 unless it is already lower.
 */
export function speedUnderConditions(speed: number, statuses: Iterable<string>): number {
  if (!Number.isInteger(speed) || speed < 0) throw new RangeError(`speed must be a whole number of 0 or more, got ${speed}`);
  const has = new Set(statuses);
  if (has.has("grabbed") || has.has("restrained") || has.has("unconscious")) return 0;
  if (has.has("slowed")) return Math.min(speed, 2);
  return speed;
}

/**
 * A grabbed or restrained creature can't be force moved (L6674, L6686): the condition that holds it
 * (grabbed first), or null when nothing does. The seed makes no exception for any kind of forced
 * movement (push, pull, slide, vertical).
 */
export function forcedMovementHeldBy(statuses: Iterable<string>): "grabbed" | "restrained" | null {
  const has = new Set(statuses);
  if (has.has("grabbed")) return "grabbed";
  if (has.has("restrained")) return "restrained";
  return null;
}

/**
 * The conditions a teleport ends (L6676, L6686, L6910): grabbed and restrained, of those the creature
 * has. Prone is not ended: the creature may choose to stand (L6908), which the table decides.
 */
export function conditionsEndedByTeleport(statuses: Iterable<string>): ("grabbed" | "restrained")[] {
  const has = new Set(statuses);
  return (["grabbed", "restrained"] as const).filter((id) => has.has(id));
}

/** Conditions that remember their source; a new source replaces the old one (L6670, L6694). */
export const SOURCED_CONDITIONS: readonly ConditionId[] = ["frightened", "taunted"];

/** The seed lines of the Stand Up and Escape Grab maneuvers, as the basic actions record them (`seedLine`). */
export const STAND_UP_LINE = 7065;
export const ESCAPE_GRAB_LINE = 7003;

/**
 * The conditions a basic action ends on the creature it is used on, when it resolves: Stand Up ends
 * prone (L7065–7067: "stand up if you are prone, ending that condition", or make an adjacent prone
 * creature stand up); Escape Grab's tier 3 ends grabbed (L7011: "You are no longer grabbed"; at
 * tier 2 escaping lets the grabber strike first, L7010, so that is the table's call). `seedLine` is
 * the basic action's; anything else ends nothing.
 */
export function conditionsEndedByBasicAction(seedLine: number, statuses: Iterable<string>, tier: 1 | 2 | 3 | null = null): ("prone" | "grabbed")[] {
  const has = new Set(statuses);
  if (seedLine === STAND_UP_LINE) return has.has("prone") ? ["prone"] : [];
  if (seedLine === ESCAPE_GRAB_LINE) return tier === 3 && has.has("grabbed") ? ["grabbed"] : [];
  return [];
}

/**
 * Imposing a condition a creature already has (L6612–6616, L6670, L6694): the same condition never
 * stacks, so the existing effect is replaced by the new one (the most recent duration; for
 * frightened and taunted the new source replaces the old).
 */
export function replacesExisting(id: string): boolean {
  return isConditionId(id) || isStateId(id);
}

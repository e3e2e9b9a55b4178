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

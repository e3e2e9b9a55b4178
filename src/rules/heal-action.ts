/**
 * The Heal action (issue 29, item 17): its target, Recovery and resistance roll. Apart from the
 * healing every client applies (./healing.ts), so that it loads with the heal action (issue 31).
 */
import { spacesAdjacent } from "./ability-use.ts";
import type { GridSpace } from "./ability-use.ts";
import { regainStamina, monsterRecoveryValue, spendRecovery, type HealingRefusal, type StaminaPool } from "./healing.ts";

/** The seed line of the Heal action (L7091), as the basic actions record it (`seedLine`). */
export const HEAL_ACTION_LINE = 7091;

/** Why the Heal action cannot help a creature; each is a localisation key under SE.Healing.HealAction.Refusal. */
export type HealActionProblem = "self" | "not-adjacent" | "no-resistance-effect";

/**
 * Whom the Heal action may help (L7093): "an adjacent creature", so another creature whose space is
 * adjacent to the healer's. `healer` or `target` null: no space on the map, so no adjacency (refused).
 */
export function healActionTargetProblem(
  healer: GridSpace | null, target: GridSpace | null, sameCreature: boolean,
): HealActionProblem | null {
  if (sameCreature) return "self";
  if (!healer || !target || !spacesAdjacent(healer, target)) return "not-adjacent";
  return null;
}

export type HealActionRecoveryResult =
  | { ok: true; value: number; gained: number; recoveries: number | null }
  | { ok: false; reason: HealingRefusal };

/**
 * The Heal action's first choice (L7093: "The creature can spend a Recovery to regain Stamina"). A
 * hero spends a Recovery and regains her recovery value (`spendRecovery`: none left or bleeding,
 * refused). A Director-controlled creature has no Recoveries; helped to spend one, it regains a
 * third of its Stamina maximum, rounded down, and spends nothing (L7214; `recoveries` null).
 * Dying is no bar: others can help a dying hero spend Recoveries (L7077).
 */
export function healActionRecovery(input: StaminaPool & {
  kind: "hero" | "monster";
  recoveries?: number;
  recoveryValue?: number;
  bleeding?: boolean;
}): HealActionRecoveryResult {
  if (input.kind === "monster") {
    const healed = regainStamina(input, monsterRecoveryValue(input.max), { bleeding: input.bleeding });
    return healed.ok ? { ...healed, recoveries: null } : healed;
  }
  return spendRecovery({
    value: input.value, max: input.max, recoveries: input.recoveries ?? 0, recoveryValue: input.recoveryValue ?? 0,
    ...(input.bleeding === undefined ? {} : { bleeding: input.bleeding }),
  });
}

/**
 * The Heal action's second choice (L7093: "or can make a resistance roll against a '(resistance
 * ends)' effect they are suffering"): the effects it may roll against are those of duration kind
 * "resistance"; with none, the choice is not there.
 */
export function healActionResistanceProblem(effectKinds: readonly string[]): HealActionProblem | null {
  return effectKinds.includes("resistance") ? null : "no-resistance-effect";
}

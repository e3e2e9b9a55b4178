/**
 * Knocking creatures out (seed 004, L7216–7218): "If you damage a creature with an attack that would
 * kill them, you can choose to instead knock them unconscious. If a creature takes damage while
 * unconscious in this way, they die." Death is L7206 for heroes (Stamina at the negative of the
 * winded value) and L7210 for Director-controlled creatures (Stamina 0).
 */
import { monsterStaminaState } from "./hero.ts";

export interface KnockOutTarget {
  /** Heroes die at the negative of their winded value; every other creature at 0. */
  kind: "hero" | "monster";
  staminaMax: number;
  /** A hero's death threshold (the negative of the winded value); ignored for monsters. */
  deathThreshold: number;
  /** The creature is already unconscious from being knocked out (not from anything else). */
  knockedOut: boolean;
}

export type KnockOutOutcome =
  /** The damage stands as it is. */
  | { kind: "damage"; stamina: number }
  /** Knocked out instead of killed: Stamina stops just short of death and the creature is unconscious. */
  | { kind: "knockedOut"; stamina: number }
  /** Damage to a knocked-out creature kills it: Stamina drops to where it dies (at least that low). */
  | { kind: "killed"; stamina: number };

function dies(stamina: number, t: KnockOutTarget): boolean {
  if (t.kind === "monster") return monsterStaminaState(stamina, t.staminaMax) === "dead";
  // As heroStaminaState (L7206): below 0 and at or under the negative of the winded value.
  return t.staminaMax > 0 && stamina < 0 && stamina <= t.deathThreshold;
}

/** The highest Stamina at which this creature is dead (L7206, L7210). */
export function deathStamina(t: Pick<KnockOutTarget, "kind" | "deathThreshold">): number {
  return t.kind === "hero" ? t.deathThreshold : 0;
}

/** Whether damage leaving this creature at `stamina` would kill it (the choice of L7218 applies). */
export function wouldKill(stamina: number, t: KnockOutTarget): boolean {
  return !t.knockedOut && dies(stamina, t);
}

/**
 * The outcome of damage that leaves the creature at `stamina` (after immunity, weakness and
 * temporary Stamina), having taken `dealt` damage. With `knockOut` chosen and the damage lethal, the
 * creature is knocked out instead: its Stamina stops at the lowest value that does not kill it (0 for
 * a Director-controlled creature, which then wakes with 1 Stamina, L7220; one above the death
 * threshold for a hero: a system reading). A knocked-out creature that takes any damage dies.
 */
export function knockOutOutcome(stamina: number, dealt: number, t: KnockOutTarget, knockOut: boolean): KnockOutOutcome {
  if (!Number.isInteger(stamina)) throw new RangeError(`stamina must be a whole number, got ${stamina}`);
  if (!Number.isInteger(dealt) || dealt < 0) throw new RangeError(`dealt must be a whole number of 0 or more, got ${dealt}`);
  if (t.knockedOut) return dealt > 0 ? { kind: "killed", stamina: Math.min(stamina, deathStamina(t)) } : { kind: "damage", stamina };
  if (knockOut && dies(stamina, t)) return { kind: "knockedOut", stamina: t.kind === "hero" ? t.deathThreshold + 1 : 0 };
  return { kind: "damage", stamina };
}

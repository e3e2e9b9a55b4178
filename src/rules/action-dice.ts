/**
 * Seed 001: a 1d20 Action die plus bursting bonus dice against a victory sum (S1:L1–3, L17–20,
 * L30, L36, L45, L87–96). Pure. Where the seed is silent the reading is a labelled proposal
 * (docs/rules-decisions.md "Seed 001").
 */

/** The bonus die ladder (S1:L1–2): d10 by default. */
export const BONUS_DIE_LADDER: readonly number[] = [4, 6, 8, 10, 12, 20];

function whole(name: string, n: number, min = 0): void {
  if (!Number.isInteger(n) || n < min) throw new RangeError(`${name} must be a whole number of ${min} or more, got ${n}`);
}

/**
 * The bonus dice's faces (S1:L1–3): from d10, each net Charge one step up and each Challenge (and
 * being wounded) one step down, Charges and Challenges cancelling one for one; d4 to d20.
 */
export function bonusDieFaces(input: { charges: number; challenges: number; wounded?: boolean }): number {
  whole("charges", input?.charges);
  whole("challenges", input?.challenges);
  const step = 3 + input.charges - input.challenges - (input.wounded ? 1 : 0);
  return BONUS_DIE_LADDER[Math.min(BONUS_DIE_LADDER.length - 1, Math.max(0, step))]!;
}

/**
 * An action check's total (S1:L1, L55): the d20 Action die's face (it never bursts) plus every face
 * of every bonus die's burst chain (a die that rolls its maximum rolls again and adds).
 */
export function actionCheckTotal(action: number, bonusChains: readonly number[][]): number {
  whole("action", action, 1);
  if (action > 20) throw new RangeError(`action must be a d20 face from 1 to 20, got ${action}`);
  let total = action;
  for (const chain of bonusChains) {
    if (!Array.isArray(chain) || chain.length === 0) throw new RangeError("every bonus die needs at least one face");
    for (const face of chain) {
      whole("a bonus die face", face, 1);
      total += face;
    }
  }
  return total;
}

/**
 * A task against a victory sum (S1:L28): the seed does not say whether an equal total meets it. By
 * default it must be higher, as against a Guard (`beatsTarget`); a table that reads it as met at equal
 * sets the world setting, and equal succeeds.
 */
export function meetsVictorySum(total: number, sum: number, metAtEqual: boolean): boolean {
  return beatsTarget(total, sum) || (metAtEqual && total === sum);
}

/** A check beats a Guard or a victory sum when strictly higher (S1:L17; a proposal for a VS, S1:L28). */
export function beatsTarget(total: number, target: number): boolean {
  if (!Number.isFinite(total) || !Number.isFinite(target)) throw new RangeError(`total and target must be numbers, got ${total} and ${target}`);
  return total > target;
}

/** Cover's bonus to Guard against ranged attacks (S1:L92–96). */
export const COVER_GUARD: Readonly<Record<"none" | "light" | "partial" | "full", number>> = { none: 0, light: 10, partial: 3, full: 5 };

/**
 * The Guard an attack must beat (S1:L17, L36, L87–96): halved and rounded up when the target is
 * attacked from behind or unaware, then +5 per size step a larger attacker has over it, then the
 * cover's bonus (as printed: light +10, partial +3, full +5).
 */
export function guardAgainst(input: { guard: number; behind?: boolean; sizeSteps?: number; cover?: "none" | "light" | "partial" | "full" }): number {
  whole("guard", input?.guard);
  const steps = input.sizeSteps ?? 0;
  whole("sizeSteps", steps);
  const cover = input.cover ?? "none";
  if (!Object.hasOwn(COVER_GUARD, cover)) throw new RangeError(`cover must be none, light, partial or full, got ${String(cover)}`);
  const base = input.behind ? Math.ceil(input.guard / 2) : input.guard;
  return base + 5 * steps + COVER_GUARD[cover];
}

/** A Defense reaction's Vigor cost (S1:L31): 5, or 2 less while Defending (S1:L22). */
export function defenseVigorCost(defending: boolean): number {
  return defending ? 3 : 5;
}

/** Vigor recovered at the end of each round (S1:L45): 1 per 5 points of Stamina. */
export function vigorRecovery(stamina: number): number {
  whole("stamina", stamina);
  return Math.floor(stamina / 5);
}

/**
 * How a creature starts the first round (S1:L13–15): Ambushed (only 1 action), Ambusher (1 extra
 * action), Over Watch (1 more bonus die to initiative; an attack from another vector makes it
 * Ambushed instead, which the Director sets), or none of these.
 */
export type OpeningState = "none" | "ambushed" | "ambusher" | "overwatch";
export const OPENING_STATES: readonly OpeningState[] = ["none", "ambushed", "ambusher", "overwatch"];

function opening(state: OpeningState | undefined): OpeningState {
  const s = state ?? "none";
  if (!OPENING_STATES.includes(s)) throw new RangeError(`opening must be none, ambushed, ambusher or overwatch, got ${String(s)}`);
  return s;
}

/** The bonus dice of an initiative roll (S1:L12, L15): the creature's own, and 1 more in Over Watch. */
export function initiativeBonusDice(bonusDice: number, state?: OpeningState): number {
  whole("bonusDice", bonusDice);
  return bonusDice + (opening(state) === "overwatch" ? 1 : 0);
}

/**
 * The actions a creature has on its turn (S1:L13–14, L19, L43, L75): its actions (2 to start with),
 * only 1 when Ambushed and 1 more as an Ambusher in the first round; none while Winded (Vigor spent)
 * or in Shock (unconscious).
 */
export function actionsThisTurn(
  input: { actions: number; round: number; opening?: OpeningState; winded?: boolean; shock?: boolean },
): number {
  whole("actions", input?.actions);
  whole("round", input.round, 1);
  if (input.winded || input.shock) return 0;
  const state = opening(input.opening);
  if (input.round !== 1 || state === "none" || state === "overwatch") return input.actions;
  return state === "ambushed" ? Math.min(1, input.actions) : input.actions + 1;
}

/** Whether Vigor leaves a creature Winded (S1:L43): at 0 it is; it stays so until it has 5 or more again. */
export function windedAfter(vigor: number, wasWinded: boolean): boolean {
  whole("vigor", vigor);
  return vigor === 0 || (wasWinded && vigor < 5);
}

/**
 * Spend Vigor on a reaction or an ability (S1:L18, L43): the Vigor left and whether the creature is
 * now Winded, or null when it has too little (Vigor never goes below 0).
 */
export function spendVigor(input: { vigor: number; winded: boolean }, cost: number): { vigor: number; winded: boolean } | null {
  whole("vigor", input?.vigor);
  whole("cost", cost);
  if (cost > input.vigor) return null;
  const vigor = input.vigor - cost;
  return { vigor, winded: windedAfter(vigor, input.winded) };
}

/** The rounds a creature in Shock has left when it goes into Shock (S1:L75): its Stamina score. */
export function shockRounds(stamina: number): number {
  whole("stamina", stamina, 1);
  return stamina;
}

export interface RecoveryPhaseInput {
  vigor: number;
  /** The Stamina score (S1:L45). */
  stamina: number;
  /** The most Vigor the creature may hold, or null for no limit (the seed names none: a table's choice). */
  vigorMax?: number | null;
  winded: boolean;
  /** Rounds left in Shock, or null when not in Shock. */
  shockRounds: number | null;
}

/**
 * The Recovery Phase at the end of a round (S1:L10–11, L42–47, L75): each creature gains 1 Vigor per
 * 5 Stamina (up to its maximum, when it has one), is Winded no more once it holds 5, and a creature in
 * Shock has one round fewer: it dies when none are left. A creature in Shock is unconscious and still
 * recovers Vigor.
 */
export function recoveryPhase(
  input: RecoveryPhaseInput,
): { vigor: number; gained: number; winded: boolean; shockRounds: number | null; dies: boolean } {
  whole("vigor", input?.vigor);
  const max = input.vigorMax ?? null;
  if (max !== null) whole("vigorMax", max);
  if (input.shockRounds !== null) whole("shockRounds", input.shockRounds);
  const cap = max === null ? Infinity : Math.max(max, input.vigor);
  const vigor = Math.min(cap, input.vigor + vigorRecovery(input.stamina));
  const left = input.shockRounds === null ? null : Math.max(0, input.shockRounds - 1);
  return { vigor, gained: vigor - input.vigor, winded: windedAfter(vigor, input.winded), shockRounds: left, dies: left === 0 };
}

/**
 * Heroic resources in combat (seed 004, L333–339 and each class: piety L2373, essence, rage L3295,
 * insight, focus), Victories (L295–331) and the two pools: the Director's Villain Power (L5790,
 * L5802) and the party's hero tokens (L248–256).
 */
//
// The start-of-turn gains, the end of combat and Villain Power each round are in
// ./combat-resource-gains.ts (loaded with the turn flow; issue 31).
/**
 * Change a pool (Villain Power, hero tokens, Victories) by a whole number; it never goes below 0.
 * Returns null when the change would need more than the pool holds (spending 3 VP out of 2), so
 * nothing is spent.
 */
export function changePool(value: number, delta: number, { allowClamp = false }: { allowClamp?: boolean } = {}): number | null {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`pool must be a whole number of 0 or more, got ${value}`);
  if (!Number.isInteger(delta)) throw new RangeError(`change must be a whole number, got ${delta}`);
  const next = value + delta;
  if (next < 0) return allowClamp ? 0 : null;
  return next;
}

/** The Villain Power a test consequence gives the Director at the start of the next combat (L5790, L5802). */
export const CONSEQUENCE_VILLAIN_POWER = 2;

/**
 * Villain Power at the start of each round (issue 33). The seed names Villain Power as what the
 * Director's creatures spend in combat (L5790) and gives it only as a consequence (+2 at the start
 * of the next combat, L5790, L5802); it prints no gain per round. This is the system's proposal
 * (docs/rules-decisions.md, "Villain Power each round"), a world setting:
 * - `off`: no gain each round;
 * - `heroes` (the default): 1 VP per hero in the encounter who is not dead, each round;
 * - `fixed`: the same number every round, 0 to `VILLAIN_POWER_FIXED_MAX`.
 */
export const VILLAIN_POWER_RULES = ["off", "heroes", "fixed"] as const;
export type VillainPowerRule = (typeof VILLAIN_POWER_RULES)[number];
/** The largest fixed gain a round the setting accepts. */
export const VILLAIN_POWER_FIXED_MAX = 20;

export function isVillainPowerRule(value: unknown): value is VillainPowerRule {
  return typeof value === "string" && (VILLAIN_POWER_RULES as readonly string[]).includes(value);
}

/** What a hero about to spend a hero token when damage leaves her dying would get (`heroTokenOfferAtDying`). */
export interface DyingTokenOffer {
  /** The Stamina she regains: her recovery value, capped at her maximum (L252, L7190). */
  regain: number;
  /** Her Stamina after spending it. */
  stamina: number;
  /** Whether that lifts her out of dying (Stamina above 0, L7204). */
  leavesDying: boolean;
}

/**
 * Hero tokens at the edge (issue 33): a hero may spend a hero token whenever she takes damage (L252),
 * regaining her recovery value without spending a Recovery. When damage (`taken` > 0) leaves her
 * dying (Stamina 0 or below, L7204), her player is offered it, unless it could not be spent: the
 * party has no token, she already spent one this turn (L252), she is bleeding (no Stamina regained,
 * L6662), or she is dead. Null when nothing is offered.
 */
export function heroTokenOfferAtDying(input: {
  taken: number; state: string; stamina: number; max: number; recoveryValue: number; tokens: number;
  bleeding: boolean; spentThisTurn: boolean;
}): DyingTokenOffer | null {
  if (!Number.isInteger(input.tokens) || input.tokens < 0) throw new RangeError(`tokens must be a whole number of 0 or more, got ${input.tokens}`);
  if (!(input.taken > 0) || input.state !== "dying") return null;
  if (input.tokens === 0 || input.spentThisTurn || input.bleeding) return null;
  const regain = Math.max(0, Math.min(input.recoveryValue, input.max - input.stamina));
  if (regain === 0) return null;
  const stamina = input.stamina + regain;
  return { regain, stamina, leavesDying: stamina > 0 };
}

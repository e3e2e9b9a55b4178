/**
 * Heroic resources in combat (seed 004, L333–339 and each class: piety L2373, essence, rage L3295,
 * insight, focus), Victories (L295–331) and the two pools: the Director's Villain Power (L5790,
 * L5802) and the party's hero tokens (L248–256).
 */

/** A start-of-turn gain as the class writes it: a whole number ("2") or dice ("1d3"). */
export interface ResourceGain {
  flat: number;
  dice: { number: number; faces: number } | null;
}

/** Parse "2", "1d3", "1d3 + 1"; null for anything else (the caller reports a localised error). */
export function parseResourceGain(text: string): ResourceGain | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, "");
  if (t === "") return { flat: 0, dice: null };
  const m = /^(?:(\d{1,2})d(\d{1,3})(?:\+(\d{1,3}))?|(\d{1,3}))$/.exec(t);
  if (!m) return null;
  if (m[4] !== undefined) return { flat: Number(m[4]), dice: null };
  const dice = { number: Number(m[1]), faces: Number(m[2]) };
  if (dice.number < 1 || dice.faces < 2) return null;
  return { flat: m[3] !== undefined ? Number(m[3]) : 0, dice };
}

/** The Foundry formula of a gain ("1d3", "2", "1d3 + 1"). */
export function resourceGainFormula(gain: ResourceGain): string {
  const parts: string[] = [];
  if (gain.dice) parts.push(`${gain.dice.number}d${gain.dice.faces}`);
  if (gain.flat || !gain.dice) parts.push(String(gain.flat));
  return parts.join(" + ");
}

/** The amount gained, from the faces rolled (one per die). */
export function resourceGainTotal(gain: ResourceGain, faces: readonly number[] = []): number {
  const n = gain.dice?.number ?? 0;
  if (faces.length !== n) throw new RangeError(`expected ${n} die faces, got ${faces.length}`);
  for (const f of faces) if (!Number.isInteger(f) || f < 1 || f > gain.dice!.faces) throw new RangeError(`face ${f} out of range`);
  return gain.flat + faces.reduce((a, b) => a + b, 0);
}

/**
 * The heroic resource when combat starts and ends (L2373, L3295): a hero keeps what they had when
 * combat begins, and has resource equal to their Victories when it ends.
 */
export function resourceAtCombatStart(current: number): number {
  return current;
}
export function resourceAtCombatEnd(victories: number): number {
  if (!Number.isInteger(victories) || victories < 0) throw new RangeError(`victories must be a whole number of 0 or more, got ${victories}`);
  return victories;
}

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

/** Victories a combat is worth (L297–323): 1, 2 for a particularly hard encounter, 0 for a trivial one. */
export const VICTORY_AWARDS = [0, 1, 2] as const;

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

/** The VP the Director gains as a round starts: `heroes` counts the heroes in the encounter who are not dead. */
export function villainPowerAtRoundStart(rule: VillainPowerRule, { heroes, fixed }: { heroes: number; fixed: number }): number {
  if (!Number.isInteger(heroes) || heroes < 0) throw new RangeError(`heroes must be a whole number of 0 or more, got ${heroes}`);
  if (!Number.isInteger(fixed) || fixed < 0 || fixed > VILLAIN_POWER_FIXED_MAX) {
    throw new RangeError(`the fixed gain must be a whole number from 0 to ${VILLAIN_POWER_FIXED_MAX}, got ${fixed}`);
  }
  if (rule === "heroes") return heroes;
  if (rule === "fixed") return fixed;
  return 0;
}

/**
 * Whether round `round` still owes the Director its Villain Power: each round gives once, so a round
 * already granted (`grantedRound`, kept where only a GM writes it) gives nothing again, nor does
 * going back to an earlier round and forward.
 */
export function villainPowerDue({ round, grantedRound }: { round: number; grantedRound: number | null }): boolean {
  if (!Number.isInteger(round) || round < 0) throw new RangeError(`round must be a whole number of 0 or more, got ${round}`);
  return round >= 1 && round > (grantedRound ?? 0);
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

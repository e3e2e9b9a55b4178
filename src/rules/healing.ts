/**
 * Regaining Stamina (seed 004): Recoveries and the recovery value (L345–359, L7192–7194), Catch
 * Breath (L7075–7079), bleeding (L6662), hero tokens (L248–254), respite (L361–369, L313–315,
 * L329–331), temporary Stamina clearing on a respite (L7234) and the Heal action (L7091–7093, L7214).
 */
import { levelForXp } from "./progression.ts";
import type { AdvancementSpeed } from "./progression.ts";

export interface StaminaPool {
  value: number;
  max: number;
}

/** Why healing was refused; each is a localisation key under SE.Healing.Refusal. */
export type HealingRefusal = "bleeding" | "no-recoveries" | "dying" | "no-hero-tokens" | "hero-token-this-turn" | "invalid-amount";

export type HealingResult =
  | { ok: true; value: number; gained: number }
  | { ok: false; reason: HealingRefusal };

function checkPool({ value, max }: StaminaPool): void {
  if (!Number.isInteger(value)) throw new RangeError(`stamina must be a whole number, got ${value}`);
  if (!Number.isInteger(max) || max < 0) throw new RangeError(`max must be a whole number of 0 or more, got ${max}`);
}

/**
 * Regain `amount` Stamina, never above the maximum (L7190); a bleeding creature can't regain
 * Stamina (L6662). From negative Stamina the amount is added to the current value. A creature
 * already at or above its maximum gains nothing (and loses nothing).
 */
export function regainStamina(pool: StaminaPool, amount: number, { bleeding = false }: { bleeding?: boolean } = {}): HealingResult {
  checkPool(pool);
  if (!Number.isInteger(amount) || amount < 0) return { ok: false, reason: "invalid-amount" };
  if (bleeding) return { ok: false, reason: "bleeding" };
  const value = Math.max(pool.value, Math.min(pool.max, pool.value + amount));
  return { ok: true, value, gained: value - pool.value };
}

export interface RecoveryInput extends StaminaPool {
  recoveries: number;
  recoveryValue: number;
  bleeding?: boolean;
}

export type RecoveryResult =
  | { ok: true; value: number; gained: number; recoveries: number }
  | { ok: false; reason: HealingRefusal };

/**
 * Spend a Recovery: regain the recovery value (L357). Refused with no Recoveries left, and while
 * bleeding (the Recovery would buy nothing, so none is spent: a system decision).
 */
export function spendRecovery(input: RecoveryInput): RecoveryResult {
  if (!Number.isInteger(input.recoveries) || input.recoveries < 0) throw new RangeError(`recoveries must be a whole number of 0 or more, got ${input.recoveries}`);
  if (input.recoveries === 0) return { ok: false, reason: "no-recoveries" };
  const healed = regainStamina(input, input.recoveryValue, { bleeding: input.bleeding });
  if (!healed.ok) return healed;
  return { ...healed, recoveries: input.recoveries - 1 };
}

/**
 * Catch Breath (L7075–7079): spend a Recovery, regain the recovery value and gain the Defend
 * benefit. A dying hero can't take it in combat.
 */
export function catchBreath(input: RecoveryInput & { dying: boolean; inCombat: boolean }): RecoveryResult & { defend?: true } {
  if (input.dying && input.inCombat) return { ok: false, reason: "dying" };
  const spent = spendRecovery(input);
  return spent.ok ? { ...spent, defend: true } : spent;
}

/**
 * Spend a hero token (L252): regain the recovery value without spending a Recovery; no action, on
 * your turn or when you take damage, at most one per turn. `turnKey` names the current turn (null
 * out of combat, where no per-turn limit applies); `lastSpentTurnKey` the turn of this hero's last
 * spend.
 */
export function spendHeroToken(input: StaminaPool & {
  tokens: number;
  recoveryValue: number;
  bleeding?: boolean;
  turnKey: string | null;
  lastSpentTurnKey: string | null;
}): { ok: true; value: number; gained: number; tokens: number } | { ok: false; reason: HealingRefusal } {
  if (!Number.isInteger(input.tokens) || input.tokens < 0) throw new RangeError(`tokens must be a whole number of 0 or more, got ${input.tokens}`);
  if (input.tokens === 0) return { ok: false, reason: "no-hero-tokens" };
  if (input.turnKey !== null && input.turnKey === input.lastSpentTurnKey) return { ok: false, reason: "hero-token-this-turn" };
  const healed = regainStamina(input, input.recoveryValue, { bleeding: input.bleeding });
  if (!healed.ok) return healed;
  return { ...healed, tokens: input.tokens - 1 };
}

export interface RespiteInput {
  staminaMax: number;
  recoveriesMax: number;
  xp: number;
  victories: number;
  speed?: AdvancementSpeed;
  /** The level the hero has taken (issue 32); without it, the level her XP before the respite gave. */
  level?: number;
  /** Milestone advancement (L620): the XP gained never brings a level. */
  milestone?: boolean;
}

export interface RespiteResult {
  stamina: number;
  temporary: 0;
  recoveries: number;
  xp: number;
  victories: 0;
  /** The level the hero had (her stored level, or her XP's before the respite). */
  levelBefore: number;
  /** The level her XP reaches after the respite. */
  levelAfter: number;
  /** True when her XP now reaches a level above the one she has (never on milestone advancement): the sheet offers Level up. */
  levelUp: boolean;
}

/**
 * Finish a respite (L367, L313, L329–331, L7234): regain all Stamina and Recoveries, lose
 * temporary Stamina, gain XP equal to Victories, then Victories drop to 0.
 */
export function respite(input: RespiteInput): RespiteResult {
  const counts = { staminaMax: input.staminaMax, recoveriesMax: input.recoveriesMax, xp: input.xp, victories: input.victories };
  for (const [k, v] of Object.entries(counts)) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`${k} must be a whole number of 0 or more, got ${v}`);
  }
  const speed = input.speed ?? "normal";
  const xp = input.xp + input.victories;
  const levelBefore = input.level ?? levelForXp(input.xp, speed);
  const levelAfter = levelForXp(xp, speed);
  return {
    stamina: input.staminaMax, temporary: 0, recoveries: input.recoveriesMax, xp, victories: 0,
    levelBefore, levelAfter, levelUp: !input.milestone && levelAfter > levelBefore,
  };
}

/** Director-controlled creatures have no recovery value; healed "by a Recovery" they regain a third of their maximum (L7212). */
export function monsterRecoveryValue(staminaMax: number): number {
  if (!Number.isInteger(staminaMax) || staminaMax < 0) throw new RangeError(`staminaMax must be a whole number of 0 or more, got ${staminaMax}`);
  return Math.floor(staminaMax / 3);
}

/**
 * The party's hero tokens when the Director ends a session (L254): unused hero tokens disappear, so
 * the pool becomes what the world gives the party at the start of a session (`perSession`, 0 unless
 * the Director decides otherwise: the seed hands tokens out one at a time, L250).
 */
export function heroTokensAfterSession(perSession: number): number {
  if (!Number.isInteger(perSession) || perSession < 0) throw new RangeError(`hero tokens per session must be a whole number of 0 or more, got ${perSession}`);
  return perSession;
}

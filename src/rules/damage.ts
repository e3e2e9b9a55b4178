/**
 * Taking damage (seed 004, L7164–7186, L7226–7232): weakness first, then the single highest
 * applicable immunity (to a minimum of 0), then temporary Stamina before Stamina.
 */
import { DAMAGE_KEY_FORCED_MOVE } from "./catalogue.ts";

export interface DamageTaken {
  /** Damage before weakness and immunity, a whole number of 0 or more. */
  amount: number;
  /** Damage type ("fire", ...); "" or absent for untyped damage. */
  type?: string;
  /** Keywords of the source ("weapon", "magic", ...). */
  keywords?: readonly string[];
}

/**
 * Immunities and weaknesses keyed by damage type, keyword, or "all" (any damage). An immunity of
 * Infinity is the seed's "immunity all": no damage at all.
 */
export interface DamageModifiers {
  immunities?: Record<string, number>;
  weaknesses?: Record<string, number>;
}

export interface DamageResult {
  stamina: number;
  temporary: number;
  /** Damage actually taken, after weakness and immunity, from temporary Stamina and Stamina together. */
  dealt: number;
}

/** The highest value among the keys that apply to this damage (0 when none). */
function highest(map: Record<string, number> | undefined, keys: string[]): number {
  if (!map) return 0;
  return keys.reduce((best, key) => Math.max(best, map[key] ?? 0), 0);
}

export function damageAfterModifiers(damage: DamageTaken, modifiers: DamageModifiers = {}): number {
  const { amount, type = "", keywords = [] } = damage;
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`amount must be a whole number of 0 or more, got ${amount}`);
  const keys = ["all", ...(type ? [type.toLowerCase()] : []), ...keywords.map((k) => k.toLowerCase())];
  const weakened = amount > 0 ? amount + highest(modifiers.weaknesses, keys) : 0;
  const immunity = highest(modifiers.immunities, keys);
  return Math.max(0, weakened - immunity);
}

export function applyDamage(
  target: { stamina: number; temporary?: number },
  damage: DamageTaken,
  modifiers: DamageModifiers = {},
): DamageResult {
  const temporary = target.temporary ?? 0;
  if (!Number.isInteger(target.stamina)) throw new RangeError(`stamina must be a whole number, got ${target.stamina}`);
  if (!Number.isInteger(temporary) || temporary < 0) throw new RangeError(`temporary must be a whole number of 0 or more, got ${temporary}`);
  const dealt = damageAfterModifiers(damage, modifiers);
  const fromTemporary = Math.min(temporary, dealt);
  return { stamina: target.stamina - (dealt - fromTemporary), temporary: temporary - fromTemporary, dealt };
}

/** Gaining temporary Stamina keeps the greater of the two amounts, never the sum (L7232). */
export function gainTemporaryStamina(current: number, gained: number): number {
  return Math.max(current, gained);
}

/** Underwater combat (L7249): a creature fully submerged has fire immunity 5 and lightning weakness 5. */
export const UNDERWATER_FIRE_IMMUNITY = 5;
export const UNDERWATER_LIGHTNING_WEAKNESS = 5;

/** Where a creature is or what it is, beyond its own immunities and weaknesses. */
export interface DamageSituation {
  /** Fully submerged in water (L7249). */
  underwater?: boolean;
  /** An object, not a creature (L6544): poison and psychic immunity unless noted otherwise. */
  object?: boolean;
}

const withHighest = (map: Record<string, number> | undefined, key: string, value: number) =>
  ({ ...(map ?? {}), [key]: Math.max(map?.[key] ?? 0, value) });

/**
 * A creature's immunities and weaknesses with those its situation grants: fire immunity 5 and
 * lightning weakness 5 underwater (L7249); poison and psychic immunity for an object (L6544, read as
 * immunity all: the seed gives no value). Each is kept beside the creature's own, the higher value of
 * a key standing (only the highest immunity applies, L7170). The input is not changed.
 */
export function situationalDamageModifiers(modifiers: DamageModifiers, situation: DamageSituation): DamageModifiers {
  let immunities = { ...(modifiers.immunities ?? {}) };
  let weaknesses = { ...(modifiers.weaknesses ?? {}) };
  if (situation.underwater) {
    immunities = withHighest(immunities, "fire", UNDERWATER_FIRE_IMMUNITY);
    weaknesses = withHighest(weaknesses, "lightning", UNDERWATER_LIGHTNING_WEAKNESS);
  }
  if (situation.object) {
    immunities = withHighest(immunities, "poison", Infinity);
    immunities = withHighest(immunities, "psychic", Infinity);
  }
  return { immunities, weaknesses };
}

/**
 * The damage a creature takes from forced movement (a collision, L6946): reduced by its forced move
 * damage immunity (L7172, the immunities' `forced` key), as by any immunity that applies to all
 * damage; only the highest applies (L7170). Untyped, so only `all` and `forced` apply.
 */
export function forcedMoveDamageTaken(amount: number, modifiers: DamageModifiers = {}): number {
  return damageAfterModifiers(forcedMoveDamage(amount), modifiers);
}

/** Damage from forced movement as {@link applyDamage} takes it: untyped, keyed `forced` (L7172). */
export function forcedMoveDamage(amount: number): DamageTaken {
  return { amount, type: "", keywords: [DAMAGE_KEY_FORCED_MOVE] };
}

/** Running out of air (L6390): the damage a round after the breath is held no longer. */
export const SUFFOCATION_DAMAGE = "1d6";

/**
 * The rounds a creature can hold its breath in combat (L6390): its Might score, at least 1.
 * Throws a RangeError for a Might that is not a whole number.
 */
export function breathRounds(might: number): number {
  if (!Number.isInteger(might)) throw new RangeError(`might must be a whole number, got ${might}`);
  return Math.max(1, might);
}

/**
 * Whether a creature unable to breathe takes the 1d6 at the end of a round (L6390): `rounds` is how
 * many rounds it has been without air, this one included; it holds its breath for {@link breathRounds}
 * rounds and takes the damage at the end of each round after that. Throws a RangeError for a count
 * that is not a whole number of 1 or more.
 */
export function suffocates(rounds: number, might: number): boolean {
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`rounds must be a whole number of 1 or more, got ${rounds}`);
  return rounds > breathRounds(might);
}

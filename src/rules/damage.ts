/**
 * Taking damage (seed 004, L7164–7186, L7226–7232): weakness first, then the single highest
 * applicable immunity (to a minimum of 0), then temporary Stamina before Stamina.
 */

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

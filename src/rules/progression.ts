/**
 * Hero progression and Stamina thresholds (seed 004): the Heroic Advancement table (L588–600), the
 * Adjusted XP Advancement table (L608–619), winded value, recovery value and death (L7192–7206).
 */

export type AdvancementSpeed = "normal" | "double" | "half";

/** Minimum cumulative XP for levels 1..10, by advancement speed. */
export const XP_THRESHOLDS: Record<AdvancementSpeed, readonly number[]> = {
  normal: [0, 10, 25, 40, 55, 70, 85, 100, 115, 130],
  double: [0, 5, 13, 21, 29, 37, 44, 52, 59, 66],
  half: [0, 20, 50, 80, 110, 140, 170, 200, 230, 260],
};

export const MAX_LEVEL = 10;

/** The level (1..10) a hero with this much cumulative XP has. */
export function levelForXp(xp: number, speed: AdvancementSpeed = "normal"): number {
  if (!Number.isInteger(xp) || xp < 0) throw new RangeError(`xp must be a whole number of 0 or more, got ${xp}`);
  const thresholds = Object.hasOwn(XP_THRESHOLDS, speed) ? XP_THRESHOLDS[speed] : undefined;
  if (!thresholds) throw new RangeError(`speed must be "normal", "double" or "half", got ${String(speed)}`);
  let level = 1;
  while (level < MAX_LEVEL && xp >= thresholds[level]!) level++;
  return level;
}

/** XP needed to reach the next level, or null at level 10. */
export function xpForNextLevel(xp: number, speed: AdvancementSpeed = "normal"): number | null {
  const level = levelForXp(xp, speed);
  return level >= MAX_LEVEL ? null : XP_THRESHOLDS[speed][level]!;
}

export interface StaminaThresholds {
  /** Half the Stamina maximum, rounded down: at or below it a creature is winded (L7198). */
  winded: number;
  /** One-third of the Stamina maximum, rounded down (L7194). */
  recoveryValue: number;
  /** A hero dies when Stamina reaches the negative of the winded value (L7206). */
  deathThreshold: number;
}

export function heroStaminaThresholds(maxStamina: number): StaminaThresholds {
  if (!Number.isInteger(maxStamina) || maxStamina < 0) {
    throw new RangeError(`maxStamina must be a whole number of 0 or more, got ${maxStamina}`);
  }
  const winded = Math.floor(maxStamina / 2);
  return { winded, recoveryValue: Math.floor(maxStamina / 3), deathThreshold: winded === 0 ? 0 : -winded };
}

/**
 * Hero wealth is by level, not counted in coin (L6410–6425): levels 1–2, 3–4, 5–6, 7–8 and 9–10
 * each buy a band of goods, and a group pooling its resources buys the next band up.
 */
export const WEALTH_BANDS = ["mundane", "comfortable", "property", "estate", "stronghold", "castle"] as const;
export type WealthBand = (typeof WEALTH_BANDS)[number];

export function wealthForLevel(level: number): { individual: WealthBand; group: WealthBand } {
  if (!Number.isInteger(level) || level < 1 || level > MAX_LEVEL) throw new RangeError(`level must be 1..10, got ${level}`);
  const band = Math.floor((level - 1) / 2);
  return { individual: WEALTH_BANDS[band]!, group: WEALTH_BANDS[band + 1]! };
}

/**
 * Derived numbers of heroes and monsters (seed 004): Stamina maximum from the class and kit,
 * Recoveries, speed, stability, size, and the healthy / winded / dying / dead states (L7192–7212).
 * Kit bonuses (L4529–4726): Stamina, speed and stability add to the hero's; the damage bonuses
 * are per tier and apply to weapon or magic abilities by keyword (L4665–4686).
 */
import { DEFAULT_SIZE, DEFAULT_SPEED } from "./catalogue.ts";
import type { Size } from "./catalogue.ts";
import { heroStaminaThresholds } from "./progression.ts";
import type { StaminaThresholds } from "./progression.ts";

export type TierNumbers = [number, number, number];

export interface KitBonuses {
  stamina: number;
  speed: number;
  stability: number;
  distance: number;
  reach: number;
  area: number;
  meleeDamage: TierNumbers;
  rangedDamage: TierNumbers;
  magicDamage: TierNumbers;
}

export const NO_KIT_BONUSES: KitBonuses = {
  stamina: 0, speed: 0, stability: 0, distance: 0, reach: 0, area: 0,
  meleeDamage: [0, 0, 0], rangedDamage: [0, 0, 0], magicDamage: [0, 0, 0],
};

export interface ClassBasics {
  startingStamina: number;
  staminaPerLevel: number;
  recoveries: number;
}

/**
 * Numbers an ancestry adds (L630–1991): Stamina at 1st level and per level after (Dwarf Spark Off
 * Your Skin, L1025–1027), stability (Dwarf Grounded +1, Memonek Lightweight −2), Recoveries (Human
 * Staying Power +2). Missing numbers count as 0.
 */
export interface AncestryBonuses {
  stamina?: number;
  staminaPerLevel?: number;
  stability?: number;
  recoveries?: number;
}

export interface HeroDerivationInput {
  level: number;
  class?: ClassBasics | null;
  kit?: { bonuses: KitBonuses } | null;
  ancestry?: { size: Size; speed: number; bonuses?: AncestryBonuses } | null;
  /** Other bonuses (ancestry benefits, effects, the player's own adjustments). */
  bonuses?: { stamina?: number; recoveries?: number; speed?: number; stability?: number };
}

export interface HeroDerived extends StaminaThresholds {
  staminaMax: number;
  recoveriesMax: number;
  speed: number;
  stability: number;
  size: Size;
}

/**
 * Stamina maximum = class starting Stamina + Stamina per level for each level after 1st + kit
 * Stamina bonus + ancestry Stamina (its 1st-level number + its per-level number for each level after
 * 1st) + other bonuses; Recoveries = class + ancestry + bonuses; speed = ancestry speed (5 by
 * default) + kit + bonuses; stability = 0 + kit + ancestry + bonuses. None of them goes below 0
 * (so Memonek's stability −2 stops at 0, L1495).
 */
export function deriveHero(input: HeroDerivationInput): HeroDerived {
  const { level, class: cls, kit, ancestry, bonuses = {} } = input;
  if (!Number.isInteger(level) || level < 1 || level > 10) throw new RangeError(`level must be 1..10, got ${level}`);
  const kitBonuses = kit?.bonuses ?? NO_KIT_BONUSES;
  const anc = ancestry?.bonuses ?? {};
  const ancestryStamina = (anc.stamina ?? 0) + (anc.staminaPerLevel ?? 0) * (level - 1);
  const staminaMax = Math.max(0, (cls ? cls.startingStamina + cls.staminaPerLevel * (level - 1) : 0)
    + kitBonuses.stamina + ancestryStamina + (bonuses.stamina ?? 0));
  return {
    staminaMax,
    ...heroStaminaThresholds(staminaMax),
    recoveriesMax: Math.max(0, (cls?.recoveries ?? 0) + (anc.recoveries ?? 0) + (bonuses.recoveries ?? 0)),
    speed: Math.max(0, (ancestry?.speed ?? DEFAULT_SPEED) + kitBonuses.speed + (bonuses.speed ?? 0)),
    stability: Math.max(0, kitBonuses.stability + (anc.stability ?? 0) + (bonuses.stability ?? 0)),
    size: ancestry?.size ?? DEFAULT_SIZE,
  };
}

/**
 * The bonuses a hero's kits give together. One kit: its own. Two, as the tactician's Field Arsenal
 * gives (L4386): "If both kits grant you the same benefit, you take one or the other ... (This usually
 * means taking the higher of two bonuses.)" (L4390): each number is the higher of the kits', and each
 * damage bonus is one kit's whole line (L4401: the Mountain's +0/+0/+4 *or* the Martial Artist's
 * +2/+2/+2), the one with the larger sum, the first kit's on a tie. The seed's example (L4392–4399):
 * Shining Armor and Sniper give Stamina +12, stability +1, melee +2/+2/+2, speed +1, ranged +0/+0/+4,
 * distance +10. So the order the kits were taken in changes nothing. No kit: no bonus.
 */
export function combinedKitBonuses(kits: readonly KitBonuses[]): KitBonuses {
  if (!kits.length) return { ...NO_KIT_BONUSES };
  const higher = (key: "stamina" | "speed" | "stability" | "distance" | "reach" | "area") => Math.max(...kits.map((k) => k[key]));
  const line = (key: "meleeDamage" | "rangedDamage" | "magicDamage"): TierNumbers => {
    const sum = (t: TierNumbers) => t[0] + t[1] + t[2];
    const best = kits.reduce((a, b) => (sum(b[key]) > sum(a[key]) ? b : a));
    return [...best[key]] as TierNumbers;
  };
  return {
    stamina: higher("stamina"), speed: higher("speed"), stability: higher("stability"),
    distance: higher("distance"), reach: higher("reach"), area: higher("area"),
    meleeDamage: line("meleeDamage"), rangedDamage: line("rangedDamage"), magicDamage: line("magicDamage"),
  };
}

export type StaminaState = "healthy" | "winded" | "dying" | "dead";

/**
 * A hero is winded at or below the winded value, dying at 0 or below, dead when Stamina reaches
 * the negative of the winded value (L7198–7206). Temporary Stamina changes none of these (L7228).
 */
export function heroStaminaState(stamina: number, t: StaminaThresholds & { staminaMax: number }): StaminaState {
  if (t.staminaMax > 0 && stamina < 0 && stamina <= t.deathThreshold) return "dead";
  if (stamina <= 0) return t.staminaMax > 0 ? "dying" : "healthy";
  return stamina <= t.winded ? "winded" : "healthy";
}

/**
 * Director-controlled creatures die at 0 Stamina (L7210) and are winded at half. One knocked out
 * instead of killed (L7218) lies unconscious at 0 and is not dead.
 */
export function monsterStaminaState(
  stamina: number, staminaMax: number, { knockedOut = false }: { knockedOut?: boolean } = {},
): StaminaState {
  if (staminaMax > 0 && stamina <= 0 && !knockedOut) return "dead";
  return stamina <= Math.floor(staminaMax / 2) && staminaMax > 0 ? "winded" : "healthy";
}

export type DamageBonusKind = "melee" | "ranged" | "magic";

/**
 * Which kit damage bonus an ability gets from its keywords (L4665–4686): Melee + Weapon → melee
 * weapon bonus, Ranged + Weapon → ranged weapon bonus, Magic → magic bonus. An ability with both
 * melee and ranged weapon keywords takes the larger (the user picks how to use it).
 */
export function kitDamageBonus(bonuses: KitBonuses, keywords: readonly string[], tier: 1 | 2 | 3): number {
  const has = (k: string) => keywords.includes(k);
  const options: number[] = [0];
  if (has("weapon") && has("melee")) options.push(bonuses.meleeDamage[tier - 1]!);
  if (has("weapon") && has("ranged")) options.push(bonuses.rangedDamage[tier - 1]!);
  if (has("magic")) options.push(bonuses.magicDamage[tier - 1]!);
  return Math.max(...options);
}

/** Check a list of per-tier numbers: exactly three whole numbers. */
export function isTierNumbers(value: unknown): value is TierNumbers {
  return Array.isArray(value) && value.length === 3 && value.every((n) => Number.isInteger(n));
}

/**
 * Heroic resources spent with an ability: caps, variable spends, maintaining, tier gains, Prayers.
 * Apart from the turn's gains and upkeep (./heroic-resources.ts), so that these load with the ability
 * flow (issue 31).
 */
import type { Tier } from "./power-roll.ts";

/**
 * Extra resource a hero gains from their own ability roll (L3891): "You gain 1 insight whenever you
 * get a tier 3 result with an attack." Keyed by the class's resource name (the class item's
 * heroicResource.name). One gain an attack, however many of its targets got tier 3. Focus (L4262)
 * comes from an ally's roll against a marked target, not from the hero's own, and is not counted here.
 */
export function ownRollResourceGain(input: { resource: string; attack: boolean; tiers: readonly (Tier | null)[] }): number {
  if (input.resource.trim().toLowerCase() !== "insight") return 0;
  return input.attack && input.tiers.includes(3) ? 1 : 0;
}

/**
 * A tier's "Gain N <resource>" (Prayer's "Gain 1 piety", "Gain 2 piety and choose and use a domain
 * effect", L2390–2391): the amount when the resource is the hero's own, else 0.
 */
export function tierResourceGain(tierText: string, resource: string): number {
  const name = resource.trim().toLowerCase();
  if (!name) return 0;
  const m = /\bgain\s+(\d{1,2})\s+([a-z]+)/i.exec(tierText);
  return m && m[2]!.toLowerCase() === name ? Number(m[1]) : 0;
}

/**
 * Prayer's edges and banes by how many times it was used this encounter before (L2393): the 1st use
 * has a double edge, the 2nd an edge, the 3rd a bane, the 4th and later a double bane.
 */
export function prayerModifiers(earlierUses: number): { edges: number; banes: number } {
  if (!Number.isInteger(earlierUses) || earlierUses < 0) throw new RangeError(`earlier uses must be a whole number of 0 or more, got ${earlierUses}`);
  return [{ edges: 2, banes: 0 }, { edges: 1, banes: 0 }, { edges: 0, banes: 1 }][earlierUses] ?? { edges: 0, banes: 2 };
}

/**
 * Whether a Spend line is spent by the point ("Spend Insight: You teleport 1 additional square for
 * each insight spent", L3934 "For each insight you spend", Healing Grace's "For each piety spent",
 * Dying Blow's "1d6 damage for each rage spent"): its text scales with what is spent. A fixed line
 * ("Spend 1 Focus: You mark 1 additional creature") and "Spend No Essence" (a way to use the
 * ability without essence) are not.
 */
export function isVariableSpend(text: string): boolean {
  return /\bfor each\b[^.]*\bspen[dt]\b/i.test(text);
}

/**
 * The most a variable Spend line allows (L3934: "You can't spend more Insight than your shadow level
 * on this ability"): the hero's level when the line says so, else no cap (null).
 */
export function spendCap(text: string, level: number): number | null {
  return /can't spend more \w+ than your \w+ level/i.test(text) ? Math.max(0, Math.trunc(level)) : null;
}

/**
 * The amount a user may choose for a variable Spend line: 0 (not used) up to what the resource has
 * left after the ability's cost and the other spends, and the line's cap.
 */
export function variableSpendBounds(
  input: { available: number; committed: number; cap: number | null; minimum: number },
): { min: number; max: number } {
  const left = Math.max(0, Math.trunc(input.available) - Math.max(0, Math.trunc(input.committed)));
  const max = input.cap === null ? left : Math.min(left, input.cap);
  const min = Math.max(1, Math.trunc(input.minimum));
  return { min, max: max < min ? 0 : max };
}

/** A chosen amount clamped to the bounds: 0 when unused or out of reach, else within [min, max]. */
export function clampSpend(requested: number, bounds: { min: number; max: number }): number {
  const n = Math.trunc(Number(requested));
  if (!Number.isFinite(n) || n <= 0 || bounds.max <= 0) return 0;
  return Math.min(bounds.max, Math.max(bounds.min, n));
}

/**
 * Whether one more persistent ability may be maintained (L2878–2880): in combat the upkeep may not
 * exceed the least the start-of-turn gain can be; out of combat it may not exceed the Victories.
 */
export function canMaintain(
  input: { persistent: number; upkeep: number; inCombat: boolean; minimumGain: number; victories: number },
): boolean {
  if (!(input.persistent > 0)) return false;
  const limit = input.inCombat ? input.minimumGain : input.victories;
  return input.upkeep + input.persistent <= limit;
}

/**
 * The most essence a hero may use on one ability out of combat while maintaining (L2878): Victories
 * less the upkeep.
 */
export function spendableOutOfCombat(victories: number, upkeep: number): number {
  return Math.max(0, victories - Math.max(0, upkeep));
}

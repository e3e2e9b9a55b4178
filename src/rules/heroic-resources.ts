/**
 * The heroic resources' extra rules (seed 004): gains tied to a power roll's result (insight L3891,
 * piety from Prayer L2375–2393), variable spends ("Spend Insight:", "Spend 1 or More Additional
 * Rage:"), and the Elementalist's persistent abilities (Persistent Magic, L2872–2888).
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
 * Focus from an ally's roll (L4262): "If an ally gets a tier 3 result on an attack against a target
 * you have marked, you gain 1 focus." One focus an attack, however many marked targets got tier 3;
 * the tactician's own attacks do not count.
 */
export function focusFromAllyAttack(input: {
  resource: string; attack: boolean; rollerIsSelf: boolean; marked: readonly string[];
  targets: readonly { key: string; tier: Tier | null }[];
}): number {
  if (input.resource.trim().toLowerCase() !== "focus" || !input.attack || input.rollerIsSelf) return 0;
  return input.targets.some((t) => t.tier === 3 && input.marked.includes(t.key)) ? 1 : 0;
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

/** The upkeep of the maintained persistent abilities: the sum of their persistent values (L2876). */
export function persistentUpkeep(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + (Number.isFinite(v) && v > 0 ? Math.trunc(v) : 0), 0);
}

/**
 * The essence earned at the start of a turn while maintaining (L2876): the gain less the upkeep,
 * never below 0 (L2880: no negative income).
 */
export function gainAfterUpkeep(gain: number, upkeep: number): number {
  return Math.max(0, gain - Math.max(0, upkeep));
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

export type MaintenanceOutcome = "keep-all" | "lose-all" | "lose-one";

/**
 * The power roll on taking damage with an active persistent ability (L2884–2888): tier 1 loses them
 * all; tier 2 keeps a single one, otherwise one of the hero's choice is lost; tier 3 keeps them all.
 */
export function maintenanceOutcome(tier: Tier, active: number): MaintenanceOutcome {
  if (tier === 1) return "lose-all";
  if (tier === 2) return active <= 1 ? "keep-all" : "lose-one";
  return "keep-all";
}

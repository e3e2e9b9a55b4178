/**
 * The heroic resources' extra rules (seed 004): gains tied to a power roll's result (insight L3891,
 * piety from Prayer L2375–2393), variable spends ("Spend Insight:", "Spend 1 or More Additional
 * Rage:"), and the Elementalist's persistent abilities (Persistent Magic, L2872–2888).
 */
import type { Tier } from "./power-roll.ts";

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

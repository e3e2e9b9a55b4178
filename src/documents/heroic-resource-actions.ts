/**
 * Heroic resources spent and kept up when an ability is used: marks, maintained abilities and their
 * upkeep, Prayers. Loaded with the ability flow and the cards' actions, not before `ready` (issue 31);
 * what the turn flow needs at start is in ./heroic-resources.ts.
 */
import { persistentUpkeep } from "../rules/heroic-resources.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { updateDocument } from "./update.ts";
import { maintainedAbilities, systemFlags, type MaintainedAbility, type AnyActor } from "./heroic-resources.ts";
import { marksOf, SCOPE } from "./heroic-resource-upkeep.ts";

/** The upkeep of these maintained abilities (L2876). */
export function persistentUpkeepOf(abilities: readonly MaintainedAbility[]): number {
  return persistentUpkeep(abilities.map((m) => m.persistent));
}

/** Start maintaining an ability (the hero's own client, after using it). */
export async function maintainAbility(actor: AnyActor, itemId: string): Promise<void> {
  const ids = maintainedAbilities(actor).map((m) => m.id);
  if (!ids.includes(itemId)) await updateDocument(actor, { [`flags.${FLAG_SCOPE}.maintained`]: [...ids, itemId] });
}

/** How many times the hero used Prayer earlier in this encounter (L2393); 0 outside one. */
export function prayerUses(actor: { flags?: unknown }, combatId: string | null): number {
  const record = systemFlags(actor).prayer as { combat?: unknown; uses?: unknown } | undefined;
  if (!combatId || !record || record.combat !== combatId) return 0;
  const n = Number(record.uses);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** Count a use of Prayer in this encounter. */
export async function recordPrayer(actor: AnyActor, combatId: string | null): Promise<void> {
  if (!combatId) return;
  await updateDocument(actor, { [`flags.${FLAG_SCOPE}.prayer`]: { combat: combatId, uses: prayerUses(actor, combatId) + 1 } });
}

/** Mark these targets (the tactician's own client, after using Mark). */
export async function addMarks(actor: AnyActor, keys: readonly string[]): Promise<void> {
  const marks = [...new Set([...marksOf(actor), ...keys])];
  await updateDocument(actor, { [`flags.${SCOPE}.marks`]: marks });
}

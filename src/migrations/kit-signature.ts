/**
 * Before 0.2.0 the abilities pack's Fury folder held the stormwight kits' signature abilities
 * without their `signature` flag (seed L3681, L3728, L3778, L3827), so a hero who took one from
 * there had the kit's damage bonus added to numbers that already include it (L4711). Copies on
 * actors and in world items are found by the compendium entry they came from. Pure.
 */
import { SYSTEM_ID } from "../constants.ts";

/** The four abilities' compendium UUIDs (pack ids are deterministic: a hash of pack and slug). */
export const FURY_KIT_SIGNATURE_UUIDS: readonly string[] = [
  "9HitNuosZc64g352", // Bear Claws
  "iZj5NzieN7HrX4K7", // Wing Buffet
  "n33HRuI661izU59T", // Driving Pounce
  "iVUqUqFatsntQODv", // Probing Attack
].map((id) => `Compendium.${SYSTEM_ID}.abilities.Item.${id}`);

type Source = {
  type?: unknown;
  system?: { signature?: unknown };
  _stats?: { compendiumSource?: unknown };
  flags?: { core?: { sourceId?: unknown } };
};

/**
 * The update that marks such a copy signature, or null. The compendium entry is read from
 * `_stats.compendiumSource` (v12 and later) or the older `flags.core.sourceId`.
 */
export function migrateKitSignature(source: Record<string, unknown>): Record<string, unknown> | null {
  const s = source as Source;
  if (s.type !== "ability" || s.system?.signature === true) return null;
  const from = s._stats?.compendiumSource ?? s.flags?.core?.sourceId;
  return typeof from === "string" && FURY_KIT_SIGNATURE_UUIDS.includes(from) ? { "system.signature": true } : null;
}

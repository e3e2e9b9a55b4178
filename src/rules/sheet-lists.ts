/**
 * Lists a sheet edits as one line of text: a creature's immunities or weaknesses ("fire 5, all 2")
 * and its languages ("Caelian, Zaliac"). Pure: the sheet formats the stored list into its input
 * and reads the typed line back; a line with an entry it cannot read changes nothing.
 */
import { ABILITY_KEYWORDS, DAMAGE_KEY_ALL, DAMAGE_KEY_FORCED_MOVE, DAMAGE_TYPES } from "./catalogue.ts";

/** Every key an immunity or weakness may have: a damage type, an ability keyword, all damage, forced-movement damage. */
export const DAMAGE_MODIFIER_KEYS: readonly string[] = [...DAMAGE_TYPES, ...ABILITY_KEYWORDS, DAMAGE_KEY_ALL, DAMAGE_KEY_FORCED_MOVE];

/** The largest value a typed immunity or weakness may have (stored numbers lie within 9,999). */
export const DAMAGE_MODIFIER_MAX = 9999;

export interface DamageModifierEntry {
  key: string;
  value: number;
}

/** "fire 5, all 2": the stored list as the sheet's one-line input shows it. */
export function formatDamageModifiers(list: readonly DamageModifierEntry[]): string {
  return list.map((m) => `${m.key} ${m.value}`).join(", ");
}

/**
 * Reads "fire 5, Poison 3; all 2" back (commas or semicolons between entries, a key and a whole
 * number in each, keys in any case). Any entry that is not a known key with a whole number from 0 to
 * DAMAGE_MODIFIER_MAX is returned in `invalid`, and then nothing is read.
 */
export function parseDamageModifiers(text: string): { ok: true; value: DamageModifierEntry[] } | { ok: false; invalid: string[] } {
  const entries = splitList(text);
  const value: DamageModifierEntry[] = [];
  const invalid: string[] = [];
  for (const entry of entries) {
    const match = /^([a-z]+)\s+(\d{1,4})$/i.exec(entry);
    const key = match?.[1]!.toLowerCase() ?? "";
    const n = Number(match?.[2]);
    if (!match || !DAMAGE_MODIFIER_KEYS.includes(key) || !Number.isInteger(n) || n > DAMAGE_MODIFIER_MAX) invalid.push(entry);
    else value.push({ key, value: n });
  }
  return invalid.length ? { ok: false, invalid } : { ok: true, value };
}

/** The longest name a list entry (a language) may have. */
export const LIST_ENTRY_MAX = 60;

/** "Caelian, Zaliac; Caelian": the names, trimmed, once each, in order; an over-long name is cut. */
export function parseNameList(text: string): string[] {
  return [...new Set(splitList(text).map((n) => n.slice(0, LIST_ENTRY_MAX).trim()))].filter(Boolean);
}

function splitList(text: string): string[] {
  return String(text ?? "").split(/[,;]/).map((s) => s.trim().replace(/\s+/g, " ")).filter(Boolean);
}

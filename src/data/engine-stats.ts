/**
 * What a combatant carries for the other engines' combat (src/documents/engine-combat.ts), in
 * `flags.steel-echoes.stats`: the engines have no actors of their own. Written by the creature's owner
 * through the tracker's dialog; read back only through `readEngineStats`, which keeps each number
 * whole and in range and drops anything else, so a hostile value cannot reach a roll. Pure.
 *
 * Every world's entry holds this reading (the combatants of seeds 001, 002 and 003 carry these flags,
 * and a Draw Steel combat's documents are of the same classes), not the engines' rules: the form's
 * rules are in engine-stats-form.ts, which the tracker's dialog loads (issue 31).
 */
import type { OpeningState } from "../rules/action-dice.ts";
import { MAX_BONUS_DICE } from "../parser/chat-commands.ts";

/** What a combatant carries for its engine. Every field is optional: a blank is "not set". */
export interface EngineStats {
  // Seed 001 (S1:L12–15, L19, L43–45, L53, L75).
  bonusDice?: number;
  wounded?: boolean;
  stamina?: number;
  vigor?: number;
  vigorMax?: number;
  actions?: number;
  opening?: OpeningState;
  winded?: boolean;
  /** Rounds left in Shock; absent when not in Shock. */
  shockRounds?: number;
  // Seed 002 (S2:L83–89).
  som?: number;
  empathy?: number;
  perception?: number;
  unconscious?: boolean;
  // Seed 003 (S3:L370–373).
  dex?: number;
  initiativeModifier?: number;
  // Every engine.
  surprised?: boolean;
}

/**
 * The opening states a combatant may carry besides "none" (seed 001's, S1:L12–15, L53): the rules'
 * `OPENING_STATES` (src/rules/action-dice.ts), which the entry does not load; a test keeps them the same.
 */
export const STORED_OPENINGS = ["ambushed", "ambusher", "overwatch"] as const satisfies readonly OpeningState[];

/** Each number's range: [min, max]. */
export const STAT_LIMITS: Readonly<Record<string, readonly [number, number]>> = {
  bonusDice: [0, MAX_BONUS_DICE], stamina: [1, 99], vigor: [0, 999], vigorMax: [0, 999], actions: [0, 9], shockRounds: [0, 99],
  som: [1, 10], empathy: [0, 99], perception: [0, 99], dex: [-10, 20], initiativeModifier: [-20, 20],
};
export const STAT_FLAGS = ["wounded", "winded", "unconscious", "surprised"] as const;

/** A combatant's stats from whatever its flags hold: whole numbers in range are kept, anything else dropped. */
export function readEngineStats(raw: unknown): EngineStats {
  const out: Record<string, unknown> = {};
  if (!raw || typeof raw !== "object") return out;
  const source = raw as Record<string, unknown>;
  for (const [key, [min, max]] of Object.entries(STAT_LIMITS)) {
    const n = source[key];
    if (typeof n === "number" && Number.isInteger(n) && n >= min && n <= max) out[key] = n;
  }
  for (const key of STAT_FLAGS) if (source[key] === true) out[key] = true;
  if ((STORED_OPENINGS as readonly unknown[]).includes(source.opening)) out.opening = source.opening;
  return out as EngineStats;
}

/**
 * The stats as stored: every key present, a number or null, true or false, so that an update (which
 * Foundry merges into the flags) also clears what was cleared.
 */
export function storedStats(stats: EngineStats): Record<string, number | boolean | string | null> {
  const s = stats as Record<string, unknown>;
  const out: Record<string, number | boolean | string | null> = {};
  for (const key of Object.keys(STAT_LIMITS)) out[key] = typeof s[key] === "number" ? (s[key] as number) : null;
  for (const key of STAT_FLAGS) out[key] = s[key] === true;
  out.opening = stats.opening ?? "none";
  return out;
}

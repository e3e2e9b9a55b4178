/**
 * Posting a power roll or a Harmony/Dissonance check to chat: what the `/pr` and `/hd` commands and
 * `steelEchoes.powerRoll` / `harmonyCheck` do. Validation is pure (src/parser); this file only shows
 * errors and posts rolls.
 */
import { checkHarmonyCheck, checkPowerRoll } from "../../parser/chat-commands.ts";
import type { CommandError } from "../../parser/chat-commands.ts";
import { HarmonyRoll } from "../../dice/harmony-roll.ts";
import type { HarmonyRollOptions } from "../../dice/harmony-roll.ts";
import { PowerRoll } from "../../dice/power-roll.ts";
import type { PowerRollOptions } from "../../dice/power-roll.ts";
import { harmonyOutcomeRule } from "../../settings/index.ts";
import { TEST_DIFFICULTIES } from "../../rules/index.ts";
import type { TestDifficulty } from "../../rules/index.ts";

/** Show a localised error; the values typed by the user are escaped by Foundry. */
export function notifyError(error: CommandError): void {
  const format = Object.fromEntries(Object.entries(error.data).map(([k, v]) => [k, String(v).slice(0, 40)]));
  ui.notifications?.error(error.key, { format, escape: true });
}

/** Keep only plain strings for texts that reach the card (the template escapes them). */
type CardTexts = { flavor?: string; tierTexts?: string[]; difficulty?: TestDifficulty };
function texts(o: { flavor?: unknown; tierTexts?: unknown; difficulty?: unknown }): CardTexts {
  const out: { flavor?: string; tierTexts?: string[]; difficulty?: TestDifficulty } = {};
  const difficulty = TEST_DIFFICULTIES.find((d) => d === o.difficulty);
  if (difficulty) out.difficulty = difficulty;
  if (o.flavor !== undefined && o.flavor !== null) out.flavor = String(o.flavor);
  if (Array.isArray(o.tierTexts)) out.tierTexts = o.tierTexts.slice(0, 3).map((t) => String(t ?? ""));
  return out;
}

export interface PostOptions {
  /** Chat speaker; defaults to the selected token or the user's character. */
  speaker?: ReturnType<typeof ChatMessage.getSpeaker>;
}

/** Roll a power roll and post its card. Bad input shows an error and posts nothing (returns null). */
export async function postPowerRoll(options: PowerRollOptions, post: PostOptions = {}) {
  const error = checkPowerRoll(options ?? {});
  if (error) {
    notifyError(error);
    return null;
  }
  const { characteristic, edges = 0, banes = 0, bonuses = 0 } = options;
  const roll = PowerRoll.fromOptions({ characteristic, edges, banes, bonuses, ...texts(options) });
  await roll.evaluate();
  return roll.toMessage({ speaker: post.speaker ?? ChatMessage.getSpeaker() });
}

/** Roll a Harmony/Dissonance check and post its card. Bad input shows an error and posts nothing. */
export async function postHarmonyCheck(options: HarmonyRollOptions, post: PostOptions = {}) {
  const error = checkHarmonyCheck(options ?? {});
  if (error) {
    notifyError(error);
    return null;
  }
  const { target, big = 0, small = 0 } = options;
  const roll = HarmonyRoll.fromOptions({
    target, big, small, outcomeRule: options.outcomeRule ?? harmonyOutcomeRule(), ...texts(options),
  });
  await roll.evaluate();
  return roll.toMessage({ speaker: post.speaker ?? ChatMessage.getSpeaker() });
}


/**
 * Posting a power roll, a Harmony/Dissonance check or a 2d12 check to chat: what the `/pr`, `/hd` and
 * `/d12` commands and `steelEchoes.powerRoll` / `harmonyCheck` / `d12Check` do (seed 001's and 002's
 * checks are in their chunks: action-dice-checks.ts, arc-checks.ts). Validation is pure (src/parser); this file only shows
 * errors and posts rolls.
 */
import { D12_LIMIT, checkHarmonyCheck, checkPowerRoll } from "../../parser/command-checks.ts";
import type { CommandError } from "../../parser/command-checks.ts";
import type { HarmonyRollOptions } from "../../dice/harmony-roll.ts";
import { PowerRoll } from "../../dice/power-roll.ts";
import type { PowerRollOptions } from "../../dice/power-roll.ts";
import { harmonyOutcomeRule } from "../../settings/index.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { TEST_DIFFICULTIES } from "../../rules/tests.ts";
import { ensureGame } from "../../documents/game-hooks.ts";
import type { TestDifficulty } from "../../rules/tests.ts";

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
  const fated = options.fated === 1 || options.fated === 3 ? { fated: options.fated } : {};
  const roll = PowerRoll.fromOptions({ characteristic, edges, banes, bonuses, ...texts(options), ...fated });
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
  // Echoes' roll is in its chunk, registered before it is used (src/documents/game-hooks.ts).
  await ensureGame("echoes");
  const { HarmonyRoll } = await import("../../dice/harmony-roll.ts");
  const roll = HarmonyRoll.fromOptions({
    target, big, small, outcomeRule: options.outcomeRule ?? harmonyOutcomeRule(), ...texts(options),
  });
  await roll.evaluate();
  return roll.toMessage({ speaker: post.speaker ?? ChatMessage.getSpeaker() });
}


/**
 * Roll seed 003's check and post its card (`/d12`, `steelEchoes.d12Check`): 2d12 + modifier, 3d12
 * keeping two with net advantage or disadvantage (S3:L52–57), against a DC when one is given.
 */
export async function postD12Check(
  options: { modifier: number; dc?: number | null; advantages?: number; disadvantages?: number; flavor?: string },
  post: PostOptions = {},
) {
  const modifier = Number(options?.modifier);
  const dc = options?.dc ?? null;
  const advantages = options?.advantages ?? 0;
  const disadvantages = options?.disadvantages ?? 0;
  if (!Number.isInteger(modifier) || Math.abs(modifier) > D12_LIMIT || (dc !== null && (!Number.isInteger(dc) || dc < 0 || dc > D12_LIMIT))
    || !Number.isInteger(advantages) || advantages < 0 || !Number.isInteger(disadvantages) || disadvantages < 0) {
    notifyError({ key: "SE.Command.Error.D12Usage", data: {} });
    return null;
  }
  // A burnt EDGE card gives this user's next check one more source of advantage (S3:L831).
  // The EDGE deck loads with the first check that burns a card (issue 31).
  const burnt = await (await import("../../documents/edge-cards.ts")).takeEdgeAdvantage();
  const flavor = [typeof options.flavor === "string" ? options.flavor : "", burnt ? foundryI18n.localize("SE.EdgeCard.BurntFlavor") : ""].filter(Boolean).join(" · ");
  await ensureGame("d12");
  const { D12Roll } = await import("../../dice/d12-roll.ts");
  const { advantageFromSources } = await import("../../rules/d12.ts");
  const roll = D12Roll.fromOptions({
    modifier, dc, advantage: advantageFromSources(advantages + (burnt ? 1 : 0), disadvantages),
    ...(flavor ? { flavor } : {}),
  });
  await roll.evaluate();
  return roll.toMessage({ speaker: post.speaker ?? ChatMessage.getSpeaker() });
}

/** A whole number within [min, max] (the engines' checks: arc-checks.ts, action-dice-checks.ts). */
export const isWhole = (n: unknown, min: number, max: number) => Number.isInteger(n) && (n as number) >= min && (n as number) <= max;

/**
 * Posting a power roll or a Harmony/Dissonance check to chat: what the `/pr` and `/hd` commands and
 * `steelEchoes.powerRoll` / `harmonyCheck` do. Validation is pure (src/parser); this file only shows
 * errors and posts rolls.
 */
import { D12_LIMIT, ES_DICE, MAX_BONUS_DICE, checkHarmonyCheck, checkPowerRoll } from "../../parser/chat-commands.ts";
import type { ActionDiceCommand } from "../../parser/chat-commands.ts";
import type { CommandError } from "../../parser/chat-commands.ts";
import type { HarmonyRollOptions } from "../../dice/harmony-roll.ts";
import { PowerRoll } from "../../dice/power-roll.ts";
import type { PowerRollOptions } from "../../dice/power-roll.ts";
import { harmonyOutcomeRule } from "../../settings/index.ts";
import { victorySumAtEqual } from "../../settings/games.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { TEST_DIFFICULTIES } from "../../rules/tests.ts";
import { bonusDieFaces, guardAgainst } from "../../rules/action-dice.ts";
import { reactionCheckPasses } from "../../rules/arc.ts";
import { speakerCombatant } from "../../documents/combat.ts";
import { ensureGame } from "../../documents/game-hooks.ts";
import { ActionRoll, ArcRoll, ReactionRoll } from "../../dice/engine-rolls.ts";
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

const isWhole = (n: unknown, min: number, max: number) => Number.isInteger(n) && (n as number) >= min && (n as number) <= max;

/**
 * Roll seed 002's Action Resolution Check and post its card (`/arc`, `steelEchoes.arcCheck`): KS + US
 * + the ES die's adjustment + other adjustments, against a threshold or an opposing ARC when given.
 */
export async function postArcCheck(
  options: { ks: number; us: number; es: number; esDie: number; adjustment?: number; against?: number | null; flavor?: string },
  post: PostOptions = {},
) {
  const o = options ?? ({} as typeof options);
  const against = o.against ?? null;
  if (!isWhole(o.ks, 0, 99) || !isWhole(o.us, 0, 99) || !isWhole(o.es, 0, 99) || !(ES_DICE as readonly number[]).includes(o.esDie)
    || !isWhole(o.adjustment ?? 0, -99, 99) || (against !== null && !isWhole(against, 0, 999))) {
    notifyError({ key: "SE.Command.Error.ArcUsage", data: {} });
    return null;
  }
  const roll = ArcRoll.fromOptions({
    ks: o.ks, us: o.us, es: o.es, esDie: o.esDie, adjustment: o.adjustment ?? 0, against,
    ...(typeof o.flavor === "string" ? { flavor: o.flavor } : {}),
  });
  await roll.evaluate();
  return roll.toMessage({ speaker: post.speaker ?? ChatMessage.getSpeaker() });
}

/** Roll seed 002's Reaction check and post its card (`/react`, `steelEchoes.reactionCheck`). */
export async function postReactionCheck(options: { som: number; flavor?: string }, post: PostOptions = {}) {
  if (!isWhole(options?.som, 1, 10)) {
    notifyError({ key: "SE.Command.Error.ReactUsage", data: {} });
    return null;
  }
  const roll = ReactionRoll.fromOptions({ som: options.som, ...(typeof options.flavor === "string" ? { flavor: options.flavor } : {}) });
  await roll.evaluate();
  const speaker = post.speaker ?? ChatMessage.getSpeaker();
  const message = await roll.toMessage({ speaker });
  // In a seed 002 encounter, a failure loses the roller's creature its turn (S2:L59).
  const mine = reactionCheckPasses(options.som, roll.face) ? null : speakerCombatant(speaker);
  if (mine) await mine.combat.loseTurn(mine.combatant);
  return message;
}

/**
 * Roll seed 001's action check and post its card (`/ad`, `steelEchoes.actionCheck`): 1d20 plus bonus
 * dice of the size the Charges, Challenges and wounds give (`bonusDieFaces`), bursting on their
 * maximum, against a victory sum or a Guard with its modifiers (`guardAgainst`).
 */
export async function postActionCheck(
  options: Partial<ActionDiceCommand> & { bonusDice: number; flavor?: string; defense?: { against: number; vigor: number } },
  post: PostOptions = {},
) {
  const o = options ?? ({} as typeof options);
  let faces: number;
  let target: number | null;
  try {
    if (!isWhole(o.bonusDice, 0, MAX_BONUS_DICE) || (o.vs !== undefined && o.vs !== null && !isWhole(o.vs, 0, 999))) throw new RangeError("bonusDice");
    faces = bonusDieFaces({ charges: o.charges ?? 0, challenges: o.challenges ?? 0, wounded: !!o.wounded });
    if (o.defense && (!isWhole(o.defense.against, 0, 9_999) || !isWhole(o.defense.vigor, 0, 99))) throw new RangeError("defense");
    target = o.defense ? o.defense.against : o.guard ? guardAgainst(o.guard) : o.vs ?? null;
  } catch {
    notifyError({ key: "SE.Command.Error.ActionDiceUsage", data: {} });
    return null;
  }
  const roll = ActionRoll.fromOptions({
    bonusDice: o.bonusDice, faces, target, targetKind: o.defense ? "defense" : o.guard ? "guard" : target === null ? "" : "vs",
    ...(o.defense ? { vigor: o.defense.vigor } : {}),
    ...(!o.defense && !o.guard && target !== null && victorySumAtEqual() ? { vsAtEqual: true } : {}),
    ...(typeof o.flavor === "string" ? { flavor: o.flavor } : {}),
  });
  await roll.evaluate();
  return roll.toMessage({ speaker: post.speaker ?? ChatMessage.getSpeaker() });
}

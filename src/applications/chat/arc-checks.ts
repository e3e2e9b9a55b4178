/**
 * Posting seed 002's checks to chat (`/arc`, `/react`, `steelEchoes.arcCheck` / `reactionCheck`, the
 * check dialog): validation here, the rolls in src/dice/arc-rolls.ts. In ARC's chunk (src/games/arc.ts).
 */
import { ES_DICE } from "../../parser/command-checks.ts";
import { reactionCheckPasses } from "../../rules/arc.ts";
import { speakerCombatant } from "../../documents/combat-speakers.ts";
import { ensureGame } from "../../documents/game-hooks.ts";
import { ArcRoll, ReactionRoll } from "../../dice/arc-rolls.ts";
import { isWhole, notifyError } from "./post-rolls.ts";
import type { PostOptions } from "./post-rolls.ts";

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
  // The roll is registered before it is posted (a message drops a roll of a class Foundry does not know).
  await ensureGame("arc");
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
  await ensureGame("arc");
  const roll = ReactionRoll.fromOptions({ som: options.som, ...(typeof options.flavor === "string" ? { flavor: options.flavor } : {}) });
  await roll.evaluate();
  const speaker = post.speaker ?? ChatMessage.getSpeaker();
  const message = await roll.toMessage({ speaker });
  // In a seed 002 encounter, a failure loses the roller's creature its turn (S2:L59).
  const mine = reactionCheckPasses(options.som, roll.face) ? null : speakerCombatant(speaker);
  if (mine) await mine.combat.loseTurn(mine.combatant);
  return message;
}

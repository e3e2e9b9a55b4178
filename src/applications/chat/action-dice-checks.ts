/**
 * Posting seed 001's action check to chat (`/ad`, `steelEchoes.actionCheck`, the check dialog, the
 * Defense reaction): validation here, the roll in src/dice/action-dice-roll.ts. In the action dice
 * engine's chunk (src/games/action-dice.ts).
 */
import { MAX_BONUS_DICE } from "../../parser/chat-commands.ts";
import type { ActionDiceCommand } from "../../parser/command-checks.ts";
import { victorySumAtEqual } from "../../settings/games.ts";
import { bonusDieFaces, guardAgainst } from "../../rules/action-dice.ts";
import { ensureGame } from "../../documents/game-hooks.ts";
import { ActionRoll } from "../../dice/action-dice-roll.ts";
import { isWhole, notifyError } from "./post-rolls.ts";
import type { PostOptions } from "./post-rolls.ts";

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
  // The roll is registered before it is posted (a message drops a roll of a class Foundry does not know).
  await ensureGame("actionDice");
  const roll = ActionRoll.fromOptions({
    bonusDice: o.bonusDice, faces, target, targetKind: o.defense ? "defense" : o.guard ? "guard" : target === null ? "" : "vs",
    ...(o.defense ? { vigor: o.defense.vigor } : {}),
    ...(!o.defense && !o.guard && target !== null && victorySumAtEqual() ? { vsAtEqual: true } : {}),
    ...(typeof o.flavor === "string" ? { flavor: o.flavor } : {}),
  });
  await roll.evaluate();
  return roll.toMessage({ speaker: post.speaker ?? ChatMessage.getSpeaker() });
}

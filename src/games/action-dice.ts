/**
 * Seed 001's chunk (the action dice engine, dist/chunks/action-dice.mjs): its roll (`ActionRoll`) with
 * its card, its check's posting (`/ad`, `steelEchoes.actionCheck`) and the Defense reaction on an
 * action check's card, loaded by src/games/loader.ts before Foundry builds the documents in a world
 * that plays the engine or holds its rolls or combats. Its combat (initiative, Vigor, the Recovery Phase)
 * loads its rules when a combat of its engine needs them (src/documents/combat.ts, engine-combat.ts).
 */
import { DEFENSE_DIALOG_TEMPLATE, onRenderActionCard } from "../applications/chat/defense-reaction.ts";
import { postActionCheck } from "../applications/chat/action-dice-checks.ts";
import { actionCardContext } from "../applications/view-models/action-dice-card.ts";
import { ActionRoll } from "../dice/action-dice-roll.ts";
import { ROLL_CARDS } from "../dice/render.ts";

export { postActionCheck, ActionRoll };

export const TEMPLATES = [DEFENSE_DIALOG_TEMPLATE];

export function register(): void {
  // Before Foundry builds the chat messages (src/games/loader.ts): `Roll.fromData` finds the class by name.
  // Cast: the v14 declarations type CONFIG.Dice.rolls as exactly `typeof Roll` (src/index.ts says why).
  CONFIG.Dice.rolls.push(ActionRoll as unknown as typeof foundry.dice.Roll);
  ROLL_CARDS.action = actionCardContext;
  Hooks.on("renderChatMessageHTML", (message, html) => onRenderActionCard(message, html));
  void foundry.applications.handlebars.loadTemplates(TEMPLATES);
}

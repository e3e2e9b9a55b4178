/**
 * Seed 003's chunk (the 2d12 engine, dist/chunks/d12.mjs): its chat cards' buttons (exploits and
 * setbacks, death saves), the EDGE deck, and its roll (`D12Roll`) with its card, loaded by
 * src/games/loader.ts before Foundry builds the documents in a world that plays the engine or holds
 * its rolls. The entry keeps the EDGE cards' setting.
 */
import { D12_CHOICE_TEMPLATE, onRenderD12Card } from "../applications/chat/d12-choices.ts";
import { DEATH_SAVES_TEMPLATE, onRenderDeathSaves, postDeathSaveCard } from "../applications/chat/death-saves.ts";
import { EDGE_HAND_TEMPLATE, openEdgeHand } from "../applications/chat/edge-cards.ts";
import { giveEdgeCard, registerEdgeRelay, setupEdgeDeck } from "../documents/edge-cards.ts";
import { D12Roll } from "../dice/d12-roll.ts";
import { ROLL_CARDS } from "../dice/render.ts";
import { d12CardContext } from "../applications/view-models/d12-card.ts";

export { giveEdgeCard, openEdgeHand, postDeathSaveCard, setupEdgeDeck, D12Roll };

export const TEMPLATES = [D12_CHOICE_TEMPLATE, DEATH_SAVES_TEMPLATE, EDGE_HAND_TEMPLATE];

export function register(): void {
  // Before Foundry builds the chat messages (src/games/loader.ts): `Roll.fromData` finds the class by name.
  // Cast: the v14 declarations type CONFIG.Dice.rolls as exactly `typeof Roll` (src/index.ts says why).
  CONFIG.Dice.rolls.push(D12Roll as unknown as typeof foundry.dice.Roll);
  ROLL_CARDS.d12 = d12CardContext;
  registerEdgeRelay();
  Hooks.on("renderChatMessageHTML", (message, html) => void onRenderD12Card(message, html));
  Hooks.on("renderChatMessageHTML", (message, html) => onRenderDeathSaves(message, html));
  void foundry.applications.handlebars.loadTemplates(TEMPLATES);
}

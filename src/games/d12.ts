/**
 * Seed 003's chunk (the 2d12 engine, dist/chunks/d12.mjs): its chat cards' buttons (exploits and
 * setbacks, death saves) and the EDGE deck, loaded by src/games/loader.ts. The entry keeps the D12
 * roll and its card, and the EDGE cards' setting.
 */
import { D12_CHOICE_TEMPLATE, onRenderD12Card } from "../applications/chat/d12-choices.ts";
import { DEATH_SAVES_TEMPLATE, onRenderDeathSaves, postDeathSaveCard } from "../applications/chat/death-saves.ts";
import { EDGE_HAND_TEMPLATE, openEdgeHand } from "../applications/chat/edge-cards.ts";
import { giveEdgeCard, registerEdgeRelay, setupEdgeDeck } from "../documents/edge-cards.ts";

export { giveEdgeCard, openEdgeHand, postDeathSaveCard, setupEdgeDeck };

export const TEMPLATES = [D12_CHOICE_TEMPLATE, DEATH_SAVES_TEMPLATE, EDGE_HAND_TEMPLATE];

export function register(): void {
  registerEdgeRelay();
  Hooks.on("renderChatMessageHTML", (message, html) => void onRenderD12Card(message, html));
  Hooks.on("renderChatMessageHTML", (message, html) => onRenderDeathSaves(message, html));
  void foundry.applications.handlebars.loadTemplates(TEMPLATES);
}

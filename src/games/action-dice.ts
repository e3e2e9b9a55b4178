/**
 * Seed 001's chunk (the action dice engine, dist/chunks/action-dice.mjs): the Defense reaction on an
 * action check's card, loaded by src/games/loader.ts. The entry keeps the Action roll and its card.
 */
import { DEFENSE_DIALOG_TEMPLATE, onRenderActionCard } from "../applications/chat/defense-reaction.ts";

export const TEMPLATES = [DEFENSE_DIALOG_TEMPLATE];

export function register(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => onRenderActionCard(message, html));
  void foundry.applications.handlebars.loadTemplates(TEMPLATES);
}

/** `/deathsave`: seed 003's death-save tally card (src/documents/death-saves.ts), and its buttons. */
import { addDeathSave, deathSavesOf, mayAddDeathSave, postDeathSaves } from "../../documents/death-saves.ts";
import type { DeathSaveServices } from "../../documents/death-saves.ts";
import { deathSaveCardContext } from "../view-models/d12-card.ts";
import { renderCard } from "../../dice/render.ts";
import { templatePath } from "../../constants.ts";
import { foundryI18n } from "../foundry-i18n.ts";

export const DEATH_SAVES_TEMPLATE = templatePath("chat/death-saves.hbs");

export const deathSaveServices: DeathSaveServices = {
  renderCard: (state) => renderCard(DEATH_SAVES_TEMPLATE, deathSaveCardContext(state, foundryI18n)),
};

export const postDeathSaveCard = (name: string) => postDeathSaves(name, deathSaveServices);

/** `renderChatMessageHTML`: the tally's buttons for its author and the GM; gone for everyone else. */
export function onRenderDeathSaves(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (!deathSavesOf(message)) return;
  const may = mayAddDeathSave(message, game.user!);
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-se-death-save]")) {
    if (!may) button.remove();
    else button.addEventListener("click", (event) => {
      event.preventDefault();
      void addDeathSave(message.id!, button.dataset.seDeathSave === "damage" ? "damage" : "roll", deathSaveServices);
    });
  }
}

/** `/dissonance`: the Echoes Dissonance Roll card (src/documents/dissonance-roll.ts) and its GM button. */
import { dissonanceRollOf, postDissonanceRoll, setDissonanceFromRoll } from "../../documents/dissonance-roll.ts";
import type { DissonanceRollServices } from "../../documents/dissonance-roll.ts";
import { renderCard } from "../../dice/render.ts";
import { templatePath } from "../../constants.ts";

export const DISSONANCE_ROLL_TEMPLATE = templatePath("chat/dissonance-roll.hbs");

export const dissonanceRollServices: DissonanceRollServices = { renderCard: (state) => renderCard(DISSONANCE_ROLL_TEMPLATE, state) };

export const postDissonanceRollCard = () => postDissonanceRoll(dissonanceRollServices);

/** `renderChatMessageHTML`: the GM's button sets the points; nobody else sees it. */
export function onRenderDissonanceRoll(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (!dissonanceRollOf(message)) return;
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-se-set-dp]")) {
    if (!game.user?.isGM) button.remove();
    else button.addEventListener("click", (event) => {
      event.preventDefault();
      void setDissonanceFromRoll(message.id!, dissonanceRollServices);
    });
  }
}

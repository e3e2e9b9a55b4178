/**
 * The exploit or setback part of a 2d12 check's card (src/documents/d12-choices.ts): what was chosen,
 * and the choice for whoever makes it (the roller an exploit, the GM a setback).
 */
import { chooseD12Result, d12ChoiceOf, d12ChoiceRights, d12ResultOf } from "../../documents/d12-choices.ts";
import { renderCard } from "../../dice/render.ts";
import { templatePath } from "../../constants.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { d12ChoiceContext } from "../view-models/d12-card.ts";

export const D12_CHOICE_TEMPLATE = templatePath("chat/d12-choice.hbs");

/** `renderChatMessageHTML`: add the part to a 2d12 check with an exploit or a setback. */
export async function onRenderD12Card(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  const result = d12ResultOf(message);
  if (!result || !["exploit", "setback", "yes-but"].includes(result.special ?? "") || html.querySelector("[data-se-d12-choice]")) return;
  const rights = d12ChoiceRights(message, game.user!);
  const context = d12ChoiceContext({ rank: result.exploitRank, chosen: d12ChoiceOf(message), rights }, foundryI18n);
  if (!context.exploit && !context.setback && !context.exploits.length && !context.setbacks.length) return;
  const host = html.querySelector(".message-content") ?? html;
  host.insertAdjacentHTML("beforeend", await renderCard(D12_CHOICE_TEMPLATE, context));
  for (const button of host.querySelectorAll<HTMLButtonElement>("button[data-se-d12-choose]")) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      const kind = button.dataset.seD12Choose === "setback" ? "setback" : "exploit";
      const select = host.querySelector<HTMLSelectElement>(`select[data-se-d12="${kind}"]`);
      if (select) void chooseD12Result(message.id!, kind, select.value);
    });
  }
}

/**
 * The Echoes part of a check's chat card: under the dice, the Motivation and Trait the check was made
 * with, and once applied what it did to the character's track; *Apply* and *Undo* for the
 * character's owners and the GM (src/documents/echoes-checks.ts carries them out through the GM).
 */
import {
  echoesCheckOf, echoesDiceRights, requestEchoesApply, repickEchoesCheck, rerollEchoesCheck,
} from "../../documents/echoes-checks.ts";
import { HarmonyRoll } from "../../dice/harmony-roll.ts";
import { resolveHarmonyCheck } from "../../rules/harmony.ts";
import { echoesCardFooterContext } from "../view-models/echoes-sheet.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { renderCard } from "../../dice/render.ts";
import { templatePath } from "../../constants.ts";

export const ECHOES_CARD_FOOTER_TEMPLATE = templatePath("chat/echoes-check-footer.hbs");

type Message = ChatMessage.Implementation;

/** `renderChatMessageHTML`: add the footer to an Echoes check's message. Resolves once it is drawn. */
export async function onRenderEchoesCheck(message: Message, html: HTMLElement): Promise<void> {
  const flag = echoesCheckOf(message);
  if (!flag || html.querySelector("[data-se-echoes-check]")) return;
  const user = game.user!;
  const actor = fromUuidSync(String(flag.actorUuid)) as Actor.Implementation | null;
  const canApply = user.isGM || (message.author?.id === user.id && !!actor?.testUserPermission(user, "OWNER"));
  const roll = message.rolls?.[0];
  let dice;
  if (roll instanceof HarmonyRoll) {
    const input = roll.cardInput();
    const picked = (() => { try { return resolveHarmonyCheck(input).picked; } catch { return null; } })();
    if (picked) {
      dice = {
        dissonance: input.dissonance, harmony: input.harmony, picked,
        reroll: roll.harmonyOptions.reroll ?? null, rights: echoesDiceRights(message, user),
      };
    }
  }
  const context = echoesCardFooterContext(flag, { canApply, isGM: user.isGM }, foundryI18n, dice);
  const content = await renderCard(ECHOES_CARD_FOOTER_TEMPLATE, context);
  const host = html.querySelector(".message-content") ?? html;
  host.insertAdjacentHTML("beforeend", content);
  for (const button of host.querySelectorAll<HTMLButtonElement>("button[data-se-echoes]")) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      if (button.disabled) return;
      button.disabled = true;
      const action = button.dataset.seEchoes;
      const digit = button.dataset.digit === "harmony" ? "harmony" : "dissonance";
      const index = Number(button.dataset.index);
      const done = action === "pick" ? repickEchoesCheck(message.id!, digit, index)
        : action === "reroll" ? rerollEchoesCheck(message.id!, digit, index)
          : requestEchoesApply(message.id!, action === "undo" ? "undo" : "apply");
      void done.finally(() => { button.disabled = false; });
    });
  }
}

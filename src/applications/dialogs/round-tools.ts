/**
 * The dialogs of issue 33 (in the combat UI's chunk, loaded when first opened): a dying hero's
 * player is asked whether to spend a hero token (src/documents/hero-token-prompt.ts), and the
 * Director confirms the Last Stand (src/documents/encounter-end.ts).
 */
import type { HeroTokenPromptView } from "../view-models/hero-token-prompt.ts";
import type { SteelEchoesCombat } from "../../documents/combat.ts";
import { startLastStand } from "../../documents/encounter-end.ts";
import { showNotice } from "../../documents/relay.ts";
import { heroTokenPromptContent } from "../view-models/hero-token-prompt.ts";
import { foundryI18n } from "../foundry-i18n.ts";

/** Two buttons, as v13 `DialogV2.wait` resolves to the pressed button's callback value (null when closed). */
async function choose(title: string, content: string, yesKey: string, noKey: string): Promise<boolean> {
  const result = await foundry.applications.api.DialogV2.wait({
    window: { title },
    content,
    buttons: [
      { action: "yes", label: foundryI18n.localize(yesKey), default: true, callback: () => ({ choice: "yes" }) },
      { action: "no", label: foundryI18n.localize(noKey), callback: () => ({ choice: "no" }) },
    ],
    rejectClose: false,
  });
  return !!result && typeof result === "object" && (result as { choice?: unknown }).choice === "yes";
}

/** Ask the dying hero's player: spend a hero token now? */
export function askHeroToken(view: HeroTokenPromptView): Promise<boolean> {
  const content = heroTokenPromptContent(view, foundryI18n, foundry.utils.escapeHTML);
  return choose(foundryI18n.format("SE.RoundTools.HeroToken.Title", { name: view.name }), content, "SE.RoundTools.HeroToken.Spend", "SE.RoundTools.HeroToken.Decline");
}

/** The Director's Last Stand (L7343), after a confirmation. Resolves to whether it began. */
export async function confirmLastStand(combat: SteelEchoesCombat): Promise<boolean> {
  const content = `<p class="steel-echoes">${foundry.utils.escapeHTML(foundryI18n.localize("SE.RoundTools.LastStand.Confirm"))}</p>`;
  if (!(await choose(foundryI18n.localize("SE.RoundTools.LastStand.Title"), content, "SE.RoundTools.LastStand.Button", "SE.RoundTools.LastStand.Cancel"))) return false;
  const outcome = await startLastStand(combat);
  showNotice(outcome.notice);
  return outcome.ok;
}

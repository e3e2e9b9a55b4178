/**
 * The other engines' check dialogs: `/ad`, `/arc`, `/react` or `/d12` typed alone, or
 * `steelEchoes.checkDialog("actionDice" | "arc" | "react" | "d12")`, open a form with every option
 * of the command; Roll posts the same card the command does, through the same checks.
 */
import { engineCheckContext, engineCheckOptions } from "../view-models/engine-check-dialog.ts";
import type { CheckDialogKind } from "../view-models/engine-check-dialog.ts";
import { CHECK_DIALOGS } from "../view-models/engine-check-dialog.ts";
import { renderCard } from "../../dice/render.ts";
import { templatePath } from "../../constants.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "./form-dialog.ts";
import { postD12Check } from "../chat/post-rolls.ts";

export const ENGINE_CHECK_TEMPLATE = templatePath("dialog/engine-check.hbs");

/** Open a check dialog and post the roll; resolves to the message, or null when closed or refused. */
export async function openCheckDialog(kind: CheckDialogKind): Promise<unknown> {
  if (!(CHECK_DIALOGS as readonly string[]).includes(kind)) throw new RangeError(`kind must be one of ${CHECK_DIALOGS.join(", ")}, got ${String(kind)}`);
  const content = await renderCard(ENGINE_CHECK_TEMPLATE, engineCheckContext(kind));
  const form = await formDialog(foundryI18n.localize(`SE.CheckDialog.Title.${kind}`), content, 360);
  if (!form) return null;
  const chosen = engineCheckOptions(kind, form);
  switch (chosen.kind) {
    // Seed 001's and 002's checks are in their games' chunks (their post functions register the game first).
    case "actionDice": return (await import("../chat/action-dice-checks.ts")).postActionCheck(chosen.options);
    case "arc": return (await import("../chat/arc-checks.ts")).postArcCheck(chosen.options);
    case "react": return (await import("../chat/arc-checks.ts")).postReactionCheck(chosen.options);
    case "d12": return postD12Check(chosen.options);
  }
}

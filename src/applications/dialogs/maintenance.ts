/**
 * The choice Persistent Magic's tier 2 result asks for (L2887): which maintained ability ends when
 * the hero has several. A form dialog with one select; closing it ends the first one listed.
 */
import type { MaintainedAbility } from "../../documents/heroic-resources.ts";
import type { I18n } from "../view-models/i18n.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "./form-dialog.ts";

/** The dialog's form: one select of the maintained abilities, each with its Persistent value; names escaped. */
export function maintenanceChoiceContent(abilities: readonly MaintainedAbility[], i18n: I18n, escape: (s: string) => string): string {
  const options = abilities.map((a) => `<option value="${escape(a.id)}">${escape(a.name)} (${escape(i18n.format("SE.Persistent.Value", { value: a.persistent }))})</option>`).join("");
  return `<label class="steel-echoes">${escape(i18n.localize("SE.Persistent.Choose"))} <select name="ability">${options}</select></label>`;
}

export async function chooseLostAbility(_actor: unknown, abilities: MaintainedAbility[]): Promise<string | null> {
  const content = maintenanceChoiceContent(abilities, foundryI18n, foundry.utils.escapeHTML);
  const form = await formDialog(foundryI18n.localize("SE.Persistent.ChooseTitle"), content, undefined, "SE.Persistent.Confirm");
  const id = typeof form?.ability === "string" ? form.ability : null;
  return abilities.some((a) => a.id === id) ? id : abilities[0]?.id ?? null;
}

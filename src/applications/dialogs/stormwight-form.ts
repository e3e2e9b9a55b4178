/**
 * The stormwight's choice of form (src/documents/stormwight-forms.ts): after *Animal Form* (L3639),
 * which form to take; on Regeneration's trigger (L3364–3366), whether to enter her animal or hybrid
 * form as the free triggered action. A form dialog with one select; closing it takes no form.
 */
import type { StormwightForm } from "../../rules/stormwight-forms.ts";
import type { I18n } from "../view-models/i18n.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "./form-dialog.ts";

/** The dialog's form: the prompt and one select of the forms, each named with her animal; text escaped. */
export function formChoiceContent(
  forms: readonly StormwightForm[], animal: string, reason: "animalForm" | "regeneration", i18n: I18n, escape: (s: string) => string,
): string {
  const options = forms.map((f) => `<option value="${f}">${escape(i18n.format(`SE.Stormwight.Form.${f}`, { animal }))}</option>`).join("");
  return `<p class="steel-echoes">${escape(i18n.localize(`SE.Stormwight.Prompt.${reason}`))}</p>`
    + `<label class="steel-echoes">${escape(i18n.localize("SE.Stormwight.Choose"))} <select name="form">${options}</select></label>`;
}

export async function chooseForm(
  actor: { name?: string | null }, forms: StormwightForm[], animal: string, reason: "animalForm" | "regeneration",
): Promise<StormwightForm | null> {
  const content = formChoiceContent(forms, animal, reason, foundryI18n, foundry.utils.escapeHTML);
  const title = foundryI18n.format(`SE.Stormwight.Title.${reason}`, { name: actor.name ?? "" });
  const form = await formDialog(title, content, undefined, "SE.Stormwight.Confirm");
  const chosen = typeof form?.form === "string" ? form.form : null;
  return forms.find((f) => f === chosen) ?? null;
}

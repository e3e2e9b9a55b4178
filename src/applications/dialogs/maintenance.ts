/**
 * The choice Persistent Magic's tier 2 result asks for (L2887): which maintained ability ends when
 * the hero has several. A form dialog with one select; closing it ends the first one listed.
 */
import type { MaintainedAbility } from "../../documents/heroic-resources.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "./form-dialog.ts";

export async function chooseLostAbility(_actor: unknown, abilities: MaintainedAbility[]): Promise<string | null> {
  const escape = foundry.utils.escapeHTML;
  const options = abilities.map((a) => `<option value="${escape(a.id)}">${escape(a.name)} (${a.persistent})</option>`).join("");
  const content = `<label class="steel-echoes">${escape(foundryI18n.localize("SE.Persistent.Choose"))} <select name="ability">${options}</select></label>`;
  const form = await formDialog(foundryI18n.localize("SE.Persistent.ChooseTitle"), content, undefined, "SE.Persistent.Confirm");
  const id = typeof form?.ability === "string" ? form.ability : null;
  return abilities.some((a) => a.id === id) ? id : abilities[0]?.id ?? null;
}

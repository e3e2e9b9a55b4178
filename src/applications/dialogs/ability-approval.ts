/**
 * The GM's prompt for a player's edited or new ability (src/documents/ability-approval.ts): the
 * changed fields and Approve / Refuse. v13 client/applications/api/dialog.mjs `DialogV2.confirm`
 * resolves true for the yes button, false for no, and null when closed (`rejectClose: false`):
 * anything but Approve refuses.
 */
import type { AbilityApprovalRequest } from "../../documents/ability-approval.ts";
import { abilityApprovalContext } from "../view-models/ability-approval.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { renderCard } from "../../dice/render.ts";
import { templatePath } from "../../constants.ts";

export const ABILITY_APPROVAL_TEMPLATE = templatePath("dialog/ability-approval.hbs");

export async function askAbilityApproval(request: AbilityApprovalRequest): Promise<boolean> {
  const context = abilityApprovalContext(request, foundryI18n);
  const answer = await foundry.applications.api.DialogV2.confirm({
    window: { title: context.title },
    content: await renderCard(ABILITY_APPROVAL_TEMPLATE, context),
    yes: { label: foundryI18n.localize("SE.AbilityApproval.Approve") },
    no: { label: foundryI18n.localize("SE.AbilityApproval.Refuse") },
    rejectClose: false,
  });
  return answer === true;
}

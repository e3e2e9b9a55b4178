/** A dialog that shows a rendered form and resolves to its data when confirmed, or null when closed. */
import { foundryI18n } from "../foundry-i18n.ts";

export async function formDialog(
  title: string, content: string, width?: number, confirmKey = "SE.AbilityDialog.Roll",
): Promise<Record<string, unknown> | null> {
  const result = await foundry.applications.api.DialogV2.wait({
    window: { title },
    ...(width ? { position: { width } } : {}),
    content,
    buttons: [{
      action: "roll", label: foundryI18n.localize(confirmKey), default: true,
      callback: (_event: unknown, button: HTMLButtonElement) => new foundry.applications.ux.FormDataExtended(button.form!).object,
    }],
    rejectClose: false,
  });
  return result && typeof result === "object" ? (result as Record<string, unknown>) : null;
}

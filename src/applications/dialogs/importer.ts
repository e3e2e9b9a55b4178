/**
 * "Import from text" (GM only): a button in the Items directory opens a dialog to paste one or more
 * ability blocks, or one kit with its signature ability, as the seed prints them. A paste that does not parse shows the failing line and
 * why, creates nothing, and reopens the dialog with the text kept; otherwise the GM confirms the
 * list of abilities before they are created.
 */
import { parseImportPaste } from "../../parser/paste.ts";
import { escapeHTML, flavorHTML } from "../../parser/ability-block.ts";
import { kitItemSources } from "../../parser/kit.ts";
import type { ParsedKit } from "../../parser/kit.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { looksLikeStatBlock } from "../../parser/stat-block.ts";
import { importMonster } from "./monster-importer.ts";
import { createItem, createItems } from "../../documents/update.ts";

const esc = escapeHTML;

async function askForText(initial: string): Promise<string | null> {
  const content = `<p>${esc(foundryI18n.localize("SE.Importer.Hint"))}</p>
    <p>${esc(foundryI18n.localize("SE.Bestiary.Import.Hint"))}</p>
    <textarea name="text" rows="16" style="width:100%;font-family:monospace">${esc(initial)}</textarea>`;
  const result = await foundry.applications.api.DialogV2.prompt({
    window: { title: foundryI18n.localize("SE.Importer.Title") },
    content,
    ok: {
      label: foundryI18n.localize("SE.Importer.Preview"),
      callback: (_event: Event, button: HTMLButtonElement) => (button.form?.elements.namedItem("text") as HTMLTextAreaElement | null)?.value ?? "",
    },
    rejectClose: false,
  });
  return typeof result === "string" ? result : null;
}

export async function openImporter(initial = ""): Promise<void> {
  if (!game.user?.isGM) return;
  const text = await askForText(initial);
  if (text === null) return;
  if (looksLikeStatBlock(text)) return importMonster(text, openImporter);
  const result = parseImportPaste(text);
  if (!result.ok) {
    const message = foundryI18n.format(result.error.key, { ...result.error.data, line: result.error.line });
    ui.notifications?.error(message, { permanent: true });
    return openImporter(text);
  }
  if (result.kind === "kit") return importKit(result.kit, text);
  const list = result.abilities.map((a) => `<li>${esc(a.name)}</li>`).join("");
  const ok = await foundry.applications.api.DialogV2.confirm({
    window: { title: foundryI18n.localize("SE.Importer.Title") },
    content: `<p>${esc(foundryI18n.format("SE.Importer.Confirm", { count: result.abilities.length }))}</p><ul>${list}</ul>`,
  });
  if (ok !== true) return openImporter(text);
  await createItems(result.abilities.map((a) => ({
    name: a.name, type: "ability", system: { ...a.system, description: flavorHTML(a.flavor) },
  })));
  ui.notifications?.info(foundryI18n.format("SE.Importer.Created", { count: result.abilities.length }));
}

/**
 * Create a pasted kit and its signature ability (after the GM confirms): the ability first, then the
 * kit granting it. If the kit cannot be created, the ability is deleted again, so nothing is left.
 */
async function importKit(kit: ParsedKit, text: string): Promise<void> {
  const sources = kitItemSources(kit);
  const ok = await foundry.applications.api.DialogV2.confirm({
    window: { title: foundryI18n.localize("SE.Importer.Title") },
    content: `<p>${esc(foundryI18n.format("SE.Importer.ConfirmKit", { kit: sources.kit.name, ability: sources.signature.name }))}</p>`,
  });
  if (ok !== true) return openImporter(text);
  const ability = await createItem(sources.signature);
  if (!ability) return;
  try {
    const created = await createItem({ ...sources.kit, system: { ...sources.kit.system, grants: [ability.uuid] } });
    if (!created) throw new Error("kit not created");
  } catch (err) {
    await ability.delete();
    ui.notifications?.error(foundryI18n.localize("SE.Importer.KitFailed"), { permanent: true });
    console.error(err);
    return;
  }
  ui.notifications?.info(foundryI18n.format("SE.Importer.CreatedKit", { kit: sources.kit.name, ability: sources.signature.name }));
}


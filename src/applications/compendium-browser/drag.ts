/** The compendium browser's drag start, apart from the window so the gallery and the harness use it as it is. */
import { browserDragData } from "../../rules/compendium-filters.ts";
import type { BrowserEntry } from "../../rules/compendium-filters.ts";

/** Foundry's compendium directory's drag data for an entry of the results (see `browserDragData`). */
export function onBrowserDragStart(event: DragEvent, entries: readonly BrowserEntry[]): void {
  const row = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-uuid]");
  const entry = row && entries.find((e) => e.uuid === row.dataset.uuid);
  if (!entry || !event.dataTransfer) return;
  // v13 client/applications/sidebar/document-directory.mjs `DocumentDirectory#_onDragStart`: the drag
  // data as JSON text, which TextEditor.getDragEventData reads back on the drop.
  event.dataTransfer.setData("text/plain", JSON.stringify(browserDragData(entry)));
}

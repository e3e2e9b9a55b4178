/**
 * The party sheet in the gallery (issue 32): the Director's view in play and edit mode and a
 * player's, in both themes, from the sheet's own view-model and template.
 */
import { partySheetContext } from "../src/applications/view-models/party-sheet.ts";
import { partySheetFixture } from "../test/fixtures/party-sheet.ts";

const VIEWS = [
  { name: "director", input: partySheetFixture() },
  { name: "director-edit", input: partySheetFixture({ mode: "edit" }) },
  { name: "player", input: partySheetFixture({ editable: false, isGM: false }) },
];

/** The sections, each with `data-party` (and `data-schema="party"` in edit mode: tools/e2e.mjs looks for an input per field). */
export function renderPartySheets(template: (file: string) => (context: object) => string, themes: readonly string[]): string {
  const render = template("actor/party-sheet.hbs");
  return VIEWS.map(({ name, input }) => {
    const html = render(partySheetContext(input));
    return `<h2>Party sheet: ${name}</h2><div class="themes sheet-themes" data-party="${name}"${input.mode === "edit" && input.editable ? ' data-schema="party"' : ""}>${themes.map((t) =>
      `<div class="theme-column ${t}" data-theme="${t}"><div class="application sheet steel-echoes actor-sheet party-sheet ${t}"><div class="window-content">${html}</div></div></div>`).join("")}</div>`;
  }).join("");
}

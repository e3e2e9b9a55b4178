/**
 * One sheet for every item type (issue 30), as Foundry registers it at `init`. Play mode reads like
 * the printed page: an ability as its stat block, an option with what it gives, a class with what it
 * grants. Owners switch to edit mode with the header's button, which has an input for every field of
 * the item's schema (built from the data model by src/applications/view-models/item-sheet.ts):
 * Foundry's formGroup for scalars, checkbox chips for keywords and characteristics, a `<prose-mirror>`
 * editor for rich text, rows with add and remove buttons for lists of records, the ability's tier
 * editor. Observers see play mode only. What it shows and does is in the sheets' chunk (sheet-parts.ts,
 * loaded on the first render: lazy-sheets.ts, issue 31).
 */
import { HandlebarsApplicationMixin } from "./handlebars-mixin.ts";
import type { SheetRenderOptions } from "./handlebars-mixin.ts";
import type { ITEM_SHEET_ACTIONS } from "./actions.ts";
import { lazyActions, loadedSheetParts, sheetParts } from "./lazy-sheets.ts";
import type { SheetParts } from "./lazy-sheets.ts";
import { CSS_ROOT, templatePath } from "../../constants.ts";

/** What the item sheet's template reads, on top of Foundry's own context. */
type ItemSheetContext = foundry.applications.sheets.ItemSheetV2.RenderContext & Awaited<ReturnType<SheetParts["itemContext"]>>;
type Handler = (this: SteelEchoesItemSheet, event: PointerEvent, target: HTMLElement) => unknown;

const ACTIONS = ["addTierRow", "removeTierRow", "addListRow", "removeListRow"] as const;

export class SteelEchoesItemSheet extends HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2<ItemSheetContext>) {
  static override DEFAULT_OPTIONS = {
    classes: [CSS_ROOT, "item-sheet"],
    position: { width: 560, height: 680 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      ...lazyActions<SteelEchoesItemSheet, (typeof ACTIONS)[number]>(ACTIONS, (parts) => parts.ITEM_ACTIONS),
      toggleMode: SteelEchoesItemSheet.#toggleMode,
    } satisfies Partial<Record<(typeof ITEM_SHEET_ACTIONS)[number], Handler>>,
  };

  static PARTS = { body: { template: templatePath("item/item-sheet.hbs"), scrollable: [""] } };

  #mode: "play" | "edit" = "play";

  protected override async _prepareContext(options: SheetRenderOptions): Promise<ItemSheetContext> {
    const context = await super._prepareContext(options);
    return { ...context, ...await (await sheetParts()).itemContext(this, this.#mode) };
  }

  static #toggleMode(this: SteelEchoesItemSheet) {
    this.#mode = this.#mode === "play" ? "edit" : "play";
    void this.render();
  }

  /**
   * Per-tier inputs and rows of records arrive as objects keyed 0..n, checkbox chips as arrays with
   * `null`s, one-a-line lists as text: all are read back here, where v13 extracts the form data
   * (DocumentSheetV2#_processFormData), because `_prepareSubmitData` validates what this returns
   * before anything else can change it.
   */
  protected override _processFormData(...args: Parameters<foundry.applications.sheets.ItemSheetV2["_processFormData"]>) {
    return loadedSheetParts().itemFormData(this, super._processFormData(...args));
  }
}

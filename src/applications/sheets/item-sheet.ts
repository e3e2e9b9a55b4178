/**
 * One sheet for every item type, as Foundry registers it at `init`: the schema's fields as form
 * groups (Foundry's formGroup helper builds each input from its field, so limits and choices are
 * those of the data model), per-tier numbers as three inputs, and for abilities a read-only preview
 * of how the ability reads. What it shows and does is in the sheets' chunk (sheet-parts.ts, loaded on
 * the first render: lazy-sheets.ts).
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

const ACTIONS = ["addTierRow", "removeTierRow"] as const;

export class SteelEchoesItemSheet extends HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2<ItemSheetContext>) {
  static override DEFAULT_OPTIONS = {
    classes: [CSS_ROOT, "item-sheet"],
    position: { width: 540, height: 640 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: lazyActions<SteelEchoesItemSheet, (typeof ACTIONS)[number]>(ACTIONS, (parts) => parts.ITEM_ACTIONS) satisfies
      Partial<Record<(typeof ITEM_SHEET_ACTIONS)[number], Handler>>,
  };

  static PARTS = { body: { template: templatePath("item/item-sheet.hbs"), scrollable: [""] } };

  protected override async _prepareContext(options: SheetRenderOptions): Promise<ItemSheetContext> {
    const context = await super._prepareContext(options);
    return { ...context, ...await (await sheetParts()).itemContext(this) };
  }

  /**
   * Per-tier inputs arrive as objects keyed 0..2: turn them back into arrays here, where v13 extracts
   * the form data (DocumentSheetV2#_processFormData), because `_prepareSubmitData` validates what this
   * returns before anything else can change it.
   */
  protected override _processFormData(...args: Parameters<foundry.applications.sheets.ItemSheetV2["_processFormData"]>) {
    return loadedSheetParts().itemFormData(super._processFormData(...args));
  }
}

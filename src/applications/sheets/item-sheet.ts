/**
 * One sheet for every item type: the schema's fields as form groups (Foundry's formGroup helper
 * builds each input from its field, so limits and choices are those of the data model), per-tier
 * numbers as three inputs, and for abilities a read-only preview of how the ability reads.
 */
import { HandlebarsApplicationMixin } from "./handlebars-mixin.ts";
import type { SheetRenderOptions } from "./handlebars-mixin.ts";
import { abilityView } from "../view-models/ability.ts";
import type { AbilityData } from "../view-models/ability.ts";
import { arraysFromIndexedObjects, itemSheetRows } from "../view-models/item-fields.ts";
import type { FieldNode } from "../view-models/item-fields.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { kindOfFields } from "../view-models/field-kinds.ts";
import type { FieldClasses } from "../view-models/field-kinds.ts";
import { editTierRows, tierEditorContext } from "../view-models/tier-editor.ts";
import { CSS_ROOT, templatePath } from "../../constants.ts";
import { updateDocument } from "../../documents/update.ts";

type ItemSheetV2Context = foundry.applications.sheets.ItemSheetV2.RenderContext;
/** What the item sheet's template reads, on top of Foundry's own context. */
interface ItemSheetContext extends ItemSheetV2Context {
  name: string;
  img: string | null;
  typeLabel: string;
  rows: (ReturnType<typeof itemSheetRows>[number] & { enriched?: string })[];
  preview: ReturnType<typeof abilityView> | null;
  tierEditor: ReturnType<typeof tierEditorContext>;
}

export class SteelEchoesItemSheet extends HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2<ItemSheetContext>) {
  static override DEFAULT_OPTIONS = {
    classes: [CSS_ROOT, "item-sheet"],
    position: { width: 540, height: 640 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      addTierRow: SteelEchoesItemSheet.#addTierRow,
      removeTierRow: SteelEchoesItemSheet.#removeTierRow,
    },
  };

  static PARTS = { body: { template: templatePath("item/item-sheet.hbs"), scrollable: [""] } };

  protected override async _prepareContext(options: SheetRenderOptions): Promise<ItemSheetContext> {
    const context = await super._prepareContext(options);
    const item = this.item;
    // Type escape: a data model instance exposes its schema; Foundry types system as the union of every model.
    const schema = (item.system as unknown as { schema: { fields: Record<string, FieldNode> } }).schema;
    // Type escape: the field classes as constructors, for the pure view-model's instanceof checks.
    const kindOf = kindOfFields(foundry.data.fields as unknown as FieldClasses);
    const plainRows = itemSheetRows(item.type, schema.fields, item.system, kindOf, foundryI18n.localize);
    // Rich-text fields show their enriched HTML (compendium links clickable) until the editor is toggled on.
    const enrich = (html: string) =>
      foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { secrets: item.isOwner, relativeTo: item });
    const rows = await Promise.all(plainRows.map(async (row) => (row.isHtml ? { ...row, enriched: await enrich(String(row.value ?? "")) } : row)));
    const preview = item.type === "ability"
      // Type escape: the ability model's data as the pure view-model reads it; Foundry types system as the union of every model.
      ? abilityView({ id: item.id ?? "", name: item.name, img: item.img ?? "", system: item.system as unknown as AbilityData }, {}, foundryI18n)
      : null;
    return {
      ...context,
      name: item.name,
      img: item.img,
      editable: this.isEditable,
      typeLabel: game.i18n!.localize(`TYPES.Item.${item.type}`),
      rows,
      preview,
      tierEditor: item.type === "ability" ? tierEditorContext(item.system.tiers ?? [], foundryI18n) : [],
    };
  }

  static async #addTierRow(this: SteelEchoesItemSheet, _event: PointerEvent, target: HTMLElement) {
    await this.#editTiers(target, { add: true });
  }

  static async #removeTierRow(this: SteelEchoesItemSheet, _event: PointerEvent, target: HTMLElement) {
    await this.#editTiers(target, { remove: Number(target.dataset.index) });
  }

  async #editTiers(target: HTMLElement, change: { add: true } | { remove: number }) {
    const tiers = (this.item.type === "ability" ? this.item.system.tiers : undefined) ?? [];
    const list = target.dataset.list === "conditions" ? "conditions" : "forced";
    await updateDocument(this.item, { "system.tiers": editTierRows(tiers, Number(target.dataset.tier), list, change) });
  }

  /**
   * Per-tier inputs arrive as objects keyed 0..2: turn them back into arrays here, where v13 extracts
   * the form data (DocumentSheetV2#_processFormData), because `_prepareSubmitData` validates what this
   * returns before anything else can change it.
   */
  protected override _processFormData(...args: Parameters<foundry.applications.sheets.ItemSheetV2["_processFormData"]>) {
    const data = super._processFormData(...args);
    return arraysFromIndexedObjects(foundry.utils.expandObject(data as object)) as typeof data;
  }
}

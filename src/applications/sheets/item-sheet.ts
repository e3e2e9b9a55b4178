/**
 * One sheet for every item type (issue 30). Play mode reads like the printed page: an ability as its
 * stat block, an option with what it gives, a class with what it grants. Owners switch to edit mode
 * with the header's button, which has an input for every field of the item's schema (built from the
 * data model by src/applications/view-models/item-sheet.ts): Foundry's formGroup for scalars, checkbox
 * chips for keywords and characteristics, a `<prose-mirror>` editor for rich text, rows with add and
 * remove buttons for lists of records, the ability's tier editor. Observers see play mode only.
 */
import { HandlebarsApplicationMixin } from "./handlebars-mixin.ts";
import type { SheetRenderOptions } from "./handlebars-mixin.ts";
import { arraysFromIndexedObjects } from "../view-models/item-fields.ts";
import type { FieldNode } from "../view-models/item-fields.ts";
import { editListRows, itemSheetContext, readItemForm, uuidsIn } from "../view-models/item-sheet.ts";
import type { ResolvedDocument } from "../view-models/item-sheet.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { kindOfFields } from "../view-models/field-kinds.ts";
import type { FieldClasses } from "../view-models/field-kinds.ts";
import { editTierRows } from "../view-models/tier-editor.ts";
import type { ITEM_SHEET_ACTIONS } from "./actions.ts";
import { CSS_ROOT, templatePath } from "../../constants.ts";
import { updateDocument } from "../../documents/update.ts";

type ItemSheetV2Context = foundry.applications.sheets.ItemSheetV2.RenderContext;
/** What the item sheet's template reads, on top of Foundry's own context. */
type ItemSheetContext = ItemSheetV2Context & ReturnType<typeof itemSheetContext>;
type Handler = (this: SteelEchoesItemSheet, event: PointerEvent, target: HTMLElement) => unknown;

/** The item's schema fields (a data model instance exposes its schema). */
interface SchemaNode extends FieldNode {
  fields: Record<string, FieldNode>;
}

export class SteelEchoesItemSheet extends HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2<ItemSheetContext>) {
  static override DEFAULT_OPTIONS = {
    classes: [CSS_ROOT, "item-sheet"],
    position: { width: 560, height: 680 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      addTierRow: SteelEchoesItemSheet.#addTierRow,
      removeTierRow: SteelEchoesItemSheet.#removeTierRow,
      toggleMode: SteelEchoesItemSheet.#toggleMode,
      addListRow: SteelEchoesItemSheet.#addListRow,
      removeListRow: SteelEchoesItemSheet.#removeListRow,
    } satisfies Partial<Record<(typeof ITEM_SHEET_ACTIONS)[number], Handler>>,
  };

  static PARTS = { body: { template: templatePath("item/item-sheet.hbs"), scrollable: [""] } };

  #mode: "play" | "edit" = "play";

  #schema(): SchemaNode {
    // Type escape: a data model instance exposes its schema; Foundry types system as the union of every model.
    return (this.item.system as unknown as { schema: SchemaNode }).schema;
  }

  #kindOf() {
    // Type escape: the field classes as constructors, for the pure view-model's instanceof checks.
    return kindOfFields(foundry.data.fields as unknown as FieldClasses);
  }

  protected override async _prepareContext(options: SheetRenderOptions): Promise<ItemSheetContext> {
    const context = await super._prepareContext(options);
    const item = this.item;
    const system = item.system as unknown as Record<string, unknown>;
    const kindOf = this.#kindOf();
    const schema = this.#schema();
    // Rich text shows enriched (content links clickable, unrevealed secrets kept from non-owners):
    // v13 client/applications/ux/text-editor.mjs `TextEditor.enrichHTML`. The stored HTML was
    // sanitised when it was written: HTMLField marks it for the server's sanitisation of user input
    // (common/data/fields.mjs `HTMLField`).
    const enrich = (html: string) =>
      foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { secrets: item.isOwner, relativeTo: item });
    const enriched: Record<string, string> = {};
    const htmlFields = (fields: Record<string, FieldNode>, prefix: string): string[] => Object.entries(fields).flatMap(([key, field]) => {
      const kind = kindOf(field);
      if (kind === "schema" && field.fields) return htmlFields(field.fields, `${prefix}.${key}`);
      return kind === "html" ? [`${prefix}.${key}`] : [];
    });
    if (this.#mode === "play" || !this.isEditable) {
      for (const name of htmlFields(schema.fields, "system")) enriched[name] = await enrich(String(foundry.utils.getProperty(item, name) ?? ""));
    }
    // The names of the documents the item points to: fromUuidSync gives a compendium document's index
    // entry (name and type, Item's compendiumIndexFields) without loading it (v13 client/utils/helpers.mjs `fromUuidSync`).
    const resolved = new Map<string, ResolvedDocument | null>();
    for (const uuid of uuidsIn(system)) {
      const doc = SteelEchoesItemSheet.#lookUp(uuid);
      resolved.set(uuid, doc?.name ? { name: doc.name, type: doc.type } : null);
    }
    return {
      ...context,
      ...itemSheetContext({
        type: item.type, name: item.name, img: item.img ?? "", system, schemaFields: schema.fields, kindOf,
        mode: this.#mode, editable: this.isEditable, enriched, resolve: (uuid) => resolved.get(uuid) ?? null,
      }, foundryI18n),
    };
  }

  /** A UUID's document or index entry; a malformed UUID (fromUuidSync throws on some) is just not found. */
  static #lookUp(uuid: string): { name?: string; type?: string } | null {
    try {
      return fromUuidSync(uuid) as { name?: string; type?: string } | null;
    } catch {
      return null;
    }
  }

  static #toggleMode(this: SteelEchoesItemSheet) {
    this.#mode = this.#mode === "play" ? "edit" : "play";
    void this.render();
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

  /** A list of records (purchases, inciting incidents, features by level, spend): a blank row added. */
  static async #addListRow(this: SteelEchoesItemSheet, _event: PointerEvent, target: HTMLElement) {
    const path = target.dataset.path ?? "";
    const field = this.#listField(path);
    if (!field?.element) return;
    // Type escape: a real DataField computes its initial value; the view-model's FieldNode does not declare it.
    const blank = (field.element as unknown as { getInitialValue(data?: object): unknown }).getInitialValue({});
    await this.#editList(path, { add: blank });
  }

  static async #removeListRow(this: SteelEchoesItemSheet, _event: PointerEvent, target: HTMLElement) {
    await this.#editList(target.dataset.path ?? "", { remove: Number(target.dataset.index) });
  }

  /** The list field a form name points to, when it is one of this item's (never another path). */
  #listField(path: string): FieldNode | null {
    if (!path.startsWith("system.")) return null;
    let node: FieldNode | undefined = this.#schema();
    for (const part of path.slice("system.".length).split(".")) node = node?.fields?.[part];
    return node?.element ? node : null;
  }

  async #editList(path: string, change: { add: unknown } | { remove: number }) {
    if (!this.#listField(path)) return;
    const list = (foundry.utils.getProperty(this.item, path) as unknown[] | undefined) ?? [];
    await updateDocument(this.item, { [path]: editListRows(list, change) });
  }

  /**
   * Per-tier inputs and rows of records arrive as objects keyed 0..n, checkbox chips as arrays with
   * `null`s, one-a-line lists as text: all are read back here, where v13 extracts the form data
   * (DocumentSheetV2#_processFormData), because `_prepareSubmitData` validates what this returns
   * before anything else can change it.
   */
  protected override _processFormData(...args: Parameters<foundry.applications.sheets.ItemSheetV2["_processFormData"]>) {
    const expanded = foundry.utils.expandObject(super._processFormData(...args) as object);
    const data = arraysFromIndexedObjects(expanded) as { system?: Record<string, unknown> };
    if (data.system) data.system = readItemForm(data.system, { schemaFields: this.#schema().fields, kindOf: this.#kindOf() });
    return data as ReturnType<foundry.applications.sheets.ItemSheetV2["_processFormData"]>;
  }
}

/** Sheet stand-ins (`foundry.applications.sheets`). Tested in test/harness/foundry.test.ts and test/applications/sheets/. */
import { expandObject } from "./update.ts";

type SheetDocument = { validate?(o: object): unknown; isOwner?: boolean; _source?: object; schema?: { fields?: object } };
type TabsConfig = { tabs: { id: string; cssClass?: string }[]; labelPrefix?: string; initial?: string | null };

/**
 * v13 client/applications/api/document-sheet.mjs: how a sheet turns a submitted form into an update.
 * `_prepareSubmitData` takes `_processFormData`'s expanded object and validates it against the
 * document (`document.validate({ changes, clean: true, fallback: false })`, which throws) before
 * returning it; `_processFormData` expands the form's flat keys.
 */
export class DocumentSheetV2 {
  options: { document: SheetDocument };
  /** v13 ApplicationV2#tabGroups: each tab group's active tab. */
  tabGroups: Record<string, string | null> = {};
  /** What the last `render` prepared (the harness renders no HTML: see `render`). */
  context: Record<string, unknown> | null = null;
  constructor(options: { document: SheetDocument }) {
    this.options = options;
  }
  get document() {
    return this.options.document;
  }
  get item() {
    return this.options.document;
  }
  /** v13 client/applications/sheets/actor-sheet.mjs `ActorSheetV2#actor`: the document. */
  get actor() {
    return this.options.document;
  }
  /**
   * v13 DocumentSheetV2#isEditable: `document.testUserPermission(game.user, editPermission)`, OWNER by
   * default (a locked pack's document is not editable; the harness has no packs open in sheets).
   */
  get isEditable(): boolean {
    return !!this.document.isOwner;
  }
  /**
   * v13 client/applications/api/application.mjs `ApplicationV2#render` → `#render`: it awaits
   * `_prepareContext(options)` and then renders the parts from that context. The harness stops after
   * the context (templates are tested on their own, test/templates.test.ts) and keeps it in `context`.
   */
  async render(options: Record<string, unknown> = {}): Promise<this> {
    this.context = await (this as unknown as { _prepareContext(o: object): Promise<Record<string, unknown>> })._prepareContext(options);
    return this;
  }
  /**
   * v13 ApplicationV2#_prepareContext (the one tab group's tabs) merged as DocumentSheetV2#_prepareContext
   * does: the document, its source, its schema's fields, whether it is editable, the user.
   */
  async _prepareContext(_options: object): Promise<Record<string, unknown>> {
    const groups = Object.keys((this.constructor as { TABS?: Record<string, TabsConfig> }).TABS ?? {});
    const document = this.document;
    return {
      ...(groups.length === 1 ? { tabs: this._prepareTabs(groups[0]!) } : {}),
      document, source: document._source, fields: document.schema?.fields, editable: this.isEditable,
      user: (globalThis as { game?: { user?: unknown } }).game?.user,
    };
  }
  /** v13 ApplicationV2#_prepareTabs(group): the group's tabs from the class's TABS, the active one marked. */
  _prepareTabs(group: string): Record<string, Record<string, unknown>> {
    const { tabs, labelPrefix, initial = null } = (this.constructor as { TABS?: Record<string, TabsConfig> }).TABS?.[group] ?? { tabs: [] };
    this.tabGroups[group] ??= initial;
    return Object.fromEntries(tabs.map(({ id, cssClass, ...rest }) => {
      const active = this.tabGroups[group] === id;
      const css = [cssClass, active ? "active" : ""].filter(Boolean).join(" ");
      const label = (rest as { label?: string }).label ?? (labelPrefix ? `${labelPrefix}.${id}` : undefined);
      return [id, { group, id, active, cssClass: css, ...rest, ...(label ? { label } : {}) }];
    }));
  }
  _processFormData(_event: unknown, _form: unknown, formData: { object: Record<string, unknown> }): object {
    return expandObject(formData.object) as object;
  }
  _prepareSubmitData(event: unknown, form: unknown, formData: { object: Record<string, unknown> }): object {
    const submitData = this._processFormData(event, form, formData);
    this.document.validate!({ changes: submitData, clean: true, fallback: false });
    return submitData;
  }
}

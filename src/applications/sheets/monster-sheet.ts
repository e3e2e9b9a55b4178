/**
 * The monster sheet, a compact stat block the Director runs from, as Foundry registers it at `init`.
 * What it shows and does is in the sheets' chunk (sheet-parts.ts, loaded on the first render:
 * lazy-sheets.ts); rules come from the view-model.
 */
import { HandlebarsApplicationMixin } from "./handlebars-mixin.ts";
import type { SheetRenderOptions } from "./handlebars-mixin.ts";
import type { MONSTER_SHEET_ACTIONS } from "./actions.ts";
import { lazyActions, loadedSheetParts, sheetParts } from "./lazy-sheets.ts";
import type { SheetParts } from "./lazy-sheets.ts";
import { CSS_ROOT, templatePath } from "../../constants.ts";
import { COLLAPSE_ACTIONS, collapseOf } from "./ability-collapse.ts";

/** What the stat block reads, on top of Foundry's own context. */
type MonsterSheetContext = foundry.applications.sheets.ActorSheetV2.RenderContext & Awaited<ReturnType<SheetParts["monsterContext"]>>;
type Handler = (this: MonsterSheet, event: PointerEvent, target: HTMLElement) => unknown;

const ACTIONS = ["rollCharacteristic", "rollAbility", "freeStrike", "openItem", "deleteItem", "copyStatBlock", "negotiate"] as const;

export class MonsterSheet extends HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2<MonsterSheetContext>) {
  static override DEFAULT_OPTIONS = {
    classes: [CSS_ROOT, "actor-sheet", "monster-sheet"],
    position: { width: 560, height: 720 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      ...lazyActions<MonsterSheet, (typeof ACTIONS)[number]>(ACTIONS, (parts) => parts.MONSTER_ACTIONS),
      toggleMode: MonsterSheet.#toggleMode,
      ...COLLAPSE_ACTIONS,
    } satisfies Partial<Record<(typeof MONSTER_SHEET_ACTIONS)[number], Handler>>,
  };

  static PARTS = { statblock: { template: templatePath("actor/monster-statblock.hbs"), scrollable: [""] } };

  #mode: "play" | "edit" = "play";

  protected override async _prepareContext(options: SheetRenderOptions): Promise<MonsterSheetContext> {
    const context = await super._prepareContext(options);
    return { ...context, ...await (await sheetParts()).monsterContext(this, this.#mode, (id) => collapseOf(this).isCollapsed(id)) };
  }

  /**
   * The edit mode's one-line lists and checkbox groups (keywords, immunities, weaknesses, movement,
   * motivations, pitfalls) read back before Foundry validates the update.
   */
  protected override _processFormData(...args: Parameters<foundry.applications.sheets.ActorSheetV2["_processFormData"]>) {
    return loadedSheetParts().monsterFormData(super._processFormData(...args));
  }

  static #toggleMode(this: MonsterSheet) {
    this.#mode = this.#mode === "play" ? "edit" : "play";
    void this.render();
  }
}

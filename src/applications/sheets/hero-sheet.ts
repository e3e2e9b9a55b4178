/**
 * The hero sheet (ApplicationV2), as Foundry registers it at `init`. What it shows and does is in
 * the sheets' chunk (sheet-parts.ts, loaded on the first render: lazy-sheets.ts), which hands the
 * actor's data to the pure view-model `heroSheetContext`. No rule is computed here.
 */
import { HandlebarsApplicationMixin } from "./handlebars-mixin.ts";
import type { SheetRenderOptions } from "./handlebars-mixin.ts";
import type { HERO_SHEET_ACTIONS } from "./actions.ts";
import { lazyActions, loadedSheetParts, sheetParts } from "./lazy-sheets.ts";
import type { SheetParts } from "./lazy-sheets.ts";
import { isSingleOption } from "../../documents/token-defaults.ts";
import { CSS_ROOT, templatePath } from "../../constants.ts";
import { COLLAPSE_ACTIONS, collapseOf } from "./ability-collapse.ts";

const T = templatePath("actor");
type Handler = (this: HeroSheet, event: PointerEvent, target: HTMLElement) => unknown;

/** What the hero sheet's parts read, on top of Foundry's own context. */
type HeroSheetContext = foundry.applications.sheets.ActorSheetV2.RenderContext & Awaited<ReturnType<SheetParts["heroContext"]>> & {
  tabs: ReturnType<foundry.applications.sheets.ActorSheetV2["_prepareTabs"]>;
};

const ACTIONS = [
  "rollCharacteristic", "rollAbility", "freeStrike", "openItem", "deleteItem", "toggleSkill", "toggleMovement", "stopMaintaining",
  "toggleEffect", "deleteEffect", "catchBreath", "spendRecovery", "spendHeroToken", "respite", "levelUp", "openBuilder", "releaseGrab",
] as const;

export class HeroSheet extends HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2<HeroSheetContext>) {
  static override DEFAULT_OPTIONS = {
    classes: [CSS_ROOT, "actor-sheet", "hero-sheet"],
    position: { width: 760, height: 820 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      ...lazyActions<HeroSheet, (typeof ACTIONS)[number]>(ACTIONS, (parts) => parts.HERO_ACTIONS),
      toggleMode: HeroSheet.#toggleMode,
      ...COLLAPSE_ACTIONS,
    } satisfies Partial<Record<(typeof HERO_SHEET_ACTIONS)[number], Handler>>,
  };

  static PARTS = {
    header: { template: `${T}/hero-header.hbs` },
    recovery: { template: `${T}/hero-recovery.hbs` },
    tabs: { template: `${T}/tabs.hbs` },
    characteristics: { template: `${T}/hero-characteristics.hbs`, scrollable: [""] },
    abilities: { template: `${T}/hero-abilities.hbs`, scrollable: [""] },
    features: { template: `${T}/hero-features.hbs`, scrollable: [""] },
    kit: { template: `${T}/hero-kit.hbs` },
    effects: { template: `${T}/hero-effects.hbs` },
    biography: { template: `${T}/biography.hbs` },
  };

  static override TABS = {
    primary: {
      tabs: ["characteristics", "abilities", "features", "kit", "effects", "biography"].map((id) => ({ id })),
      initial: "characteristics",
      labelPrefix: "SE.Tab",
    },
  };

  #mode: "play" | "edit" = "play";

  protected override async _prepareContext(options: SheetRenderOptions): Promise<HeroSheetContext> {
    const context = await super._prepareContext(options);
    const parts = await sheetParts();
    return { ...context, ...await parts.heroContext(this, this.#mode, (id) => collapseOf(this).isCollapsed(id)), tabs: this._prepareTabs("primary") };
  }

  /** The edit mode's one-line lists (languages, immunities, weaknesses) read back before Foundry validates the update. */
  protected override _processFormData(...args: Parameters<foundry.applications.sheets.ActorSheetV2["_processFormData"]>) {
    return loadedSheetParts().heroFormData(super._processFormData(...args));
  }

  /** Dropping an ancestry, culture, career, class or kit applies it (replacing the old one) with what it grants. */
  protected override async _onDropItem(event: DragEvent, item: Item.Implementation) {
    if (!this.actor.isOwner || item.parent === this.actor || !isSingleOption(item.type)) return super._onDropItem(event, item);
    // Type escape: Foundry types _onDropItem's result as the created Item or false; the option flow returns what it created.
    return (await (await sheetParts()).heroApplyOption(this.actor, item)) as never;
  }

  static #toggleMode(this: HeroSheet) {
    this.#mode = this.#mode === "play" ? "edit" : "play";
    void this.render();
  }
}

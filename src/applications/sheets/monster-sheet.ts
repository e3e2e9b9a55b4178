/** The monster sheet: a compact stat block the Director runs from. Rules come from the view-model. */
import { HandlebarsApplicationMixin } from "./handlebars-mixin.ts";
import type { SheetRenderOptions } from "./handlebars-mixin.ts";
import { monsterSheetContext, readMonsterDetails } from "../view-models/monster-sheet.ts";
import type { MonsterSystemView } from "../view-models/monster-sheet.ts";
import { sheetItems } from "./sheet-items.ts";
import { AbilityCollapse } from "./ability-collapse.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { readFormLists } from "./form-lists.ts";
import { rollCharacteristicTest } from "./rolls.ts";
import { useAbilityWithUI, useFreeStrike } from "../chat/ability-card.ts";
import { openNegotiationTracker } from "../trackers/lazy-trackers.ts";
import type { MonsterLike } from "../../parser/stat-block.ts";
import { CSS_ROOT, templatePath } from "../../constants.ts";

/** What the stat block reads, on top of Foundry's own context. */
type MonsterSheetContext = foundry.applications.sheets.ActorSheetV2.RenderContext & ReturnType<typeof monsterSheetContext>;

export class MonsterSheet extends HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2<MonsterSheetContext>) {
  static override DEFAULT_OPTIONS = {
    classes: [CSS_ROOT, "actor-sheet", "monster-sheet"],
    position: { width: 560, height: 720 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      rollCharacteristic: MonsterSheet.#rollCharacteristic,
      rollAbility: MonsterSheet.#rollAbility,
      freeStrike: MonsterSheet.#freeStrike,
      openItem: MonsterSheet.#openItem,
      deleteItem: MonsterSheet.#deleteItem,
      toggleMode: MonsterSheet.#toggleMode,
      toggleAbility: MonsterSheet.#toggleAbility,
      collapseAbilities: MonsterSheet.#collapseAbilities,
      copyStatBlock: MonsterSheet.#copyStatBlock,
      negotiate: MonsterSheet.#negotiate,
    },
  };

  static PARTS = { statblock: { template: templatePath("actor/monster-statblock.hbs"), scrollable: [""] } };

  #mode: "play" | "edit" = "play";

  /** The viewing user's collapsed abilities, in her browser (sheets/ability-collapse.ts): never written to the actor. */
  #collapseState: AbilityCollapse | null = null;
  get #collapse(): AbilityCollapse {
    return (this.#collapseState ??= new AbilityCollapse(game.user?.id ?? "", this.actor.uuid ?? this.actor.id ?? ""));
  }

  /** Open or close one ability's row (the caret). */
  static #toggleAbility(this: MonsterSheet, _event: PointerEvent, target: HTMLElement) {
    const id = target.dataset.itemId ?? "";
    if (!this.actor.items.has(id)) return;
    this.#collapse.toggle(id);
    void this.render();
  }

  /** Collapse or expand every ability. */
  static #collapseAbilities(this: MonsterSheet, _event: PointerEvent, target: HTMLElement) {
    this.#collapse.setAll(target.dataset.collapse === "all");
    void this.render();
  }

  #items() {
    return sheetItems(this.actor);
  }

  protected override async _prepareContext(options: SheetRenderOptions): Promise<MonsterSheetContext> {
    const context = await super._prepareContext(options);
    const actor = this.actor;
    // Type escape: Foundry types actor.system as the union of every sub-type's model; this sheet's actor is of its own type.
    const system = actor.system as unknown as MonsterSystemView & { biography: string; directorNotes: string };
    const enrich = (html: string) =>
      foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { secrets: actor.isOwner, relativeTo: actor });
    const isGM = !!game.user?.isGM;
    return {
      ...context,
      ...monsterSheetContext({
        name: actor.name, img: actor.img ?? "", editable: this.isEditable, mode: this.#mode, isGM, system, items: this.#items(),
        biographyHTML: await enrich(system.biography), directorNotesHTML: isGM ? await enrich(system.directorNotes) : "",
        biographySource: system.biography, directorNotesSource: isGM ? system.directorNotes : "",
        collapsed: (id) => this.#collapse.isCollapsed(id),
      }, foundryI18n),
    };
  }

  /**
   * The edit mode's one-line lists and checkbox groups (keywords, immunities, weaknesses, movement,
   * motivations, pitfalls) read back before Foundry validates the update.
   */
  protected override _processFormData(...args: Parameters<foundry.applications.sheets.ActorSheetV2["_processFormData"]>) {
    return readFormLists(super._processFormData(...args), readMonsterDetails, "SE.Actor.Monster.FIELDS");
  }

  static async #rollCharacteristic(this: MonsterSheet, event: PointerEvent, target: HTMLElement) {
    const key = target.dataset.characteristic ?? "";
    const score = (this.actor.system.characteristics as Record<string, number>)[key] ?? 0;
    await rollCharacteristicTest(this.actor, key, score, { fast: event.shiftKey });
  }

  static async #rollAbility(this: MonsterSheet, event: PointerEvent, target: HTMLElement) {
    const item = this.actor.items.get(target.dataset.itemId ?? "");
    if (item) await useAbilityWithUI(this.actor, item, event.shiftKey);
  }

  /** A melee or ranged free strike (L7107–7134), through the same dialog and card as abilities. */
  static async #freeStrike(this: MonsterSheet, event: PointerEvent, target: HTMLElement) {
    await useFreeStrike(this.actor, target.dataset.kind === "ranged" ? "ranged" : "melee", event.shiftKey);
  }

  static #openItem(this: MonsterSheet, _event: PointerEvent, target: HTMLElement) {
    void this.actor.items.get(target.dataset.itemId ?? "")?.sheet?.render(true);
  }

  /** Foundry's own confirmation, then the deletion (v13 `ClientDocumentMixin#deleteDialog`, DialogV2.confirm). */
  static async #deleteItem(this: MonsterSheet, _event: PointerEvent, target: HTMLElement) {
    await this.actor.items.get(target.dataset.itemId ?? "")?.deleteDialog();
  }

  /** "Copy as text": the stat block in the documented plain-text layout, to the clipboard. */
  /** The Director opens the negotiation tracker for this NPC (src/applications/trackers/). */
  static #negotiate(this: MonsterSheet) {
    void openNegotiationTracker(this.actor);
  }

  static async #copyStatBlock(this: MonsterSheet) {
    const actor = this.actor;
    // The stat-block parser loads when it is first needed (issue 31).
    const { formatStatBlock } = await import("../../parser/stat-block.ts");
    const text = formatStatBlock({
      name: actor.name,
      // Type escape: the stat-block formatter reads a monster as its plain source shape.
      system: actor.system as unknown as MonsterLike["system"],
      // Type escape: the stat-block formatter reads a monster as its plain source shape.
      items: actor.items.contents.map((i) => ({ name: i.name, type: i.type, system: i.system as unknown as MonsterLike["items"][number]["system"] })),
    });
    await game.clipboard?.copyPlainText(text);
    ui.notifications?.info(foundryI18n.format("SE.Bestiary.Copied", { name: actor.name }));
  }

  static #toggleMode(this: MonsterSheet) {
    this.#mode = this.#mode === "play" ? "edit" : "play";
    void this.render();
  }
}

/**
 * The hero sheet (ApplicationV2). It gathers the actor's data, hands it to the pure view-model
 * `heroSheetContext`, and turns clicks into rolls and updates. No rule is computed here.
 */
import { HandlebarsApplicationMixin } from "./handlebars-mixin.ts";
import type { SheetRenderOptions } from "./handlebars-mixin.ts";
import { heroSheetContext, readHeroDetails } from "../view-models/hero-sheet.ts";
import { maintainedAbilities, persistentUpkeepOf, stopMaintaining } from "../../documents/heroic-resources.ts";
import type { HeroSystemView } from "../view-models/hero-sheet.ts";
import { sheetItems } from "./sheet-items.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { readFormLists } from "./form-lists.ts";
import { effectRows } from "../view-models/sheet-common.ts";
import type { EffectInput } from "../view-models/sheet-common.ts";
import { conditionFlags } from "../../documents/conditions.ts";
import { rollCharacteristicTest } from "./rolls.ts";
import { useAbilityWithUI, useFreeStrike } from "../chat/ability-card.ts";
import type { HERO_SHEET_ACTIONS } from "./actions.ts";
import { advancementSpeed } from "../../settings/index.ts";
import { applyOption, removeOption } from "../../documents/options.ts";
import type { OptionHost } from "../../documents/options.ts";
import { isSingleOption } from "../../documents/token-defaults.ts";
import { foundryOptionServices } from "./option-services.ts";
import { RECOVERY_ACTIONS, recoveryPartContext } from "./recovery-actions.ts";
import { CSS_ROOT, templatePath } from "../../constants.ts";
import { updateDocument } from "../../documents/update.ts";
import { actorScene, currentSpeed } from "../../documents/movement.ts";
import { MOVEMENT_TYPES } from "../../data/vocabulary.ts";
import { heroBuildOf } from "../../documents/hero-build.ts";
import { levelUp } from "../../documents/level-up.ts";
import type { LevelingHero } from "../../documents/level-up.ts";
import { heroBuildWarnings } from "../../rules/index.ts";
import { buildWarningLines } from "../view-models/build-warnings.ts";

const T = templatePath("actor");
type Handler = (this: HeroSheet, event: PointerEvent, target: HTMLElement) => unknown;

/** What the hero sheet's parts read, on top of Foundry's own context. */
type HeroSheetContext = foundry.applications.sheets.ActorSheetV2.RenderContext & ReturnType<typeof heroSheetContext>
  & ReturnType<typeof recoveryPartContext> & {
    biographySource: string;
    buildWarnings: string[];
    effects: ReturnType<typeof effectRows>;
    tabs: ReturnType<foundry.applications.sheets.ActorSheetV2["_prepareTabs"]>;
    maintained: ReturnType<typeof maintainedContext>;
  };

export class HeroSheet extends HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2<HeroSheetContext>) {
  static override DEFAULT_OPTIONS = {
    classes: [CSS_ROOT, "actor-sheet", "hero-sheet"],
    position: { width: 760, height: 820 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      rollCharacteristic: HeroSheet.#rollCharacteristic,
      rollAbility: HeroSheet.#rollAbility,
      freeStrike: HeroSheet.#freeStrike,
      openItem: HeroSheet.#openItem,
      deleteItem: HeroSheet.#deleteItem,
      toggleMode: HeroSheet.#toggleMode,
      toggleSkill: HeroSheet.#toggleSkill,
      toggleMovement: HeroSheet.#toggleMovement,
      stopMaintaining: HeroSheet.#stopMaintaining,
      toggleEffect: HeroSheet.#toggleEffect,
      deleteEffect: HeroSheet.#deleteEffect,
      levelUp: HeroSheet.#levelUp,
      ...RECOVERY_ACTIONS,
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
    const actor = this.actor;
    // Type escape: Foundry types actor.system as the union of every sub-type's model; this sheet's actor is of its own type.
    const system = actor.system as unknown as HeroSystemView & { biography: string };
    const biographyHTML = await foundry.applications.ux.TextEditor.implementation.enrichHTML(system.biography, {
      secrets: actor.isOwner, relativeTo: actor,
    });
    const items = sheetItems(actor);
    return {
      ...context,
      ...heroSheetContext({
        name: actor.name, img: actor.img ?? "", editable: this.isEditable, mode: this.#mode,
        system, items, biographyHTML, advancementSpeed: advancementSpeed(), isGM: !!game.user?.isGM,
        speedNow: currentSpeed(actor, actorScene(actor)),
      }, foundryI18n),
      biographySource: system.biography,
      effects: effectRows(actor.effects.map(effectInput), foundryI18n),
      tabs: this._prepareTabs("primary"),
      ...recoveryPartContext(this),
      // Persistent Magic (L2872–2888): what the hero maintains and its upkeep; the owner stops any.
      maintained: maintainedContext(actor, this.isEditable),
      // A hand-made hero's broken rules, as warnings only (issue 32; src/rules/hero-building.ts).
      buildWarnings: buildWarningLines(heroBuildWarnings(heroBuildOf(actor)), foundryI18n),
    };
  }

  /** The edit mode's one-line lists (languages, immunities, weaknesses) read back before Foundry validates the update. */
  protected override _processFormData(...args: Parameters<foundry.applications.sheets.ActorSheetV2["_processFormData"]>) {
    return readFormLists(super._processFormData(...args), readHeroDetails, "SE.Actor.Hero.FIELDS");
  }

  /** Turn an effect off or on (Foundry's ActiveEffect#disabled). */
  static async #toggleEffect(this: HeroSheet, _event: PointerEvent, target: HTMLElement) {
    const effect = this.actor.effects.get(target.dataset.effectId ?? "");
    if (effect) await updateDocument(effect, { disabled: !effect.disabled });
  }

  /** Foundry's own confirmation, then the deletion (v13 `ClientDocumentMixin#deleteDialog`, DialogV2.confirm). */
  static async #deleteEffect(this: HeroSheet, _event: PointerEvent, target: HTMLElement) {
    await this.actor.effects.get(target.dataset.effectId ?? "")?.deleteDialog();
  }

  /** Take the next level (issue 32; src/documents/level-up.ts says who may). */
  static async #levelUp(this: HeroSheet) {
    // Type escape: this sheet's actor is a hero, whose data model is the structural LevelingHero.
    await levelUp(this.actor as unknown as LevelingHero);
  }

  /** Stop maintaining one persistent ability, or all of them (no action required, L2880). */
  static async #stopMaintaining(this: HeroSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const id = target.dataset.itemId;
    await stopMaintaining(this.actor, id ? [id] : undefined);
  }

  static async #rollCharacteristic(this: HeroSheet, event: PointerEvent, target: HTMLElement) {
    const key = target.dataset.characteristic ?? "";
    const value = (this.actor.system.characteristics as Record<string, number>)[key] ?? 0;
    await rollCharacteristicTest(this.actor, key, value, { fast: event.shiftKey });
  }

  static async #rollAbility(this: HeroSheet, event: PointerEvent, target: HTMLElement) {
    const item = this.actor.items.get(target.dataset.itemId ?? "");
    if (item) await useAbilityWithUI(this.actor, item, event.shiftKey);
  }

  /** A melee or ranged free strike (L7107–7134), through the same dialog and card as abilities. */
  static async #freeStrike(this: HeroSheet, event: PointerEvent, target: HTMLElement) {
    await useFreeStrike(this.actor, target.dataset.kind === "ranged" ? "ranged" : "melee", event.shiftKey);
  }

  static #openItem(this: HeroSheet, _event: PointerEvent, target: HTMLElement) {
    void this.actor.items.get(target.dataset.itemId ?? "")?.sheet?.render(true);
  }

  static async #deleteItem(this: HeroSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.actor.items.get(target.dataset.itemId ?? "");
    if (!item) return;
    if (!isSingleOption(item.type)) {
      await item.deleteDialog();
      return;
    }
    const ok = await foundryOptionServices.confirm(item.name, foundryOptionServices.localize("SE.Option.RemoveContent", { name: item.name }));
    // Type escape: OptionHost is the structural view of a hero the option workflow uses; the actor's generic embedded-document methods do not match it.
    if (ok) await removeOption(this.actor as unknown as OptionHost, item as never);
  }

  /** Dropping an ancestry, culture, career, class or kit applies it (replacing the old one) with what it grants. */
  protected override async _onDropItem(event: DragEvent, item: Item.Implementation) {
    if (!this.actor.isOwner || item.parent === this.actor || !isSingleOption(item.type)) return super._onDropItem(event, item);
    // Type escape: OptionHost is the structural view of a hero the option workflow uses; the actor's generic embedded-document methods do not match it.
    return (await applyOption(this.actor as unknown as OptionHost, item.toObject() as never, foundryOptionServices)) as never;
  }

  static #toggleMode(this: HeroSheet) {
    this.#mode = this.#mode === "play" ? "edit" : "play";
    void this.render();
  }

  /** Climb, swim and the other movement types beyond walking (L6856–6860), from an ancestry, kit or feature. */
  static async #toggleMovement(this: HeroSheet, _event: PointerEvent, target: HTMLElement) {
    const kind = target.dataset.movement ?? "";
    if (!this.isEditable || !(MOVEMENT_TYPES as readonly string[]).includes(kind)) return;
    // Echoes actors have a number of movement points under the same name: only a hero's set is read.
    const stored = this.actor.type === "hero" ? (this.actor.system as { movement?: Iterable<string> }).movement : undefined;
    const movement = new Set<string>(stored ?? []);
    if (movement.has(kind)) movement.delete(kind);
    else movement.add(kind);
    await updateDocument(this.actor, { "system.movement": [...movement] });
  }

  static async #toggleSkill(this: HeroSheet, _event: PointerEvent, target: HTMLElement) {
    const skill = target.dataset.skill ?? "";
    const skills = new Set<string>("skills" in this.actor.system ? this.actor.system.skills : []);
    if (skills.has(skill)) skills.delete(skill);
    else skills.add(skill);
    await updateDocument(this.actor, { "system.skills": [...skills] });
  }
}

/** The maintained persistent abilities the abilities tab lists, or null when there are none. */
function maintainedContext(actor: Actor.Implementation, editable: boolean) {
  const abilities = maintainedAbilities(actor);
  if (!abilities.length) return null;
  return { abilities, upkeep: persistentUpkeepOf(abilities), editable };
}

/** An effect as the Effects tab lists it: its condition duration and the name of what imposed it (`flags.steel-echoes.sourceUuid`). */
function effectInput(effect: ActiveEffect.Implementation): EffectInput {
  const flags = conditionFlags(effect);
  const source = flags?.sourceUuid ? (fromUuidSync(flags.sourceUuid) as { name?: string } | null) : null;
  return {
    id: effect.id ?? "", name: effect.name, img: effect.img ?? "", disabled: effect.disabled,
    duration: flags?.duration ?? null, ...(flags?.characteristic ? { characteristic: flags.characteristic } : {}),
    ...(source?.name ? { sourceName: source.name } : {}),
  };
}

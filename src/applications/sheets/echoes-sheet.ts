/**
 * The Echoes character sheet (ApplicationV2): the pure view-model `echoesSheetContext` draws it;
 * a Behavior's or a Save's die opens the check dialog and rolls through src/documents/echoes-checks.ts.
 */
import { HandlebarsApplicationMixin } from "./handlebars-mixin.ts";
import type { SheetRenderOptions } from "./handlebars-mixin.ts";
import { echoesCheckChoices, echoesCheckDialogContext, echoesSheetContext } from "../view-models/echoes-sheet.ts";
import type { EchoesCheckExtras, EchoesCheckSubject, EchoesItemView, EchoesSystemView } from "../view-models/echoes-sheet.ts";
import { arraysFromIndexedObjects } from "../view-models/item-fields.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "../dialogs/form-dialog.ts";
import { renderCard } from "../../dice/render.ts";
import { rollEchoesCheck, supportReceived } from "../../documents/echoes-checks.ts";
import { echoesConditionsOf, toggleEchoesCondition } from "../../documents/echoes-conditions.ts";
import { isEchoesCharacter } from "../../data/index.ts";
import { STARTING_BEHAVIORS } from "../../data/echoes.ts";
import { CSS_ROOT, templatePath } from "../../constants.ts";
import { updateDocument } from "../../documents/update.ts";

export const ECHOES_CHECK_DIALOG_TEMPLATE = templatePath("dialog/echoes-check.hbs");

/** What the sheet's template reads, on top of Foundry's own context. */
type EchoesSheetRenderContext = foundry.applications.sheets.ActorSheetV2.RenderContext & ReturnType<typeof echoesSheetContext>;

/** The character's data as the view-models read it. */
function systemView(actor: Actor.Implementation): (EchoesSystemView & { biography: string }) | null {
  return isEchoesCharacter(actor.system) ? actor.system : null;
}

/** Choose the Motivation, Trait and circumstances, then roll; shift-click rolls with the defaults. */
export async function echoesCheckWithUI(
  actor: Actor.Implementation, subject: EchoesCheckSubject, fast = false, attack?: EchoesCheckExtras["attack"],
): Promise<void> {
  const system = systemView(actor);
  if (!system || !actor.isOwner) return;
  // An attack's first target's conditions count (Weakened, Warded: S0:L176–182).
  const target = [...(game.user?.targets ?? [])][0]?.actor;
  const targetConditions = subject.kind === "save" && subject.key === "hit" ? echoesConditionsOf(target) : [];
  const extras = {
    targetConditions,
    allies: (game.actors?.contents ?? []).filter((a) => a.type === "echoes" && a !== actor).map((a) => ({ uuid: a.uuid, name: a.name ?? "" })),
    support: supportReceived(actor),
    ...(attack ? { attack } : {}),
  };
  const context = echoesCheckDialogContext(system, subject, foundryI18n, extras);
  const defaults = {
    motivation: context.motivations.find((m) => m.selected)?.id ?? "",
    ...(attack ? { grip: attack.grip ?? "", abilityDamage: attack.abilityDamage, ability: attack.ability } : {}),
  };
  const form = fast ? defaults : await formDialog(context.title, await renderCard(ECHOES_CHECK_DIALOG_TEMPLATE, context), 440);
  if (!form) return;
  const choices = echoesCheckChoices(system, subject, form, extras);
  await rollEchoesCheck(actor, { kind: subject.kind, key: subject.key, label: subject.label }, choices);
}

/**
 * A check by name, for macros: `steelEchoes.echoesCheck(actor, "STR")` opens the dialog for the
 * Behavior named STR; "hit" and "damage" are the Saves; `{ fast: true }` rolls with the defaults.
 * Resolves to false when the actor has no such Behavior or Save.
 */
export async function echoesCheckByName(actor: Actor.Implementation, name: string, options: { fast?: boolean } = {}): Promise<boolean> {
  const system = systemView(actor);
  if (!system) return false;
  if (name === "hit" || name === "damage") {
    await echoesCheckWithUI(actor, { kind: "save", key: name, label: foundryI18n.localize(`SE.Actor.Echoes.FIELDS.saves.${name}.label`), value: system.saves[name] }, !!options.fast);
    return true;
  }
  const behavior = system.behaviors.find((b) => b.name === name);
  if (!behavior) return false;
  await echoesCheckWithUI(actor, {
    kind: "behavior", key: behavior.name, label: behavior.name, value: behavior.value, defense: behavior.defense,
  }, !!options.fast);
  return true;
}

export class EchoesSheet extends HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2<EchoesSheetRenderContext>) {
  static override DEFAULT_OPTIONS = {
    classes: [CSS_ROOT, "actor-sheet", "echoes-sheet"],
    position: { width: 720, height: 780 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      rollBehavior: EchoesSheet.#rollBehavior,
      rollSave: EchoesSheet.#rollSave,
      addBehavior: EchoesSheet.#addBehavior,
      removeBehavior: EchoesSheet.#removeBehavior,
      toggleCondition: EchoesSheet.#toggleCondition,
      attackWith: EchoesSheet.#attackWith,
      openItem: EchoesSheet.#openItem,
      deleteItem: EchoesSheet.#deleteItem,
      toggleMode: EchoesSheet.#toggleMode,
    },
  };

  /** Play or edit, this window's own (as the hero sheet's): nothing is stored. */
  #mode: "play" | "edit" = "play";

  static PARTS = { body: { template: templatePath("actor/echoes-sheet.hbs"), scrollable: [""] } };

  protected override async _prepareContext(options: SheetRenderOptions): Promise<EchoesSheetRenderContext> {
    const context = await super._prepareContext(options);
    const actor = this.actor;
    const system = systemView(actor)!;
    const biographyHTML = await foundry.applications.ux.TextEditor.implementation.enrichHTML(system.biography ?? "", {
      secrets: actor.isOwner, relativeTo: actor,
    });
    return {
      ...context,
      ...echoesSheetContext({
        name: actor.name, img: actor.img ?? "", editable: this.isEditable, mode: this.#mode, system, biographyHTML, biographySource: system.biography ?? "",
        items: actor.items.contents.map((i) => ({ id: i.id ?? "", name: i.name, type: i.type, system: i.system as EchoesItemView["system"] })),
      }, foundryI18n),
    };
  }

  /**
   * The Behaviors' inputs are named `system.behaviors.0.name`, ...: expanded, they are objects keyed
   * by index, made arrays again before Foundry validates them (as the item sheet does).
   */
  protected override _processFormData(...args: Parameters<foundry.applications.sheets.ActorSheetV2["_processFormData"]>) {
    const data = super._processFormData(...args);
    return arraysFromIndexedObjects(foundry.utils.expandObject(data as object)) as typeof data;
  }

  static async #rollBehavior(this: EchoesSheet, event: PointerEvent, target: HTMLElement) {
    const behavior = systemView(this.actor)?.behaviors[Number(target.dataset.index)];
    if (!behavior) return;
    await echoesCheckWithUI(this.actor, {
      kind: "behavior", key: behavior.name, label: behavior.name, value: behavior.value, defense: behavior.defense,
    }, event.shiftKey);
  }

  static async #rollSave(this: EchoesSheet, event: PointerEvent, target: HTMLElement) {
    const id = target.dataset.save === "damage" ? "damage" : "hit";
    const system = systemView(this.actor);
    if (!system) return;
    const label = foundryI18n.localize(`SE.Actor.Echoes.FIELDS.saves.${id}.label`);
    await echoesCheckWithUI(this.actor, { kind: "save", key: id, label, value: system.saves[id] }, event.shiftKey);
  }

  /** An attack with a weapon (its grip) or an ability (its damage and speed, the equipped weapon's grip): S0:L101–121. */
  static async #attackWith(this: EchoesSheet, event: PointerEvent, target: HTMLElement) {
    const item = this.actor.items.get(target.dataset.itemId ?? "");
    const system = systemView(this.actor);
    if (!item || !system) return;
    const equipped = this.actor.items.find((i) => i.type === "echoesWeapon" && !!(i.system as { equipped?: boolean }).equipped);
    const gripOf = (i: Item.Implementation | undefined) => (i ? String((i.system as { grip?: string }).grip ?? "") || null : null);
    const s = item.system as { damage?: number; speed?: "fast" | "slow" };
    const attack = item.type === "echoesAbility"
      ? { grip: gripOf(equipped), abilityDamage: Number(s.damage) || 0, ability: true, ...(s.speed ? { speed: s.speed } : {}) }
      : { grip: gripOf(item), abilityDamage: 0, ability: false };
    await echoesCheckWithUI(this.actor, { kind: "save", key: "hit", label: item.name, value: system.saves.hit }, event.shiftKey, attack);
  }

  static #openItem(this: EchoesSheet, _event: PointerEvent, target: HTMLElement) {
    void this.actor.items.get(target.dataset.itemId ?? "")?.sheet?.render(true);
  }

  static #toggleMode(this: EchoesSheet) {
    this.#mode = this.#mode === "play" ? "edit" : "play";
    void this.render();
  }

  static async #toggleCondition(this: EchoesSheet, _event: PointerEvent, target: HTMLElement) {
    await toggleEchoesCondition(this.actor, target.dataset.condition ?? "");
  }

  static async #addBehavior(this: EchoesSheet) {
    const behaviors = systemView(this.actor)?.behaviors ?? [];
    const name = foundryI18n.format("SE.Echoes.NewBehavior", { n: behaviors.length + 1 });
    await updateDocument(this.actor, { "system.behaviors": [...behaviors.map((b) => ({ ...b })), { ...STARTING_BEHAVIORS[0]!, name }] });
  }

  /** Foundry's own confirmation, then the deletion (v13 `ClientDocumentMixin#deleteDialog`, DialogV2.confirm). */
  static async #deleteItem(this: EchoesSheet, _event: PointerEvent, target: HTMLElement) {
    await this.actor.items.get(target.dataset.itemId ?? "")?.deleteDialog();
  }

  static async #removeBehavior(this: EchoesSheet, _event: PointerEvent, target: HTMLElement) {
    const index = Number(target.dataset.index);
    const behaviors = systemView(this.actor)?.behaviors ?? [];
    const behavior = behaviors[index];
    if (!behavior) return;
    // Asked first, as every removal from a sheet is (DialogV2.confirm resolves true only for Yes).
    const ok = await foundry.applications.api.DialogV2.confirm({
      window: { title: foundryI18n.format("SE.Sheet.DeleteNamed", { name: behavior.name }) },
      content: `<p>${foundry.utils.escapeHTML(foundryI18n.format("SE.Echoes.RemoveBehaviorConfirm", { name: behavior.name }))}</p>`,
    });
    if (ok !== true) return;
    await updateDocument(this.actor, { "system.behaviors": behaviors.filter((_, i) => i !== index).map((b) => ({ ...b })) });
  }
}

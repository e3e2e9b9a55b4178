/**
 * The ability card's UI, in the chat cards' chunk (issue 31; lazy-chat.ts), loaded when an ability is
 * used or a message with an ability card renders (ability-card.ts is the part the entry holds): the
 * roll dialog, the card's view-model and its controls in chat, the Heal action's and forced
 * movement's dialogs.
 */
import { useAbility } from "../../documents/ability-use.ts";
import type { AbilityUseData } from "../../data/ability-use.ts";
import { abilityUseOf, requestCardAction } from "../../documents/ability-results.ts";
import type { CardRequest, CardServices } from "../../documents/card-refusals.ts";
import type { CardAction } from "../../data/ability-use.ts";
import { abilityCardContext, isCurrentCardMarkup } from "../view-models/ability-card.ts";
import { abilityDialogContext, choicesFromForm } from "../view-models/ability-dialog.ts";
import type { AbilityDialogInput } from "../view-models/ability-dialog.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "../dialogs/form-dialog.ts";
export { askAbilityApproval } from "../dialogs/ability-approval.ts";
import { renderCard } from "../../dice/render.ts";
import type { BudgetKind } from "../../rules/turn-budget.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { requestForcedMove } from "../../canvas/forced-movement.ts";
import { resistanceEffects } from "../../documents/heal-action.ts";
import { abilityArea } from "../../canvas/area-targets.ts";
import { targetArea } from "../../canvas/area-targeting.ts";
import { placeAreaRegion } from "../../canvas/area-region-placing.ts";
import { damageObjectsFromCard } from "../../documents/object-damage.ts";
import { serialized, showNotice } from "../../documents/relay.ts";
import { ABILITY_CARD_TEMPLATE, ABILITY_DIALOG_TEMPLATE, FORCED_MOVE_DIALOG_TEMPLATE, HEAL_RESIST_DIALOG_TEMPLATE } from "../templates.ts";

type AnyActor = Actor.Implementation;

export function renderAbilityCard(use: AbilityUseData): Promise<string> {
  return renderCard(ABILITY_CARD_TEMPLATE, abilityCardContext(use, foundryI18n));
}

/** Opens the roll dialog; resolves to its form data, or null when closed. */
async function openDialog(input: AbilityDialogInput): Promise<Record<string, unknown> | null> {
  const content = await renderCard(ABILITY_DIALOG_TEMPLATE, abilityDialogContext(input, foundryI18n));
  return formDialog(foundryI18n.format("SE.AbilityDialog.Title", { name: input.name }), content, 640);
}

/** Use an ability (sheet click, hotbar macro). Shift skips the dialog. */
export async function useAbilityWithUI(actor: AnyActor, item: Item.Implementation, fast = false, budgetKind?: BudgetKind) {
  // A burst or aura used with nothing targeted targets the creatures its line names (src/canvas/area-targets.ts).
  if (!game.user?.targets?.size) {
    const area = targetArea(actor, item);
    if (area) ui.notifications?.info("SE.AbilityCard.AreaTargeted", { localize: true, format: { count: String(area.count), distance: String(area.distance) } });
  }
  // A burst or an aura is drawn on the map as a Region (src/canvas/area-regions.ts); a cube is
  // or a line is placed by clicks when nothing is targeted (src/canvas/area-placement.ts).
  // The placement tools load when a placement starts (issue 31).
  const placedKind = abilityArea(actor, item)?.kind;
  if (item.uuid && (placedKind === "cube" || placedKind === "line")) {
    if (!game.user?.targets?.size) await (await import("../../canvas/area-placement.ts")).placeCubeOrLine(actor, item);
  } else if (item.uuid && placedKind === "wall") await (await import("../../canvas/area-placement.ts")).placeWall(actor, item);
  else if (item.uuid) await placeAreaRegion(actor, item);
  return useAbility(actor, item, {
    fast,
    dialog: openDialog,
    readChoices: choicesFromForm,
    renderCard: renderAbilityCard,
    ...(budgetKind ? { budgetKind } : {}),
  });
}

/**
 * A rendered message's ability card: one saved with older markup is drawn again from its data (the
 * stored HTML is left alone; this is display only), then its controls are wired. Resolves once wired.
 */
export async function wireAbilityCard(message: ChatMessage.Implementation, card: HTMLElement, cardServices: CardServices): Promise<void> {
  const use = abilityUseOf(message);
  if (use && !isCurrentCardMarkup(card.dataset.seMarkup)) await redrawCard(message, card, use, cardServices);
  else wireCard(message, card, cardServices);
}

async function redrawCard(
  message: ChatMessage.Implementation, card: HTMLElement, use: AbilityUseData, cardServices: CardServices,
): Promise<void> {
  try {
    // The template escapes every name and text it is given, as when the card was first rendered.
    const fresh = document.createRange().createContextualFragment(await renderAbilityCard(use)).querySelector<HTMLElement>(".ability-card");
    if (!fresh) throw new Error("the card template rendered no card");
    card.replaceWith(fresh);
    wireCard(message, fresh, cardServices);
  } catch (err) {
    console.warn(`${SYSTEM_ID} | could not redraw the ability card of message ${message.id}; showing it as saved`, err);
    wireCard(message, card, cardServices);
  }
}

/** Wire the card's apply, undo, healing, downgrade and resistance controls. */
function wireCard(message: ChatMessage.Implementation, card: HTMLElement, cardServices: CardServices): void {
  // "As healing" is the Director's ruling (mayUseCardAction, checked again on the GM's client): players don't see it.
  if (!game.user?.isGM) card.querySelectorAll("[data-se-action=heal]").forEach((b) => b.remove());
  // A row's controls are disabled while its request is saved, so one click is one request.
  const send = async (control: HTMLButtonElement | HTMLSelectElement, action: CardAction, key: string, tier?: number) => {
    let effectId: string | undefined;
    if (action === "healResist") {
      const chosen = await chooseResistanceEffect(key);
      if (chosen === null) return;
      effectId = chosen || undefined;
    }
    const request: CardRequest = {
      messageId: message.id!, action, key, ...(tier === undefined ? {} : { tier }), ...(effectId ? { effectId } : {}),
    };
    const row = control.closest(".ability-card__target") ?? control;
    const controls = [...row.querySelectorAll<HTMLButtonElement | HTMLSelectElement>("button, select")];
    if (!controls.includes(control)) controls.push(control);
    controls.forEach((c) => { c.disabled = true; });
    try {
      await requestCardAction(request, cardServices);
    } catch (err) {
      console.error(`${SYSTEM_ID} | ability card action failed`, err);
      ui.notifications?.error("SE.Query.Failed", { localize: true });
    } finally {
      controls.forEach((c) => { c.disabled = false; });
    }
  };
  card.querySelectorAll<HTMLButtonElement>("button[data-se-action]").forEach((button) => {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      if (button.disabled) return;
      void send(button, button.dataset.seAction as CardAction, button.dataset.targetKey ?? "");
    });
  });
  card.querySelectorAll<HTMLButtonElement>("button[data-se-move], button[data-se-move-undo], button[data-se-move-fall]").forEach((button) => {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      if (button.disabled) return;
      button.disabled = true;
      void moveFromCard(message, button, cardServices).finally(() => { button.disabled = false; });
    });
  });
  card.querySelectorAll<HTMLSelectElement>("select[data-se-action=downgrade]").forEach((select) => {
    select.addEventListener("change", () => void send(select, "downgrade", select.dataset.targetKey ?? "", Number(select.value)));
  });
  wireObjectControls(message, card, cardServices);
}

/**
 * The Director's *Damage objects* and *Undo on objects* controls (src/documents/object-damage.ts):
 * added on the GM's client only, to a card with a power roll of its own and damage in a tier, and
 * applied to the material tiles the Director has selected on the Tiles layer.
 */
function wireObjectControls(message: ChatMessage.Implementation, card: HTMLElement, cardServices: CardServices): void {
  const use = abilityUseOf(message);
  if (!game.user?.isGM || !use || !use.roll || use.kind === "resistance" || !use.tiers.some((t) => t.damage.value !== null)) return;
  if (card.querySelector(".ability-card__objects")) return;
  const esc = (s: string) => foundry.utils.escapeHTML(s);
  card.insertAdjacentHTML("beforeend", `<div class="ability-card__objects">`
    + `<button type="button" class="ability-card__button" data-se-objects="apply" title="${esc(foundryI18n.localize("SE.ObjectDamage.ApplyHint"))}">${esc(foundryI18n.localize("SE.ObjectDamage.Apply"))}</button>`
    + `<button type="button" class="ability-card__button" data-se-objects="undo">${esc(foundryI18n.localize("SE.ObjectDamage.Undo"))}</button></div>`);
  card.querySelectorAll<HTMLButtonElement>("button[data-se-objects]").forEach((button) => {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      if (button.disabled) return;
      button.disabled = true;
      const tileUuids = (canvas?.tiles?.controlled ?? []).map((t) => t.document.uuid).filter((u): u is string => !!u);
      const action = button.dataset.seObjects === "undo" ? "undo" : "apply";
      void serialized([`message:${message.id}`, "scene-tiles"], () => damageObjectsFromCard({ messageId: message.id!, tileUuids, action }, game.user!, cardServices))
        .then((outcome) => outcome.notices.forEach((n) => showNotice(n)))
        .catch((err: unknown) => {
          console.error(`${SYSTEM_ID} | damaging objects failed`, err);
          ui.notifications?.error("SE.Query.Failed", { localize: true });
        })
        .finally(() => { button.disabled = false; });
    });
  });
}

/**
 * The Heal action's resistance roll (L7093): which "(resistance ends)" effect of the creature it is
 * against. Resolves to its id; "" when the creature's owner cannot be asked here (the client that
 * runs the roll checks again) or it suffers one; null when the dialog was closed.
 */
async function chooseResistanceEffect(key: string): Promise<string | null> {
  const token = await fromUuid(key).catch(() => null) as TokenDocument.Implementation | null;
  const actor = token?.actor;
  if (!actor?.isOwner) return "";
  const effects = resistanceEffects(actor);
  if (effects.length < 2) return "";
  const content = await renderCard(HEAL_RESIST_DIALOG_TEMPLATE, { effects: effects.map((e) => ({ id: e.id, name: e.name })) });
  const form = await formDialog(foundryI18n.format("SE.Healing.HealAction.ChooseEffectTitle", { name: actor.name ?? "" }), content, undefined, "SE.Healing.HealAction.Resist");
  return form ? String(form.effectId ?? "") : null;
}

/** The eight directions a slide may take, as grid steps. */
const DIRECTIONS: Record<string, { dx: number; dy: number }> = {
  n: { dx: 0, dy: -1 }, ne: { dx: 1, dy: -1 }, e: { dx: 1, dy: 0 }, se: { dx: 1, dy: 1 },
  s: { dx: 0, dy: 1 }, sw: { dx: -1, dy: 1 }, w: { dx: -1, dy: 0 }, nw: { dx: -1, dy: -1 },
};

/** The Move button: how many squares (and, for a slide, which way), then the movement through the GM. */
async function moveFromCard(message: ChatMessage.Implementation, button: HTMLButtonElement, cardServices: CardServices): Promise<void> {
  const key = button.dataset.targetKey ?? "";
  if (button.dataset.seMoveUndo !== undefined) {
    await requestForcedMove({ messageId: message.id!, key, action: "undo" }, cardServices);
    return;
  }
  if (button.dataset.seMoveFall !== undefined) {
    await requestForcedMove({ messageId: message.id!, key, action: "fall" }, cardServices);
    return;
  }
  const kind = button.dataset.seMove ?? "";
  const max = Math.max(0, Number(button.dataset.seMoveMax) || 0);
  const vertical = button.dataset.seMoveVertical !== undefined;
  const content = await renderCard(FORCED_MOVE_DIALOG_TEMPLATE, {
    max, slide: kind === "slide", vertical,
    directions: Object.keys(DIRECTIONS).map((id) => ({ id, label: foundryI18n.localize(`SE.ForcedMove.Directions.${id}`) })),
    rises: [{ value: "1", key: "Up" }, { value: "0", key: "Level" }, { value: "-1", key: "Down" }]
      .map((r) => ({ value: r.value, label: foundryI18n.localize(`SE.ForcedMove.Rise.${r.key}`) })),
  });
  const title = foundryI18n.format("SE.ForcedMove.DialogTitle", { kind: button.title, name: button.dataset.targetName ?? "" });
  const form = await formDialog(title, content, undefined, "SE.ForcedMove.Move");
  if (!form) return;
  const squares = Math.min(max, Math.max(0, Math.trunc(Number(form.squares) || 0)));
  const direction = DIRECTIONS[String(form.direction)];
  const rise = Number(form.rise);
  await requestForcedMove({
    messageId: message.id!, key, action: "move", squares, ...(kind === "slide" && direction ? { direction } : {}),
    ...(vertical && (rise === 1 || rise === -1) ? { rise } : {}),
  }, cardServices);
}


/**
 * A domain effect's slide (Nature L2425, Trickery L2441): how many squares, up to `max`, and which
 * way, in the card's own slide dialog. Resolves to them, or null when cancelled.
 */
export async function askDomainSlide(
  max: number, title: string,
): Promise<{ squares: number; direction: { dx: number; dy: number } } | null> {
  const content = await renderCard(FORCED_MOVE_DIALOG_TEMPLATE, {
    max, slide: true, vertical: false,
    directions: Object.keys(DIRECTIONS).map((id) => ({ id, label: foundryI18n.localize(`SE.ForcedMove.Directions.${id}`) })),
    rises: [],
  });
  const form = await formDialog(title, content, undefined, "SE.ForcedMove.Move");
  const direction = form ? DIRECTIONS[String(form.direction)] : undefined;
  if (!form || !direction) return null;
  return { squares: Math.min(max, Math.max(0, Math.trunc(Number(form.squares) || 0))), direction };
}

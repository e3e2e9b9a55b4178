/**
 * Using abilities, as the entry knows it: the card's services for the GM's relay, hotbar macros made
 * by dropping an ability on the hotbar, and the hooks. The UI itself (the roll dialog, the card's
 * view-model and its controls in chat) is in the chat cards' chunk (ability-card-ui.ts, loaded by
 * lazy-chat.ts when an ability is used or a card renders; issue 31). Rules and records live in src/rules and src/documents.
 */
import type { AbilityUseData } from "../../data/ability-use.ts";
import { registerCardRelay } from "../../documents/ability-results.ts";
import { registerDomainEffectRelay, wireDomainEffectButtons } from "../../documents/domain-effect-relay.ts";
import type { CardServices } from "../../documents/card-refusals.ts";
import { applyCondition } from "../../documents/conditions.ts";
import { isDurationKind } from "../../rules/durations.ts";
import type { BudgetKind } from "../../rules/turn-budget.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { registerForcedMoveRelay } from "../../canvas/forced-movement.ts";
import { DOMAIN_PROMPTS, DOMAIN_SLIDER, DOMAIN_WALL } from "../../documents/domain-effects.ts";
import { registerAreaRegionRelay, registerAreaWallCleanup } from "../../canvas/area-regions.ts";

export { ABILITY_CARD_TEMPLATE, ABILITY_DIALOG_TEMPLATE, FORCED_MOVE_DIALOG_TEMPLATE, HEAL_RESIST_DIALOG_TEMPLATE } from "../templates.ts";
import { chatUI } from "./lazy-chat.ts";

type AnyActor = Actor.Implementation;

export async function renderAbilityCard(use: AbilityUseData): Promise<string> {
  return (await chatUI()).renderAbilityCard(use);
}

/** Conditions as token status effects with their durations (src/documents/conditions.ts); resolves to the effect ids, for undo. */
async function applyConditions(actor: AnyActor, conditions: AbilityUseData["tiers"][number]["conditions"], sourceUuid: string): Promise<string[]> {
  const ids: string[] = [];
  for (const c of conditions) {
    const duration = isDurationKind(c.duration) ? c.duration : "";
    const effect = await applyCondition(actor, {
      id: c.id, duration, sourceUuid, ...(duration === "resistance" ? { characteristic: c.characteristic } : {}),
    }) as { id?: string | null } | null;
    if (effect && typeof effect === "object" && effect.id) ids.push(effect.id);
  }
  return ids;
}

/** Regain Stamina (capped at the maximum, none while bleeding: src/documents/healing.ts); resolves to the amount regained. */
async function heal(actor: AnyActor, amount: number): Promise<number> {
  const result = await (await import("../../documents/healing.ts")).regainStamina(actor, amount);
  return result.ok ? result.gained : 0;
}

/** The card's services; the GM's decision on an edited ability is a dialog (tests replace `approveAbility`). */
export const cardServices: CardServices = {
  renderCard: renderAbilityCard, applyConditions, heal,
  approveAbility: async (request) => (await chatUI()).askAbilityApproval(request),
};

/** Use an ability (sheet click, hotbar macro). Shift skips the dialog. */
export async function useAbilityWithUI(actor: AnyActor, item: Item.Implementation, fast = false, budgetKind?: BudgetKind) {
  return (await chatUI()).useAbilityWithUI(actor, item, fast, budgetKind);
}

/**
 * A melee or ranged free strike (L7107–7134) by `actor`, through the same dialog and card as
 * abilities; a monster's deals its stat block's free strike damage. It is an action unless
 * `budgetKind` says otherwise (an opportunity attack is a free triggered action, L7103).
 */
export async function useFreeStrike(actor: AnyActor, kind: "melee" | "ranged", fast = false, budgetKind?: BudgetKind) {
  const damage = actor.type === "monster" ? Number((actor.system as { freeStrike?: number }).freeStrike) || 0 : undefined;
  // The basic actions' sources load with the first free strike (issue 31).
  const source = (await import("../../data/basic-actions.ts")).freeStrikeSource(kind, damage);
  // Type escape: a basic action's source, not a stored Item; the workflow reads only its name and system.
  return useAbilityWithUI(actor, { ...source, uuid: "" } as never, fast, budgetKind);
}

/** Whether Shift is held now (v13 client/helpers/interaction/keyboard-manager.mjs `KeyboardManager#isModifierActive`). */
function shiftHeld(): boolean {
  // v13 looks the argument up in MODIFIER_CODES, keyed by MODIFIER_KEYS' values ("Shift"); the types
  // ask for the keys ("SHIFT"), so the value is passed through a cast.
  return !!game.keyboard?.isModifierActive("Shift" as never);
}

/**
 * `steelEchoes.useAbility(uuid, fast?)`: what a hotbar macro made from an ability runs. Without
 * `fast`, holding Shift skips the dialog (v13 passes no click event to a macro's script).
 */
export async function useAbilityByUuid(uuid: string, fast?: boolean) {
  const item = await fromUuid(uuid).catch(() => null) as Item.Implementation | null;
  const actor = item?.parent as AnyActor | null | undefined;
  if (!item || item.type !== "ability" || !actor) {
    ui.notifications?.warn("SE.AbilityCard.Error.Gone", { localize: true });
    return null;
  }
  return useAbilityWithUI(actor, item, fast ?? shiftHeld());
}

/** Dropping an owned ability on the hotbar makes a macro that uses it. */
export function onHotbarDrop(_bar: unknown, data: { type?: string; uuid?: string }, slot: number): boolean | void {
  if (data?.type !== "Item" || typeof data.uuid !== "string") return;
  void (async () => {
    const item = await fromUuid(data.uuid!).catch(() => null) as Item.Implementation | null;
    if (!item || item.type !== "ability" || !item.parent) return;
    const command = `steelEchoes.useAbility(${JSON.stringify(item.uuid)});`;
    const existing = game.macros?.find((m) => m.name === item.name && m.command === command);
    const macro = existing ?? await Macro.create({ name: item.name, type: "script", img: item.img, command });
    if (macro) await game.user?.assignHotbarMacro(macro, slot);
  })();
  return false;
}

/**
 * Each time a message renders: its ability card, if it has one, is wired once the card's UI has
 * loaded. The element stays the one Foundry inserts: v13 `ChatMessage#renderHTML`
 * (client/documents/chat-message.mjs) calls the hook on the element it then returns to the chat log,
 * which inserts that same element, so controls added after the load work. Resolves once wired.
 */
export function onRenderChatMessage(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> | void {
  // Prayer's tier 3: the domain effects' buttons (src/documents/domain-effects.ts).
  wireDomainEffectButtons(message, html, cardServices);
  const card = html.querySelector<HTMLElement>(".ability-card");
  if (!card) return;
  return chatUI().then((ui) => ui.wireAbilityCard(message, card, cardServices)).catch((err: unknown) => {
    console.error(`${SYSTEM_ID} | could not wire the ability card of message ${message.id}`, err);
  });
}


/** Register the GM's side of players' card requests (the relay, src/documents/relay.ts). */
export function registerCardQuery(): void {
  registerCardRelay(cardServices);
  registerDomainEffectRelay(cardServices);
  registerForcedMoveRelay(cardServices);
  // A domain effect's slide (Nature, Trickery): carried out through the forced movement rules on the
  // GM's client, its squares and way asked in the card's slide dialog; both loaded when first used.
  DOMAIN_SLIDER.slide = async (...a) => (await import("../../canvas/domain-slide.ts")).slideByDomain(...a);
  DOMAIN_PROMPTS.slide = async (max, title) => (await chatUI()).askDomainSlide(max, title);
  // Creation's wall (L2401): its squares clicked on the map as an ability's wall area's; raised on the
  // GM's client through the area walls' placement, checked there. Both loaded when first used.
  DOMAIN_PROMPTS.wall = async (size, title) => (await import("../../canvas/area-placement.ts")).pickWallSquares(size, title);
  DOMAIN_WALL.raise = async (...a) => (await import("../../canvas/area-region-actions.ts")).raiseDomainWall(...a);
  registerAreaRegionRelay((request) => cardServices.approveAbility(request));
  registerAreaWallCleanup();
}

/**
 * Applying an ability card's results: damage and conditions to a target, undo, downgrades and the
 * targets' resistance rolls. A user who may act but cannot write the message or the target (a player
 * applying their roll to a monster) sends the request to the active GM through the relay
 * (src/documents/relay.ts), whose server-vouched requester this file checks again.
 *
 * - A card a player wrote is checked before anything from it touches a creature: its damage and
 *   forced movement within the rules' largest (`cardLimitProblem`), and the record of an ability
 *   their actor owns, with that ability's tiers and a consistent roll (`abilityUseProblem`). A
 *   player can edit their own card's flags and items; the GM does not trust them. The item itself is
 *   then compared with an approved copy, and a new version waits for the GM (`cardApprovalRefusal`).
 * - Each application is recorded twice: on the card, for display, and on the target actor
 *   (`flags.steel-echoes.cardApplied.<message>.<target>`), which only the actor's owners write. Undo
 *   reverses the actor's record: what the application took or restored, and the effects it created.
 * - Requests on one card or one target run one after another (`serialized`): two clicks in one save
 *   apply once.
 *
 * This module is what every world loads: the checks (card-checks.ts, re-exported), the relay's name
 * and its lazy body, and the request from a click. Carrying an action out is card-actions.ts, loaded
 * with `import()` when the first one runs on this client (docs/architecture.md, "Loading").
 */
import { canActLocally, mayUseCardAction } from "../data/ability-use.ts";
import type { CardAction } from "../data/ability-use.ts";
import { askGM, registerRelayHandler, serialized, showNotice } from "./relay.ts";
import type { RelayUser } from "./relay.ts";
import { targetLockKey } from "./card-targets.ts";
import { CARD_RELAY, GRAB_RELAY, HEAL_CHOICES, abilityUseOf, targetActor, who } from "./card-checks.ts";
import type { CardUser, Message } from "./card-checks.ts";
import type { CardRequest, CardServices } from "./card-refusals.ts";
import type * as Actions from "./card-actions.ts";
import { registerGrabHoldRelay } from "./grab-relay.ts";

export { CARD_RELAY, abilityUseOf, cardProblem } from "./card-checks.ts";
// The refusals and the request's types are in ./card-refusals.ts, which loads with the cards' actions (issue 31).

/** Carry out a card action as `user` (card-actions.ts, loaded the first time). */
export const performCardAction = async (...a: Parameters<typeof Actions.performCardAction>) =>
  (await import("./card-actions.ts")).performCardAction(...a);

/** The locks of a card action: its message and its target's creature (one lock whatever key names it). */
function cardLocks(request: { messageId?: unknown; key?: unknown }): string[] {
  return [`message:${String(request.messageId)}`, targetLockKey(request.key)];
}

/** Run a card action from a click: locally when the user can, otherwise through the active GM. */
export async function requestCardAction(request: CardRequest, services: CardServices): Promise<boolean> {
  const user = game.user!;
  const message = game.messages?.get(request.messageId) as Message | undefined;
  const use = abilityUseOf(message);
  if (!message || !use) {
    showNotice({ type: "warn", key: "SE.AbilityCard.Error.Gone" });
    return false;
  }
  const actor = await targetActor(message, request.key);
  const w = who(user, message, actor);
  const target = use.targets.find((t) => t.key === request.key);
  if (!mayUseCardAction(request.action, w)) {
    // The Heal action's choice is the creature's (L7093): its owner, or the Director, presses.
    const key = HEAL_CHOICES.includes(request.action) ? "SE.Healing.HealAction.NotYours" : "SE.AbilityCard.Error.NotAllowed";
    showNotice({ type: HEAL_CHOICES.includes(request.action) ? "info" : "error", key, format: { name: String(target?.name ?? "") } });
    return false;
  }
  if (canActLocally(request.action, w)) {
    const outcome = await serialized(cardLocks(request), () => performCardAction(request, user, services));
    showNotice(outcome.notice);
    return outcome.ok;
  }
  return Boolean(await askGM(CARD_RELAY, { ...request }));
}

/** The GM's side of the relay: the requester is the user Foundry's server names. */
export function registerCardRelay(services: CardServices): void {
  registerRelayHandler<Record<string, unknown>>(CARD_RELAY, {
    locks: (data) => cardLocks(data),
    run: async (data, requester: RelayUser) => {
      const request: CardRequest = {
        messageId: String(data.messageId), action: data.action as CardAction, key: String(data.key),
        ...(data.tier === undefined ? {} : { tier: Number(data.tier) }),
        ...(data.effectId === undefined ? {} : { effectId: data.effectId as string }),
      };
      const outcome = await performCardAction(request, requester as CardUser, services);
      return { value: outcome.ok, ...(outcome.notice ? { notice: outcome.notice } : {}) };
    },
  });
  // A grab a player's own application made (her card, a creature she owns): the GM checks and records it.
  // Its own lock: the requester's client holds the card's locks while it waits for this answer.
  registerRelayHandler<Record<string, unknown>>(GRAB_RELAY, {
    locks: () => ["grabRecords"],
    run: async (data, requester: RelayUser) => {
      const outcome = await (await import("./card-actions.ts")).recordPlayerGrab(data, requester, services);
      return { value: outcome.ok, ...(outcome.notice ? { notice: outcome.notice } : {}) };
    },
  });
  // A grabber's owner letting go (L6676), and the grabber named for a grab set from the token HUD (grab-hold.ts).
  registerGrabHoldRelay();
}

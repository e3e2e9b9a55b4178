/**
 * Group and opposed test cards (src/data/test-card.ts) in Foundry: the GM posts one, each roller
 * rolls from it, heroes assist, and the GM awards a group's collective reward or consequence.
 *
 * Only a GM's client writes a card (players cannot update a GM's message). A player's roll or
 * assist reaches it through the GM relay, and the GM re-checks everything against the requester the
 * server names: the card must be a GM's, the roller an actor the requester owns, the roll message
 * the requester's own, posted after the card, as that actor, a power roll whose characteristic is
 * the actor's own score for the card's characteristic. Tier, natural and outcome are recomputed by
 * the rules from the roll's dice; nothing the player's client says about them is read.
 */
import { FLAG_SCOPE, RELAY_REQUESTS } from "../constants.ts";
import { CHARACTERISTICS } from "../rules/catalogue.ts";
import { readTestCard, recordAssist, recordRoll } from "../data/test-card.ts";
import type { CardProblem, TestCardState } from "../data/test-card.ts";
import { actorFor, checkedRoll } from "./recorded-rolls.ts";
import { assistTable } from "../settings/assist-table.ts";
import type { Notice, RelayHandler, RelayUser } from "./relay.ts";
import { updateDocument } from "./update.ts";
import { uuidOf } from "./persisted.ts";

export const TEST_CARD_RELAY = { roll: RELAY_REQUESTS.testCardRoll, assist: RELAY_REQUESTS.testCardAssist } as const;

export type Message = ChatMessage.Implementation;
type CardUser = { id: string | null; isGM: boolean };

/** Renders a card's HTML from its state (the applications layer supplies it). */
export interface TestCardServices {
  render(state: TestCardState, messageId: string): Promise<string>;
}

export function testCardOf(message: { flags?: unknown } | null | undefined): TestCardState | null {
  const flags = message?.flags as Record<string, Record<string, unknown> | undefined> | undefined;
  return readTestCard(flags?.[FLAG_SCOPE]?.testCard);
}

export const notice = (key: string, type: Notice["type"] = "warn"): Notice => ({ type, key: `SE.TestCard.Error.${key}` });

export async function saveCard(card: Message, state: TestCardState, services: TestCardServices): Promise<void> {
  await updateDocument(card, { content: await services.render(state, card.id!), [`flags.${FLAG_SCOPE}.testCard`]: state });
}

export const problemNotice = (p: CardProblem) => notice(p);

/** Record a roller's roll on the card, as `requester` (the GM's client). */
export async function recordCardRoll(
  data: Record<string, unknown>, requester: CardUser, services: TestCardServices,
): Promise<{ ok: boolean; notice?: Notice }> {
  const card = game.messages?.get(String(data.messageId)) as Message | undefined;
  const state = testCardOf(card);
  if (!card || !state || !card.author?.isGM) return { ok: false, notice: notice("Gone") };
  const actor = await actorFor(data.actorUuid);
  const roller = state.rollers.find((r) => r.actorUuid === data.actorUuid);
  if (!actor || !roller) return { ok: false, notice: notice("NotFound") };
  if (!requester.isGM && !actor.testUserPermission(requester as User.Implementation, "OWNER")) {
    return { ok: false, notice: notice("NotYours", "error") };
  }
  const rollMessage = game.messages?.get(String(data.rollMessageId)) as Message | undefined;
  const roll = await checkedRoll(rollMessage, card.timestamp ?? 0, requester, actor, roller.characteristic);
  if (!roll) return { ok: false, notice: notice("BadRoll", "error") };
  const next = recordRoll(state, roller.actorUuid, roll);
  if (typeof next === "string") return { ok: false, notice: problemNotice(next) };
  await saveCard(card, next, services);
  return { ok: true };
}

/** Record an assist on a roller who has not rolled, as `requester` (the GM's client). */
export async function recordCardAssist(
  data: Record<string, unknown>, requester: CardUser, services: TestCardServices,
): Promise<{ ok: boolean; notice?: Notice }> {
  const card = game.messages?.get(String(data.messageId)) as Message | undefined;
  const state = testCardOf(card);
  if (!card || !state || !card.author?.isGM || state.mode !== "group") return { ok: false, notice: notice("Gone") };
  const helper = await actorFor(data.helperUuid);
  if (!helper) return { ok: false, notice: notice("NotFound") };
  if (!requester.isGM && !helper.testUserPermission(requester as User.Implementation, "OWNER")) {
    return { ok: false, notice: notice("NotYours", "error") };
  }
  const characteristic = CHARACTERISTICS.find((c) => c === data.characteristic);
  if (!characteristic) return { ok: false, notice: notice("BadRoll", "error") };
  const rollMessage = game.messages?.get(String(data.rollMessageId)) as Message | undefined;
  const roll = await checkedRoll(rollMessage, card.timestamp ?? 0, requester, helper, characteristic);
  if (!roll) return { ok: false, notice: notice("BadRoll", "error") };
  const next = recordAssist(state, String(data.targetUuid), { actorUuid: uuidOf(helper), name: helper.name ?? "" }, roll, assistTable());
  if (typeof next === "string") return { ok: false, notice: problemNotice(next) };
  await saveCard(card, next, services);
  return { ok: true };
}

export const locks = (data: Record<string, unknown>) => [`message:${String(data.messageId)}`];

/** The GM's side of the relay: the handlers ./test-card-relay.ts registers, loaded with the first request (issue 31). */
export function testCardRelayHandlers(services: TestCardServices): Record<string, RelayHandler> {
  const handler = (record: typeof recordCardRoll): RelayHandler => ({
    locks,
    run: async (data, requester: RelayUser) => {
      const outcome = await record(data, requester, services);
      return { value: outcome.ok, ...(outcome.notice ? { notice: outcome.notice } : {}) };
    },
  });
  return { [TEST_CARD_RELAY.roll]: handler(recordCardRoll), [TEST_CARD_RELAY.assist]: handler(recordCardAssist) };
}

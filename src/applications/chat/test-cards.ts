/**
 * Group and opposed test cards as the entry knows them (L6041–6061, L5867–5875): the card's
 * services for the GM's relay (src/documents/test-cards.ts), the API's posting calls and the
 * `renderChatMessageHTML` hook. The cards' view-model, dialogs and buttons are in the chat cards'
 * chunk (test-card-ui.ts, loaded by lazy-chat.ts when a card is posted or rendered; issue 31).
 */
import type { Characteristic } from "../../rules/catalogue.ts";
import type { TestDifficulty } from "../../rules/tests.ts";
import { SYSTEM_ID } from "../../constants.ts";
import type { TestCardState } from "../../data/test-card.ts";
import type { TestCardServices } from "../../documents/test-cards.ts";
import { chatUI } from "./lazy-chat.ts";

export { ASSIST_DIALOG_TEMPLATE, TEST_CARD_TEMPLATE } from "../templates.ts";

type Message = ChatMessage.Implementation;

export const testCardServices: TestCardServices = {
  render: async (state: TestCardState) => (await chatUI()).renderTestCard(state),
};

/**
 * Post a group test card (L6041–6061), GM only: `steelEchoes.requestGroupTest({ characteristic:
 * "agility", difficulty: "medium", actorUuids? })`. Without UUIDs, the rollers are the GM's
 * controlled tokens, or else every player's assigned hero.
 */
export async function postGroupTest(
  o: { characteristic: Characteristic; difficulty: TestDifficulty; actorUuids?: string[] },
): Promise<Message | null> {
  return (await chatUI()).postGroupTest(o);
}

/**
 * Post an opposed test card (L5867–5875), GM only: `steelEchoes.requestOpposedTest({ first:
 * "agility", second: "intuition", actorUuids? })`. Without UUIDs, the GM's first two controlled
 * tokens, in the order they were selected.
 */
export async function postOpposedTest(
  o: { first: Characteristic; second?: Characteristic; actorUuids?: string[] },
): Promise<Message | null> {
  return (await chatUI()).postOpposedTest(o);
}

/**
 * `renderChatMessageHTML`: a test card's buttons, kept for the users who can use them and wired, once
 * the chunk has loaded (the element is the one the chat log inserts: ability-card.ts
 * `onRenderChatMessage`). Resolves once wired.
 */
export function onRenderTestCard(message: Message, html: HTMLElement): Promise<void> | void {
  const card = html.querySelector<HTMLElement>("[data-se-test-card]");
  if (!card) return;
  return chatUI().then((ui) => ui.wireTestCard(message, card, testCardServices)).catch((err: unknown) => {
    console.error(`${SYSTEM_ID} | could not wire the test card of message ${message.id}`, err);
  });
}

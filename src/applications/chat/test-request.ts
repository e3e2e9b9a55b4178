/**
 * "Request a test" as the entry knows it: `/rt might hard` (or `steelEchoes.requestTest`) posts a
 * card, and its button rolls the test for the clicking player's hero. Both are in the chat cards'
 * chunk (test-request-ui.ts, loaded by lazy-chat.ts; issue 31).
 */
import type { TestRequestCommand } from "../../parser/command-checks.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { chatUI } from "./lazy-chat.ts";

export { TEST_REQUEST_TEMPLATE } from "../templates.ts";

export async function postTestRequest(request: TestRequestCommand) {
  return (await chatUI()).postTestRequest(request);
}

/** Wire the card's button when a message renders, once the chunk has loaded. Resolves once wired. */
export function onRenderTestRequest(_message: unknown, html: HTMLElement): Promise<void> | void {
  const card = html.querySelector<HTMLElement>(".test-request-card");
  if (!card) return;
  return chatUI().then((ui) => ui.wireTestRequest(card)).catch((err: unknown) => {
    console.error(`${SYSTEM_ID} | could not wire a test request card`, err);
  });
}

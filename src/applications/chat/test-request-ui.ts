/**
 * The test request card's UI, in the chat cards' chunk (issue 31; test-request.ts is what the entry
 * holds). "Request a test": `/rt might hard` (or `steelEchoes.requestTest`) posts a card; a player clicking its
 * button rolls that test for their own hero (their assigned character, else the token they control),
 * through the test dialog with the difficulty preset.
 */
import { checkTestRequest } from "../../parser/command-checks.ts";
import type { TestRequestCommand } from "../../parser/command-checks.ts";
import { testRequestContext } from "../view-models/test-request.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { notifyCommandError, rollTest } from "./lazy-rolls.ts";
import { renderCard } from "../../dice/render.ts";
import { TEST_REQUEST_TEMPLATE } from "../templates.ts";
import { TEST_DIFFICULTIES } from "../../rules/tests.ts";

export async function postTestRequest(request: TestRequestCommand) {
  const error = checkTestRequest(request);
  if (error) {
    await notifyCommandError(error);
    return null;
  }
  const content = await renderCard(TEST_REQUEST_TEMPLATE, testRequestContext(request, foundryI18n));
  return ChatMessage.create({ content, speaker: ChatMessage.getSpeaker() });
}

/** The hero who answers a request on this client: the user's character, else a controlled token's actor. */
function answeringActor(): Actor.Implementation | null {
  const own = game.user?.character as Actor.Implementation | null | undefined;
  if (own) return own;
  const token = (canvas?.tokens?.controlled ?? [])[0];
  return token?.actor ?? null;
}

/** Wire a rendered request card's button. */
export function wireTestRequest(card: HTMLElement): void {
  card.querySelector("button[data-se-action=roll-requested-test]")?.addEventListener("click", async (event) => {
    const actor = answeringActor();
    if (!actor) {
      ui.notifications?.warn("SE.TestRequest.NoActor", { localize: true });
      return;
    }
    const characteristic = card.dataset.characteristic ?? "";
    const difficulty = TEST_DIFFICULTIES.find((d) => d === card.dataset.difficulty);
    const value = (actor.system.characteristics as Record<string, number>)[characteristic] ?? 0;
    await rollTest(actor, characteristic, value, {
      fast: (event as MouseEvent).shiftKey, ...(difficulty ? { difficulty } : {}),
    });
  });
}

/**
 * Registers the group and opposed test cards' relay requests at init: their names now, their
 * handlers (./test-cards.ts) when the GM's client runs the first (src/documents/relay.ts
 * `registerLazyRelayHandlers`; issue 31).
 */
import { RELAY_REQUESTS } from "../constants.ts";
import { registerLazyRelayHandlers } from "./relay.ts";
import type { TestCardServices } from "./test-cards.ts";

export function registerTestCardRelay(services: TestCardServices): void {
  registerLazyRelayHandlers(
    [RELAY_REQUESTS.testCardRoll, RELAY_REQUESTS.testCardAssist],
    async () => (await import("./test-cards.ts")).testCardRelayHandlers(services),
  );
}

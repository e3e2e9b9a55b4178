/**
 * The relay request that ends or names a grab (issue 29, item 33), `grabHold`: `{ op: "release" }`, a
 * grabber's owner letting go (seed 004, L6676), or `{ op: "name" }`, the grabber named for a grabbed
 * status set from the token HUD. The GM's side is grab-hold.ts, loaded with `import()` on the first
 * request; the requester is the user Foundry's server names (src/documents/relay.ts). It touches the
 * GM's record of grabs, as the card's `grabRecord` does: under the same lock, one at a time.
 */
import { registerRelayHandler } from "./relay.ts";
import { GRAB_HOLD_RELAY } from "./grabs.ts";

export function registerGrabHoldRelay(): void {
  registerRelayHandler(GRAB_HOLD_RELAY, {
    locks: () => ["grabRecords"],
    run: async (data, requester) => (await import("./grab-hold.ts")).grabHoldRequest(data, requester),
  });
}

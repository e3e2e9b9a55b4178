/**
 * A negotiation as every world has it from the start: the NPC under negotiation (a world setting
 * names it; its flags, which only a GM writes, hold the state; its stat block's negotiation data:
 * negotiation-state.ts), and the name of its relay request. What it does (start, judge,
 * discover, close, a hero's argument, the GM's side of the relay) is negotiation-actions.ts, loaded
 * with `import()` the first time one of the functions below runs or a request arrives, with
 * src/data/negotiation.ts (docs/architecture.md, "Loading").
 */
import { RELAY_REQUESTS } from "../constants.ts";
import { registerRelayHandler } from "./relay.ts";
import { NEGOTIATION_LOCK } from "./negotiation-state.ts";
import type * as Actions from "./negotiation-actions.ts";

export { NEGOTIATION_LOCK, currentNegotiation, negotiationDataOf, negotiationOf } from "./negotiation-state.ts";

const actions = () => import("./negotiation-actions.ts");

/** Begin a negotiation with an NPC (GM): `steelEchoes.negotiation.start(actor, { attitude, language })` (negotiation-actions.ts). */
export const startNegotiation = async (...a: Parameters<typeof Actions.startNegotiation>) => (await actions()).startNegotiation(...a);
/** The Director judges the pending argument (or one made without a test). */
export const judgeCurrentArgument = async (...a: Parameters<typeof Actions.judgeCurrentArgument>) =>
  (await actions()).judgeCurrentArgument(...a);
export const dropCurrentArgument = async () => (await actions()).dropCurrentArgument();
export const discoverInNegotiation = async (...a: Parameters<typeof Actions.discoverInNegotiation>) =>
  (await actions()).discoverInNegotiation(...a);
export const directCurrentNegotiation = async (...a: Parameters<typeof Actions.directCurrentNegotiation>) =>
  (await actions()).directCurrentNegotiation(...a);
/** The heroes accept the offer or walk away (negotiation-actions.ts `closeCurrentNegotiation`). */
export const closeCurrentNegotiation = async (...a: Parameters<typeof Actions.closeCurrentNegotiation>) =>
  (await actions()).closeCurrentNegotiation(...a);
/** Stop showing a negotiation (GM): the NPC keeps its record. */
export const clearNegotiation = async () => (await actions()).clearNegotiation();
/** A hero's rolled argument, for `requester` (the GM's client). */
export const performArgumentRoll = async (...a: Parameters<typeof Actions.performArgumentRoll>) =>
  (await actions()).performArgumentRoll(...a);
/** A rolled argument from a click: the GM records it at once, a player asks the GM. */
export const requestArgumentRoll = async (...a: Parameters<typeof Actions.requestArgumentRoll>) =>
  (await actions()).requestArgumentRoll(...a);

/** The GM's side of the relay (index.ts registers it at init): its name now, its body when a request arrives. */
export function registerNegotiationRelay(): void {
  registerRelayHandler<Record<string, unknown>>(RELAY_REQUESTS.negotiationArgument, {
    locks: () => [NEGOTIATION_LOCK],
    run: async (data, requester) => (await actions()).runNegotiationRelay(data, requester),
  });
}

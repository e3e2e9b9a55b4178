/**
 * The montage test as every world has it from the start: the montage under way (a world setting only
 * a GM writes; montage-state.ts) and the name of its relay request. What it does
 * (start, direct, end, a hero's action, the GM's side of the relay) is montage-actions.ts, loaded with
 * `import()` the first time one of the functions below runs or a request arrives, with
 * src/data/montage.ts (docs/architecture.md, "Loading").
 */
import { RELAY_REQUESTS } from "../constants.ts";
import { registerRelayHandler } from "./relay.ts";
import { MONTAGE_LOCK } from "./montage-state.ts";
import type * as Actions from "./montage-actions.ts";

export type { MontageRequest } from "./montage-actions.ts";

const actions = () => import("./montage-actions.ts");

export { MONTAGE_LOCK, currentMontage } from "./montage-state.ts";

/** Start a montage (GM): `steelEchoes.montage.start({ title, difficulty: "hard", actorUuids? })` (montage-actions.ts). */
export const beginMontage = async (...a: Parameters<typeof Actions.beginMontage>) => (await actions()).beginMontage(...a);
/** The Director's changes (montage-actions.ts `directCurrentMontage`). */
export const directCurrentMontage = async (...a: Parameters<typeof Actions.directCurrentMontage>) =>
  (await actions()).directCurrentMontage(...a);
/** End the montage and award its Victories (montage-actions.ts `endCurrentMontage`). */
export const endCurrentMontage = async () => (await actions()).endCurrentMontage();
/** Close the tracker's montage (GM). */
export const clearMontage = async () => (await actions()).clearMontage();
/** A hero's action from a click: the GM carries it out, a player asks the GM. */
export const requestMontageAction = async (...a: Parameters<typeof Actions.requestMontageAction>) =>
  (await actions()).requestMontageAction(...a);
/** Carry out an action for `requester` (the GM's client). */
export const performMontageAction = async (...a: Parameters<typeof Actions.performMontageAction>) =>
  (await actions()).performMontageAction(...a);

/** The GM's side of the relay (index.ts registers it at init): its name now, its body when a request arrives. */
export function registerMontageRelay(): void {
  registerRelayHandler<Record<string, unknown>>(RELAY_REQUESTS.montageAction, {
    locks: () => [MONTAGE_LOCK],
    run: async (data, requester) => (await actions()).runMontageRelay(data, requester),
  });
}

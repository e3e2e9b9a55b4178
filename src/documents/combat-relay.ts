/**
 * What players ask the active GM's client to do in combat, through the relay (src/documents/relay.ts):
 * take their hero's turn, end the turn of a creature they own, spend a hero token; in the other
 * engines' orders, roll the initiative of a creature they own that joined late, Delay its turn, record
 * the turn a failed Reaction check lost it and the climb a 2d12 check earned it; record a use in
 * the turn's budget of a creature they own (src/documents/turn-budget.ts). Each handler runs
 * on the GM's client for the requester Foundry's server names, and checks again that this user may.
 * Also the one query the GM sends a player: make your creature's resistance roll; and the active
 * GM's guard on the turn and round, which v13 lets any player write (`guardTurn`).
 */
import { RESISTANCE_QUERY } from "./conditions.ts";
import { CLIMB_RELAY, DELAY_TURN_RELAY, END_TURN_RELAY, ENGINE_INITIATIVE_RELAY, LOSE_TURN_RELAY, TAKE_TURN_RELAY } from "./combat.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "./combat.ts";
import { HERO_TOKEN_RELAY } from "./hero-tokens.ts";
import { RELAY_REQUESTS } from "../constants.ts";
import { askGM, registerLazyRelayHandlers, serialized } from "./relay.ts";

/** The requests' names; their handlers load on the GM's client with the first (./combat-relay-handlers.ts). */
const COMBAT_RELAYS = [
  TAKE_TURN_RELAY, END_TURN_RELAY, ENGINE_INITIATIVE_RELAY, DELAY_TURN_RELAY, LOSE_TURN_RELAY, CLIMB_RELAY,
  RELAY_REQUESTS.spendBudget, HERO_TOKEN_RELAY,
];

export function registerCombatQueries(): void {
  // The owner's answer loads with the first query (./condition-rolls.ts; issue 31). The handler was
  // already async (a promise of the tier); the wrapper keeps that contract.
  Object.assign(CONFIG.queries as object, {
    [RESISTANCE_QUERY]: async (data: { actorUuid?: unknown; effectId?: unknown; pending?: unknown }) =>
      (await import("./condition-rolls.ts")).answerResistanceQuery(data),
  });
  registerLazyRelayHandlers(COMBAT_RELAYS, async () => (await import("./combat-relay-handlers.ts")).COMBAT_RELAY_HANDLERS);
}

/** A player clicks "take turn" on their combatant (the GM's client runs it). */
export async function requestTakeTurn(combat: SteelEchoesCombat, combatant: SteelEchoesCombatant): Promise<unknown> {
  const refusal = combat.turnRefusal(combatant);
  if (refusal) {
    ui.notifications?.warn(`SE.Combat.Refusal.${refusal}`, { localize: true });
    return refusal;
  }
  return askGM(TAKE_TURN_RELAY, { combatId: combat.id, combatantId: combatant.id });
}

/** The acting creature's owner (or the GM) ends the turn. */
export async function requestEndTurn(combat: SteelEchoesCombat): Promise<unknown> {
  return askGM(END_TURN_RELAY, { combatId: combat.id });
}

/** Roll the initiative of a creature in an engine's order (a player's late joiner, or any for the Director). */
export async function requestEngineInitiative(combat: SteelEchoesCombat, combatant: SteelEchoesCombatant): Promise<unknown> {
  return askGM(ENGINE_INITIATIVE_RELAY, { combatId: combat.id, combatantId: combatant.id });
}

/** The acting creature's owner (or the Director) delays its turn (seed 003). */
export async function requestDelayTurn(combat: SteelEchoesCombat): Promise<unknown> {
  return askGM(DELAY_TURN_RELAY, { combatId: combat.id });
}

/**
 * The `updateCombat` hook: on the active GM's client, a round or turn a non-GM wrote straight into
 * the combat (v13 lets any player: common/documents/combat.mjs `BaseCombat.#canUpdate`) is put back,
 * and the table told. The writer is the `userId` the server attributes the write to; the system's own
 * turn changes, the relay's included, are written by a GM. Runs under the combat's lock, so a request
 * that follows the change waits until it is undone.
 */
export function guardTurn(combat: SteelEchoesCombat, changed: Record<string, unknown>, userId: string): Promise<boolean> | null {
  if (!("round" in changed || "turn" in changed)) return null;
  const me = game.user;
  if (!me?.isGM || game.users?.activeGM?.id !== me.id) return null;
  const writer = game.users?.get(userId);
  if (writer?.isGM) return null;
  return serialized([`combat:${combat.id}`], () => combat.restoreTrustedTurn(writer?.name ?? ""));
}

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
import { answerResistanceQuery, RESISTANCE_QUERY } from "./conditions.ts";
import { spendHeroTokenAsGM } from "./healing.ts";
import { CLIMB_RELAY, DELAY_TURN_RELAY, END_TURN_RELAY, ENGINE_INITIATIVE_RELAY, LOSE_TURN_RELAY, TAKE_TURN_RELAY } from "./combat.ts";
import { isOrderedEngine } from "./engine-combat.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "./combat.ts";
import { HERO_TOKEN_RELAY } from "./hero-tokens.ts";
import { setPartyHeroTokens } from "./party.ts";
import { BUDGET_RELAY, spendBudgetAsGM } from "./turn-budget.ts";
import { budgetKindOf } from "../rules/turn-budget.ts";
import { askGM, registerRelayHandler, serialized } from "./relay.ts";
import type { Notice, RelayAnswer, RelayUser } from "./relay.ts";

type Owned = { testUserPermission(user: unknown, level: "OWNER"): boolean };

function owns(user: RelayUser, doc: Owned | null | undefined): boolean {
  return !!doc && (user.isGM || doc.testUserPermission(user, "OWNER"));
}

function combatOf(data: { combatId?: unknown }): SteelEchoesCombat | null {
  // game.combats holds documents of the configured class (CONFIG.Combat.documentClass = SteelEchoesCombat).
  return (game.combats?.get(String(data.combatId)) as SteelEchoesCombat | undefined) ?? null;
}

const notice = (key: string, format?: Record<string, string>, type: Notice["type"] = "warn"): Notice => ({ type, key, ...(format ? { format } : {}) });
const refused = (key: string, format?: Record<string, string>): RelayAnswer => ({ value: null, notice: notice(key, format) });

export function registerCombatQueries(): void {
  Object.assign(CONFIG.queries as object, { [RESISTANCE_QUERY]: answerResistanceQuery });

  registerRelayHandler(TAKE_TURN_RELAY, {
    locks: (data) => [`combat:${String(data.combatId)}`],
    run: async (data, requester) => {
      const combat = combatOf(data);
      const combatant = combat?.combatants.get(String(data.combatantId));
      if (!combat || !combatant) return refused("SE.Query.Invalid");
      // A player starts only the turn of a hero they own; the Director's creatures are the GM's.
      if (!owns(requester, combatant.actor) || (!requester.isGM && combatant.side !== "heroes")) return refused("SE.Combat.Refusal.not-owner");
      const refusal = await combat.takeTurn(combatant);
      return refusal ? refused(`SE.Combat.Refusal.${refusal}`) : { value: null };
    },
  });

  registerRelayHandler(END_TURN_RELAY, {
    locks: (data) => [`combat:${String(data.combatId)}`],
    run: async (data, requester) => {
      const combat = combatOf(data);
      if (!combat) return refused("SE.Query.Invalid");
      const current = combat.combatant;
      // Ending a turn is for the acting creature's owner; with nobody acting, moving on is the Director's.
      if (!requester.isGM && !owns(requester, current?.actor)) return refused("SE.Combat.Refusal.not-your-turn");
      await combat.endTurn();
      return { value: true };
    },
  });

  registerRelayHandler(ENGINE_INITIATIVE_RELAY, {
    locks: (data) => [`combat:${String(data.combatId)}`],
    run: async (data, requester) => {
      const combat = combatOf(data);
      const combatant = combat?.combatants.get(String(data.combatantId));
      if (!combat || !combatant || !isOrderedEngine(combat.engine)) return refused("SE.Query.Invalid");
      if (!owns(requester, combatant.actor)) return refused("SE.Combat.Refusal.not-owner");
      // A player rolls once, for a creature with no initiative yet (one joining the fight, S3:L377).
      if (!requester.isGM && typeof combatant.initiative === "number") return refused("SE.Combat.Refusal.already-rolled");
      await combat.rollEngineInitiative([combatant.id!]);
      return { value: combatant.initiative };
    },
  });

  registerRelayHandler(DELAY_TURN_RELAY, {
    locks: (data) => [`combat:${String(data.combatId)}`],
    run: async (data, requester) => {
      const combat = combatOf(data);
      if (!combat) return refused("SE.Query.Invalid");
      if (!requester.isGM && !owns(requester, combat.combatant?.actor)) return refused("SE.Combat.Refusal.not-your-turn");
      const refusal = await combat.delayTurn();
      return refusal ? refused(`SE.Combat.Refusal.${refusal}`) : { value: true };
    },
  });

  registerRelayHandler(LOSE_TURN_RELAY, {
    locks: (data) => [`combat:${String(data.combatId)}`],
    run: async (data, requester) => {
      const combat = combatOf(data);
      const combatant = combat?.combatants.get(String(data.combatantId));
      if (!combat || !combatant || combat.engine !== "arc" || !combat.started) return refused("SE.Query.Invalid");
      // Losing a turn only costs the creature's owner: their word for the failed check is enough.
      if (!owns(requester, combatant.actor)) return refused("SE.Combat.Refusal.not-owner");
      return { value: await combat.loseTurn(combatant) };
    },
  });

  registerRelayHandler(CLIMB_RELAY, {
    locks: (data) => [`combat:${String(data.combatId)}`],
    run: async (data, requester) => {
      const combat = combatOf(data);
      const message = game.messages?.get(String(data.messageId));
      if (!combat || !message || combat.engine !== "d12" || !combat.started) return refused("SE.Query.Invalid");
      // Seed 003's exploits and setbacks (their tables with them) load with the first climb (issue 31).
      const combatant = (await import("./d12-choices.ts")).climbingCombatant(message, combat, requester);
      if (typeof combatant === "string") return refused(combatant);
      if (!owns(requester, combatant.actor)) return refused("SE.Combat.Refusal.climb-not-earned");
      if (combat.climbFrom(message.id)) return refused("SE.Combat.Refusal.already-climbed");
      return { value: await combat.climbNextRound(combatant, message.id) };
    },
  });

  registerRelayHandler(BUDGET_RELAY, {
    locks: (data) => [`combat:${String(data.combatId)}`],
    run: async (data, requester) => {
      const combat = combatOf(data);
      const combatant = combat?.combatants.get(String(data.combatantId));
      const kind = budgetKindOf(String(data.kind ?? ""));
      if (!combat || !combatant || !kind) return refused("SE.Query.Invalid");
      // A player records uses only for a creature she owns; the budget itself is recomputed here.
      if (!owns(requester, combatant.actor)) return refused("SE.Budget.NotOwner");
      return { value: await spendBudgetAsGM(combat, combatant, kind, requester) };
    },
  });

  registerRelayHandler(HERO_TOKEN_RELAY, {
    locks: (data) => ["pool:heroTokens", `actor:${String(data.actorUuid)}`],
    run: async (data, requester) => {
      const doc = await fromUuid(String(data.actorUuid ?? "")).catch(() => null);
      const actor = doc?.documentName === "Actor" ? (doc as Actor.Implementation) : null;
      if (!actor || !owns(requester, actor)) return refused("SE.Healing.Refusal.not-owner", { name: String(actor?.name ?? "") });
      // The pool is the primary party's (issue 32), written here on the GM's client.
      const outcome = await spendHeroTokenAsGM(actor, (n) => setPartyHeroTokens(n));
      return outcome.ok ? { value: outcome } : { value: outcome, notice: notice(`SE.Healing.Refusal.${outcome.reason}`, { name: actor.name }) };
    },
  });
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

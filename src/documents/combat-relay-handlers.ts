/**
 * The GM's side of the combat requests (./combat-relay.ts): each handler runs on the active GM's
 * client for the requester Foundry's server names, and checks again that this user may. Loaded with
 * `import()` when the GM's client first runs one (src/documents/relay.ts `registerLazyRelayHandlers`, issue 31).
 */
import { spendHeroTokenAsGM } from "./healing.ts";
import { CLIMB_RELAY, DELAY_TURN_RELAY, END_TURN_RELAY, ENGINE_INITIATIVE_RELAY, LOSE_TURN_RELAY, TAKE_TURN_RELAY } from "./combat.ts";
import { isOrderedEngine } from "./engine-combat.ts";
import type { SteelEchoesCombat } from "./combat.ts";
import { HERO_TOKEN_RELAY } from "./hero-tokens.ts";
import { setPartyHeroTokens } from "./party.ts";
import { BUDGET_RELAY, spendBudgetAsGM } from "./turn-budget.ts";
import { budgetKindOf } from "../rules/turn-budget.ts";
import type { Notice, RelayAnswer, RelayHandler, RelayUser } from "./relay.ts";

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

export const COMBAT_RELAY_HANDLERS: Readonly<Record<string, RelayHandler>> = {
  [TAKE_TURN_RELAY]: {
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
  },

  [END_TURN_RELAY]: {
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
  },

  [ENGINE_INITIATIVE_RELAY]: {
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
  },

  [DELAY_TURN_RELAY]: {
    locks: (data) => [`combat:${String(data.combatId)}`],
    run: async (data, requester) => {
      const combat = combatOf(data);
      if (!combat) return refused("SE.Query.Invalid");
      if (!requester.isGM && !owns(requester, combat.combatant?.actor)) return refused("SE.Combat.Refusal.not-your-turn");
      const refusal = await combat.delayTurn();
      return refusal ? refused(`SE.Combat.Refusal.${refusal}`) : { value: true };
    },
  },

  [LOSE_TURN_RELAY]: {
    locks: (data) => [`combat:${String(data.combatId)}`],
    run: async (data, requester) => {
      const combat = combatOf(data);
      const combatant = combat?.combatants.get(String(data.combatantId));
      if (!combat || !combatant || combat.engine !== "arc" || !combat.started) return refused("SE.Query.Invalid");
      // Losing a turn only costs the creature's owner: their word for the failed check is enough.
      if (!owns(requester, combatant.actor)) return refused("SE.Combat.Refusal.not-owner");
      return { value: await combat.loseTurn(combatant) };
    },
  },

  [CLIMB_RELAY]: {
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
  },

  [BUDGET_RELAY]: {
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
  },

  [HERO_TOKEN_RELAY]: {
    locks: (data) => ["pool:heroTokens", `actor:${String(data.actorUuid)}`],
    run: async (data, requester) => {
      const doc = await fromUuid(String(data.actorUuid ?? "")).catch(() => null);
      const actor = doc?.documentName === "Actor" ? (doc as Actor.Implementation) : null;
      if (!actor || !owns(requester, actor)) return refused("SE.Healing.Refusal.not-owner", { name: String(actor?.name ?? "") });
      // The pool is the primary party's (issue 32), written here on the GM's client.
      const outcome = await spendHeroTokenAsGM(actor, (n) => setPartyHeroTokens(n));
      return outcome.ok ? { value: outcome } : { value: outcome, notice: notice(`SE.Healing.Refusal.${outcome.reason}`, { name: actor.name }) };
    },
  },
};

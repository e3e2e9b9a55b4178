/**
 * What players ask the GM's client to do (Foundry v13 queries): conditions on creatures they don't
 * own, taking and ending their turn, spending a hero token, healing another creature. Each handler
 * runs on the active GM's client and checks again that the asking user may do it.
 */
import { applyCondition, removeCondition, rollResistance } from "../documents/conditions.ts";
import type { ActorLike, ConditionOptions } from "../documents/conditions.ts";
import { regainStamina, spendHeroTokenAsGM, spendRecovery } from "../documents/healing.ts";
import type { HealableActor } from "../documents/healing.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "../documents/combat.ts";
import { SYSTEM_ID } from "../settings.ts";
import { askGM } from "../documents/gm-query.ts";
import { CHARACTERISTICS } from "../rules/index.ts";
import type { Characteristic } from "../rules/index.ts";

type Owned = { testUserPermission(user: unknown, level: "OWNER"): boolean };
type UserLike = { id: string; isGM: boolean };

export const QUERY_NAMES = [
  "steel-echoes.applyCondition", "steel-echoes.removeCondition", "steel-echoes.takeTurn", "steel-echoes.endTurn",
  "steel-echoes.spendHeroToken", "steel-echoes.regainStamina", "steel-echoes.spendRecovery", "steel-echoes.resistanceRoll",
] as const;
export type QueryName = (typeof QUERY_NAMES)[number];

function userOf(data: { userId?: unknown }): UserLike | null {
  return (game.users?.get(String(data.userId)) as unknown as UserLike | undefined) ?? null;
}

async function docOf(uuid: unknown): Promise<(Owned & Record<string, unknown>) | null> {
  if (typeof uuid !== "string" || !uuid) return null;
  return (await fromUuid(uuid)) as unknown as (Owned & Record<string, unknown>) | null;
}

function owns(user: UserLike, doc: Owned | null): boolean {
  return !!doc && (user.isGM || doc.testUserPermission(user, "OWNER"));
}

/** May this user act on the target: they own it, or they own the source that acts on it. */
export async function mayAffect(user: UserLike | null, target: Owned | null, sourceUuid?: unknown): Promise<boolean> {
  if (!user || !target) return false;
  if (owns(user, target)) return true;
  return owns(user, await docOf(sourceUuid));
}

function combatOf(data: { combatId?: unknown }): SteelEchoesCombat | null {
  return (game.combats?.get(String(data.combatId)) as unknown as SteelEchoesCombat | undefined) ?? null;
}

export const handlers: Record<QueryName, (data: Record<string, unknown>) => Promise<unknown>> = {
  "steel-echoes.applyCondition": async (data) => {
    const options = (data.options ?? {}) as ConditionOptions;
    const actor = await docOf(data.actorUuid);
    if (!(await mayAffect(userOf(data), actor, options.sourceUuid))) return false;
    return Boolean(await applyCondition(actor as unknown as ActorLike, options));
  },
  "steel-echoes.removeCondition": async (data) => {
    const actor = await docOf(data.actorUuid);
    if (!(await mayAffect(userOf(data), actor, data.sourceUuid))) return false;
    return removeCondition(actor as unknown as ActorLike, String(data.id));
  },
  "steel-echoes.takeTurn": async (data) => {
    const combat = combatOf(data);
    const combatant = combat?.combatants.get(String(data.combatantId)) as unknown as (SteelEchoesCombatant & { actor: Owned | null }) | undefined;
    const user = userOf(data);
    if (!combat || !combatant || !user || !owns(user, combatant.actor)) return "not-owner";
    if (!user.isGM && combatant.side !== "heroes") return "not-owner";
    return combat.takeTurn(combatant);
  },
  "steel-echoes.endTurn": async (data) => {
    const combat = combatOf(data);
    const current = combat?.combatant as unknown as { actor: Owned | null } | null | undefined;
    const user = userOf(data);
    if (!combat || !current || !user || !owns(user, current.actor)) return false;
    await combat.endTurn();
    return true;
  },
  "steel-echoes.spendHeroToken": async (data) => {
    const actor = await docOf(data.actorUuid);
    const user = userOf(data);
    if (!user || !owns(user, actor)) return { ok: false, reason: "not-owner" };
    return spendHeroTokenAsGM(actor as unknown as HealableActor, (n) => game.settings!.set(SYSTEM_ID, "heroTokens", n));
  },
  "steel-echoes.regainStamina": async (data) => {
    const actor = await docOf(data.actorUuid);
    if (!(await mayAffect(userOf(data), actor, data.sourceUuid))) return { ok: false, reason: "not-owner" };
    return regainStamina(actor as unknown as HealableActor, Number(data.amount));
  },
  /** Runs on the owning player's client: they roll their creature's resistance roll; returns the tier. */
  "steel-echoes.resistanceRoll": async (data) => {
    const actor = (await docOf(data.actorUuid)) as unknown as (ActorLike & { effects: { get(id: string): unknown } }) | null;
    const effect = actor?.effects.get(String(data.effectId));
    if (!actor?.isOwner || !effect || !(CHARACTERISTICS as readonly string[]).includes(String(data.characteristic))) return null;
    return rollResistance(actor, effect as never, data.characteristic as Characteristic);
  },
  "steel-echoes.spendRecovery": async (data) => {
    const actor = await docOf(data.actorUuid);
    if (!(await mayAffect(userOf(data), actor, data.sourceUuid))) return { ok: false, reason: "not-owner" };
    return spendRecovery(actor as unknown as HealableActor);
  },
};

export function registerCombatQueries(): void {
  Object.assign(CONFIG.queries as object, handlers);
}


/** A player clicks "take turn" on their combatant (the GM's client runs it). */
export async function requestTakeTurn(combat: SteelEchoesCombat, combatant: SteelEchoesCombatant): Promise<unknown> {
  if (game.user?.isGM) return combat.takeTurn(combatant);
  const refusal = combat.turnRefusal(combatant);
  if (refusal) {
    ui.notifications?.warn(`SE.Combat.Refusal.${refusal}`, { localize: true });
    return refusal;
  }
  return askGM("steel-echoes.takeTurn", { combatId: combat.id, combatantId: combatant.id });
}

/** The acting creature's owner (or the GM) ends the turn. */
export async function requestEndTurn(combat: SteelEchoesCombat): Promise<unknown> {
  if (game.user?.isGM) return combat.endTurn();
  return askGM("steel-echoes.endTurn", { combatId: combat.id });
}

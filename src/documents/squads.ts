/**
 * The Director's minion squads (design: docs/rules-decisions.md, "Minion squads and captains"; where
 * the state lives and why: src/documents/squads-state.ts): forming one, its captain, its damage
 * threshold, disbanding it, and damage to its minions from the damage workflow. Every change runs on a
 * GM's client. Loaded when first used (the tracker's squad buttons, the ability card's actions).
 */
import { FLAG_SCOPE } from "../constants.ts";
import { CAPTAIN_BONUSES, livingMembers, squadPoolMax } from "../rules/squads.ts";
import { damageSquad, lastStandSquad, squadSummary } from "../rules/squad-damage.ts";
import type { CaptainBonus } from "../rules/squads.ts";
import type { SquadDamage } from "../rules/squad-damage.ts";
import { serialized, showNotice } from "./relay.ts";
import { updateDocument } from "./update.ts";
import { deletion } from "../compat/versions.ts";
import { lastStandIn, minionThresholdIn } from "./encounter-end.ts";
import { isMinionActor, squadPath } from "./squads-read.ts";
import {
  captainBonusOf, groupIdOf, squadOfMinion, squadsOf, wholeOr,
} from "./squads-state.ts";
import type { CombatLike, CombatantLike, SquadRecord } from "./squads-state.ts";

export { captainEdgeFor, groupIdOf, squadOfActor, squadOfMinion, squadsOf } from "./squads-state.ts";
export { squadTurnMates } from "./squads-query.ts";
export { isMinionActor } from "./squads-read.ts";
export type { ActorSquad, CombatLike, SquadRecord } from "./squads-state.ts";

/** On a player's client: tell them this is the Director's to do. */
function directorOnly(): boolean {
  if (game.user?.isGM) return false;
  showNotice({ type: "warn", key: "SE.Squad.Error.DirectorOnly" });
  return true;
}

/**
 * Form a squad (the Director's): the minions among these combatants become its minions, each with its
 * Stamina now; a creature among them that is not a minion becomes its captain when it is the only one.
 * They join one CombatantGroup: the one they all share already, else a new one named `name`. Resolves
 * to the group's id, or null (with a notice) when there is no minion among them.
 */
export async function formSquad(combat: CombatLike, combatantIds: readonly string[], name?: string): Promise<string | null> {
  if (directorOnly()) return null;
  const chosen = [...new Set(combatantIds)].map((id) => combat.combatants.get(id)).filter((c): c is CombatantLike => !!c);
  const minions = chosen.filter((c) => isMinionActor(c.actor) && !(c.isDefeated ?? c.defeated));
  if (!minions.length) {
    showNotice({ type: "warn", key: "SE.Squad.Error.NoMinions" });
    return null;
  }
  // A minion already in another squad leaves it (its share leaves that pool).
  for (const m of minions) await leaveSquad(combat, m.id!);
  const others = chosen.filter((c) => !minions.includes(c));
  const groups = new Set(chosen.map((c) => groupIdOf(c)));
  let groupId = groups.size === 1 ? [...groups][0] ?? null : null;
  if (!groupId) groupId = await createGroup(combat, name || minions[0]!.name || game.i18n!.localize("SE.Squad.Name"));
  if (!groupId) return null;
  for (const c of chosen) if (groupIdOf(c) !== groupId) await updateDocument(c, { group: groupId });
  const members = minions.map((m) => ({ id: m.id!, stamina: staminaMaxOf(m.actor) }));
  const captainId = others.length === 1 && !(others[0]!.isDefeated ?? others[0]!.defeated) ? others[0]!.id : null;
  const formed: SquadRecord = { members, dead: [], pool: squadPoolMax(members), captainId, bonus: "edge", threshold: null };
  // Formed during the Last Stand (L7343): its minions are at 1 Stamina, as the squads then were.
  const record = lastStandIn(combat) ? lastStandSquad(formed) : formed;
  await updateDocument(combat, { [squadPath(groupId)]: record });
  return groupId;
}

/** Create a CombatantGroup in the combat (v13 `Combat#createEmbeddedDocuments("CombatantGroup", …)`), its id. */
async function createGroup(combat: CombatLike, name: string): Promise<string | null> {
  // Type escape: the League types the embedded name and data per document; a group needs only its name.
  type Creator = { createEmbeddedDocuments?: (name: string, data: object[]) => Promise<unknown> };
  // Type escape: the v13 declarations give Combat#createEmbeddedDocuments no overload for CombatantGroup data.
  const create = (combat as unknown as Creator).createEmbeddedDocuments;
  const created = await create?.call(combat, "CombatantGroup", [{ name }]);
  const group = Array.isArray(created) ? created[0] as { id?: unknown } | undefined : undefined;
  return typeof group?.id === "string" ? group.id : null;
}

function staminaMaxOf(actor: Actor.Implementation | null | undefined): number {
  const stamina = (actor?.system as { stamina?: { max?: unknown } } | undefined)?.stamina;
  return wholeOr(stamina?.max, 0);
}

/**
 * A minion leaves its squad (the Director moved it out, or into another squad): its share of the pool
 * goes with it, and a squad left with no minion ends.
 */
async function leaveSquad(combat: CombatLike, combatantId: string): Promise<void> {
  for (const [groupId, record] of squadsOf(combat)) {
    if (!record.members.some((m) => m.id === combatantId)) continue;
    const members = record.members.filter((m) => m.id !== combatantId);
    const dead = record.dead.filter((d) => d !== combatantId);
    if (!members.length) {
      await disbandSquad(combat, groupId);
      continue;
    }
    const pool = Math.min(record.pool, squadPoolMax(livingMembers({ members, dead })));
    await updateDocument(combat, { [squadPath(groupId)]: { ...record, members, dead, pool } });
  }
}

/** The Director names a squad's captain (a creature that is not a minion), or none; the captain joins the squad's group. */
export async function setSquadCaptain(combat: CombatLike, groupId: string, combatantId: string | null, bonus: CaptainBonus = "edge"): Promise<boolean> {
  if (directorOnly()) return false;
  const record = squadsOf(combat).get(groupId);
  if (!record) return false;
  if (combatantId === null) {
    await updateDocument(combat, { [`${squadPath(groupId)}.captainId`]: null });
    return true;
  }
  const captain = combat.combatants.get(combatantId);
  if (!captain || isMinionActor(captain.actor) || !CAPTAIN_BONUSES.includes(bonus)) {
    showNotice({ type: "warn", key: "SE.Squad.Error.NotCaptain" });
    return false;
  }
  if (groupIdOf(captain) !== groupId) await updateDocument(captain, { group: groupId });
  await updateDocument(combat, { [`${squadPath(groupId)}.captainId`]: combatantId, [`${squadPath(groupId)}.bonus`]: bonus });
  return true;
}

/** The Director ends a squad: its minions fight on their own again, each with its own Stamina. The group stays. */
export async function disbandSquad(combat: CombatLike, groupId: string): Promise<boolean> {
  if (directorOnly()) return false;
  await updateDocument(combat, deletion(`flags.${FLAG_SCOPE}.squads.${groupId}`));
  return true;
}

/** The Director sets a damage threshold for the squad's minions (L7343: 1 under the Last Stand option), or none. */
export async function setSquadThreshold(combat: CombatLike, groupId: string, threshold: number | null): Promise<boolean> {
  if (directorOnly() || !squadsOf(combat).get(groupId)) return false;
  const value = threshold !== null && Number.isInteger(threshold) && threshold > 0 ? threshold : null;
  await updateDocument(combat, { [`${squadPath(groupId)}.threshold`]: value });
  return true;
}

/**
 * Damage to a squad's minion (the GM's client, from the damage workflow): it comes off the pool, and
 * each minion the pool no longer reaches dies: Stamina 0 (dead), defeated in the tracker. The struck
 * minion's own Stamina is the caller's to set (with its record of the application). One squad's
 * damage at a time, so two hits at once both count. Resolves to what happened, or null when the
 * combatant is no living minion of a squad.
 */
export async function damageSquadMinion(
  combat: CombatLike, combatantId: string, amount: number,
): Promise<(SquadDamage & { groupId: string }) | null> {
  if (!game.user?.isGM) return null;
  const groupId = squadOfMinion(combat, combatantId)?.groupId;
  if (!groupId) return null;
  return serialized([`squad:${combat.id}:${groupId}`], async () => {
    // Read again inside the lock: an earlier hit may have changed the pool.
    const squad = squadOfMinion(combat, combatantId);
    if (!squad || squad.record.dead.includes(combatantId)) return null;
    // During the Last Stand every minion's damage threshold is 1 (L7343), whatever the record says.
    const threshold = minionThresholdIn(combat, squad.record.threshold ?? 0) || null;
    const out = damageSquad({ ...squad.record, threshold }, combatantId, amount);
    await updateDocument(combat, {
      [`${squadPath(groupId)}.pool`]: out.pool, [`${squadPath(groupId)}.dead`]: [...squad.record.dead, ...out.died],
    });
    for (const id of out.died) {
      const c = combat.combatants.get(id);
      if (!c) continue;
      await updateDocument(c, { defeated: true });
      if (id !== combatantId && c.actor) await updateDocument(c.actor, { "system.stamina.value": 0 });
    }
    return { ...out, groupId };
  });
}

/**
 * Undo damage to a squad (the GM's client, from the card's undo): the pool gets back what it lost,
 * and the minions that died of it live again, never beyond the Stamina of those alive.
 */
export async function undoSquadDamage(combat: CombatLike, groupId: string, lost: number, died: readonly string[]): Promise<void> {
  if (!game.user?.isGM) return;
  await serialized([`squad:${combat.id}:${groupId}`], async () => {
    const record = squadsOf(combat).get(groupId);
    if (!record) return;
    const revived = died.filter((id) => record.dead.includes(id));
    const dead = record.dead.filter((id) => !revived.includes(id));
    const cap = squadPoolMax(livingMembers({ members: record.members, dead }));
    const pool = Math.min(cap, record.pool + wholeOr(lost, 0));
    await updateDocument(combat, { [`${squadPath(groupId)}.pool`]: pool, [`${squadPath(groupId)}.dead`]: dead });
    for (const id of revived) {
      const c = combat.combatants.get(id);
      if (!c) continue;
      await updateDocument(c, { defeated: false });
      const member = record.members.find((m) => m.id === id);
      if (c.actor && member) await updateDocument(c.actor, { "system.stamina.value": member.stamina });
    }
  });
}

/** A squad as the tracker shows it. */
export interface SquadView {
  groupId: string;
  pool: number;
  max: number;
  living: number;
  total: number;
  captainName: string | null;
  captainBonus: CaptainBonus | null;
  threshold: number | null;
}

/** What the tracker shows of the squad a combatant belongs to (as a minion or its captain), or null. */
export function squadViewOf(combat: CombatLike, combatantId: string): SquadView | null {
  const c = combat.combatants.get(combatantId);
  const groupId = c ? groupIdOf(c) : null;
  const record = groupId ? squadsOf(combat).get(groupId) : undefined;
  if (!groupId || !record) return null;
  const isMember = record.members.some((m) => m.id === combatantId) || record.captainId === combatantId;
  if (!isMember) return null;
  const summary = squadSummary(record);
  const captain = record.captainId ? combat.combatants.get(record.captainId) : undefined;
  return {
    groupId, ...summary, threshold: record.threshold ?? null,
    captainName: captain && groupIdOf(captain) === groupId ? captain.name ?? "" : null,
    captainBonus: captainBonusOf(combat, groupId, record),
  };
}

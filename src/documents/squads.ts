/**
 * Minion squads in a combat (rules: src/rules/squads.ts; design: docs/rules-decisions.md, "Minion
 * squads and captains"). A squad is a Foundry CombatantGroup of minions: its minions and captain are
 * the combatants whose `group` is it; its state is kept in the combat's flags,
 * `flags.steel-echoes.squads.<group id>`: the minions and the Stamina each had when it formed, those
 * dead, the Stamina pool, the captain and its bonus, a damage threshold (L7343).
 *
 * Why there, and not on the CombatantGroup: v13 common/documents/combatant-group.mjs `BaseCombatantGroup`
 * declares no permission functions in its metadata and has its own `ownership` field, so
 * common/abstract/document.mjs `Document#canUserModify` asks OWNER of it, which the GM may give a
 * player (the group's ownership). A Combat's flags only a GM writes: common/documents/combat.mjs
 * `BaseCombat.#canUpdate` lets a non-GM change only `round`, `turn` and `combatants`. Who is in the
 * squad (`Combatant#group`) is the GM's too: common/documents/combatant.mjs `BaseCombatant.#canUpdate`
 * lets its owners change only `initiative`, `flags`, `defeated` and `system`. So every change here
 * runs on a GM's client, which reads nothing a player could have written: a minion is in a squad
 * only if both its group and the squad's list say so, and the pool is recomputed from the flags.
 */
import { FLAG_SCOPE } from "../constants.ts";
import { CAPTAIN_BONUSES, activeCaptainBonus, damageSquad, livingMembers, squadPoolMax, squadRole, squadSummary } from "../rules/index.ts";
import type { CaptainBonus, SquadDamage, SquadMember, SquadState } from "../rules/index.ts";
import { serialized, showNotice } from "./relay.ts";
import { updateDocument } from "./update.ts";
import { deletion } from "../compat/versions.ts";

/** A squad as the combat's flags keep it. */
export interface SquadRecord extends SquadState {
  captainId: string | null;
  bonus: CaptainBonus;
}

/** What the squad code reads of a combatant (the system's Combatant, or the harness's stand-in). */
interface CombatantLike {
  id: string | null;
  name?: string | null;
  defeated?: boolean;
  isDefeated?: boolean;
  actor?: Actor.Implementation | null;
  update(changes: never, options?: never): Promise<unknown>;
}

/** What the squad code reads of a combat. */
export interface CombatLike {
  id: string | null;
  flags?: unknown;
  round?: number;
  combatants: { get(id: string): CombatantLike | undefined; [Symbol.iterator](): Iterator<CombatantLike> };
  update(changes: never, options?: never): Promise<unknown>;
}

const squadPath = (groupId: string) => `flags.${FLAG_SCOPE}.squads.${groupId}`;

const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);
const wholeOr = (v: unknown, fallback: number): number => (Number.isInteger(v) && (v as number) >= 0 ? v as number : fallback);

/** The group id a combatant belongs to (v13 prepares `group` as the CombatantGroup; its source is the id). */
export function groupIdOf(c: unknown): string | null {
  const g = (c as { group?: unknown } | null)?.group;
  if (typeof g === "string") return g || null;
  return g && typeof g === "object" && "id" in g && typeof g.id === "string" ? g.id : null;
}

/** A squad's record from the combat's flags, each part checked (anything malformed reads as no squad). */
function recordOf(raw: unknown): SquadRecord | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  if (!Array.isArray(r.members)) return null;
  const members: SquadMember[] = [];
  for (const m of r.members as unknown[]) {
    const mm = m as { id?: unknown; stamina?: unknown } | null;
    if (mm && isId(mm.id) && !members.some((x) => x.id === mm.id)) members.push({ id: mm.id, stamina: wholeOr(mm.stamina, 0) });
  }
  if (!members.length) return null;
  const dead = Array.isArray(r.dead) ? (r.dead as unknown[]).filter((d): d is string => isId(d) && members.some((m) => m.id === d)) : [];
  const bonus = CAPTAIN_BONUSES.includes(r.bonus as CaptainBonus) ? r.bonus as CaptainBonus : "edge";
  const threshold = Number.isInteger(r.threshold) && (r.threshold as number) > 0 ? r.threshold as number : null;
  return {
    members, dead, pool: Math.min(wholeOr(r.pool, 0), squadPoolMax(members)),
    captainId: isId(r.captainId) ? r.captainId : null, bonus, threshold,
  };
}

/** Every squad of a combat, by group id. */
export function squadsOf(combat: { flags?: unknown } | null | undefined): Map<string, SquadRecord> {
  const scoped = (combat?.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[FLAG_SCOPE];
  const all = (scoped?.squads ?? {}) as Record<string, unknown>;
  const out = new Map<string, SquadRecord>();
  for (const [id, raw] of Object.entries(all)) {
    const record = isId(id) ? recordOf(raw) : null;
    if (record) out.set(id, record);
  }
  return out;
}

/** The squad a combatant is a minion of: its group is the squad's, and the squad lists it. */
export function squadOfMinion(combat: CombatLike | null | undefined, combatantId: string): { groupId: string; record: SquadRecord } | null {
  const c = combat?.combatants.get(combatantId);
  const groupId = c ? groupIdOf(c) : null;
  const record = groupId ? squadsOf(combat).get(groupId) : undefined;
  return groupId && record?.members.some((m) => m.id === combatantId) ? { groupId, record } : null;
}

/** Whether an actor is a minion (a monster of the minion organization). */
export function isMinionActor(actor: Actor.Implementation | null | undefined): boolean {
  const system = actor?.system as { organization?: unknown } | undefined;
  return actor?.type === "monster" && squadRole(typeof system?.organization === "string" ? system.organization : null) === "minion";
}

/** Whether the squad's captain lives: it is a combatant of the squad's group, not defeated, not dead. */
export function captainAlive(combat: CombatLike, groupId: string, record: SquadRecord): boolean {
  const captain = record.captainId ? combat.combatants.get(record.captainId) : undefined;
  if (!captain || groupIdOf(captain) !== groupId) return false;
  return !(captain.isDefeated ?? captain.defeated) && !captain.actor?.statuses.has("dead");
}

/** The bonus a squad's captain gives its minions now (src/rules/squads.ts `activeCaptainBonus`). */
export function captainBonusOf(combat: CombatLike, groupId: string, record: SquadRecord): CaptainBonus | null {
  if (!record.captainId) return null;
  return activeCaptainBonus({ alive: captainAlive(combat, groupId, record), bonus: record.bonus });
}

/** The combats a creature (its actor, a token's own for an unlinked minion) fights in, with its combatant. */
function combatantsOfActor(actor: { uuid?: string | null } | null | undefined): { combat: CombatLike; combatant: CombatantLike }[] {
  if (!actor?.uuid) return [];
  const out: { combat: CombatLike; combatant: CombatantLike }[] = [];
  for (const combat of (game.combats ?? []) as Iterable<CombatLike>) {
    for (const c of combat.combatants) if (c.actor?.uuid === actor.uuid) out.push({ combat, combatant: c });
  }
  return out;
}

export interface ActorSquad { combat: CombatLike; combatant: CombatantLike; groupId: string; record: SquadRecord }

/** The squad a creature is a living minion of, in any combat, or null. */
export function squadOfActor(actor: Actor.Implementation | null | undefined): ActorSquad | null {
  for (const { combat, combatant } of combatantsOfActor(actor)) {
    const squad = squadOfMinion(combat, combatant.id ?? "");
    if (squad && !squad.record.dead.includes(combatant.id ?? "")) return { combat, combatant, ...squad };
  }
  return null;
}

/** Whether a minion's strikes have its captain's edge now (for its roll's edges and banes). */
export function captainEdgeFor(actor: Actor.Implementation | null | undefined): boolean {
  const squad = squadOfActor(actor);
  return !!squad && captainBonusOf(squad.combat, squad.groupId, squad.record) === "edge";
}

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
  const record: SquadRecord = { members, dead: [], pool: squadPoolMax(members), captainId, bonus: "edge", threshold: null };
  await updateDocument(combat, { [squadPath(groupId)]: record });
  return groupId;
}

/** Create a CombatantGroup in the combat (v13 `Combat#createEmbeddedDocuments("CombatantGroup", …)`), its id. */
async function createGroup(combat: CombatLike, name: string): Promise<string | null> {
  // Type escape: the League types the embedded name and data per document; a group needs only its name.
  type Creator = { createEmbeddedDocuments?: (name: string, data: object[]) => Promise<unknown> };
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
    const out = damageSquad(squad.record, combatantId, amount);
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

/** The living minions of the squad a combatant is a minion of (they take one turn together, L6784), or []. */
export function squadTurnMates(combat: CombatLike, combatantId: string): string[] {
  const squad = squadOfMinion(combat, combatantId);
  if (!squad) return [];
  return livingMembers(squad.record).map((m) => m.id).filter((id) => {
    const c = combat.combatants.get(id);
    return !!c && groupIdOf(c) === squad.groupId;
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

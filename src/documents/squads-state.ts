/**
 * What every client reads of the minion squads in a combat (src/documents/squads.ts changes them, on a
 * GM's client; rules: src/rules/squads.ts). In the entry, small: the turn order and a minion's
 * strikes read it; the Director's tools and the damage workflow load squads.ts when first used.
 * Design: docs/rules-decisions.md, "Minion squads and captains".
 *
 * A squad is a Foundry CombatantGroup of minions: its minions and captain are
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
 * lets its owners change only `initiative`, `flags`, `defeated` and `system`. So every change
 * (squads.ts) runs on a GM's client, which reads nothing a player could have written: a minion is in a squad
 * only if both its group and the squad's list say so, and the pool is recomputed from the flags.
 */
import { FLAG_SCOPE } from "../constants.ts";
import { CAPTAIN_BONUSES, activeCaptainBonus, squadPoolMax } from "../rules/squads.ts";
import type { CaptainBonus, SquadMember, SquadState } from "../rules/squads.ts";

/** A squad as the combat's flags keep it. */
export interface SquadRecord extends SquadState {
  captainId: string | null;
  bonus: CaptainBonus;
}

/** What the squad code reads of a combatant (the system's Combatant, or the harness's stand-in). */
export interface CombatantLike {
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

const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);
export const wholeOr = (v: unknown, fallback: number): number => (Number.isInteger(v) && (v as number) >= 0 ? v as number : fallback);

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

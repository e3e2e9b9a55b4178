/**
 * Where a creature is, as token statuses its owner or the Director toggles in the Token HUD:
 * *Underwater* (fully submerged, L7249) and *No air* (unable to breathe, L6390). Each is an Active
 * Effect on the creature's actor, which only its owners and GMs write (v13 `Document#canUserModify`:
 * OWNER), so a player can mark her own creature, never her target. The GM's client reads them when
 * it applies damage to that creature: the same trust it already gives the creature's own immunities,
 * which the same owners write on the sheet.
 */
import { situationalDamageModifiers } from "../rules/damage.ts";
import type { DamageModifiers, DamageSituation } from "../rules/damage.ts";
import { damageModifierMap } from "../data/ability-use.ts";
import { protectionImmunity } from "../rules/domain-turns.ts";
import type { TurnGrant } from "../rules/domain-turns.ts";
import { storedDomainLasting } from "../settings/domain-effects.ts";
import { uuidOf } from "./persisted.ts";

type AnyActor = Actor.Implementation;

export const ENVIRONMENT_STATUSES = ["underwater", "noAir"] as const;
export type EnvironmentStatus = (typeof ENVIRONMENT_STATUSES)[number];

/** `deterministicId("status-effects", id)` (tools/lib/pack-ids.mjs), and core icons. */
const ROWS: Record<EnvironmentStatus, { _id: string; img: string }> = {
  underwater: { _id: "vNrg7zq0bV6eBTBN", img: "icons/svg/waterfall.svg" },
  noAir: { _id: "23wYIRSqD1QgNt9j", img: "icons/svg/silenced.svg" },
};

/** The environment entries of `CONFIG.statusEffects`, offered on Draw Steel's creatures. */
export function environmentStatusEntries(): { id: string; _id: string; name: string; img: string; hud: { actorTypes: Actor.SubType[] } }[] {
  return ENVIRONMENT_STATUSES.map((id) => ({ id, _id: ROWS[id]._id, name: `SE.Environment.${id}`, img: ROWS[id].img, hud: { actorTypes: ["hero", "monster"] } }));
}

const hasStatus = (actor: AnyActor | null | undefined, id: string) => !!actor?.statuses?.has(id);

/** Whether the creature is marked fully submerged (L7249). */
export const isUnderwater = (actor: AnyActor | null | undefined): boolean => hasStatus(actor, "underwater");

/** Whether the creature's speed has the Swim keyword (L6858). */
export function canSwim(actor: AnyActor | null | undefined): boolean {
  const movement = (actor?.system as { movement?: Iterable<string> } | undefined)?.movement;
  return !!movement && [...movement].includes("swim");
}

/**
 * Whether the actor is an object (L277: inanimate matter, no stat block of its own): a monster
 * actor the Director gives the keyword *Object* to stand for one (a door, a barrel).
 */
export function isObjectActor(actor: AnyActor | null | undefined): boolean {
  if (actor?.type !== "monster") return false;
  const keywords = (actor.system as { keywords?: Iterable<string> }).keywords;
  return !!keywords && [...keywords].some((k) => String(k).trim().toLowerCase() === "object");
}

/** Where the creature is and what it is, for its damage (L7249, L6544). */
export function damageSituationOf(actor: AnyActor): DamageSituation {
  return { underwater: isUnderwater(actor), object: isObjectActor(actor) };
}

/** The immunities and weaknesses damage to `actor` meets: its own and its situation's. */
export function damageModifiersOf(actor: AnyActor): DamageModifiers {
  const s = actor.system as { immunities?: { key: string; value: number }[]; weaknesses?: { key: string; value: number }[] };
  const own = { immunities: damageModifierMap(s.immunities), weaknesses: damageModifierMap(s.weaknesses) };
  const modifiers = situationalDamageModifiers(own, damageSituationOf(actor));
  // Protection's damage immunity until the end of the conduit's next turn (L2429): the GM's record.
  // (The record is a GM-only world setting; `protectionImmunity` skips what is malformed.)
  const turns = storedDomainLasting().turns;
  const protection = Array.isArray(turns) ? protectionImmunity(turns as TurnGrant[], uuidOf(actor), (id) => !!game.combats?.get(id)) : 0;
  if (protection > (modifiers.immunities?.all ?? 0)) modifiers.immunities = { ...modifiers.immunities, all: protection };
  return modifiers;
}

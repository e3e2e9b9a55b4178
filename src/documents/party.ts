/**
 * The party actor (issue 32) in the world: which party is the primary one (whose hero tokens are the
 * world's pool), its members, who sees it, and placing its members on a scene.
 *
 * Who writes what (docs/relay-and-permissions.md): a party is made by the Director (v13 common/
 * documents/actor.mjs `BaseActor.#canCreate` asks for ACTOR_CREATE, whose default role is ASSISTANT,
 * common/constants.mjs `USER_PERMISSIONS`), so only a GM owns it; its members' owners get Observer
 * (`partyOwnership`), which lets them see the sheet and write nothing (`BaseActor.#canUpdate` asks
 * for OWNER). The hero tokens are spent through the relay, whose handler runs on the GM's client
 * (src/documents/combat-relay.ts) and writes the party there.
 */
import { SYSTEM_ID } from "../constants.ts";
import { partyOwnership } from "../rules/party.ts";
import { PRIMARY_PARTY, primaryPartyId } from "../settings/pools.ts";
import { createActor, updateDocument } from "./update.ts";
import { deletion } from "../compat/versions.ts";

export type AnyActor = Actor.Implementation;
/** A party's data as stored (`system.members`, `system.heroTokens`). */
interface PartyData { members: string[]; heroTokens: number }

/** The flag with the users the party's ownership gave Observer for owning a member (`partyOwnership`). */
const GRANTED_FLAG = "partyObservers";

/**
 * A party's members and pool as stored (none for an actor of another type). Read from the data, not
 * by the model's class: this module is imported by the migrations, which load before any model.
 */
export function partyData(party: { type?: string; system?: unknown }): PartyData {
  const s = party.type === "party" ? party.system as Partial<PartyData> | undefined : undefined;
  const members = Array.isArray(s?.members) ? s.members.filter((m): m is string => typeof m === "string") : [];
  const heroTokens = typeof s?.heroTokens === "number" && Number.isInteger(s.heroTokens) && s.heroTokens >= 0 ? s.heroTokens : 0;
  return { members, heroTokens };
}
export const systemOf = (party: AnyActor): PartyData => partyData(party);

/** Whether an actor is a party. */
export function isPartyActor(actor: { type?: string } | null | undefined): boolean {
  return actor?.type === "party";
}

/** The world's parties, in the order the world holds them. */
export function parties(): AnyActor[] {
  return [...(game.actors ?? [])].filter((a) => isPartyActor(a)) as AnyActor[];
}

/**
 * The world's primary party: the party the world setting names, or, when it names none that exists,
 * the first party the world holds (the first made). Null in a world without a party.
 */
export function primaryParty(): AnyActor | null {
  const named = game.actors?.get(primaryPartyId());
  if (named && isPartyActor(named)) return named as AnyActor;
  return parties()[0] ?? null;
}

/** The primary party's hero tokens (0 in a world without a party). */
export function partyHeroTokens(): number {
  const party = primaryParty();
  return party ? systemOf(party).heroTokens : 0;
}

/**
 * The primary party, made by this GM's client when the world has none (named from the language
 * file), and recorded in the world setting. Null on a player's client or when making it failed.
 */
export async function ensurePrimaryParty(): Promise<AnyActor | null> {
  if (!game.user?.isGM) return null;
  let party = primaryParty();
  party ??= (await createActor({ name: game.i18n!.localize("SE.Party.DefaultName"), type: "party" })) ?? null;
  if (party && primaryPartyId() !== party.id) await game.settings!.set(SYSTEM_ID, PRIMARY_PARTY, party.id!);
  return party;
}

/**
 * Set the primary party's hero tokens (the GM's client: the pools panel, a test's reward, the end of a
 * session, a hero token spent through the relay). A party is made when the world has none. Resolves
 * to whether the party holds the new value.
 */
export async function setPartyHeroTokens(value: number): Promise<boolean> {
  if (!game.user?.isGM || !Number.isInteger(value) || value < 0) return false;
  const party = await ensurePrimaryParty();
  if (!party) return false;
  await updateDocument(party, { "system.heroTokens": value });
  return systemOf(party).heroTokens === value;
}

/** The party's members as actors (an id whose actor was deleted is passed by, and stays stored). */
export function partyMembers(party: AnyActor): AnyActor[] {
  const out: AnyActor[] = [];
  for (const id of systemOf(party).members) {
    const actor = game.actors?.get(id);
    if (actor) out.push(actor as AnyActor);
  }
  return out;
}

/** The ids of the users (not GMs) who own an actor (ownership level 3). */
function ownersOf(actor: AnyActor): string[] {
  return [...(game.users ?? [])].filter((u) => !u.isGM && actor.testUserPermission(u, "OWNER")).map((u) => u.id!);
}

/**
 * Give the owners of the party's members Observer on the party, and take it from those who own none
 * any more (only from users it was given to by this rule: a level the Director set by hand stays).
 * The GM's client only: changing an actor's ownership is the Director's (docs/relay-and-permissions.md).
 */
export async function syncPartyOwnership(party: AnyActor): Promise<void> {
  if (!game.user?.isGM) return;
  // Type escape: the League's flag types know no keys of this system's scope.
  const granted = party.getFlag(SYSTEM_ID as never, GRANTED_FLAG as never) as unknown;
  const before = Array.isArray(granted) ? granted.filter((g): g is string => typeof g === "string") : [];
  const current = { ...(party.ownership as Record<string, number>) };
  const next = partyOwnership(current, partyMembers(party).map(ownersOf), before);
  const removed = Object.keys(current).filter((id) => !(id in next.ownership));
  const changed = removed.length || Object.entries(next.ownership).some(([id, level]) => current[id] !== level);
  const changes: Record<string, unknown> = {};
  if (changed) {
    // v13 `Document#update` merges `ownership`; a user taken out of it is removed with a deletion key.
    Object.assign(changes, Object.fromEntries(Object.entries(next.ownership).map(([id, level]) => [`ownership.${id}`, level])));
    for (const id of removed) Object.assign(changes, deletion(`ownership.${id}`));
  }
  if (next.granted.join() !== before.join()) changes[`flags.${SYSTEM_ID}.${GRANTED_FLAG}`] = next.granted;
  if (Object.keys(changes).length) await updateDocument(party, changes);
}

/**
 * The party's hooks on every client: the pools panel re-renders when the primary party's tokens
 * change, an open party sheet when one of its members changes; on the active GM's client the first
 * party made becomes the primary one, and a member's changed ownership changes who sees her parties.
 */
export function registerPartyHooks(pools: () => void): void {
  const activeGM = () => !!game.user?.isGM && game.users?.activeGM?.id === game.user.id;
  const rerenderPartiesOf = (actor: AnyActor | null | undefined) => {
    if (!actor?.id) return;
    for (const party of parties()) {
      if (systemOf(party).members.includes(actor.id) && party.sheet?.rendered) void party.sheet.render();
    }
  };
  Hooks.on("updateActor", (actor, changes) => {
    if (isPartyActor(actor)) {
      if (actor === primaryParty() && (changes as { system?: { heroTokens?: unknown } }).system?.heroTokens !== undefined) pools();
      return;
    }
    rerenderPartiesOf(actor);
    if (activeGM() && actor.type === "hero" && ("ownership" in (changes as object))) {
      for (const party of parties()) if (systemOf(party).members.includes(actor.id!)) void syncPartyOwnership(party);
    }
  });
  Hooks.on("createActor", (actor) => {
    if (!isPartyActor(actor)) return;
    pools();
    if (activeGM() && !game.actors?.get(primaryPartyId())) void game.settings!.set(SYSTEM_ID, PRIMARY_PARTY, actor.id!);
  });
  Hooks.on("deleteActor", (actor) => {
    if (isPartyActor(actor)) pools();
  });
  const onEffect = (effect: ActiveEffect.Implementation) => rerenderPartiesOf(effect.parent?.documentName === "Actor" ? effect.parent as AnyActor : null);
  Hooks.on("createActiveEffect", onEffect);
  Hooks.on("updateActiveEffect", onEffect);
  Hooks.on("deleteActiveEffect", onEffect);
}

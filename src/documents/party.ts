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
import { changePool } from "../rules/combat-resources.ts";
import { addPartyMember, partyOwnership, partyPlacement, removePartyMember } from "../rules/party.ts";
import type { GridSquare, PartyMemberProblem } from "../rules/party.ts";
import { PRIMARY_PARTY, primaryPartyId } from "../settings/pools.ts";
import { createActor, updateDocument } from "./update.ts";
import { deletion } from "../compat/versions.ts";

type AnyActor = Actor.Implementation;
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
const systemOf = (party: AnyActor): PartyData => partyData(party);

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

/**
 * Change a party's hero tokens by `delta` (its sheet's − and + buttons): its owner only (the Director),
 * not below 0. Resolves to the new value, or null when refused (shown as an error).
 */
export async function changePartyTokens(party: AnyActor, delta: number): Promise<number | null> {
  if (!party.isOwner) {
    ui.notifications?.error("SE.Pools.Error.GMOnly", { localize: true });
    return null;
  }
  const next = Number.isInteger(delta) ? changePool(systemOf(party).heroTokens, delta) : null;
  if (next === null) {
    ui.notifications?.error(Number.isInteger(delta) ? "SE.Pools.Error.Empty" : "SE.Pools.Error.Invalid", { localize: true });
    return null;
  }
  await updateDocument(party, { "system.heroTokens": next });
  return systemOf(party).heroTokens;
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

/** Why a change to the party was refused: a localisation key under SE.Party.Refusal, shown as a warning. */
function refuse(problem: PartyMemberProblem | "not-owner", format: Record<string, string> = {}): false {
  ui.notifications?.warn(game.i18n!.format(`SE.Party.Refusal.${problem}`, format));
  return false;
}

/**
 * Add a hero to the party (dropping a hero actor on the party's sheet): only the party's owner (the
 * Director) may; a player's attempt is refused here, and the server would refuse her update anyway.
 * Then the hero's owners see the party. Resolves to whether she was added.
 */
export async function addToParty(party: AnyActor, actor: AnyActor): Promise<boolean> {
  if (!party.isOwner) return refuse("not-owner", { party: party.name ?? "" });
  const result = addPartyMember(systemOf(party).members, actor.id!, actor.type === "hero");
  if ("problem" in result) return refuse(result.problem, { name: actor.name ?? "", party: party.name ?? "" });
  await updateDocument(party, { "system.members": result.members });
  await syncPartyOwnership(party);
  return systemOf(party).members.includes(actor.id!);
}

/** Take a member out of the party (its sheet's remove button, edit mode): its owner only. */
export async function removeFromParty(party: AnyActor, actorId: string): Promise<boolean> {
  if (!party.isOwner) return refuse("not-owner", { party: party.name ?? "" });
  await updateDocument(party, { "system.members": removePartyMember(systemOf(party).members, actorId) });
  await syncPartyOwnership(party);
  return !systemOf(party).members.includes(actorId);
}

/** A scene as far as placing tokens reads it: its grid, its tokens and where the scene is on the canvas. */
export interface PlacementScene {
  grid: { size: number };
  tokens: Iterable<{ actorId?: string | null; actor?: { id?: string | null } | null; x: number; y: number; width: number; height: number }>;
  createEmbeddedDocuments(name: "Token", data: object[]): Promise<unknown[]>;
}

/** The scene's area in canvas pixels (v13 `Scene#dimensions`: sceneX, sceneY, sceneWidth, sceneHeight). */
export interface SceneArea { x: number; y: number; width: number; height: number }

/**
 * Place the members of the party who have no token on `scene` yet, on the free squares nearest to
 * `center` (canvas pixels; the GM's view). The Director's only (a player cannot create tokens:
 * TOKEN_CREATE's default role is ASSISTANT, common/constants.mjs `USER_PERMISSIONS`). Each token is
 * the member's own, as Foundry makes it from its prototype: v13 client/documents/actor.mjs
 * `Actor#getTokenDocument(data)` copies `prototypeToken`, sets `actorId`, merges `data` (here x and
 * y) and returns an unsaved TokenDocument, whose `toObject()` is created on the scene. Resolves to
 * the names of the members placed.
 */
export async function placePartyMembers(
  party: AnyActor, scene: PlacementScene, center: { x: number; y: number }, area: SceneArea,
): Promise<string[]> {
  if (!game.user?.isGM) {
    ui.notifications?.warn("SE.Party.Refusal.place-gm-only", { localize: true });
    return [];
  }
  const size = scene.grid.size;
  const tokens = [...scene.tokens];
  const onScene = new Set(tokens.map((t) => t.actorId ?? t.actor?.id).filter((id): id is string => !!id));
  const waiting = partyMembers(party).filter((m) => !onScene.has(m.id!));
  if (!waiting.length) {
    ui.notifications?.info("SE.Party.AllPlaced", { localize: true });
    return [];
  }
  const occupied = new Set<string>();
  for (const t of tokens) {
    const col = Math.floor((t.x - area.x) / size);
    const row = Math.floor((t.y - area.y) / size);
    for (let c = 0; c < Math.max(1, t.width); c++) for (let r = 0; r < Math.max(1, t.height); r++) occupied.add(`${col + c},${row + r}`);
  }
  const bounds = { cols: Math.floor(area.width / size), rows: Math.floor(area.height / size) };
  const centre: GridSquare = {
    col: Math.min(Math.max(Math.floor((center.x - area.x) / size), 0), Math.max(bounds.cols - 1, 0)),
    row: Math.min(Math.max(Math.floor((center.y - area.y) / size), 0), Math.max(bounds.rows - 1, 0)),
  };
  const squares = partyPlacement(waiting.length, centre, occupied, bounds);
  const data: object[] = [];
  for (const [i, square] of squares.entries()) {
    const token = await waiting[i]!.getTokenDocument({ x: area.x + square.col * size, y: area.y + square.row * size });
    data.push(token.toObject());
  }
  if (squares.length < waiting.length) ui.notifications?.warn("SE.Party.NoRoom", { localize: true });
  if (data.length) await scene.createEmbeddedDocuments("Token", data);
  return waiting.slice(0, squares.length).map((m) => m.name ?? "");
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

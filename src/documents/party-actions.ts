/**
 * The party's actions (issue 32): members added, removed and placed, the primary party found or
 * made, hero tokens changed from the party sheet. Loaded with the party sheet's parts and the
 * migration, not before `ready` (issue 31); what every client needs at start is in ./party.ts.
 */
import { changePool } from "../rules/combat-resources.ts";
import { addPartyMember, partyPlacement, removePartyMember } from "../rules/party-members.ts";
import type { GridSquare, PartyMemberProblem } from "../rules/party-members.ts";
import { updateDocument } from "./update.ts";
import { systemOf, syncPartyOwnership, partyMembers, type AnyActor } from "./party.ts";

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

/**
 * 0.2.0: records the GM's client trusts move to where only a GM writes (issue 28).
 *
 * - **Echoes undo records** were kept on the roller's character (`flags.steel-echoes.echoesApplied.
 *   <message id>`), which its player writes. They move to the world setting `echoesApplied`
 *   (src/settings/echoes.ts), each with the character it was on. Only a record on the character the
 *   check's message names moves; any other (a stale copy, or one a player wrote onto another
 *   character) stays where it is, untouched, and undoes nothing.
 * - **EDGE hands** were found by their flag `edgeHandOf = <user id>`, and the once-an-encounter
 *   marker was the hand's flag `playedIn`; the hand's player may rewrite both. The GM's record (the
 *   world setting `edgeCards`, src/settings/edge-cards.ts) takes, for each player, a hand labelled as
 *   theirs that they own (the GM made it so); a label on a hand its player does not own, or a second
 *   hand, stays where it is.
 * - **Forced-movement records** were kept on the moved creature (`flags.steel-echoes.cardMoved.
 *   <message id>.<key>`), which its owners write. They move to the world setting `forcedMoves`
 *   (src/settings/forced-moves.ts), each with the creature it was on. On a creature no player owns
 *   (only a GM could have written it) the whole record moves and the flag goes. On a creature a
 *   player owns only what touches that creature itself moves (where its token stood, the Stamina it
 *   took, its own prone effect, its fall); the creatures it names as slammed or landed on and the
 *   tiles it names as broken could be her writing, so they are not moved, and the old flag stays
 *   on the creature as it was, undoing nothing. A record's `slammed` becomes a list (every creature
 *   in a collision, L6948): an old single creature is a one-element list, none an empty one.
 *
 * Nothing is dropped: what moves leaves its old place only once the setting holds it, and what does
 * not move keeps its flags. The planning is pure (source data in, what to write out); `migrateGmRecords`
 * reads the world and writes.
 */
import { FLAG_SCOPE } from "../constants.ts";
import { updateDocument } from "../documents/update.ts";
import { echoesUndoRecords, setEchoesUndoRecords } from "../settings/echoes-records.ts";
import { edgeCardsRecord, setEdgeCardsRecord } from "../settings/edge-cards.ts";
import type { EdgeCardsRecord } from "../settings/edge-cards.ts";
import { deletion } from "../compat/versions.ts";
import { addForcedMoveRecords, forcedMoveRecords } from "../settings/forced-moves.ts";
import type { ForcedMoveRecords } from "../settings/forced-moves.ts";

type Plain = Record<string, unknown>;
const OWNER = 3;

const scoped = (flags: unknown): Plain => {
  const mine = (flags as Plain | null | undefined)?.[FLAG_SCOPE];
  return mine && typeof mine === "object" && !Array.isArray(mine) ? mine as Plain : {};
};

/** What the Echoes step writes: records to add by message id, and each actor's ids to clear. */
export interface EchoesRecordsPlan {
  records: Record<string, Plain>;
  clear: Map<string, string[]>;
}

/**
 * Plan the Echoes step. `actors`: each actor's uuid and flags; `checkActor`: the character a check's
 * message names, by message id; `existing`: the setting's records now (they win).
 */
export function planEchoesRecords(
  actors: readonly { uuid: string; flags: unknown }[], checkActor: (messageId: string) => string | null, existing: Record<string, Plain>,
): EchoesRecordsPlan {
  const records: Record<string, Plain> = {};
  const clear = new Map<string, string[]>();
  for (const actor of actors) {
    const kept = scoped(actor.flags).echoesApplied;
    if (!kept || typeof kept !== "object") continue;
    for (const [messageId, record] of Object.entries(kept as Plain)) {
      if (!record || typeof record !== "object" || Array.isArray(record) || checkActor(messageId) !== actor.uuid) continue;
      const held = existing[messageId] ?? records[messageId];
      if (held && held.actorUuid !== actor.uuid) continue;
      if (!held) records[messageId] = { ...(record as Plain), actorUuid: actor.uuid };
      clear.set(actor.uuid, [...(clear.get(actor.uuid) ?? []), messageId]);
    }
  }
  return { records, clear };
}

/** What the EDGE step writes: the record after it, and each moved hand's id (whose two flags go). */
export interface EdgeRecordsPlan {
  record: EdgeCardsRecord;
  moved: string[];
}

/** Plan the EDGE step. `stacks`: the world's Cards (id, type, ownership, flags), in their order; `existing`: the record now (it wins). */
export function planEdgeRecords(
  stacks: readonly { id: string; type: string; ownership: unknown; flags: unknown }[], existing: EdgeCardsRecord,
): EdgeRecordsPlan {
  const record: EdgeCardsRecord = { hands: { ...existing.hands }, playedIn: { ...existing.playedIn } };
  const moved: string[] = [];
  for (const stack of stacks) {
    const flags = scoped(stack.flags);
    const userId = flags.edgeHandOf;
    if (stack.type !== "hand" || typeof userId !== "string" || !userId) continue;
    const owns = Number((stack.ownership as Plain | null | undefined)?.[userId]) >= OWNER;
    const recorded = record.hands[userId];
    if (!owns || (recorded && recorded !== stack.id)) continue;
    record.hands[userId] = stack.id;
    if (typeof flags.playedIn === "string" && !(userId in record.playedIn)) record.playedIn[userId] = flags.playedIn;
    moved.push(stack.id);
  }
  return { record, moved };
}

/** What the forced-movement step writes: records by message id and key, and each actor's `<message id>.<key>` flags to clear. */
export interface ForcedMoveRecordsPlan {
  records: ForcedMoveRecords;
  clear: Map<string, string[]>;
}

/** The parts of a forced-movement record that touch only the creature it is on. */
const SELF_ONLY = ["tokenUuid", "from", "to", "self", "proneEffectId", "ledgeFall", "ledge"] as const;

/**
 * A record's `slammed` as the list 0.2.0 keeps (every creature in a collision, L6948): an old single
 * creature becomes a one-element list, none an empty one; a list is kept as it is.
 */
function slammedList(slammed: unknown): unknown[] {
  if (Array.isArray(slammed)) return slammed;
  return slammed && typeof slammed === "object" ? [slammed] : [];
}

/**
 * Plan the forced-movement step. `actors`: each actor's uuid and flags; `playerOwned`: whether a
 * player (not a GM) owns the actor; `existing`: the setting's records now (they win).
 */
export function planForcedMoveRecords(
  actors: readonly { uuid: string; flags: unknown }[], playerOwned: (uuid: string) => boolean, existing: ForcedMoveRecords,
): ForcedMoveRecordsPlan {
  const records: ForcedMoveRecords = {};
  const clear = new Map<string, string[]>();
  for (const actor of actors) {
    const kept = scoped(actor.flags).cardMoved;
    if (!kept || typeof kept !== "object") continue;
    const theirs = playerOwned(actor.uuid);
    for (const [messageId, byKey] of Object.entries(kept as Plain)) {
      if (!byKey || typeof byKey !== "object" || Array.isArray(byKey)) continue;
      for (const [key, record] of Object.entries(byKey as Plain)) {
        if (!record || typeof record !== "object" || Array.isArray(record)) continue;
        if (!existing[messageId]?.[key]) {
          const source = record as Plain;
          const moving = theirs ? Object.fromEntries(SELF_ONLY.filter((k) => k in source).map((k) => [k, source[k]])) : { ...source };
          const entry = { ...moving, slammed: slammedList(moving.slammed), actorUuid: actor.uuid };
          records[messageId] = { ...(records[messageId] ?? {}), [key]: entry };
        }
        // Only what moved whole leaves the creature.
        if (!theirs) clear.set(actor.uuid, [...(clear.get(actor.uuid) ?? []), `${messageId}.${key}`]);
      }
    }
  }
  return { records, clear };
}

/**
 * Whether a user who is not a GM owns the actor: v13 `Document#testUserPermission` compares
 * `getUserLevel` (the user's own level, else the default, else the parent's:
 * common/abstract/document.mjs) with OWNER.
 */
function ownedByPlayer(actor: Actor.Implementation): boolean {
  return [...(game.users ?? [])].some((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
}

/** The character a message's Echoes check names, or null. */
function checkActorOf(messageId: string): string | null {
  const flag = scoped(game.messages?.get(messageId)?.flags).echoesCheck as { actorUuid?: unknown } | undefined;
  return typeof flag?.actorUuid === "string" ? flag.actorUuid : null;
}

/** Run both steps on the world (the active GM, from the migration runner). */
export async function migrateGmRecords(): Promise<void> {
  const actors: Actor.Implementation[] = [...(game.actors ?? [])];
  for (const scene of game.scenes ?? []) {
    for (const token of scene.tokens) if (!token.actorLink && token.actor) actors.push(token.actor);
  }
  const byUuid = new Map(actors.flatMap((a) => (a.uuid ? [[a.uuid, a] as const] : [])));
  const echoes = planEchoesRecords([...byUuid.values()].map((a) => ({ uuid: a.uuid ?? "", flags: a.flags })), checkActorOf, echoesUndoRecords());
  if (Object.keys(echoes.records).length) await setEchoesUndoRecords(echoes.records);
  for (const [uuid, ids] of echoes.clear) {
    const actor = byUuid.get(uuid);
    if (actor) await updateDocument(actor, Object.assign({}, ...ids.map((id) => deletion(`flags.${FLAG_SCOPE}.echoesApplied.${id}`))));
  }

  const moves = planForcedMoveRecords(
    [...byUuid.values()].map((a) => ({ uuid: a.uuid ?? "", flags: a.flags })), (uuid) => ownedByPlayer(byUuid.get(uuid)!), forcedMoveRecords(),
  );
  if (Object.keys(moves.records).length) await addForcedMoveRecords(moves.records);
  for (const [uuid, ids] of moves.clear) {
    const actor = byUuid.get(uuid);
    if (actor) await updateDocument(actor, Object.assign({}, ...ids.map((id) => deletion(`flags.${FLAG_SCOPE}.cardMoved.${id}`))));
  }

  const stacks = [...(game.cards ?? [])];
  const edge = planEdgeRecords(stacks.map((s) => ({ id: s.id ?? "", type: s.type, ownership: s.ownership, flags: s.flags })), edgeCardsRecord());
  if (!edge.moved.length) return;
  await setEdgeCardsRecord(edge.record);
  for (const id of edge.moved) {
    const hand = game.cards?.get(id);
    if (hand) await updateDocument(hand, { ...deletion(`flags.${FLAG_SCOPE}.edgeHandOf`), ...deletion(`flags.${FLAG_SCOPE}.playedIn`) });
  }
}

/**
 * Ending a grab and naming a grab's grabber, on the active GM's client (issue 29, item 33). Loaded
 * with `import()` on the first request (grab-relay.ts) or click (the hero sheet, the token HUD).
 *
 * - **Release** (seed 004, L6676: "The creature grabbing you can end the grab at any time (no action
 *   required)"): the grabber's owner, or the Director, lets go of a creature the GM's record says it
 *   holds. The GM's client checks the requester against its own record (`grabReleaseProblem`), takes
 *   the grab out of the record and ends the grabbed condition, unless another recorded grab still
 *   holds the creature (then that grabber becomes the condition's source). The grabbed creature's
 *   owner has no release: her way out is Escape Grab's roll (L7003–7011).
 * - **Naming** a grab set from the token HUD, which sets grabbed with no grabber: whoever set it
 *   names the grabber (src/canvas/grab-naming.ts), and the GM's client records the grab when the two
 *   stand adjacent, and, for a player, when she owns both (`hudGrabProblem`). The condition's source
 *   becomes the grabber, so Escape Grab's size bane (L7005) and the end of the grab when its grabber is
 *   force moved away (L6676) read it as for a card's grab.
 */
import { liveGrabs, withGrab } from "../rules/grabs.ts";
import { grabReleaseProblem, holdersAfterRelease, hudGrabProblem, hudGrabRecord, withoutGrab } from "../rules/grab-release.ts";
import { grabRecords, setGrabRecords } from "../settings/grabs.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { isDrawSteel } from "../data/index.ts";
import { actOrAskGM, answerOf } from "./relay.ts";
import type { ActionOutcome, RelayAnswer, RelayUser } from "./relay.ts";
import { GRAB_HOLD_RELAY, actorAt, currentGrabs, stillGrabbed } from "./grabs.ts";
import { tokenSpace } from "./token-space.ts";
import { updateDocument } from "./update.ts";
import { uuidOf } from "./persisted.ts";

type AnyActor = Actor.Implementation;
type TokenDoc = TokenDocument.Implementation;

const isUuid = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 200;
const invalid = (): ActionOutcome => ({ ok: false, notice: { type: "error", key: "SE.Query.Invalid" } });
const LOCKS = ["grabRecords"];
const owns = (doc: AnyActor | null | undefined, user: RelayUser) => !!doc && doc.testUserPermission(user as User.Implementation, "OWNER");

/** A click on *Release*: `grabber` (an actor UUID) lets go of `grabbed`, here on a GM's client, else through the relay. */
export async function requestGrabRelease(grabbed: string, grabber: string): Promise<boolean> {
  const data = { op: "release", grabbed, grabber };
  return actOrAskGM(GRAB_HOLD_RELAY, LOCKS, data, (user) => releaseGrab(data, user));
}

/** The GM's side of the relay's `grabHold`: a release or a naming, by `data.op`. */
export async function grabHoldRequest(data: Record<string, unknown>, requester: RelayUser): Promise<RelayAnswer> {
  if (data.op === "release") return answerOf(await releaseGrab(data, requester));
  if (data.op === "name") return answerOf(await recordHudGrab(data, requester));
  return answerOf(invalid());
}

/** The GM's side of a release: checked against the GM's own record, for the requester the server names. */
export async function releaseGrab(data: Record<string, unknown>, requester: RelayUser): Promise<ActionOutcome> {
  if (!game.user?.isGM) return { ok: false, notice: { type: "warn", key: "SE.Query.NoGM" } };
  const { grabbed, grabber } = data;
  if (!isUuid(grabbed) || !isUuid(grabber)) return invalid();
  const holder = actorAt(grabber);
  const held = actorAt(grabbed);
  const live = currentGrabs();
  const asker = { isGM: requester.isGM, ownsGrabber: owns(holder, requester) };
  const problem = grabReleaseProblem(live, grabbed, grabber, asker);
  const names = { name: held?.name ?? "?", grabber: holder?.name ?? "?" };
  if (problem || !held) return { ok: false, notice: { type: "warn", key: `SE.Grab.Release.${problem ?? "noGrab"}`, format: names } };
  await setGrabRecords(withoutGrab(live, grabbed, grabber));
  const others = holdersAfterRelease(live, grabbed, grabber);
  const effects = [...held.effects].filter((e) => e.statuses.has("grabbed"));
  if (!others.length) {
    if (effects.length) await held.deleteEmbeddedDocuments("ActiveEffect", effects.map((e) => e.id!));
  } else {
    // Still held by another recorded grab: the condition stays, with that grabber as its source.
    type Flags = Record<string, { sourceUuid?: unknown } | undefined>;
    const source = (e: ActiveEffect.Implementation) => (e.flags as Flags)[FLAG_SCOPE]?.sourceUuid;
    for (const e of effects.filter((x) => source(x) === grabber)) {
      await updateDocument(e, { [`flags.${FLAG_SCOPE}.sourceUuid`]: others[0], origin: others[0] });
    }
  }
  const text = game.i18n!.format(others.length ? "SE.Grab.Release.ReleasedHeld" : "SE.Grab.Release.Released", names);
  await ChatMessage.implementation.create({ content: `<p>${foundry.utils.escapeHTML(text)}</p>` });
  return { ok: true };
}

/** Name `grabber`'s token as the grabber of the creature of `token`, whose grabbed effect `effectId` the HUD set. */
export async function requestHudGrab(token: string, grabber: string, effectId: string): Promise<boolean> {
  const data = { op: "name", token, grabber, effectId };
  return actOrAskGM(GRAB_HOLD_RELAY, LOCKS, data, (user) => recordHudGrab(data, user));
}

function tokenAt(uuid: string): TokenDoc | null {
  let doc: unknown;
  try {
    doc = fromUuidSync(uuid);
  } catch {
    doc = null;
  }
  return (doc as { documentName?: string } | null)?.documentName === "Token" ? doc as TokenDoc : null;
}

/**
 * The GM's side of naming a grabber: both tokens on one scene, the grabbed creature the requester's
 * own (she set its status; the Director may name any), its grabbed effect the one named, and the grab
 * one the rules allow (`hudGrabProblem`). The effect's source becomes the grabber, and the grab is
 * recorded with no ability's clauses (`hudGrabRecord`).
 */
export async function recordHudGrab(data: Record<string, unknown>, requester: RelayUser): Promise<ActionOutcome> {
  if (!game.user?.isGM) return { ok: false, notice: { type: "warn", key: "SE.Query.NoGM" } };
  const { token: tokenUuid, grabber: grabberUuid, effectId } = data;
  const validId = typeof effectId === "string" && /^[A-Za-z0-9]{1,64}$/.test(effectId);
  if (!isUuid(tokenUuid) || !isUuid(grabberUuid) || !validId) return invalid();
  const token = tokenAt(tokenUuid);
  const other = tokenAt(grabberUuid);
  const actor = token?.actor as AnyActor | null | undefined;
  const holder = other?.actor as AnyActor | null | undefined;
  if (!token || !other || !actor || !holder || !isDrawSteel(actor.system) || !isDrawSteel(holder.system)) return invalid();
  const names = { name: actor.name ?? "", grabber: holder.name ?? "" };
  const refuse = (key: string): ActionOutcome => ({ ok: false, notice: { type: "warn", key: `SE.Grab.Named.${key}`, format: names } });
  if (!requester.isGM && !owns(actor, requester)) return refuse("notYours");
  const effect = actor.effects.get(effectId);
  if (!effect?.statuses.has("grabbed")) return refuse("notGrabbed");
  const scene = token.parent as Scene.Implementation | null;
  const grid = Number(scene?.grid?.size) || 0;
  const sameScene = !!scene && other.parent === scene && grid > 0;
  const problem = hudGrabProblem({
    grabbed: uuidOf(actor), grabber: uuidOf(holder),
    grabbedSpace: sameScene ? tokenSpace(token, grid) : null, grabberSpace: sameScene ? tokenSpace(other, grid) : null,
    isGM: requester.isGM, ownsGrabber: owns(holder, requester),
  });
  if (problem) return refuse(problem);
  await updateDocument(effect, { [`flags.${FLAG_SCOPE}.sourceUuid`]: uuidOf(holder), origin: uuidOf(holder) });
  await setGrabRecords(withGrab(liveGrabs(grabRecords(), stillGrabbed), hudGrabRecord(uuidOf(actor), uuidOf(holder), effectId)));
  return { ok: true, notice: { type: "info", key: "SE.Grab.Named.Recorded", format: names } };
}

/**
 * The grabs the GM recorded (src/settings/grabs.ts, rules in src/rules/grabs.ts), read where a grab
 * matters: Escape Grab's bane (L3469) on the roller's client, the damage a grabbed creature takes
 * when its grabber moves (src/canvas/grab-drag.ts, the GM's client), and how many creatures a
 * creature holds (L7030, L1987). A record holds only while its grabbed creature has the grabbed
 * status (L6674): an escape, a teleport or a release ends it without anyone editing the record.
 */
import { liveGrabs } from "../rules/grabs.ts";
import type { GrabRecord } from "../rules/grabs.ts";
import { grabRecords } from "../settings/grabs.ts";

type AnyActor = Actor.Implementation;

/** The actor a UUID names, or null (v13 `fromUuidSync`, client/utils/helpers.mjs: a world actor, or an unlinked token's own actor). */
export function actorAt(uuid: string): AnyActor | null {
  let doc: unknown;
  try {
    doc = fromUuidSync(uuid);
  } catch {
    doc = null;
  }
  return (doc as { documentName?: string } | null)?.documentName === "Actor" ? doc as AnyActor : null;
}

/** Whether the creature an actor UUID names is grabbed now (a record's grab holds, L6674). */
export function stillGrabbed(uuid: string): boolean {
  return !!actorAt(uuid)?.statuses?.has("grabbed");
}

/** The recorded grabs that hold now. */
export function currentGrabs(): GrabRecord[] {
  return liveGrabs(grabRecords(), stillGrabbed);
}

/** The names of the creatures `grabber` (an actor UUID) holds by a recorded grab. */
export function heldNames(grabber: string): string[] {
  return currentGrabs().filter((r) => r.grabber === grabber).map((r) => actorAt(r.grabbed)?.name ?? "?");
}

/** The actor a record names (for the GM's damage). */
export function grabbedActor(record: Pick<GrabRecord, "grabbed">): AnyActor | null {
  return actorAt(record.grabbed);
}

/** Whether the creature an actor UUID names holds a recorded grab that holds now (its moves carry, src/canvas/grab-carry.ts). */
export function holdsGrab(grabber: string): boolean {
  return currentGrabs().some((r) => r.grabber === grabber);
}

/** The relay request that ends a grab (L6676) or names a HUD grab's grabber (grab-relay.ts, grab-hold.ts). */
export const GRAB_HOLD_RELAY = "grabHold";

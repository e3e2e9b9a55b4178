/**
 * Ending a grab and naming a grab set from the token HUD (issue 29, item 33; seed 004, L6676, L7021).
 * Apart from src/rules/grabs.ts, which a world loads before `ready`: these are read only when a grab
 * is released or named (src/documents/grab-hold.ts, loaded then).
 */
import { spacesAdjacent } from "./ability-use.ts";
import type { GridSpace } from "./ability-use.ts";
import type { GrabRecord } from "./grabs.ts";

/**
 * Ending a grab from the grabber's side (seed 004, L6676: "The creature grabbing you can end the
 * grab at any time (no action required)"). The grabbed creature's own way out is Escape Grab
 * (L7003–7011), a roll, not a release: only the grabber's side may end a recorded grab this way.
 * - "noGrab": no recorded grab of `grabbed` by `grabber` holds now (none was made, or it ended).
 * - "notYours": the one asking does not speak for the grabber (not its owner, not the Director).
 */
export type GrabReleaseProblem = "noGrab" | "notYours";

export function grabReleaseProblem(
  live: readonly GrabRecord[], grabbed: string, grabber: string, asker: { isGM: boolean; ownsGrabber: boolean },
): GrabReleaseProblem | null {
  if (!live.some((r) => r.grabbed === grabbed && r.grabber === grabber)) return "noGrab";
  return asker.isGM || asker.ownsGrabber ? null : "notYours";
}

/** The records without `grabber`'s grab of `grabbed` (its release, L6676); every other grab stays. */
export function withoutGrab(records: readonly GrabRecord[], grabbed: string, grabber: string): GrabRecord[] {
  return records.filter((r) => !(r.grabbed === grabbed && r.grabber === grabber));
}

/**
 * Who still holds `grabbed` once `grabber` lets go: the grabbers of its other recorded grabs (a
 * creature two others hold stays grabbed by the one that did not let go; L6674 is one condition,
 * L6612), oldest first. Empty: the creature is no longer grabbed.
 */
export function holdersAfterRelease(live: readonly GrabRecord[], grabbed: string, grabber: string): string[] {
  return live.filter((r) => r.grabbed === grabbed && r.grabber !== grabber).map((r) => r.grabber);
}

/** The `message` of a grab named from the token HUD (no card made it; its `key` is the grabbed effect's id). */
export const HUD_GRAB = "hud";

/**
 * Why a grab the grabbed status set from the token HUD names is not recorded, or null (issue 29, item
 * 33). The HUD sets grabbed with no grabber; whoever set it names one. Recorded only when:
 * - "self": the grabber is not the grabbed creature itself;
 * - "notAdjacent": the two stand adjacent (Grab is "Reach 1", L7021; L6676 ends a grab once the
 *   grabber stands away), both on the scene;
 * - "notYours": a player names a grabber she owns. Grabbing is the grabber's act (Grab L7013–7028,
 *   its user rolls): a grab by a creature she does not own (the Director's monster) is his to record,
 *   since the record slows its grabber (L6674) and carries the grabbed creature with it.
 */
export type HudGrabProblem = "self" | "notAdjacent" | "notYours";

export function hudGrabProblem(input: {
  grabbed: string;
  grabber: string;
  grabbedSpace: GridSpace | null;
  grabberSpace: GridSpace | null;
  isGM: boolean;
  ownsGrabber: boolean;
}): HudGrabProblem | null {
  if (input.grabbed === input.grabber) return "self";
  if (!input.grabbedSpace || !input.grabberSpace || !spacesAdjacent(input.grabbedSpace, input.grabberSpace)) return "notAdjacent";
  return input.isGM || input.ownsGrabber ? null : "notYours";
}

/** The record of a grab named from the token HUD: no ability, so no escape bane and no dragging damage (L3469 is an ability's). */
export function hudGrabRecord(grabbed: string, grabber: string, effectId: string): GrabRecord {
  return { grabbed, grabber, escapeBane: false, dragDamage: 0, message: HUD_GRAB, key: effectId };
}

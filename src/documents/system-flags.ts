/** Reading the system's own flags on a document. */
import { FLAG_SCOPE } from "../constants.ts";

/**
 * The flag (`flags.steel-echoes.<this>`) where a creature notes that its temporary Stamina disappears
 * at the end of the encounter, as the grant it came from said (L2767). Its owner writes it with the
 * temporary Stamina itself; the GM's client clears both when the encounter ends.
 */
export const TEMPORARY_ENDS_FLAG = "temporaryEndsWithEncounter";

/**
 * A document's flags in the system's scope (v13 `Document#flags` is an object keyed by scope; `getFlag`
 * would throw for an unregistered scope on some documents), or an empty object. What it holds came
 * from a client: callers check each value's shape.
 */
export function systemFlags(doc: { flags?: unknown } | null | undefined): Record<string, unknown> {
  const mine = (doc?.flags as Record<string, unknown> | undefined)?.[FLAG_SCOPE];
  return mine && typeof mine === "object" && !Array.isArray(mine) ? (mine as Record<string, unknown>) : {};
}

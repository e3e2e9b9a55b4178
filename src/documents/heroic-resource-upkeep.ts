/**
 * The maintained abilities' upkeep and their end, and the tactician's marks: what the turn flow, the
 * sheet and the ability workflow use. Split from ./heroic-resources.ts, which keeps the hooks'
 * constants and checks every world needs before ready (issue 31).
 */
import { gainAfterUpkeep, persistentUpkeep } from "../rules/heroic-resources.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { updateDocument } from "./update.ts";
import { maintainedAbilities, systemFlags, type ItemLike, type AnyActor } from "./heroic-resources.ts";

export const SCOPE = FLAG_SCOPE;

/** The upkeep of what the hero maintains (L2876). */
export function upkeepOf(actor: { flags?: unknown; items?: Iterable<ItemLike> }): number {
  return persistentUpkeep(maintainedAbilities(actor).map((m) => m.persistent));
}

/** The start-of-turn gain once the upkeep is paid (L2876, L2880). */
export function gainWithUpkeep(actor: { flags?: unknown; items?: Iterable<ItemLike> }, gain: number): { gain: number; upkeep: number } {
  const upkeep = upkeepOf(actor);
  return { gain: gainAfterUpkeep(gain, upkeep), upkeep };
}

/** Stop maintaining abilities (no action required, L2880); none given: all of them. */
export async function stopMaintaining(actor: AnyActor, itemIds?: readonly string[]): Promise<void> {
  const ids = maintainedAbilities(actor).map((m) => m.id);
  const kept = itemIds ? ids.filter((id) => !itemIds.includes(id)) : [];
  await updateDocument(actor, { [`flags.${FLAG_SCOPE}.maintained`]: kept });
}

/** The targets (token UUIDs, as ability cards key them) the tactician has marked (L4277). */
export function marksOf(actor: { flags?: unknown }): string[] {
  const marks = systemFlags(actor).marks;
  return Array.isArray(marks) ? marks.filter((m): m is string => typeof m === "string") : [];
}

/** Marks last until the start of the tactician's next turn (L4277): the turn's start clears them. */
export async function clearMarks(actor: AnyActor): Promise<void> {
  if (marksOf(actor).length) await updateDocument(actor, { [`flags.${SCOPE}.marks`]: [] });
}

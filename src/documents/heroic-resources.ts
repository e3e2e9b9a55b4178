/**
 * The heroic resources' workflow beyond the start-of-turn gain (src/documents/combat.ts): Prayer's
 * uses this encounter (L2393), and the Elementalist's maintained persistent abilities (Persistent
 * Magic, L2872–2888): the list on the hero, its upkeep at the start of the turn, and the power roll
 * the hero makes on taking damage (./heroic-resource-rolls.ts, with focus from a marked target).
 *
 * Trust: both records are the hero's own flags, which her player writes. The GM's client reads the
 * maintained list only to lower the start-of-turn gain (an upkeep, never below 0, L2880), so a
 * forged list can only cost its writer; the Prayer count only sets the edges of her own roll.
 */
import type { StormwightForm } from "../rules/stormwight-forms.ts";
import { gainAfterUpkeep, persistentUpkeep } from "../rules/heroic-resources.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { updateDocument } from "./update.ts";

export type AnyActor = Actor.Implementation;
type ItemLike = { id: string | null; name: string; type: string; system: unknown };

/** The update option the damage workflow sets when a creature takes damage (the amount taken). */
export const DAMAGE_OPTION = "steelEchoesDamage";
/**
 * The update option with the Stamina the creature had before that damage, added by the writer's
 * client (the `preUpdateActor` hook, src/documents/stormwight-forms.ts): Regeneration's trigger,
 * "you lose Stamina" (L3364).
 */
export const STAMINA_BEFORE_OPTION = "steelEchoesStaminaBefore";

export const SCOPE = FLAG_SCOPE;

export function systemFlags(actor: { flags?: unknown }): Record<string, unknown> {
  return ((actor.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[FLAG_SCOPE]) ?? {};
}

const persistentOf = (item: ItemLike): number => {
  const n = Number((item.system as { persistent?: unknown } | null)?.persistent);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

export interface MaintainedAbility {
  id: string;
  name: string;
  persistent: number;
}

/**
 * The abilities the hero maintains: the ids in her flags that still name a persistent ability of
 * hers, with the persistent value read from the item (never from the flag).
 */
export function maintainedAbilities(actor: { flags?: unknown; items?: Iterable<ItemLike> }): MaintainedAbility[] {
  const ids = systemFlags(actor).maintained;
  if (!Array.isArray(ids)) return [];
  const items = [...(actor.items ?? [])];
  const out: MaintainedAbility[] = [];
  for (const id of new Set(ids.filter((x): x is string => typeof x === "string"))) {
    const item = items.find((i) => i.id === id && i.type === "ability");
    const persistent = item ? persistentOf(item) : 0;
    if (item && persistent > 0) out.push({ id, name: item.name, persistent });
  }
  return out;
}

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

/** Whether this client speaks for the actor: its active player owner, else the active GM. */
export function respondsFor(actor: AnyActor): boolean {
  const me = game.user;
  if (!me) return false;
  const owner = game.users?.find((u) => u.active && !u.isGM && !!actor.testUserPermission?.(u, "OWNER"));
  return owner ? owner.id === me.id : !!me.isGM && game.users?.activeGM?.id === me.id;
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

/** The stormwight's choice of form (src/documents/stormwight-forms.ts): a dialog, set by the UI at init; resolves to it, or null for none. */
export const FORM_PROMPT = {
  choose: async (
    _actor: AnyActor, _forms: StormwightForm[], _animal: string, _reason: "animalForm" | "regeneration",
  ): Promise<StormwightForm | null> => null,
};

export const MAINTENANCE = {
  /** Asks which ability to stop when one must go (L2887); resolves to its id. Set by the UI at init. */
  choose: async (_actor: AnyActor, abilities: MaintainedAbility[]): Promise<string | null> => abilities[0]?.id ?? null,
};


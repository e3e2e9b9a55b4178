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
import { FLAG_SCOPE } from "../constants.ts";

export type AnyActor = Actor.Implementation;
export type ItemLike = { id: string | null; name: string; type: string; system: unknown };

/** The update option the damage workflow sets when a creature takes damage (the amount taken). */
export const DAMAGE_OPTION = "steelEchoesDamage";
/**
 * The update option with the Stamina the creature had before that damage, added by the writer's
 * client (the `preUpdateActor` hook, src/documents/stormwight-forms.ts): Regeneration's trigger,
 * "you lose Stamina" (L3364).
 */
export const STAMINA_BEFORE_OPTION = "steelEchoesStaminaBefore";

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

/** Whether this client speaks for the actor: its active player owner, else the active GM. */
export function respondsFor(actor: AnyActor): boolean {
  const me = game.user;
  if (!me) return false;
  const owner = game.users?.find((u) => u.active && !u.isGM && !!actor.testUserPermission?.(u, "OWNER"));
  return owner ? owner.id === me.id : !!me.isGM && game.users?.activeGM?.id === me.id;
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


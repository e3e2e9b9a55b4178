/**
 * Applying character options to a hero: an ancestry, culture, career, class or kit dropped on a hero
 * replaces the one it has (after a confirmation) and brings the features and abilities it grants;
 * removing an option removes what it granted. Granted items carry `flags.steel-echoes.grantedBy`.
 */
import { isSingleOption } from "./token-defaults.ts";
import { FLAG_SCOPE } from "../constants.ts";

export { FLAG_SCOPE };

interface ItemLike {
  id: string | null;
  type: string;
  name: string;
  flags?: Record<string, Record<string, unknown> | undefined>;
  getFlag?(scope: string, key: string): unknown;
}

/** Ids of the items granted by the option with this id. */
export function grantedItemIds(items: Iterable<ItemLike>, optionId: string): string[] {
  const out: string[] = [];
  for (const item of items) {
    const by = item.flags?.[FLAG_SCOPE]?.grantedBy;
    if (by === optionId && item.id) out.push(item.id);
  }
  return out;
}

/** What dropping an item of this type on a hero does: add it, or replace the existing one of its kind. */
export function dropPlan(items: Iterable<ItemLike>, type: string): { replaces: ItemLike | null; single: boolean } {
  if (!isSingleOption(type)) return { replaces: null, single: false };
  for (const item of items) if (item.type === type) return { replaces: item, single: true };
  return { replaces: null, single: true };
}

/** Source data for granted items, flagged with the option that granted them. */
export function grantedSources(sources: object[], optionId: string): object[] {
  return sources.map((source) => {
    const s = structuredClone(source) as { _id?: string; flags?: Record<string, Record<string, unknown>> };
    delete s._id;
    s.flags = { ...(s.flags ?? {}), [FLAG_SCOPE]: { ...(s.flags?.[FLAG_SCOPE] ?? {}), grantedBy: optionId } };
    return s;
  });
}

export interface OptionHost {
  items: Iterable<ItemLike>;
  createEmbeddedDocuments(name: "Item", data: object[]): Promise<ItemLike[]>;
  deleteEmbeddedDocuments(name: "Item", ids: string[]): Promise<unknown>;
}

export interface OptionServices {
  /** Asks the user; resolves true to go on. */
  confirm(title: string, content: string): Promise<boolean>;
  /** Loads the documents an option grants, by UUID; unresolvable ones are skipped. */
  load(uuids: string[]): Promise<object[]>;
  localize(key: string, data?: Record<string, string>): string;
}

/** Remove an option and everything it granted. */
export async function removeOption(actor: OptionHost, option: ItemLike): Promise<void> {
  if (!option.id) return;
  await actor.deleteEmbeddedDocuments("Item", [option.id, ...grantedItemIds(actor.items, option.id)]);
}

/**
 * Apply an option (its source data) to a hero. Returns the created option, or null when the user
 * declined to replace the existing one. A type that is not an option is simply added.
 */
export async function applyOption(
  actor: OptionHost,
  source: { type: string; name: string; system?: { grants?: string[] } },
  services: OptionServices,
): Promise<ItemLike | null> {
  const plan = dropPlan(actor.items, source.type);
  if (plan.replaces) {
    const ok = await services.confirm(
      services.localize("SE.Option.ReplaceTitle"),
      services.localize("SE.Option.ReplaceContent", { old: plan.replaces.name, new: source.name }),
    );
    if (!ok) return null;
    await removeOption(actor, plan.replaces);
  }
  const data = structuredClone(source) as { _id?: string };
  delete data._id;
  const [created] = await actor.createEmbeddedDocuments("Item", [data]);
  if (!created?.id) return null;
  const grants = plan.single ? source.system?.grants ?? [] : [];
  if (grants.length) await actor.createEmbeddedDocuments("Item", grantedSources(await services.load(grants), created.id));
  return created;
}

/**
 * Approved copies of players' abilities. A player owns her hero's ability items, so a card that
 * matches its item proves only that she rolled what the item says now: she may have edited it to deal
 * 30 damage, then put it back. Before the GM's client applies a player's card it compares the item's
 * rules-relevant fields (`abilityRulesFields`, src/rules/ability-fingerprint.ts) with an approved
 * copy, one only a GM writes:
 *
 * - the compendium document the item was created from, named by its `_stats.compendiumSource`. v13
 *   client/documents/abstract/world-collection.mjs `WorldCollection#fromCompendium` sets it to the
 *   pack document's UUID when a document is made from a pack. A player may rewrite that field of her
 *   item, so it is trusted only when it names an ability in a pack she cannot write: then it is an
 *   ability she could have dragged onto her sheet as it is;
 * - or the fingerprint the GM recorded on approving this item (src/settings/abilities.ts: a world
 *   setting, `BaseSetting.#canModify`).
 *
 * A card whose item matches neither waits for the GM's decision (`CardServices.approveAbility`): Approve
 * records the item's fingerprint and the card applies; Refuse tells the player. Cards a GM wrote, items
 * no player owns, and worlds whose GM trusts players' edits (the `trustAbilityEdits` setting) are not
 * asked about. Items from before this check need no migration: without a record, the compendium
 * source decides, and an ability without one is asked about once.
 */
import { abilityChanges, abilityFingerprint, abilityRulesFields } from "../rules/ability-fingerprint.ts";
import type { AbilityChange, AbilityRulesFields } from "../rules/ability-fingerprint.ts";
import { approvedAbilities, recordApprovedAbility, trustAbilityEdits } from "../settings/abilities.ts";
import { serialized, tellRequesterWaiting } from "./relay.ts";
import type { Notice } from "./relay.ts";
import { uuidOf } from "./persisted.ts";

type AnyItem = Item.Implementation;

/** What the GM is asked about: whose ability, and the fields that differ from its approved copy. */
export interface AbilityApprovalRequest {
  itemUuid: string;
  itemName: string;
  actorName: string;
  userName: string;
  /** What the changes are measured from: the compendium source, the GM's last approval, or nothing yet. */
  against: "compendium" | "approved" | "none";
  changes: AbilityChange[];
}

/** The GM's decision: true approves this version of the ability. */
export type AbilityApprover = (request: AbilityApprovalRequest) => Promise<boolean>;

type Author = { id: string | null; isGM: boolean; name?: string | null };

const isAbilityItem = (doc: unknown): doc is AnyItem =>
  !!doc && (doc as { documentName?: unknown }).documentName === "Item" && (doc as { type?: unknown }).type === "ability";

/**
 * The item's compendium source, when it is an ability in a pack the author cannot write (v13
 * client/documents/collections/compendium-collection.mjs: a pack's documents are written by those
 * the pack's ownership makes OWNER; `CompendiumCollection#testUserPermission`).
 */
async function compendiumSource(item: AnyItem, author: Author): Promise<AnyItem | null> {
  const uuid = (item as { _stats?: { compendiumSource?: unknown } })._stats?.compendiumSource;
  if (typeof uuid !== "string" || !uuid.startsWith("Compendium.")) return null;
  const source = await fromUuid(uuid).catch(() => null);
  if (!isAbilityItem(source)) return null;
  const packId = (source as { pack?: unknown }).pack;
  if (typeof packId !== "string" || !packId) return null;
  const pack = game.packs?.get(packId) as { testUserPermission?: (user: unknown, level: string) => boolean } | undefined;
  if (!pack || pack.testUserPermission?.(author, "OWNER") !== false) return null;
  return source;
}

/** Whether a user other than a GM owns the item (its actor). */
function playerOwned(item: AnyItem): boolean {
  return [...(game.users ?? [])].some((u) => !u.isGM && item.testUserPermission(u, "OWNER"));
}

/** What to ask the GM about this item, or null when its current version is approved. */
export async function approvalNeeded(item: AnyItem, author: Author): Promise<AbilityApprovalRequest | null> {
  if (author.isGM || trustAbilityEdits() || !playerOwned(item)) return null;
  const fields = abilityRulesFields(item.system);
  const fingerprint = abilityFingerprint(fields);
  const itemUuid = uuidOf(item);
  const recorded = approvedAbilities()[itemUuid];
  if (recorded?.fingerprint === fingerprint) return null;
  const source = await compendiumSource(item, author);
  const sourceFields: AbilityRulesFields | null = source ? abilityRulesFields(source.system) : null;
  if (sourceFields && abilityFingerprint(sourceFields) === fingerprint) return null;
  const approved = recorded?.fields && typeof recorded.fields === "object" ? recorded.fields : null;
  const base = approved ?? sourceFields;
  return {
    itemUuid, itemName: item.name ?? "", actorName: item.parent?.name ?? "", userName: author.name ?? "",
    against: approved ? "approved" : sourceFields ? "compendium" : "none",
    changes: abilityChanges(base, fields),
  };
}

/**
 * On the GM's client, before a player's card applies: null when the card's ability is approved (or
 * the GM approves it now, which records it), else the refusal for the player. One ability is asked
 * about once at a time: a second card of it waits for the first decision. A player's own client
 * (acting only on what she owns) is not asked.
 */
export async function abilityApprovalRefusal(
  item: AnyItem, author: Author, approve: AbilityApprover, requesterId: string | null = author.id,
): Promise<Notice | null> {
  if (!game.user?.isGM) return null;
  return serialized([`ability:${uuidOf(item)}`], async () => {
    const request = await approvalNeeded(item, author);
    if (!request) return null;
    // The request now waits for a person: the requester's client waits longer, and says so.
    await tellRequesterWaiting(requesterId);
    if (!(await approve(request).catch(() => false))) {
      return { type: "error", key: "SE.AbilityCard.Error.Unapproved", format: { name: request.itemName } };
    }
    const fields = abilityRulesFields(item.system);
    await recordApprovedAbility(request.itemUuid, { fingerprint: abilityFingerprint(fields), fields });
    return null;
  });
}

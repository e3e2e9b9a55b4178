/**
 * The compendium browser's index model: every pack of this system the user may see (Items and
 * Actors; the journals and the EDGE deck are not browsed), each indexed once with the fields the
 * filters read, its folders' names attached. Foundry's
 * client/documents/collections/compendium-collection.mjs `CompendiumCollection#getIndex({fields})`
 * asks the server for the pack's core index fields plus those, and keeps them: a second call with
 * fields already indexed answers from `pack.index` without a request. Packs of a game the world does
 * not play are left out as the sidebar leaves them out (src/settings/games.ts `packsOfGamesOff`).
 */
import { SYSTEM_ID } from "../../constants.ts";
import { browserEntries, browserIndexFields } from "../../rules/compendium-filters.ts";
import type { BrowserEntry, PackIndex, RawIndexEntry } from "../../rules/compendium-filters.ts";
import { packsOfGamesOff } from "../../settings/games.ts";

/** What the loader needs of a pack: v13 `CompendiumCollection`'s members, as the harness's packs also have them. */
export interface BrowsablePack {
  collection: string;
  documentName: string;
  testUserPermission(user: never, level: "OBSERVER"): boolean;
  getIndex(options: { fields: string[] }): Promise<Iterable<unknown> | { values(): Iterable<unknown> }>;
  folders: Iterable<{ id: string | null; name: string | null; _source: { folder?: string | null } }>;
}

const BROWSED = new Set(["Item", "Actor"]);

/** The system's packs this user can browse, in the order `game.packs` holds them. */
export function browsablePacks(packs: Iterable<BrowsablePack>, user: unknown, off: readonly string[] = packsOfGamesOff()): BrowsablePack[] {
  const prefix = `${SYSTEM_ID}.`;
  return [...packs].filter((p) => p.collection.startsWith(prefix) && BROWSED.has(p.documentName)
    // Type escape: the pack's testUserPermission is typed for a User document; the structural user given here is game.user.
    && !off.includes(p.collection.slice(prefix.length)) && p.testUserPermission(user as never, "OBSERVER"));
}

/** Index every browsable pack (in parallel) and build the browser's entries. */
export async function loadBrowserIndex(packs: Iterable<BrowsablePack>, user: unknown, off?: readonly string[]): Promise<BrowserEntry[]> {
  const indexes: PackIndex[] = await Promise.all(browsablePacks(packs, user, off).map(async (pack) => {
    const index = await pack.getIndex({ fields: browserIndexFields(pack.documentName) });
    // v13 returns a foundry.utils.Collection (a Map whose iterator gives values); a plain Map gives entries.
    const values = index instanceof Map ? [...index.values()] : [...(index as Iterable<unknown>)];
    return {
      id: pack.collection,
      documentName: pack.documentName,
      entries: values as RawIndexEntry[],
      folders: [...pack.folders].map((f) => ({ _id: f.id ?? "", name: f.name ?? "", folder: f._source.folder ?? null })),
    };
  }));
  return browserEntries(indexes);
}

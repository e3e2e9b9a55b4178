/**
 * Ids and names of compendium documents written by the extractors: deterministic 16-character ids
 * (a hash of pack and slug, so a re-extraction gives the same ids), slugs, and folder documents.
 */
import { createHash } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** The icon of ability documents. */
export const ABILITY_ICON = "icons/svg/book.svg";

/** A 16-character Foundry id derived from the pack and a slug. */
export function deterministicId(pack, slug) {
  const digest = createHash("sha256").update(`${pack}:${slug}`).digest();
  return Array.from(digest.subarray(0, 16), (b) => ALPHABET[b % ALPHABET.length]).join("");
}

export function slugify(name) {
  return name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/**
 * A compendium folder document. `type` is the document type the folder holds ("Item", "Actor",
 * "JournalEntry"); `sort` orders folders in the sidebar.
 */
export function folderDocument(pack, slug, name, type, sort) {
  const _id = deterministicId(pack, `folder-${slug}`);
  return { _id, _key: `!folders!${_id}`, name, type, folder: null, sorting: "a", sort, color: null, flags: {} };
}

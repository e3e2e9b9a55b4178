/**
 * `npm run extract -- <path to seeds/004_…>`: turns the seed's class abilities into compendium pack
 * sources under packs/_source/abilities/ (one JSON file per document, a folder per class), with
 * deterministic `_id`s (hash of pack + slug) and `_key`s. Running it twice gives the same files.
 * A block that does not parse stops the extraction with its line, and nothing is written.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { importBundled } from "./lib/bundle.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ABILITY_ICON = "icons/svg/book.svg";

/** A 16-character Foundry id derived from the pack and a slug. */
export function deterministicId(pack, slug) {
  const digest = createHash("sha256").update(`${pack}:${slug}`).digest();
  return Array.from(digest.subarray(0, 16), (b) => ALPHABET[b % ALPHABET.length]).join("");
}

export function slugify(name) {
  return name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** Pack documents (folders first, then abilities) from the extracted abilities. */
export function abilityPackDocuments(extracted, flavorHTML) {
  const pack = "abilities";
  const folders = new Map();
  const docs = [];
  for (const { classId, className } of extracted) {
    if (folders.has(classId)) continue;
    const _id = deterministicId(pack, `folder-${classId}`);
    folders.set(classId, _id);
    docs.push({ _id, _key: `!folders!${_id}`, name: className, type: "Item", folder: null, sorting: "a", sort: folders.size * 100000, color: null, flags: {} });
  }
  const seen = new Set();
  for (const { classId, line, result } of extracted) {
    const { name, flavor, system } = result.value;
    const slug = `${classId}-${slugify(name)}`;
    if (seen.has(slug)) continue; // a granted ability printed twice keeps its first block
    seen.add(slug);
    const _id = deterministicId(pack, slug);
    docs.push({
      _id, _key: `!items!${_id}`, name, type: "ability", img: ABILITY_ICON, folder: folders.get(classId),
      system: { ...system, description: flavorHTML(flavor) },
      effects: [], flags: { "steel-echoes": { seedLine: line } },
    });
  }
  return docs;
}

export async function extract(seedPath, outDir = path.join(ROOT, "packs/_source")) {
  const { extractClassAbilities, flavorHTML } = await importBundled(path.join(ROOT, "src/parser/seed-abilities.ts"));
  const extracted = extractClassAbilities(readFileSync(seedPath, "utf8"));
  const failed = extracted.filter((e) => !e.result.ok);
  if (failed.length) {
    const { line, result } = failed[0];
    throw new Error(`The ability block at seed line ${line} does not parse: ${result.error.key} (block line ${result.error.line}) ${JSON.stringify(result.error.data)}`);
  }
  const docs = abilityPackDocuments(extracted, flavorHTML);
  const dir = path.join(outDir, "abilities");
  rmSync(dir, { recursive: true, force: true });
  for (const doc of docs) {
    const folderName = doc._key.startsWith("!folders!") ? "" : docs.find((d) => d._id === doc.folder)?.name.toLowerCase() ?? "";
    const file = path.join(dir, folderName, `${doc._key.startsWith("!folders!") ? "_folder-" : ""}${slugify(doc.name)}.json`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  }
  return { count: docs.filter((d) => d.type === "ability").length, folders: docs.filter((d) => !d.type || d.type === "Item" && d._key.startsWith("!folders!")).length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const seed = process.argv[2];
  if (!seed || !existsSync(seed)) {
    console.error("Usage: npm run extract -- <path to the Draw Steel seed text (seeds/004_…)>");
    process.exit(1);
  }
  extract(seed).then(
    ({ count, folders }) => console.log(`Wrote ${count} abilities in ${folders} folders to packs/_source/abilities/`),
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}

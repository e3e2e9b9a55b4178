/**
 * `npm run extract -- <path to seeds/004_…>`: turns the seed's content into compendium pack sources
 * under packs/_source/<pack>/ (one JSON file per document, a sub-folder per pack folder), with
 * deterministic `_id`s (hash of pack + slug) and `_key`s. Running it twice gives the same files.
 *
 * Each extractor in EXTRACTORS reads the seed text and returns `{ [pack]: documents }`; several
 * extractors may add to one pack (the abilities pack takes class abilities, ancestry abilities and
 * basic actions). A block that does not parse stops the extraction with its line, and nothing is
 * written.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { importBundled } from "./lib/bundle.mjs";
import { ABILITY_ICON, deterministicId, folderDocument, slugify } from "./lib/pack-ids.mjs";

export { deterministicId, folderDocument, slugify };
import { basicActionsPack, careersPack, classesPack, conditionsPack, culturesPack, rulesPack } from "./lib/content-packs.mjs";
import { OPTION_EXTRACTORS } from "./extract-options.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/**
 * Pack documents (folders first, then abilities) from the extracted class abilities. `choices` holds,
 * per class id, the seed line ranges [from, to) of the abilities its chapter offers to choose at 1st
 * level (seed-classes.ts `SeedFeature.choices`: "Select one signature ability from the options below",
 * L2620, and the heroic abilities after it); an ability printed there carries
 * `flags.steel-echoes.classChoice`, which the hero builder offers for the class's slots (issue 32).
 */
export function abilityPackDocuments(extracted, flavorHTML, choices = {}) {
  const pack = "abilities";
  const folders = new Map();
  const docs = [];
  for (const { classId, className } of extracted) {
    if (folders.has(classId)) continue;
    const folder = folderDocument(pack, classId, className, "Item", (folders.size + 1) * 100000);
    folders.set(classId, folder._id);
    docs.push(folder);
  }
  const seen = new Set();
  for (const { classId, line, signature, result } of extracted) {
    const { name, flavor, system } = result.value;
    const slug = `${classId}-${slugify(name)}`;
    if (seen.has(slug)) continue; // a granted ability printed twice keeps its first block
    seen.add(slug);
    const _id = deterministicId(pack, slug);
    docs.push({
      _id, _key: `!items!${_id}`, name, type: "ability", img: ABILITY_ICON, folder: folders.get(classId),
      // A kit's signature ability printed in a class chapter: its numbers include the kit bonus.
      system: { ...system, ...(signature ? { signature: true } : {}), description: flavorHTML(flavor) },
      effects: [],
      flags: { "steel-echoes": { seedLine: line, ...((choices[classId] ?? []).some((r) => line >= r.from && line < r.to) ? { classChoice: true } : {}) } },
    });
  }
  return docs;
}

/** The class abilities of the five classes (abilities pack). */
async function classAbilities(seedText) {
  const { extractClassAbilities, flavorHTML } = await importBundled(path.join(ROOT, "src/parser/seed-abilities.ts"));
  const { extractClasses } = await importBundled(path.join(ROOT, "src/parser/seed-classes.ts"));
  const extracted = extractClassAbilities(seedText);
  const classes = extractClasses(seedText);
  if (!classes.ok) throw new Error(`The classes do not parse: ${classes.error.key} (seed line ${classes.error.line})`);
  const choices = Object.fromEntries(classes.value.map((k) => [k.id, k.features.flatMap((f) => (f.choices ? [f.choices] : []))]));
  const failed = extracted.find((e) => !e.result.ok);
  if (failed) {
    const { line, result } = failed;
    throw new Error(`The ability block at seed line ${line} does not parse: ${result.error.key} (block line ${result.error.line}) ${JSON.stringify(result.error.data)}`);
  }
  return { abilities: abilityPackDocuments(extracted, flavorHTML, choices) };
}

/** Every extractor: seed text → `{ [pack]: documents }`. */
export const EXTRACTORS = [classAbilities, basicActionsPack, classesPack, culturesPack, careersPack, rulesPack, conditionsPack, ...OPTION_EXTRACTORS];

const isFolder = (doc) => doc._key.startsWith("!folders!");

/** Where a document's source file goes: `<folder name>/<slug>.json`, folders as `_folder-<slug>.json`. */
function sourceFile(dir, doc, docs) {
  if (isFolder(doc)) {
    const parent = doc.folder ? docs.find((d) => d._id === doc.folder) : null;
    return path.join(dir, parent ? slugify(parent.name) : "", `_folder-${slugify(doc.name)}.json`);
  }
  const folder = doc.folder ? docs.find((d) => d._id === doc.folder) : null;
  return path.join(dir, folder ? slugify(folder.name) : "", `${slugify(doc.name)}.json`);
}

/** Run every extractor; returns `{ [pack]: documents }` without writing anything. */
export async function extractDocuments(seedText, extractors = EXTRACTORS) {
  const packs = {};
  for (const extractor of extractors) {
    for (const [pack, docs] of Object.entries(await extractor(seedText))) (packs[pack] ??= []).push(...docs);
  }
  for (const [pack, docs] of Object.entries(packs)) {
    const ids = new Set();
    const files = new Set();
    for (const doc of docs) {
      if (ids.has(doc._id)) throw new Error(`Pack ${pack}: two documents share the id ${doc._id} (${doc.name})`);
      ids.add(doc._id);
      const file = sourceFile("", doc, docs);
      if (files.has(file)) throw new Error(`Pack ${pack}: two documents would be written to ${file}`);
      files.add(file);
    }
  }
  return packs;
}

/** Extract the seed into `outDir` (packs/_source by default); each extracted pack's folder is replaced. */
export async function extract(seedPath, outDir = path.join(ROOT, "packs/_source")) {
  const packs = await extractDocuments(readFileSync(seedPath, "utf8"));
  const counts = {};
  for (const [pack, docs] of Object.entries(packs)) {
    const dir = path.join(outDir, pack);
    rmSync(dir, { recursive: true, force: true });
    for (const doc of docs) {
      const file = sourceFile(dir, doc, docs);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
    }
    counts[pack] = docs.filter((d) => !isFolder(d)).length;
  }
  return counts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const seed = process.argv[2];
  if (!seed || !existsSync(seed)) {
    console.error("Usage: npm run extract -- <path to the Draw Steel seed text (seeds/004_…)>");
    process.exit(1);
  }
  extract(seed).then(
    (counts) => console.log(`Wrote ${Object.entries(counts).map(([p, n]) => `${n} ${p}`).join(", ")} to packs/_source/`),
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}

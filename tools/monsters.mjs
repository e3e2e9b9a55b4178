/**
 * `npm run monsters`: turns the bestiary's stat blocks (packs/bestiary/<folder>.txt, written for
 * this project in the "Copy as text" layout) into the `monsters` Actor pack sources under
 * packs/_source/monsters/, with deterministic ids. Running it twice gives the same files; a stat
 * block that does not parse stops it with its file and line, and nothing is written.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { importBundled } from "./lib/bundle.mjs";
import { deterministicId, slugify } from "./extract.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The bestiary's folders, in compendium order: file slug and folder name. */
export const BESTIARY_FOLDERS = [
  ["bandits", "Bandits of the Tollgate"],
  ["goblins", "Mossbelly Goblins"],
  ["undead", "Restless Dead"],
  ["beasts", "Beasts of the Wild"],
  ["demons", "Demons of the Ember Pit"],
  ["drakes", "Drakes"],
];

export function readBestiaryFiles(root = ROOT) {
  return BESTIARY_FOLDERS.map(([slug, folder]) => ({ slug, folder, text: readFileSync(path.join(root, "packs/bestiary", `${slug}.txt`), "utf8") }));
}

/** `{ relative path: file text }` of the pack sources, without writing. */
export function bestiarySourceFiles(docs) {
  const folders = new Map(docs.filter((d) => d._key.startsWith("!folders!")).map((d) => [d._id, d.name]));
  const files = {};
  for (const doc of docs) {
    const rel = doc._key.startsWith("!folders!") ? `_folder-${slugify(doc.name)}.json` : path.join(slugify(folders.get(doc.folder)), `${slugify(doc.name)}.json`);
    if (files[rel]) throw new Error(`Two monsters would be written to ${rel}`);
    files[rel] = `${JSON.stringify(doc, null, 2)}\n`;
  }
  return files;
}

export async function generateMonsters(outDir = path.join(ROOT, "packs/_source/monsters")) {
  const { bestiaryPackDocuments } = await importBundled(path.join(ROOT, "src/documents/monster-sources.ts"));
  const files = bestiarySourceFiles(bestiaryPackDocuments(readBestiaryFiles(), deterministicId));
  rmSync(outDir, { recursive: true, force: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(outDir, rel)), { recursive: true });
    writeFileSync(path.join(outDir, rel), text);
  }
  return Object.keys(files).filter((f) => !path.basename(f).startsWith("_folder-")).length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  generateMonsters().then(
    (n) => console.log(`Wrote ${n} monsters to packs/_source/monsters/`),
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}

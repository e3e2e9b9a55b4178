/** Compiles every packs/_source/<pack>/ to LevelDB in <outDir>/packs/<pack> with the official CLI. */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";

export async function buildPacks({ root, outDir }) {
  const sources = path.join(root, "packs/_source");
  if (!existsSync(sources)) return [];
  const packs = readdirSync(sources, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  for (const pack of packs) {
    await compilePack(path.join(sources, pack), path.join(outDir, "packs", pack), { recursive: true });
  }
  return packs;
}

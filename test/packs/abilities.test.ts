// Pack sources: valid documents with deterministic ids, compiled by the official CLI and read back,
// and exactly what the extractor makes from the seed.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTree, tempDirs } from "../harness/pack-files.ts";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { installFoundryHarness } from "../harness/foundry.ts";
// @ts-expect-error: plain JavaScript tools
import { buildPacks } from "../../tools/build-packs.mjs";
// @ts-expect-error: plain JavaScript tools
import { extract } from "../../tools/extract.mjs";
import { sourceProblems } from "../harness/source-problems.ts";
import type { ModelClass } from "../harness/source-problems.ts";

installFoundryHarness();
const { AbilityModel } = await import("../../src/data/ability.ts");

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCES = path.join(ROOT, "packs/_source");
const SEED = path.resolve(ROOT, "../shared/seeds/004_f522d4137f25400b.txt");
const temp = tempDirs("packs");

type Doc = { _id: string; _key: string; name: string; type?: string; folder?: string | null; system?: object };


const docs: Doc[] = Object.values(readTree(path.join(SOURCES, "abilities"))).map((t) => JSON.parse(t));
const folders = docs.filter((d) => d._key.startsWith("!folders!"));
const CLASS_FOLDERS = ["Conduit", "Elementalist", "Fury", "Shadow", "Tactician"];
const classFolderIds = new Set(folders.filter((f) => CLASS_FOLDERS.includes(f.name)).map((f) => f._id));
// The class abilities; other folders (basic actions, careers, …) are checked with their own packs.
const abilities = docs.filter((d) => d._key.startsWith("!items!") && classFolderIds.has(d.folder ?? ""));

describe("abilities pack sources", () => {
  it("hold the seed's 92 class abilities in a folder per class", () => {
    expect(abilities).toHaveLength(92);
    const byFolder = Object.fromEntries(folders.filter((f) => classFolderIds.has(f._id)).map((f) => [f.name, abilities.filter((a) => a.folder === f._id).length]));
    expect(byFolder).toEqual({ Conduit: 19, Elementalist: 21, Fury: 20, Shadow: 19, Tactician: 13 });
  });

  it("give every document a unique 16-character _id and a matching _key", () => {
    expect(new Set(docs.map((d) => d._id)).size).toBe(docs.length);
    for (const d of docs) {
      expect(d._id).toMatch(/^[0-9a-zA-Z]{16}$/);
      expect(d._key).toBe(`${d._key.startsWith("!folders!") ? "!folders!" : "!items!"}${d._id}`);
    }
  });

  it("are valid ability data for the data model", () => {
    // Type escape: typed by the League's TypeDataModel; the harness's offers ModelClass.
    const Model = AbilityModel as unknown as ModelClass;
    for (const a of docs.filter((d) => d._key.startsWith("!items!"))) expect(sourceProblems(Model, a.system!), a.name).toEqual([]);
  });

  it("keep the seed's numbers (spot checks)", () => {
    const get = (name: string) => abilities.find((a) => a.name === name)!.system as { tiers: { damage: { value: string; type: string } }[]; cost: object };
    expect(get("Brutal Slam").tiers.map((t) => t.damage.value)).toEqual(["3", "8", "12"]);
    expect(get("Lightfall").tiers.map((t) => `${t.damage.value} ${t.damage.type}`)).toEqual(["2 holy", "3 holy", "4 holy"]);
    expect(get("Assassinate").tiers[2]!.damage.value).toBe("2d6 + 18");
    expect(get("Shared Void Sense").cost).toEqual({ amount: 1, resource: "heroic" });
  });

  it("compile to LevelDB with the official CLI and read back whole", async () => {
    const out = temp();
    expect(await buildPacks({ root: ROOT, outDir: out })).toContain("abilities");
    const back = temp();
    await extractPack(path.join(out, "packs/abilities"), back, { folders: false });
    const read = Object.values(readTree(back)).map((t) => JSON.parse(t) as Doc);
    expect(read.map((d) => d._id).sort()).toEqual(docs.map((d) => d._id).sort());
    const slam = read.find((d) => d.name === "Brutal Slam")!;
    expect(slam.system).toEqual(abilities.find((d) => d.name === "Brutal Slam")!.system);
  }, 30_000);

  it.skipIf(!existsSync(SEED))("are exactly what npm run extract makes from the seed", async () => {
    const out = temp();
    await extract(SEED, out);
    expect(readTree(path.join(out, "abilities"))).toEqual(readTree(path.join(SOURCES, "abilities")));
  }, 30_000);
});

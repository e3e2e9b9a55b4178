// The seed round trip (issue 16; test/packs/seed-print.ts): every pack document with a seed line,
// rendered back into the seed's printed form, equals the seed there, up to the differences
// docs/rules-decisions.md allows. Each kind of error the check exists for is proven caught by
// mutating one document and seeing it reported.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTree } from "../harness/pack-files.ts";
import { compareDocument, packDocuments, readAllowances, sectionEnds } from "./seed-print.ts";
import type { Allowance, PackDoc, Problem } from "./seed-print.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SEED = path.resolve(ROOT, "../shared/seeds/004_f522d4137f25400b.txt");
const hasSeed = existsSync(SEED);
const lines = hasSeed ? readFileSync(SEED, "utf8").replace(/\r\n?/g, "\n").split("\n") : [];
const allowances = readAllowances(readFileSync(path.join(ROOT, "docs/rules-decisions.md"), "utf8"));
const SOURCES = path.join(ROOT, "packs/_source");
const PACKS = ["abilities", "ancestries", "careers", "classes", "complications", "conditions", "cultures", "kits", "rules"];
const tree = Object.fromEntries(PACKS.map((p) => [p, readTree(path.join(SOURCES, p))]));

const format = (p: Problem) => `${p.doc} (seed L${p.line}) ${p.kind}\n    pack: ${p.expected}\n    seed: ${p.found}`;

describe("allowed differences table", () => {
  it("reads the rows of docs/rules-decisions.md, backquotes and escaped pipes included", () => {
    const md = "# x\n\n## Allowed differences from the seed\ntext\n\n| Document | Pack text | Why |\n|---|---|---|\n"
      + "| `*` | `Heroic resource:` | summary |\n| `A \\| B` | `x` | y |\n\n## Next\n| `no` | `no` | no |\n";
    expect(readAllowances(md)).toEqual([
      { document: "*", text: "Heroic resource:", why: "summary" },
      { document: "A | B", text: "x", why: "y" },
    ]);
    expect(() => readAllowances("# no table")).toThrow(/Allowed differences/);
  });
});

describe.skipIf(!hasSeed)("seed round trip", () => {
  const docs = packDocuments(tree);
  const ends = sectionEnds(docs, lines.length);
  // A document's section end, found by file so a mutated copy keeps its original's.
  const endOf = (d: PackDoc) => ends.get(docs.find((o) => o.file === d.file && o.pack === d.pack)!)!;
  const compare = (d: PackDoc, used?: Set<Allowance>) => compareDocument(d, lines, endOf(d), allowances, used);

  it("covers every pack but the bestiary: nearly 400 documents and pages", () => {
    const packs = new Set(docs.map((d) => d.pack));
    expect([...packs].sort()).toEqual([...PACKS].sort());
    expect(docs.length).toBeGreaterThan(390);
    // Every ability in the abilities pack has a seed line, the basic actions included.
    const abilities = Object.keys(tree.abilities!).filter((f) => !f.startsWith("_folder") && f.includes("/"));
    expect(docs.filter((d) => d.pack === "abilities").length).toBe(abilities.length);
  });

  it("every pack document with a seed line prints as the seed does there", () => {
    const problems = docs.flatMap((d) => compare(d));
    expect(problems.map(format).join("\n")).toBe("");
  });

  it("every allowed difference is used: a stale row would hide nothing but mislead", () => {
    const used = new Set<Allowance>();
    docs.forEach((d) => compare(d, used));
    expect(allowances.filter((a) => !used.has(a)).map((a) => `${a.document}: ${a.text}`)).toEqual([]);
  });

  // Each mutation is one a reviewer found (issue 16) or one the check promises to catch.
  const doc = (file: string) => {
    const found = docs.find((d) => d.file === file);
    if (!found) throw new Error(`no document ${file}`);
    return structuredClone(found);
  };
  type Mutation = [string, string, (d: PackDoc & { system: Record<string, any> }) => void, string]; // eslint-disable-line @typescript-eslint/no-explicit-any -- mutations reach into untyped pack JSON
  const MUTATIONS: Mutation[] = [
    ["a kit signature ability not marked signature", "signature-abilities/bear-claws.json", (d) => { d.system.signature = false; }, "signature flag"],
    ["a class ability marked signature", "fury/brutal-slam.json", (d) => { d.system.signature = true; }, "signature flag"],
    ["a name not cased as printed", "shadow/i-m-on-your-side.json", (d) => { d.name = "I'M on Your Side"; }, "name or line reference"],
    ["a feature name not cased as printed", "shadow/hesitation-is-weakness.json", (d) => { d.name = "Hesitation Is Weakness"; }, "name or line reference"],
    ["a line counted from the section heading", "devil/barbed-tail.json", (d) => { d.seedLine = 9; }, "name or line reference"],
    ["a line off by one", "fury/bear-claws.json", (d) => { d.seedLine += 1; }, "name or line reference"],
    ["stray punctuation", "dwarf/spark-off-your-skin.json", (d) => { d.system.description = d.system.description.replace("new level", "new level."); }, "text"],
    ["a reworded basic action tier", "basic-actions/grab.json", (d) => { d.system.tiers[1].text = "The target is grabbed, but it gets a free strike first."; }, "text"],
    ["a reworded basic action effect", "basic-actions/knockback.json", (d) => { d.system.effect = "<p>Edge if the target is smaller.</p>"; }, "text"],
    ["a wrong damage number", "signature-abilities/bear-claws.json", (d) => { d.system.tiers[2].damage.value = "12"; }, "text"],
    ["a wrong forced movement", "signature-abilities/bear-claws.json", (d) => { d.system.tiers[0].forced[0].distance = 2; }, "text"],
    ["a wrong keyword", "fury/brutal-slam.json", (d) => { d.system.keywords.push("ranged"); }, "text"],
    ["a wrong distance", "fury/brutal-slam.json", (d) => { d.system.distance.text = "Reach 2"; }, "text"],
    ["a wrong target", "fury/brutal-slam.json", (d) => { d.system.target = "2 creatures"; }, "text"],
    ["a wrong cost", "fury/blood-for-blood.json", (d) => { d.system.cost.amount += 2; }, "cost"],
    ["a wrong kit bonus", "stormwight-kits/boren.json", (d) => { d.system.bonuses.stamina = 6; }, "text"],
    ["a wrong kit armor", "martial-kits/raider.json", (d) => { d.system.armor = ["heavy", "shield"]; }, "field armor heavy"],
    ["a wrong kit weapon", "martial-kits/ranger.json", (d) => { d.system.weapons = ["medium", "polearm"]; }, "field weapons polearm"],
    ["a wrong kit implement", "caster-kits/ward-weaver.json", (d) => { d.system.implement = "bone"; }, "field implement"],
    ["a kit's mobility lost", "martial-kits/raider.json", (d) => { d.system.mobility = false; }, "field mobility"],
    ["a kit's mobility invented", "martial-kits/mountain.json", (d) => { d.system.mobility = true; }, "field mobility"],
    ["a wrong kit signature ability", "martial-kits/mountain.json", (d) => { d.system.signatureAbility = "Shield Bash"; }, "field signatureAbility"],
    ["a wrong heroic resource gain", "fury.json", (d) => { d.system.heroicResource.gain = "2"; }, "field heroicResource"],
    ["a wrong purchase cost", "devil/devil.json", (d) => { d.system.purchases[0].cost = 2; }, "field purchase Barbed Tail"],
    ["a wrong rules page paragraph", "tests.json › Test Difficulty", (d) => { d.content = d.content!.replace("12–16", "12–15"); }, "text"],
  ];
  it.each(MUTATIONS)("catches %s", (_label, file, mutate, kind) => {
    const original = doc(docs.find((d) => d.file.endsWith(file))?.file ?? file);
    expect(compare(original)).toEqual([]);
    const mutated = doc(original.file);
    mutate(mutated as PackDoc & { system: Record<string, any> }); // eslint-disable-line @typescript-eslint/no-explicit-any -- as above
    expect(compare(mutated).map((p) => p.kind)).toContain(kind);
  });
});

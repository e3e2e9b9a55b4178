// The monsters pack: 25 original monsters that validate, cover every organization and role, follow
// the baseline, carry fair abilities, drop as hostile tokens of the right size, and are exactly
// what `npm run monsters` makes from packs/bestiary/.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readTree } from "../harness/pack-files.ts";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { installFoundryHarness } from "../harness/foundry.ts";
// @ts-expect-error: plain JavaScript tools
import { buildPacks } from "../../tools/build-packs.mjs";
// @ts-expect-error: plain JavaScript tools
import { bestiarySourceFiles, readBestiaryFiles } from "../../tools/monsters.mjs";
// @ts-expect-error: plain JavaScript tools
import { deterministicId } from "../../tools/extract.mjs";
import { sourceProblems } from "../harness/source-problems.ts";
import type { ModelClass } from "../harness/source-problems.ts";

installFoundryHarness();
const { MonsterModel } = await import("../../src/data/monster.ts");
const { AbilityModel } = await import("../../src/data/ability.ts");
const { bestiaryPackDocuments, baselineMonsterData, readBuilderInput, monsterCreateData } = await import("../../src/documents/monster-sources.ts");
const { MONSTER_ORGANIZATION_IDS, MONSTER_ROLE_IDS, monsterBaseline, tokenSquares } = await import("../../src/rules/index.ts");
const { parseStatBlock } = await import("../../src/parser/stat-block.ts");

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCES = path.join(ROOT, "packs/_source/monsters");
const manifest = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8"));
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));


type Tier = { damage: { value: string; type: string } };
type Ability = { _id: string; _key: string; name: string; type: string; system: { type: string; keywords: string[]; cost: { amount: number; resource: string }; power: { kind: string; characteristics: string[] }; tiers: Tier[]; effect: string } };
type Monster = {
  _id: string; _key: string; name: string; type: string; folder: string;
  system: { level: number; organization: string; role: string; ev: number; stamina: { value: number; max: number }; freeStrike: number; size: { value: number; letter: string }; characteristics: Record<string, number>; biography: string; keywords: string[] };
  prototypeToken: { width: number; height: number; disposition: number; actorLink: boolean; bar1: { attribute: string } };
  items: Ability[];
};
type Folder = { _id: string; _key: string; name: string; type: string };

const docs = Object.values(readTree(SOURCES)).map((t) => JSON.parse(t) as Monster & Folder);
const folders = docs.filter((d) => d._key.startsWith("!folders!")) as Folder[];
const monsters = docs.filter((d) => d._key.startsWith("!actors!")) as Monster[];
const damage = (t: Tier) => Number(t.damage.value || 0);

describe("monsters pack", () => {
  it("holds 25 monsters of levels 1 to 4 in six themed Actor folders", () => {
    expect(monsters).toHaveLength(25);
    expect(folders.map((f) => f.type)).toEqual(Array(6).fill("Actor"));
    for (const m of monsters) expect(folders.map((f) => f._id)).toContain(m.folder);
    expect(new Set(monsters.map((m) => m.system.level))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(monsters.map((m) => m.name)).size).toBe(25);
  });

  it("covers every organization and every role", () => {
    expect(new Set(monsters.map((m) => m.system.organization))).toEqual(new Set(MONSTER_ORGANIZATION_IDS));
    expect(new Set(monsters.map((m) => m.system.role))).toEqual(new Set(MONSTER_ROLE_IDS));
  });

  it("gives every document and embedded ability a unique deterministic id and the right _key", () => {
    const ids = [...docs.map((d) => d._id), ...monsters.flatMap((m) => m.items.map((i) => i._id))];
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of folders) expect(f._key).toBe(`!folders!${f._id}`);
    for (const m of monsters) {
      expect(m._id).toMatch(/^[0-9a-zA-Z]{16}$/);
      expect(m._key).toBe(`!actors!${m._id}`);
      for (const i of m.items) expect(i._key).toBe(`!actors.items!${m._id}.${i._id}`);
    }
  });

  it("are valid monster and ability data for the data models", () => {
    // Type escape: typed by the League's TypeDataModel; the harness's offers ModelClass.
    const M = MonsterModel as unknown as ModelClass;
    const A = AbilityModel as unknown as ModelClass;
    for (const m of monsters) {
      expect(m.type).toBe("monster");
      expect(sourceProblems(M, m.system), m.name).toEqual([]);
      for (const i of m.items) {
        expect(i.type).toBe("ability");
        expect(sourceProblems(A, i.system), `${m.name}: ${i.name}`).toEqual([]);
      }
    }
  });

  it("give every monster a full stat block: flavour, keywords, 2–5 abilities, a triggered action, full Stamina", () => {
    for (const m of monsters) {
      expect(m.system.biography, m.name).toMatch(/^<p>.{20,}<\/p>$/);
      expect(m.system.keywords.length, m.name).toBeGreaterThan(0);
      expect(m.items.length, m.name).toBeGreaterThanOrEqual(2);
      expect(m.items.length, m.name).toBeLessThanOrEqual(5);
      expect(m.items.some((i) => ["triggered", "freeTriggered"].includes(i.system.type)), m.name).toBe(true);
      expect(m.system.stamina.value).toBe(m.system.stamina.max);
    }
  });

  it("give every ability three tiers, with something in each when it rolls and nothing when it does not", () => {
    for (const m of monsters) for (const i of m.items) {
      expect(i.system.tiers, `${m.name}: ${i.name}`).toHaveLength(3);
      const filled = i.system.tiers.map((t) => JSON.stringify(t) !== JSON.stringify({ damage: { value: "", type: "" }, forced: [], conditions: [], text: "" }));
      if (i.system.power.kind === "none") {
        expect(filled, `${m.name}: ${i.name}`).toEqual([false, false, false]);
        expect(i.system.effect, `${m.name}: ${i.name} says what it does`).not.toBe("");
      } else {
        expect(filled, `${m.name}: ${i.name}`).toEqual([true, true, true]);
        expect(i.system.power.characteristics.length).toBeGreaterThan(0);
      }
    }
  });

  it("follow the baseline: Stamina, EV, free strike, highest characteristic, and signature damage", () => {
    for (const m of monsters) {
      const b = monsterBaseline(m.system);
      expect([m.system.stamina.max, m.system.ev, m.system.freeStrike], m.name).toEqual([b.stamina, b.ev, b.freeStrike]);
      expect(Math.max(...Object.values(m.system.characteristics)), m.name).toBe(b.highestCharacteristic);
      const rolled = m.items.filter((i) => i.system.power.kind === "ability" && i.system.tiers.some((t) => t.damage.value));
      expect(rolled.length, m.name).toBeGreaterThan(0);
      // The first damaging ability is the signature strike, at the baseline; no other ability beats it.
      expect(rolled[0]!.system.tiers.map(damage), `${m.name}: ${rolled[0]!.name}`).toEqual(b.tierDamage);
      for (const i of rolled) i.system.tiers.forEach((t, n) => expect(damage(t), `${m.name}: ${i.name}`).toBeLessThanOrEqual(b.tierDamage[n]!));
      // The ability rolls the monster's best characteristic.
      expect(rolled[0]!.system.power.characteristics.map((c) => m.system.characteristics[c])).toContain(b.highestCharacteristic);
    }
  });

  it("give leaders and solos Villain Power abilities and an end-of-turn or per-round feature; others cost nothing", () => {
    for (const m of monsters) {
      const vp = m.items.filter((i) => i.system.cost.resource === "villainPower" && i.system.cost.amount > 0);
      if (m.system.organization === "leader" || m.system.organization === "solo") {
        expect(vp.length, m.name).toBeGreaterThanOrEqual(2);
        expect(m.items.some((i) => i.system.type === "villain"), m.name).toBe(true);
        expect(m.items.some((i) => i.system.type === "trait" && /end of each|start of each round|end of each round/i.test(i.system.effect)), m.name).toBe(true);
      } else {
        expect(vp, m.name).toEqual([]);
      }
      if (m.system.organization === "solo") expect(m.items.some((i) => /two turns each round/.test(i.system.effect)), m.name).toBe(true);
    }
  });

  it("drop as hostile, unlinked tokens of the monster's size with the Stamina bar", () => {
    for (const m of monsters) {
      const squares = tokenSquares(m.system.size as never);
      expect(m.prototypeToken, m.name).toMatchObject({ width: squares, height: squares, disposition: -1, actorLink: false, bar1: { attribute: "stamina" } });
    }
    const big = monsters.find((m) => m.name.startsWith("Gloamhusk"))!;
    expect([big.prototypeToken.width, big.prototypeToken.height]).toEqual([3, 3]);
  });

  it("are exactly what npm run monsters makes from packs/bestiary", () => {
    const fresh = bestiarySourceFiles(bestiaryPackDocuments(readBestiaryFiles(ROOT), deterministicId));
    expect(fresh).toEqual(readTree(SOURCES));
  });

  it("stop the generator with the file and line of a stat block that does not parse", () => {
    const files = [{ slug: "test", folder: "Test", text: "Good\nLevel 1 Solo Brute\n---\nBad\nLevel 1 Solo Brute\nStamina: many\n" }];
    expect(() => bestiaryPackDocuments(files, deterministicId)).toThrow(/test\.txt line 6: SE\.Bestiary\.Error\.NotANumber/);
  });

  it("is listed in system.json under the Steel & Echoes pack folder", () => {
    const entry = manifest.packs.find((p: { name: string }) => p.name === "monsters");
    expect(entry).toMatchObject({ type: "Actor", path: "packs/monsters", system: "steel-echoes" });
    const listed = JSON.stringify(manifest.packFolders.find((f: { name: string }) => f.name === "Steel & Echoes"));
    expect(listed).toContain('"monsters"');
  });

  it("compiles to LevelDB with the official CLI and reads back whole, abilities embedded", async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "steel-echoes-monsters-"));
    temps.push(out);
    expect(await buildPacks({ root: ROOT, outDir: out })).toContain("monsters");
    const back = path.join(out, "back");
    await extractPack(path.join(out, "packs/monsters"), back, { folders: false });
    const read = Object.values(readTree(back)).map((t) => JSON.parse(t) as Monster);
    const actors = read.filter((d) => d.type === "monster");
    expect(actors.map((d) => d._id).sort()).toEqual(monsters.map((m) => m._id).sort());
    const widow = actors.find((a) => a.name === "The Lantern Widow")!;
    const source = monsters.find((a) => a.name === "The Lantern Widow")!;
    expect(widow.items.map((i) => i.name)).toEqual(source.items.map((i) => i.name));
    expect(widow.system).toEqual(source.system);
  }, 60_000);
});

describe("monster builder", () => {
  it("fills in the baseline numbers for the level, organization and role", () => {
    const data = baselineMonsterData({ name: "Quarry Golem", level: 3, organization: "troop", role: "brute" });
    const b = monsterBaseline({ level: 3, organization: "troop", role: "brute" });
    expect(data.system).toMatchObject({ level: 3, organization: "troop", role: "brute", ev: b.ev, stamina: { value: b.stamina, max: b.stamina }, freeStrike: b.freeStrike, speed: b.speed, stability: b.stability });
    expect(Math.max(...Object.values(data.system.characteristics))).toBe(b.highestCharacteristic);
    expect(data.prototypeToken).toMatchObject({ name: "Quarry Golem", disposition: -1, actorLink: false, width: 1 });
    // Type escape: typed by the League's TypeDataModel; the harness's offers ModelClass.
    expect(sourceProblems(MonsterModel as unknown as ModelClass, data.system)).toEqual([]);
  });

  it("checks the dialog's values and names what is wrong", () => {
    expect(readBuilderInput({ name: " Golem ", level: "4", organization: "solo", role: "mount" })).toEqual({ ok: true, value: { name: "Golem", level: 4, organization: "solo", role: "mount" } });
    expect(readBuilderInput({ name: "", level: 1, organization: "solo", role: "brute" })).toEqual({ ok: false, key: "SE.Bestiary.Builder.Error.Name" });
    expect(readBuilderInput({ name: "G", level: 2.5, organization: "solo", role: "brute" })).toEqual({ ok: false, key: "SE.Bestiary.Builder.Error.Level" });
    expect(readBuilderInput({ name: "G", level: 21, organization: "solo", role: "brute" })).toEqual({ ok: false, key: "SE.Bestiary.Builder.Error.Level" });
    expect(readBuilderInput({ name: "G", level: 1, organization: "horde", role: "brute" })).toEqual({ ok: false, key: "SE.Bestiary.Builder.Error.Organization" });
    expect(readBuilderInput({ name: "G", level: 1, organization: "solo", role: "" })).toEqual({ ok: false, key: "SE.Bestiary.Builder.Error.Role" });
  });

  it("imports a pasted stat block as creation data with embedded abilities and a monster token", () => {
    const r = parseStatBlock("Pebble\nLevel 1 Minion Brute\nSize: 2\n\nThrow\nKeywords: Ranged\nType: Action\nDistance: Ranged 5\nTarget: 1 creature\n");
    if (!r.ok) throw new Error("does not parse");
    const data = monsterCreateData(r.value);
    expect(data).toMatchObject({ name: "Pebble", type: "monster", prototypeToken: { width: 2, height: 2, disposition: -1 }, items: [{ name: "Throw", type: "ability" }] });
  });
});

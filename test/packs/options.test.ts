// The kits, ancestries and complications packs (and the ancestry abilities in the abilities pack):
// counts, every kit's numbers against the seed's per-kit text, valid documents, stable ids, UUIDs
// that resolve, compilation with the official CLI, and exactly what the extractor makes.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTree, tempDirs } from "../harness/pack-files.ts";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { installFoundryHarness } from "../harness/foundry.ts";
import { langI18n } from "../harness/handlebars-helpers.ts";
import { heroInput, classes } from "../fixtures/actors.ts";
import { heroSheetContext } from "../../src/applications/view-models/hero-sheet.ts";
import type { SheetItem } from "../../src/applications/view-models/hero-sheet.ts";
import { deriveHero } from "../../src/rules/index.ts";
// @ts-expect-error: plain JavaScript tools
import { buildPacks } from "../../tools/build-packs.mjs";
// @ts-expect-error: plain JavaScript tools
import { extract, deterministicId } from "../../tools/extract.mjs";
import { sourceProblems } from "../harness/source-problems.ts";
import type { ModelClass } from "../harness/source-problems.ts";

installFoundryHarness();
const { ITEM_MODELS } = await import("../../src/data/index.ts");

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCES = path.join(ROOT, "packs/_source");
const SEED = path.resolve(ROOT, "../shared/seeds/004_f522d4137f25400b.txt");
const PACKS = ["kits", "ancestries", "complications"];
const temp = tempDirs("options");

type Doc = { _id: string; _key: string; name: string; type?: string; img?: string; folder?: string | null; system?: Record<string, unknown> };

const packDocs = (pack: string): Doc[] => Object.values(readTree(path.join(SOURCES, pack))).map((t) => JSON.parse(t));
const isFolder = (d: Doc) => d._key.startsWith("!folders!");

const all = Object.fromEntries(["abilities", ...PACKS].map((p) => [p, packDocs(p)])) as Record<string, Doc[]>;
const byUuid = new Map<string, Doc>(Object.entries(all).flatMap(([pack, docs]) => docs.filter((d) => !isFolder(d)).map((d) => [`Compendium.steel-echoes.${pack}.Item.${d._id}`, d] as const)));
const resolve = (uuid: string) => byUuid.get(uuid);
const folderOf = (pack: string, name: string) => all[pack]!.find((d) => isFolder(d) && d.name === name)!;
const inFolder = (pack: string, name: string) => all[pack]!.filter((d) => !isFolder(d) && d.folder === folderOf(pack, name)._id);
const kits = all.kits!.filter((d) => d.type === "kit");
const kit = (name: string) => kits.find((k) => k.name === name)!;
const ancestries = all.ancestries!.filter((d) => d.type === "ancestry");
const ancestry = (name: string) => ancestries.find((a) => a.name === name)!;

type Bonuses = { stamina: number; speed: number; stability: number; distance: number; reach: number; area: number; meleeDamage: number[]; rangedDamage: number[]; magicDamage: number[] };
type KitSystem = { kitType: string; armor: string[]; weapons: string[]; implement: string; bonuses: Bonuses; mobility: boolean; ward: string; signatureAbility: string; grants: string[] };
type AbilitySystem = { signature: boolean; keywords: string[]; distance: { kind: string; primary: number; secondary: number; within: number }; tiers: { damage: { value: string; type: string } }[] };

/**
 * The seed's per-kit text, typed by hand from L3612–3853 and L4732–5566 (notes/ds-content-inventory.md
 * §4.2; Meditator Stamina +9 and Ward Weaver stone as the per-kit text says, not the summary table):
 * kind, armor, weapons, implement, Stamina, speed, stability, melee, ranged, magic, distance, reach,
 * area, Mobility; signature ability, its three printed damage numbers.
 */
const T = (s: string) => s.split("/").map(Number);
const KITS: [string, string, string, string, string, number, number, number, string, string, string, number, number, number, boolean, string, string][] = [
  ["Cloak and Dagger", "martial", "light", "light", "", 3, 2, 0, "1/1/1", "1/1/1", "0/0/0", 5, 0, 0, true, "Fade", "4/9/13"],
  ["Guisarmier", "martial", "medium", "polearm", "", 6, 0, 1, "2/2/2", "0/0/0", "0/0/0", 0, 1, 0, false, "Forward Thrust, Backward Smash", "4/6/8"],
  ["Martial Artist", "martial", "none", "unarmed", "", 3, 3, 0, "2/2/2", "0/0/0", "0/0/0", 0, 0, 0, true, "Battle Grace", "5/9/12"],
  ["Mountain", "martial", "heavy", "heavy", "", 9, 0, 2, "0/0/4", "0/0/0", "0/0/0", 0, 0, 0, false, "Pain for Pain", "3/8/16"],
  ["Panther", "martial", "none", "heavy", "", 6, 1, 1, "0/0/4", "0/0/0", "0/0/0", 0, 0, 0, false, "Devastating Rush", "3/8/16"],
  ["Pugilist", "martial", "none", "unarmed", "", 6, 2, 1, "1/1/1", "0/0/0", "0/0/0", 0, 0, 0, false, "Let's Dance", "4/9/13"],
  ["Raider", "martial", "medium+shield", "light", "", 9, 1, 0, "1/1/1", "0/0/0", "0/0/0", 5, 0, 0, true, "Shield Bash", "4/8/11"],
  ["Ranger", "martial", "medium", "medium+bow", "", 6, 1, 0, "1/1/1", "1/1/1", "0/0/0", 5, 0, 0, true, "Hamstring Shot", "3/7/10"],
  ["Rapid-Fire", "martial", "light", "bow", "", 3, 1, 0, "0/0/0", "2/2/2", "0/0/0", 7, 0, 0, true, "Two Shot", "4/6/7"],
  ["Retiarius", "martial", "light", "polearm+ensnaring", "", 3, 1, 0, "2/2/2", "0/0/0", "0/0/0", 0, 1, 0, true, "Net and Stab", "4/7/10"],
  ["Shining Armor", "martial", "heavy+shield", "medium", "", 12, 0, 1, "2/2/2", "0/0/0", "0/0/0", 0, 0, 0, false, "Protective Attack", "5/9/12"],
  ["Sniper", "martial", "none", "bow", "", 0, 1, 0, "0/0/0", "0/0/4", "0/0/0", 10, 0, 0, true, "Patient Shot", "3/7/14"],
  ["Stick and Robe", "martial", "light", "polearm", "", 3, 2, 0, "1/1/1", "0/0/0", "0/0/0", 0, 1, 0, true, "Where I Want You", "4/8/11"],
  ["Swashbuckler", "martial", "light", "medium", "", 3, 3, 0, "2/2/2", "0/0/0", "0/0/0", 0, 0, 0, true, "Fancy Footwork", "5/10/14"],
  ["Whirlwind", "martial", "none", "whip", "", 0, 3, 0, "1/1/1", "0/0/0", "0/0/0", 0, 1, 0, true, "Extension of My Arm", "4/8/11"],
  ["Bloodpact", "caster", "none", "none", "metal", 6, 0, 0, "0/0/0", "0/0/0", "2/2/2", 5, 0, 0, false, "Drain", "5/10/14"],
  ["Dancer", "caster", "none", "none", "glass", 0, 2, 0, "0/0/0", "0/0/0", "0/1/2", 0, 0, 0, false, "Tarantella Volley", "2/7/11"],
  ["Frigid", "caster", "none", "none", "crystal", 3, 0, 0, "0/0/0", "0/0/0", "0/0/0", 7, 0, 1, false, "Frozen Explosion", "2/3/4"],
  ["Meditator", "caster", "light", "none", "bone", 9, 1, 0, "0/0/0", "0/0/0", "0/0/0", 0, 0, 0, false, "Bountiful Decay", "2/6/9"],
  ["Missile", "caster", "none", "none", "wood", 0, 0, 0, "0/0/0", "0/0/0", "0/1/2", 10, 0, 0, false, "Spike!", "2/8/11"],
  ["Nature Calling", "caster", "none", "none", "stone", 0, 0, 2, "0/0/0", "0/0/0", "0/0/0", 7, 0, 0, false, "Lightning Spark", "2/6/9"],
  ["Rook", "caster", "heavy", "none", "bone", 12, 0, 0, "0/0/0", "0/0/0", "0/0/0", 0, 0, 0, false, "Blessed Light", "2/6/9"],
  ["Spellslinger", "caster", "none", "none", "metal", 0, 1, 0, "0/0/0", "0/0/0", "1/1/1", 5, 0, 0, false, "Split Beam", "3/5/6"],
  ["Ward Weaver", "caster", "none", "none", "stone", 6, 0, 1, "0/0/0", "0/0/0", "0/0/0", 5, 0, 0, false, "Energy Siphon", "2/6/9"],
  ["Boren", "stormwight", "none", "unarmed", "", 9, 0, 2, "0/0/4", "0/0/0", "0/0/0", 0, 0, 0, false, "Bear Claws", "2/3/8"],
  ["Corven", "stormwight", "none", "unarmed", "", 3, 3, 0, "2/2/2", "0/0/0", "0/0/0", 0, 0, 0, true, "Wing Buffet", "4/5/7"],
  ["Raden", "stormwight", "none", "unarmed", "", 3, 3, 0, "2/2/2", "0/0/0", "0/0/0", 0, 0, 0, true, "Driving Pounce", "4/5/6"],
  ["Vuken", "stormwight", "none", "unarmed", "", 9, 2, 0, "2/2/2", "0/0/0", "0/0/0", 0, 0, 0, true, "Probing Attack", "5/9/12"],
];

describe("kits pack", () => {
  it("holds the 28 kits in a folder per kind (15 martial, 9 caster, 4 stormwight) and their 28 signature abilities", () => {
    expect(kits).toHaveLength(28);
    expect(inFolder("kits", "Martial kits").map((d) => d.name)).toHaveLength(15);
    expect(inFolder("kits", "Caster kits")).toHaveLength(9);
    expect(inFolder("kits", "Stormwight kits")).toHaveLength(4);
    const signatures = inFolder("kits", "Signature abilities");
    expect(signatures).toHaveLength(28);
    expect(signatures.every((s) => s.type === "ability" && (s.system as AbilitySystem).signature)).toBe(true);
  });

  it.each(KITS)("%s has the seed's per-kit numbers", (name, kind, armor, weapons, implement, stamina, speed, stability, melee, ranged, magic, distance, reach, area, mobility, signature, damage) => {
    const s = kit(name).system as unknown as KitSystem;
    expect({ kind: s.kitType, armor: s.armor.join("+"), weapons: s.weapons.join("+"), implement: s.implement, mobility: s.mobility }).toEqual({ kind, armor, weapons, implement, mobility });
    expect(s.bonuses).toEqual({ stamina, speed, stability, distance, reach, area, meleeDamage: T(melee), rangedDamage: T(ranged), magicDamage: T(magic) });
    expect(s.signatureAbility).toBe(signature);
    const ability = resolve(s.grants[0]!)!;
    expect(ability.name).toBe(signature);
    expect((ability.system as AbilitySystem).tiers.map((t) => t.damage.value).join("/")).toBe(damage);
    expect(Boolean(s.ward)).toBe(kind === "caster");
  });

  it("lets stormwight kits grant the Fury's Animal Form ability as well", () => {
    for (const name of ["Boren", "Corven", "Raden", "Vuken"]) {
      expect((kit(name).system as unknown as KitSystem).grants.map((u) => resolve(u)?.name)).toEqual([(kit(name).system as unknown as KitSystem).signatureAbility, "Animal Form"]);
    }
  });

  it("applies the curations: Fade's 'range 10', Lightning Spark's missing damage types", () => {
    const fade = resolve((kit("Cloak and Dagger").system as unknown as KitSystem).grants[0]!)!.system as AbilitySystem;
    expect(fade.distance).toMatchObject({ kind: "reachOrRanged", primary: 1, secondary: 10 });
    const spark = resolve((kit("Nature Calling").system as unknown as KitSystem).grants[0]!)!.system as AbilitySystem;
    expect(spark.tiers.map((t) => t.damage.type)).toEqual(["lightning", "lightning", "lightning"]);
    const spike = resolve((kit("Missile").system as unknown as KitSystem).grants[0]!)!.system as AbilitySystem;
    expect(spike.tiers.map((t) => t.damage.type)).toEqual(["fire", "cold", "lightning"]);
  });

  it("never adds a kit's damage bonus to its own signature ability on the hero sheet", () => {
    const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
    const i18n = langI18n(lang, new Set());
    for (const [name, , , , , , , , , , , , , , , , damage] of KITS) {
      const k = kit(name);
      const signature = resolve((k.system as unknown as KitSystem).grants[0]!)!;
      const items = [classes.fury(), k, signature].map((d) => ({ id: (d as Doc)._id ?? d.name, type: d.type!, name: d.name, img: d.img ?? "", system: d.system! })) as SheetItem[];
      const ctx = heroSheetContext(heroInput({ name: "X", characteristics: {}, items }), i18n);
      const shown = ctx.abilityGroups.flatMap((g) => g.abilities).find((a) => a.name === signature.name)!;
      expect(shown.tiers.map((t) => /^(\d+)/.exec(t.text)?.[1]).join("/"), name).toBe(damage);
    }
  });
});

describe("ancestries pack", () => {
  const NUMBERS: Record<string, { size: string; speed: number; stamina: number; staminaPerLevel: number; stability: number; recoveries: number; fiendPoints: number; features: number }> = {
    "Devil": { size: "1M", speed: 5, stamina: 0, staminaPerLevel: 0, stability: 0, recoveries: 0, fiendPoints: 3, features: 1 },
    "Dragon Knight": { size: "1M", speed: 5, stamina: 0, staminaPerLevel: 0, stability: 0, recoveries: 0, fiendPoints: 0, features: 2 },
    "Dwarf": { size: "1M", speed: 5, stamina: 6, staminaPerLevel: 1, stability: 1, recoveries: 0, fiendPoints: 0, features: 3 },
    "Wode Elf": { size: "1M", speed: 6, stamina: 0, staminaPerLevel: 0, stability: 0, recoveries: 0, fiendPoints: 0, features: 3 },
    "High Elf": { size: "1M", speed: 5, stamina: 0, staminaPerLevel: 0, stability: 0, recoveries: 0, fiendPoints: 0, features: 3 },
    "Hakaan": { size: "1L", speed: 5, stamina: 0, staminaPerLevel: 0, stability: 0, recoveries: 0, fiendPoints: 0, features: 3 },
    "Human": { size: "1M", speed: 5, stamina: 0, staminaPerLevel: 0, stability: 0, recoveries: 2, fiendPoints: 0, features: 3 },
    "Memonek": { size: "1M", speed: 7, stamina: 0, staminaPerLevel: 0, stability: -2, recoveries: 0, fiendPoints: 0, features: 2 },
    "Orc": { size: "1M", speed: 5, stamina: 0, staminaPerLevel: 0, stability: 0, recoveries: 0, fiendPoints: 0, features: 2 },
    "Polder": { size: "1S", speed: 5, stamina: 0, staminaPerLevel: 0, stability: 0, recoveries: 0, fiendPoints: 0, features: 1 },
    "Revenant": { size: "1M", speed: 5, stamina: 0, staminaPerLevel: 0, stability: 0, recoveries: 0, fiendPoints: 0, features: 4 },
    "Time Raider": { size: "1M", speed: 5, stamina: 0, staminaPerLevel: 0, stability: 0, recoveries: 0, fiendPoints: 0, features: 3 },
  };

  it("holds the 12 ancestries, each in its own folder with its benefits as ancestry features", () => {
    expect(ancestries.map((a) => a.name).sort()).toEqual(Object.keys(NUMBERS).sort());
    for (const a of ancestries) {
      const folder = folderOf("ancestries", a.name);
      expect(a.folder, a.name).toBe(folder._id);
      const features = inFolder("ancestries", a.name).filter((d) => d.type === "feature");
      expect(features.every((f) => (f.system as { source: string }).source === "ancestry")).toBe(true);
    }
  });

  it.each(Object.entries(NUMBERS))("%s has the seed's size, speed, bonuses and granted features", (name, n) => {
    const s = ancestry(name).system as { size: { value: number; letter: string }; speed: number; bonuses: Record<string, number>; fiendPoints: number; grants: string[] };
    expect({ size: `${s.size.value}${s.size.letter}`, speed: s.speed, ...s.bonuses, fiendPoints: s.fiendPoints })
      .toEqual({ size: n.size, speed: n.speed, stamina: n.stamina, staminaPerLevel: n.staminaPerLevel, stability: n.stability, recoveries: n.recoveries, fiendPoints: n.fiendPoints });
    expect(s.grants.map((u) => resolve(u)!).filter((d) => d.type === "feature")).toHaveLength(n.features);
  });

  it("grants Shadowmeld and Detonate Sigil; offers Draconian Pride as one Knighthood choice", () => {
    const granted = (name: string) => (ancestry(name).system as { grants: string[] }).grants.map((u) => resolve(u)!.name);
    expect(granted("Polder")).toEqual(["Polder Geist", "Shadowmeld"]);
    expect(granted("Revenant")).toEqual(["Former Life", "Vengeance Mark", "Tough but Withered", "Undead Influence", "Detonate Sigil"]);
    expect(granted("Dragon Knight")).toEqual(["Wyrmplate", "Knighthood"]);
    // The benefit that offers an ability links to it.
    const knighthood = all.ancestries!.find((d) => d.name === "Knighthood")!.system as { description: string };
    const link = /@UUID\[([^\]]+)\]\{Draconian Pride\}/.exec(knighthood.description);
    expect(resolve(link![1]!)?.name).toBe("Draconian Pride");
    const abilities = inFolder("abilities", "Ancestry abilities");
    expect(abilities.map((a) => a.name).sort()).toEqual(["Detonate Sigil", "Draconian Pride", "Shadowmeld"]);
    const sigil = abilities.find((a) => a.name === "Detonate Sigil")!.system as AbilitySystem & { effect: string };
    expect(sigil.tiers.map((t) => t.damage.value)).toEqual(["3", "7", "10"]);
    expect(sigil.effect).toBe("<p>The sigil disappears from the creature.</p>");
  });

  it("lists the Devil's 8 fiend-point purchases with their costs", () => {
    const purchases = (ancestry("Devil").system as { purchases: { name: string; cost: number; uuid: string }[] }).purchases;
    expect(purchases.map((p) => `${p.name} ${p.cost}`)).toEqual([
      "Barbed Tail 1", "Beast Legs 2", "Exposed Skeleton 2", "Glowing Eyes 1", "Hellsight 1", "Horns 1", "Prehensile Tail 2", "Wings 2",
    ]);
    for (const p of purchases) expect(resolve(p.uuid)).toMatchObject({ name: p.name, type: "feature" });
  });

  it("feed the hero derivation (Dwarf Fury with the Mountain kit at 1st and 3rd level)", () => {
    const dwarf = ancestry("Dwarf").system as never;
    const mountain = kit("Mountain").system as never;
    const fury = { startingStamina: 21, staminaPerLevel: 9, recoveries: 10 };
    expect(deriveHero({ level: 1, class: fury, kit: mountain, ancestry: dwarf })).toMatchObject({ staminaMax: 21 + 9 + 6, stability: 3, speed: 5 });
    expect(deriveHero({ level: 3, class: fury, kit: mountain, ancestry: dwarf }).staminaMax).toBe(21 + 18 + 9 + 8);
    expect(deriveHero({ level: 1, class: fury, ancestry: ancestry("Human").system as never }).recoveriesMax).toBe(12);
    expect(deriveHero({ level: 1, ancestry: ancestry("Memonek").system as never })).toMatchObject({ speed: 7, stability: 0 });
  });
});

describe("complications pack", () => {
  it("holds the 10 complications with a benefit and a drawback each", () => {
    const docs = all.complications!;
    expect(docs.map((d) => d.name)).toEqual(expect.arrayContaining([
      "Cult Victim", "Devil Deal", "Elemental Absorption", "Fire and Chaos", "Primordial Sickness", "Punishment Curse",
      "Shipwrecked", "Vivid Dreams", "Ward", "War of the Guilds",
    ]));
    expect(docs).toHaveLength(10);
    const fire = docs.find((d) => d.name === "Fire and Chaos")!.system as { benefit: string; drawback: string };
    expect(fire).toMatchObject({ benefit: "<p>You have fire immunity 5.</p>", drawback: "<p>You have cold weakness 5.</p>" });
  });
});

describe("option pack documents", () => {
  const Models = ITEM_MODELS as unknown as Record<string, ModelClass>;

  it.each(["abilities", ...PACKS])("%s: every document is valid for its data model, and v13's cleaning changes nothing (no unknown keys)", (pack) => {
    for (const d of all[pack]!.filter((x) => !isFolder(x))) {
      expect(sourceProblems(Models[d.type!]!, d.system!), `${pack}/${d.name}`).toEqual([]);
    }
  });

  it.each(PACKS)("%s: unique 16-character ids from the pack and slug, with matching _keys", (pack) => {
    const docs = all[pack]!;
    expect(new Set(docs.map((d) => d._id)).size).toBe(docs.length);
    for (const d of docs) {
      expect(d._id).toMatch(/^[0-9a-zA-Z]{16}$/);
      expect(d._key).toBe(`${isFolder(d) ? "!folders!" : "!items!"}${d._id}`);
    }
    // Stable: the id is the hash of pack and slug, not of anything that changes between runs.
    if (pack === "kits") expect(kit("Mountain")._id).toBe(deterministicId("kits", "kit-mountain"));
  });

  it("resolve every granted and purchasable UUID to a document in the packs", () => {
    const uuids = [...kits, ...ancestries].flatMap((d) => [
      ...((d.system as { grants?: string[] }).grants ?? []),
      ...((d.system as { purchases?: { uuid: string }[] }).purchases ?? []).map((p) => p.uuid),
    ]);
    expect(uuids.length).toBeGreaterThan(28 + 30 + 8);
    expect(uuids.filter((u) => !resolve(u))).toEqual([]);
  });

  it("compile with the official CLI and read back whole", async () => {
    const out = temp();
    expect(await buildPacks({ root: ROOT, outDir: out })).toEqual(expect.arrayContaining(["abilities", ...PACKS]));
    for (const pack of PACKS) {
      const back = temp();
      await extractPack(path.join(out, "packs", pack), back, { folders: true });
      const read = Object.values(readTree(back)).map((t) => JSON.parse(t) as Doc);
      expect(read.map((d) => d._id).sort(), pack).toEqual(all[pack]!.map((d) => d._id).sort());
    }
    const back = temp();
    await extractPack(path.join(out, "packs", "kits"), back, { folders: false });
    const read = Object.values(readTree(back)).map((t) => JSON.parse(t) as Doc);
    expect(read.find((d) => d.name === "Meditator")!.system).toEqual(kit("Meditator").system);
  }, 60_000);

  it.skipIf(!existsSync(SEED))("are exactly what npm run extract makes from the seed", async () => {
    const out = temp();
    await extract(SEED, out);
    for (const pack of [...PACKS, "abilities"]) expect(readTree(path.join(out, pack)), pack).toEqual(readTree(path.join(SOURCES, pack)));
  }, 60_000);
});

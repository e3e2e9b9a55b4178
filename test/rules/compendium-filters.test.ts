// The compendium browser's filters and search (src/rules/compendium-filters.ts), on made-up entries
// and on the system's own packs (packs/_source, indexed as Foundry's getIndex would).
import { describe, expect, it } from "vitest";
import {
  BROWSER_KINDS, STATE_IDS, browserDragData, browserEntries, browserEntry, browserIndexFields, browserKindOf,
  emptyBrowserFilter, facetValues, filterEntries, folderPath, kindCounts, matchesFacets, plainText, searchKey, searchRank,
  searchTerms, sortEntries,
} from "../../src/rules/index.ts";
import type { BrowserEntry, BrowserFilter, BrowserKind, RawIndexEntry } from "../../src/rules/index.ts";
import { packIndexes } from "../fixtures/pack-index.ts";
import { readPackSources } from "../fixtures/pack-files.ts";

const item = (name: string, type: string, system: Record<string, unknown> = {}, folders: string[] = []): BrowserEntry => {
  const raw: RawIndexEntry = { _id: name, uuid: `Compendium.steel-echoes.x.Item.${name.replace(/\W/g, "")}`, name, img: "i.svg", type, system };
  return browserEntry(raw, { pack: "steel-echoes.x", documentName: "Item", folders })!;
};
const actor = (name: string, system: Record<string, unknown>, folders: string[] = []): BrowserEntry =>
  browserEntry({ uuid: `Compendium.steel-echoes.monsters.Actor.${name.replace(/\W/g, "")}`, name, type: "monster", system },
    { pack: "steel-echoes.monsters", documentName: "Actor", folders })!;
const ability = (name: string, o: { type?: string; keywords?: string[]; cost?: number; resource?: string; kind?: string; primary?: number; effect?: string }, folder = "Fury") =>
  item(name, "ability", {
    type: o.type ?? "action", keywords: o.keywords ?? [], cost: { amount: o.cost ?? 0, resource: o.resource ?? "" },
    distance: { kind: o.kind ?? "reach", primary: o.primary ?? 1, text: "" }, effect: o.effect ?? "",
  }, [folder]);
const filter = (kind: BrowserKind, change: (f: BrowserFilter) => void = () => {}) => {
  const f = emptyBrowserFilter(kind);
  change(f);
  return f;
};
const names = (entries: BrowserEntry[]) => entries.map((e) => e.name);

const ABILITIES = [
  ability("Brutal Slam", { keywords: ["attack", "melee", "weapon"], kind: "reach", primary: 1 }),
  ability("Hit and Run", { keywords: ["attack", "melee", "weapon"], type: "action", cost: 3, resource: "heroic", primary: 1 }),
  ability("Blood for Blood!", { keywords: ["attack", "magic", "melee"], cost: 5, resource: "heroic", kind: "reach", primary: 1 }),
  ability("Seize the Opening", { keywords: ["ranged"], cost: 5, resource: "heroic", kind: "ranged", primary: 10, effect: "<p>The target makes a <em>signature</em> attack.</p>" }, "Tactician"),
  ability("Instant Dissolution", { keywords: ["area", "magic"], kind: "cube", primary: 3, cost: 3, resource: "heroic" }, "Elementalist"),
  ability("Knockback", { keywords: ["attack", "melee", "weapon"], type: "maneuver" }, "Basic actions"),
  ability("Tail Lash", { keywords: ["attack", "melee"], type: "triggered", cost: 2, resource: "villainPower", primary: 2 }, "Monsters"),
];

describe("which tab an entry goes in", () => {
  it("by its type; a feature by its source (an ancestry's trait with the ancestries); others not listed", () => {
    expect(browserKindOf("ability")).toBe("ability");
    expect(browserKindOf("monster")).toBe("monster");
    for (const t of ["class", "kit", "ancestry", "culture", "career", "complication", "condition"]) expect(browserKindOf(t)).toBe(t);
    expect(browserKindOf("feature", { source: "ancestry" })).toBe("ancestry");
    expect(browserKindOf("feature", { source: "subclass" })).toBe("class");
    expect(browserKindOf("feature", { source: "culture" })).toBe("culture");
    expect(browserKindOf("feature", { source: "title" })).toBeNull();
    expect(browserKindOf("feature")).toBeNull();
    expect(browserKindOf("echoesWeapon")).toBeNull();
    expect(browserKindOf("hero")).toBeNull();
    expect(browserEntry({ uuid: "", name: "x", type: "kit" }, { pack: "p", documentName: "Item" })).toBeNull();
  });
});

describe("an index entry as a browser entry", () => {
  it("keeps an ability's type, keywords, cost and distance (L6441, L6486, L6497); a basic action without cost is free", () => {
    const e = ABILITIES[3]!;
    expect(e.ability).toEqual({ type: "action", keywords: ["ranged"], cost: 5, resource: "heroic", distanceKind: "ranged", distance: 10, distanceText: "" });
    expect(e.group).toBe("Tactician");
    expect(e.text).toContain("signature attack");
    const bare = item("Grab", "ability", { type: "maneuver", keywords: ["melee"], distance: { kind: "reach", primary: 1 } });
    expect(bare.ability).toMatchObject({ cost: 0, resource: "" });
  });

  it("keeps a monster's level, organization, role, EV and keywords; a kit's type, weapons and armor (L4552, L4563)", () => {
    const m = actor("Ridge Wolf", { level: 1, organization: "platoon", role: "harrier", ev: 6, keywords: ["Animal", "Beast"] }, ["Beasts"]);
    expect(m.monster).toEqual({ level: 1, organization: "platoon", role: "harrier", ev: 6, keywords: ["Animal", "Beast"] });
    expect(m.documentName).toBe("Actor");
    const k = item("Sniper", "kit", { kitType: "martial", weapons: ["bow"], armor: ["none"] });
    expect(k.kit).toEqual({ kitType: "martial", weapons: ["bow"], armor: ["none"] });
  });

  it("survives missing or wrong-typed fields (an index without the fields, a hand-edited document)", () => {
    const e = browserEntry({ uuid: "u", type: "monster", system: { level: "high", keywords: "x", ev: NaN } }, { pack: "p", documentName: "Actor" })!;
    expect(e.monster).toEqual({ level: 1, organization: "", role: "", ev: 0, keywords: [] });
    expect(e.name).toBe("");
    const a = browserEntry({ uuid: "u", type: "ability", system: { cost: { amount: -3 }, distance: null } }, { pack: "p", documentName: "Item" })!;
    expect(a.ability).toEqual({ type: "", keywords: [], cost: 0, resource: "", distanceKind: "", distance: 0, distanceText: "" });
  });

  it("reads stored HTML as text: tags gone, entities read, spaces collapsed", () => {
    expect(plainText("<p>Deal <strong>5</strong>&nbsp;fire&amp;ice</p>\n<p>damage &lt;3</p>")).toBe("Deal 5 fire&ice damage <3");
    expect(plainText("<p>unclosed <b")).toBe("unclosed <b");
    expect(plainText("&amp;lt;b&amp;gt;")).toBe("&lt;b&gt;");
    expect(plainText("x".repeat(200_000) + "<p".repeat(50_000)).length).toBeGreaterThan(200_000);
  });
});

describe("abilities: by class, type, keyword, cost and distance", () => {
  const run = (change: (f: BrowserFilter) => void) => names(filterEntries(ABILITIES, filter("ability", change)));

  it("no filter: every ability, by name", () => {
    expect(run(() => {})).toEqual(["Blood for Blood!", "Brutal Slam", "Hit and Run", "Instant Dissolution", "Knockback", "Seize the Opening", "Tail Lash"]);
  });
  it("by class (the top folder): any of those chosen", () => {
    expect(run((f) => (f.groups = ["Tactician", "Elementalist"]))).toEqual(["Instant Dissolution", "Seize the Opening"]);
  });
  it("by type (L6486)", () => {
    expect(run((f) => (f.ability.types = ["maneuver", "triggered"]))).toEqual(["Knockback", "Tail Lash"]);
  });
  it("by keyword: any of them, or all of them", () => {
    expect(run((f) => (f.ability.keywords = ["magic", "ranged"]))).toEqual(["Blood for Blood!", "Instant Dissolution", "Seize the Opening"]);
    expect(run((f) => { f.ability.keywords = ["magic", "melee"]; f.ability.allKeywords = true; })).toEqual(["Blood for Blood!"]);
  });
  it("by cost: a range of Heroic Resource, free abilities at 0", () => {
    expect(run((f) => (f.ability.cost = { min: 0, max: 0 }))).toEqual(["Brutal Slam", "Knockback"]);
    expect(run((f) => (f.ability.cost = { min: 4, max: null }))).toEqual(["Blood for Blood!", "Seize the Opening"]);
    expect(run((f) => (f.ability.cost = { min: null, max: 3 }))).toHaveLength(5);
  });
  it("by resource: Villain Power apart from Heroic Resource; free ones under \"\"", () => {
    expect(run((f) => (f.ability.resources = ["villainPower"]))).toEqual(["Tail Lash"]);
    expect(run((f) => (f.ability.resources = [""]))).toEqual(["Brutal Slam", "Knockback"]);
  });
  it("by distance (L6497): its kind, and its first number as a range", () => {
    expect(run((f) => (f.ability.distanceKinds = ["ranged", "cube"]))).toEqual(["Instant Dissolution", "Seize the Opening"]);
    expect(run((f) => (f.ability.distance = { min: 2, max: null }))).toEqual(["Instant Dissolution", "Seize the Opening", "Tail Lash"]);
  });
  it("facets combine: each must hold", () => {
    expect(run((f) => { f.groups = ["Fury"]; f.ability.keywords = ["weapon"]; f.ability.cost = { min: 1, max: null }; })).toEqual(["Hit and Run"]);
    expect(run((f) => { f.groups = ["Tactician"]; f.ability.types = ["maneuver"]; })).toEqual([]);
  });
  it("a filter of another tab does not touch abilities; entries of other tabs are never shown", () => {
    const kit = item("Sniper", "kit", { kitType: "martial", weapons: ["bow"], armor: ["none"] });
    expect(names(filterEntries([...ABILITIES, kit], filter("ability", (f) => (f.kit.weapons = ["whip"]))))).toHaveLength(7);
  });
});

describe("monsters: by level, organization, role, EV and keyword", () => {
  const MONSTERS = [
    actor("Tollgate Cutpurse", { level: 1, organization: "minion", role: "harrier", ev: 3, keywords: ["Humanoid", "Bandit"] }, ["Bandits"]),
    actor("Maud Rennick", { level: 3, organization: "leader", role: "harrier", ev: 20, keywords: ["Humanoid", "Bandit"] }, ["Bandits"]),
    actor("Ridge Wolf", { level: 1, organization: "platoon", role: "harrier", ev: 6, keywords: ["Animal", "Beast"] }, ["Beasts"]),
    actor("Gloamhusk", { level: 4, organization: "solo", role: "brute", ev: 72, keywords: ["Demon"], biography: "<p>An ember glutton.</p>" }, ["Demons"]),
  ];
  const run = (change: (f: BrowserFilter) => void, sort: BrowserFilter["sort"] = "name") =>
    names(filterEntries(MONSTERS, filter("monster", (f) => { f.sort = sort; change(f); })));

  it("by level and EV ranges, ends included", () => {
    expect(run((f) => (f.monster.level = { min: 3, max: 4 }))).toEqual(["Gloamhusk", "Maud Rennick"]);
    expect(run((f) => (f.monster.ev = { min: 6, max: 20 }))).toEqual(["Maud Rennick", "Ridge Wolf"]);
  });
  it("by organization, role, keyword and group", () => {
    expect(run((f) => (f.monster.organizations = ["minion", "solo"]))).toEqual(["Gloamhusk", "Tollgate Cutpurse"]);
    expect(run((f) => (f.monster.roles = ["brute"]))).toEqual(["Gloamhusk"]);
    expect(run((f) => (f.monster.keywords = ["Beast", "Demon"]))).toEqual(["Gloamhusk", "Ridge Wolf"]);
    expect(run((f) => (f.groups = ["Bandits"]))).toEqual(["Maud Rennick", "Tollgate Cutpurse"]);
  });
  it("sorted by level or EV, lowest first, then by name", () => {
    expect(run(() => {}, "level")).toEqual(["Ridge Wolf", "Tollgate Cutpurse", "Maud Rennick", "Gloamhusk"]);
    expect(run(() => {}, "ev")).toEqual(["Tollgate Cutpurse", "Ridge Wolf", "Maud Rennick", "Gloamhusk"]);
  });
  it("search reads the biography", () => {
    expect(run((f) => (f.search = "glutton"))).toEqual(["Gloamhusk"]);
  });
});

describe("kits, ancestries, careers, cultures, complications and conditions", () => {
  const KITS = [
    item("Sniper", "kit", { kitType: "martial", weapons: ["bow"], armor: ["none"] }),
    item("Ranger", "kit", { kitType: "martial", weapons: ["medium", "bow"], armor: ["medium"] }),
    item("Mountain", "kit", { kitType: "martial", weapons: ["heavy"], armor: ["heavy"] }),
    item("Rook", "kit", { kitType: "caster", weapons: ["none"], armor: ["heavy"] }),
    item("Kit trait", "feature", { source: "kit" }),
  ];
  it("kits by weapon, armor and kit type (L4552, L4563); a kit's feature drops out once one is set", () => {
    const run = (change: (f: BrowserFilter) => void) => names(filterEntries(KITS, filter("kit", change)));
    expect(run((f) => (f.kit.weapons = ["bow"]))).toEqual(["Ranger", "Sniper"]);
    expect(run((f) => (f.kit.armor = ["heavy"]))).toEqual(["Mountain", "Rook"]);
    expect(run((f) => { f.kit.armor = ["heavy"]; f.kit.kitTypes = ["caster"]; })).toEqual(["Rook"]);
    expect(run(() => {})).toHaveLength(5);
  });
  it("ancestries with their traits, by group (the ancestry's folder) and by type", () => {
    const list = [item("Devil", "ancestry", {}, ["Devil"]), item("Silver Tongue", "feature", { source: "ancestry" }, ["Devil"]), item("Dwarf", "ancestry", {}, ["Dwarf"])];
    expect(names(filterEntries(list, filter("ancestry", (f) => (f.groups = ["Devil"]))))).toEqual(["Devil", "Silver Tongue"]);
    expect(names(filterEntries(list, filter("ancestry", (f) => (f.types = ["ancestry"]))))).toEqual(["Devil", "Dwarf"]);
  });
  it("careers, cultures and complications by search and group", () => {
    const list = [
      item("Artisan", "career", { description: "<p>You made things.</p>" }), item("Nomadic", "feature", { source: "culture" }, ["Environment"]),
      item("Urban", "feature", { source: "culture" }, ["Environment"]), item("Amnesia", "complication", { benefit: "<p>a fresh start</p>", drawback: "<p>lost</p>" }),
    ];
    expect(names(filterEntries(list, filter("career", (f) => (f.search = "things"))))).toEqual(["Artisan"]);
    expect(names(filterEntries(list, filter("culture", (f) => (f.groups = ["Environment"]))))).toEqual(["Nomadic", "Urban"]);
    expect(names(filterEntries(list, filter("complication", (f) => (f.search = "fresh start"))))).toEqual(["Amnesia"]);
  });
  it("conditions apart from states (the conditions pack holds both, L6660 on)", () => {
    const list = [item("Prone", "condition", { statusId: "prone" }), item("Dying", "condition", { statusId: "dying" }), item("Slowed", "condition", { statusId: "slowed" })];
    expect(names(filterEntries(list, filter("condition", (f) => (f.condition.statusKinds = ["state"])), STATE_IDS))).toEqual(["Dying"]);
    expect(names(filterEntries(list, filter("condition", (f) => (f.condition.statusKinds = ["condition"])), STATE_IDS))).toEqual(["Prone", "Slowed"]);
    expect(matchesFacets(list[1]!, filter("condition"), STATE_IDS)).toBe(true);
  });
});

describe("full-text search", () => {
  it("splits words, keeps quoted phrases, drops accents and case", () => {
    expect(searchTerms("  Élan  \"signature attack\" X ")).toEqual(["elan", "signature attack", "x"]);
    expect(searchTerms("\"\"")).toEqual([]);
    expect(searchKey("ÉLAN Çà")).toBe("elan ca");
  });
  it("every word must be in the name or the text", () => {
    const run = (search: string) => names(filterEntries(ABILITIES, filter("ability", (f) => (f.search = search))));
    expect(run("blood")).toEqual(["Blood for Blood!"]);
    expect(run("signature seize")).toEqual(["Seize the Opening"]);
    expect(run("\"signature attack\"")).toEqual(["Seize the Opening"]);
    expect(run("\"attack signature\"")).toEqual([]);
    expect(run("weapon")).toEqual(["Brutal Slam", "Hit and Run", "Knockback"]);
    expect(run("zzz")).toEqual([]);
  });
  it("names that start with the search come first, then names holding it, then text matches", () => {
    const list = [
      ability("Arcane Slam", { effect: "" }), ability("Slam Dance", {}), ability("Ground Pound", { effect: "<p>a slam of the fists</p>" }),
      ability("Body Slam", {}),
    ];
    const found = filterEntries(list, filter("ability", (f) => (f.search = "slam")));
    expect(names(found)).toEqual(["Slam Dance", "Arcane Slam", "Body Slam", "Ground Pound"]);
    expect(found.map((e) => searchRank(e, ["slam"]))).toEqual([0, 1, 1, 2]);
    expect(searchRank(list[0]!, [])).toBe(0);
  });
});

describe("sorting, counts, facet values and drag data", () => {
  it("sorts by cost or distance with entries lacking the number last; never changes its input", () => {
    const kit = item("Sniper", "kit", { kitType: "martial" });
    const input = [kit, ...ABILITIES];
    const byCost = sortEntries(input, "cost");
    expect(byCost.at(-1)).toBe(kit);
    expect(byCost.slice(0, 2).map((e) => e.name)).toEqual(["Brutal Slam", "Knockback"]);
    expect(input[0]).toBe(kit);
    expect(names(sortEntries(ABILITIES, "distance")).slice(-2)).toEqual(["Instant Dissolution", "Seize the Opening"]);
  });
  it("counts each tab", () => {
    const counts = kindCounts([...ABILITIES, item("Sniper", "kit")]);
    expect(counts.ability).toBe(7);
    expect(counts.kit).toBe(1);
    expect(Object.keys(counts)).toEqual([...BROWSER_KINDS]);
  });
  it("offers only the values a tab holds", () => {
    const f = facetValues(ABILITIES, "ability");
    expect(f.groups).toEqual(["Basic actions", "Elementalist", "Fury", "Monsters", "Tactician"]);
    expect(f.abilityTypes).toEqual(["action", "maneuver", "triggered"]);
    expect(f.keywords).toEqual(["area", "attack", "magic", "melee", "ranged", "weapon"]);
    expect(f.resources).toEqual(["heroic", "villainPower"]);
    expect(f.cost).toEqual({ min: 0, max: 5 });
    expect(f.distance).toEqual({ min: 1, max: 10 });
    expect(facetValues([], "monster").level).toEqual({ min: null, max: null });
  });
  it("drag data is Foundry's {type, uuid} for a compendium entry", () => {
    expect(browserDragData(ABILITIES[0]!)).toEqual({ type: "Item", uuid: ABILITIES[0]!.uuid });
    expect(browserDragData({ documentName: "Actor", uuid: "Compendium.steel-echoes.monsters.Actor.abc" })).toEqual({ type: "Actor", uuid: "Compendium.steel-echoes.monsters.Actor.abc" });
  });
  it("asks getIndex for the fields its filters and search read", () => {
    expect(browserIndexFields("Actor")).toEqual(expect.arrayContaining(["system.level", "system.organization", "system.role", "system.ev", "system.keywords"]));
    expect(browserIndexFields("Item")).toEqual(expect.arrayContaining(["system.cost", "system.distance", "system.type", "system.weapons", "system.armor", "system.description"]));
  });
  it("folder paths: top first; a cycle or a missing parent stops", () => {
    const folders = new Map([["a", { name: "Top", parent: null }], ["b", { name: "Sub", parent: "a" }], ["c", { name: "Loop", parent: "d" }], ["d", { name: "Back", parent: "c" }]]);
    expect(folderPath("b", folders)).toEqual(["Top", "Sub"]);
    expect(folderPath("c", folders)).toEqual(["Back", "Loop"]);
    expect(folderPath("zz", folders)).toEqual([]);
    expect(folderPath(null, folders)).toEqual([]);
  });
});

describe("the system's own packs, indexed as Foundry does", () => {
  const { files, packs } = readPackSources();
  const entries = browserEntries(packIndexes(files, packs));
  const run = (kind: BrowserKind, change: (f: BrowserFilter) => void = () => {}) => filterEntries(entries, filter(kind, change), STATE_IDS);

  it("lists every ability, monster, kit and option, and nothing else (no journals, no cards)", () => {
    const counts = kindCounts(entries);
    expect(counts.ability).toBe(137);
    expect(counts.monster).toBe(25);
    expect(counts.kit).toBe(28);
    expect(counts.ancestry).toBe(50);
    expect(counts.culture).toBe(15);
    expect(counts.career).toBe(8);
    expect(counts.complication).toBe(10);
    expect(counts.condition).toBe(16);
    expect(counts.class).toBe(81);
    expect(new Set(entries.map((e) => e.uuid)).size).toBe(entries.length);
  });
  it("a Fury's abilities that cost Heroic Resource, by the class folder", () => {
    const fury = run("ability", (f) => { f.groups = ["Fury"]; f.ability.cost = { min: 1, max: null }; });
    expect(fury.length).toBeGreaterThan(5);
    expect(fury.every((e) => e.ability!.cost > 0 && e.group === "Fury")).toBe(true);
    expect(facetValues(entries, "ability").groups).toEqual(expect.arrayContaining(["Conduit", "Elementalist", "Fury", "Shadow", "Tactician", "Basic Actions", "Signature abilities"]));
  });
  it("bow kits and heavy-armor kits", () => {
    expect(names(run("kit", (f) => (f.kit.weapons = ["bow"])))).toEqual(["Ranger", "Rapid-Fire", "Sniper"]);
    expect(names(run("kit", (f) => (f.kit.armor = ["heavy"])))).toEqual(["Mountain", "Rook", "Shining Armor"]);
  });
  it("level 1 minions; solos by EV", () => {
    expect(names(run("monster", (f) => { f.monster.level = { min: 1, max: 1 }; f.monster.organizations = ["minion"]; })))
      .toEqual(["Ember-Pit Needler", "Mossbelly Scrapper", "Rattlebone Shambler", "Tollgate Cutpurse"]);
    expect(names(run("monster", (f) => { f.monster.organizations = ["solo"]; f.sort = "ev"; }))).toEqual(["Verdigris, the Tarnished Drake", "Gloamhusk, the Ember Glutton"]);
  });
  it("searching a word of an ability's text finds it; states apart from conditions", () => {
    expect(names(run("ability", (f) => (f.search = "seize")))).toContain("Seize the Opening");
    expect(names(run("condition", (f) => (f.condition.statusKinds = ["state"])))).toEqual(expect.arrayContaining(["Dying", "Winded"]));
    expect(run("condition", (f) => (f.condition.statusKinds = ["condition"])).length).toBe(9);
  });
});

// The compendium browser's view-model over the system's own packs, its form read back as a filter,
// and its templates rendered with every localisation key present.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import Handlebars from "handlebars";
import {
  browserFacets, browserFilterFromForm, compendiumBrowserContext, entrySummary,
} from "../../../src/applications/view-models/compendium-browser.ts";
import { browserEntries, emptyBrowserFilter, facetValues } from "../../../src/rules/index.ts";
import type { BrowserFilter, BrowserKind } from "../../../src/rules/index.ts";
import { langI18n, registerFoundryHelpers } from "../../harness/handlebars-helpers.ts";
import { packIndexes } from "../../fixtures/pack-index.ts";
import { readPackSources } from "../../fixtures/pack-files.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
const missing = new Set<string>();
const i18n = langI18n(lang, missing);
const { files, packs } = readPackSources();
const entries = browserEntries(packIndexes(files, packs));
const filter = (kind: BrowserKind, change: (f: BrowserFilter) => void = () => {}) => {
  const f = emptyBrowserFilter(kind);
  change(f);
  return f;
};

function render(file: string, context: object) {
  const hbs = Handlebars.create();
  const absent = registerFoundryHelpers(hbs, lang);
  const html = hbs.compile(readFileSync(path.join(ROOT, "templates/compendium-browser", file), "utf8"), { strict: false })(context);
  return { html, absent };
}

describe("compendium browser view-model", () => {
  it("tabs with their counts, the abilities tab first and active; results by name with a summary line", () => {
    const c = compendiumBrowserContext(entries, filter("ability"), i18n);
    expect(c.tabs.map((t) => [t.kind, t.count, t.active])).toEqual([
      ["ability", 137, true], ["monster", 25, false], ["class", 81, false], ["kit", 28, false], ["ancestry", 50, false],
      ["culture", 15, false], ["career", 8, false], ["complication", 10, false], ["condition", 16, false],
    ]);
    expect(c.count).toBe("137 found");
    const hammer = c.results.find((r) => r.name === "Hammer and Anvil")!;
    expect(hammer.summary).toBe("Action · Reach 1 or Ranged 5 · 5 Heroic resource · Tactician");
    expect(hammer.tags).toEqual(["Attack", "Melee", "Ranged", "Weapon"]);
    expect(hammer.documentName).toBe("Item");
    expect(c.results.find((r) => r.name === "Seize the Opening")!.summary).toBe("Action · Ranged 10 · Tactician");
    expect([...missing]).toEqual([]);
  });

  it("each tab offers the filters its kind has, with only the choices present", () => {
    const labels = (kind: BrowserKind) => browserFacets(kind, facetValues(entries, kind), filter(kind), i18n).map((f) => f.name);
    expect(labels("ability")).toEqual([
      "groups", "ability.types", "ability.keywords", "ability.allKeywords", "ability.cost", "ability.distanceKinds", "ability.distance",
    ]);
    // The packs' abilities are all paid with Heroic Resource: no "paid with" choice of one.
    expect(labels("monster")).toEqual(["monster.level", "monster.organizations", "monster.roles", "monster.ev", "monster.keywords", "groups"]);
    expect(labels("kit")).toEqual(["kit.kitTypes", "kit.weapons", "kit.armor", "groups"]);
    expect(labels("condition")).toEqual(["condition.statusKinds"]);
    expect(labels("ancestry")).toEqual(["types", "groups"]);
    expect(labels("career")).toEqual([]);
    const kit = browserFacets("kit", facetValues(entries, "kit"), filter("kit", (f) => (f.kit.weapons = ["bow"])), i18n);
    const weapons = kit.find((f) => f.name === "kit.weapons")!;
    expect(weapons.kind === "checks" && weapons.options.filter((o) => o.checked).map((o) => o.label)).toEqual(["Bow"]);
  });

  it("summaries of a monster, a kit and a condition", () => {
    const by = (name: string) => entries.find((e) => e.name === name)!;
    expect(entrySummary(by("Ridge Wolf"), i18n)).toBe("Level 1 Platoon Harrier · EV 6");
    expect(entrySummary(by("Sniper"), i18n)).toBe("Martial · Weapons: Bow · Armor: None");
    expect(entrySummary(by("Dying"), i18n)).toBe("State");
    expect(entrySummary(by("Prone"), i18n)).toBe("Condition");
  });

  it("draws at most the limit and says how many more there are", () => {
    const c = compendiumBrowserContext(entries, filter("ability"), i18n, 10);
    expect(c.results).toHaveLength(10);
    expect(c.count).toBe("137 found; the first 10 shown (narrow the search to see the rest)");
    const none = compendiumBrowserContext(entries, filter("ability", (f) => (f.search = "qqqq")), i18n);
    expect(none).toMatchObject({ empty: true, count: "0 found" });
  });
});

describe("the filter form read back", () => {
  it("reads every list and range; drops unknown sorts, bad numbers, and swaps reversed ends", () => {
    const f = browserFilterFromForm("monster", [
      ["search", "  wolf "], ["sort", "ev"], ["monster.level.min", "3"], ["monster.level.max", "1"], ["monster.ev.min", "abc"],
      ["monster.organizations", "minion"], ["monster.organizations", "solo"], ["monster.organizations", "solo"], ["groups", "Drakes"],
    ]);
    expect(f).toMatchObject({ kind: "monster", search: "  wolf ", sort: "ev", groups: ["Drakes"] });
    expect(f.monster).toMatchObject({ level: { min: 1, max: 3 }, ev: { min: null, max: null }, organizations: ["minion", "solo"] });
    expect(browserFilterFromForm("ability", [["sort", "ev"]]).sort).toBe("name");
    expect(browserFilterFromForm("ability", [["ability.allKeywords", "1"], ["ability.cost.min", "2.7"]]).ability).toMatchObject({ allKeywords: true, cost: { min: 2, max: null } });
    expect(browserFilterFromForm("condition", [["condition.statusKinds", "state"], ["condition.statusKinds", "<b>"]]).condition.statusKinds).toEqual(["state"]);
    expect(browserFilterFromForm("career", [["search", "x".repeat(500)]]).search).toHaveLength(200);
  });
});

describe("compendium browser templates", () => {
  it("render the tabs, filters and results with every key localised, each result draggable by UUID", () => {
    const c = compendiumBrowserContext(entries, filter("monster", (f) => (f.monster.organizations = ["solo"])), i18n);
    const tabs = render("tabs.hbs", c);
    const filters = render("filters.hbs", c);
    const results = render("results.hbs", c);
    for (const r of [tabs, filters, results]) expect([...r.absent]).toEqual([]);
    expect(tabs.html.match(/data-action="browserTab"/g)).toHaveLength(9);
    expect(filters.html).toContain('name="monster.organizations" value="solo" checked');
    expect(filters.html).toContain('name="monster.level.min"');
    const rows = [...results.html.matchAll(/<li class="compendium-browser__entry" draggable="true" data-uuid="([^"]+)" data-document-name="Actor">/g)];
    expect(rows.map((m) => m[1])).toEqual(c.results.map((r) => r.uuid));
    expect(rows).toHaveLength(2);
  });

  it("escapes what a pack's author typed", () => {
    const evil = browserEntries([{ id: "world.x", documentName: "Item", folders: [], entries: [{ uuid: "Compendium.world.x.Item.a", name: "<img src=x onerror=alert(1)>", type: "career" }] }]);
    const { html } = render("results.hbs", compendiumBrowserContext(evil, filter("career"), i18n));
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src&#x3D;x");
  });
});

// Layer 4 of "Testing without Foundry": every template compiles, renders from view-model fixtures,
// and uses only localisation keys that exist.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import Handlebars from "handlebars";
import { langI18n, registerFoundryHelpers, lookup } from "./harness/handlebars-helpers.ts";
import { actionFixtures, arcFixtures, d12Fixtures, harmonyFixtures, powerRollFixtures, reactionFixtures } from "./fixtures/cards.ts";
import { arcCardContext, reactionCardContext } from "../src/applications/view-models/arc-card.ts";
import { actionCardContext } from "../src/applications/view-models/action-dice-card.ts";
import { d12CardContext } from "../src/applications/view-models/d12-card.ts";
import { schemaHasPath, schemaLeafNames, systemFieldNames } from "./harness/schema-paths.ts";
import { powerRollCardContext } from "../src/applications/view-models/power-roll-card.ts";
import { harmonyCardContext } from "../src/applications/view-models/harmony-card.ts";
import { testCardContext } from "../src/applications/view-models/test-card.ts";
import { newGroupTest } from "../src/data/test-card-new.ts";
import { testCardFixtures } from "./fixtures/test-cards.ts";
import { montageFixtures } from "./fixtures/montages.ts";
import { montageActionContext, montageTrackerContext } from "../src/applications/view-models/montage-tracker.ts";
import { recordMontageDeclaration, startMontage } from "../src/data/montage.ts";
import { NEGOTIATION_NPC, negotiationFixtures } from "./fixtures/negotiations.ts";
import { argumentDialogContext, negotiationTrackerContext } from "../src/applications/view-models/negotiation-tracker.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));

function templates(dir = path.join(ROOT, "templates")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? templates(path.join(dir, e.name)) : e.name.endsWith(".hbs") ? [path.join(dir, e.name)] : []);
}

function render(file: string, context: object) {
  const hbs = Handlebars.create();
  const missing = registerFoundryHelpers(hbs, lang);
  const html = hbs.compile(readFileSync(path.join(ROOT, "templates", file), "utf8"), { strict: false })(context);
  return { html, missing };
}

describe("templates", () => {
  it.each(templates().map((f) => path.relative(ROOT, f)))("%s compiles and its literal localisation keys exist", (file) => {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    expect(() => Handlebars.precompile(source)).not.toThrow();
    for (const [, key] of source.matchAll(/localize\s+"([^"]+)"/g)) expect(lookup(lang, key!), key).toBeDefined();
  });

  // src/applications/keyboard.ts: an <a data-action> without href is out of the Tab order unless it says otherwise.
  it("every link-like control in every template is reachable by keyboard", () => {
    const anchors = templates().flatMap((f) => [...readFileSync(f, "utf8").matchAll(/<a\s[^>]*data-action[^>]*>/g)]
      .map(([tag]) => ({ file: path.relative(ROOT, f), tag: tag! })).filter(({ tag }) => !/\shref=/.test(tag)));
    expect(anchors.length).toBeGreaterThanOrEqual(8);
    expect(anchors.filter(({ tag }) => !/\stabindex="0"/.test(tag) || !/\srole="(button|tab)"/.test(tag))).toEqual([]);
  });

  it.each(powerRollFixtures)("power roll card renders fixture $name with every key localised", ({ input }) => {
    const { html, missing } = render("chat/power-roll.hbs", powerRollCardContext(input));
    expect([...missing]).toEqual([]);
    expect(html).toContain(`data-tier="${powerRollCardContext(input).tier}"`);
    expect(html).not.toMatch(/<img/);
  });

  it.each(harmonyFixtures)("Harmony card renders fixture $name with every key localised", ({ input }) => {
    const context = harmonyCardContext(input);
    const { html, missing } = render("chat/harmony-roll.hbs", context);
    expect([...missing]).toEqual([]);
    expect(html).toContain(`data-outcome="${context.outcome}"`);
    expect(html.match(/class="chat-card__die harmony-card__die--(dissonance|harmony) chat-card__die--picked"/g)).toHaveLength(2);
  });

  it.each(testCardFixtures())("test card renders fixture $name with every key localised and the roll buttons of its pending rollers", ({ state }) => {
    const context = testCardContext(state, langI18n(lang));
    const { html, missing } = render("chat/test-card.hbs", context);
    expect([...missing]).toEqual([]);
    expect(html.match(/data-se-action="test-card-roll"/g)?.length ?? 0).toBe(state.rollers.filter((r) => !r.result).length);
    expect(html.includes('data-se-action="test-card-award"')).toBe(context.awardable);
  });

  it.each(montageFixtures())("montage tracker renders $name with every key localised, and the controls its viewer may use", ({ state, viewer }) => {
    const context = montageTrackerContext(state, viewer, langI18n(lang)) as { heroes?: { canAct: boolean }[] };
    const { html, missing } = render("apps/montage-tracker.hbs", context);
    expect([...missing]).toEqual([]);
    expect(html.includes('data-action="montageClear"') || html.includes('data-action="montageStart"')).toBe(viewer.isGM);
    expect(html.match(/data-action="montageTest"/g)?.length ?? 0).toBe(context.heroes?.filter((h) => h.canAct).length ?? 0);
  });

  it("escapes the montage's title, hero names and ability notes", () => {
    const start = startMontage({ title: "<b>x</b>", difficulty: "easy", heroes: [{ actorUuid: "Actor.a", name: "<img src=x>" }] });
    if (typeof start === "string") throw new Error(start);
    const s = recordMontageDeclaration(start, "Actor.a", "ability", "<script>1</script>");
    if (typeof s === "string") throw new Error(s);
    const { html } = render("apps/montage-tracker.hbs", montageTrackerContext(s, { isGM: true, owned: new Set() }, langI18n(lang)));
    expect(html).not.toMatch(/<img|<script|<b>/);
    expect(html).toContain("&lt;script&gt;");
  });

  it("renders the montage action dialog for each action with used skills disabled", () => {
    const state = montageFixtures()[2]!.state!;
    for (const kind of ["test", "assist", "ability"] as const) {
      const { html, missing } = render("dialog/montage-action.hbs", montageActionContext(state, state.heroes[0]!.actorUuid, kind, langI18n(lang)));
      expect([...missing]).toEqual([]);
      if (kind === "ability") expect(html).toContain('name="note"');
      else expect(html).toMatch(/<option value="nature" disabled>/);
    }
  });

  it.each(negotiationFixtures())("negotiation tracker renders $name with every key localised, and the controls its viewer may use", ({ state, viewer }) => {
    const context = negotiationTrackerContext(NEGOTIATION_NPC, state, viewer, langI18n(lang)) as { canArgue?: boolean };
    const { html, missing } = render("apps/negotiation-tracker.hbs", context);
    expect([...missing]).toEqual([]);
    expect(html.includes('data-action="negotiationClear"') || html.includes('data-action="negotiationStart"')).toBe(viewer.isGM);
    expect(html.includes('data-action="negotiationArgue"')).toBe(!!context.canArgue);
  });

  it("renders the argument dialog, with the Renown edge only when it can apply", () => {
    const state = negotiationFixtures()[2]!.state!;
    const yes = render("dialog/negotiation-argument.hbs", argumentDialogContext(state, { renown: 5 }, langI18n(lang)));
    expect([...yes.missing]).toEqual([]);
    expect(yes.html).toContain('name="renown"');
    expect(render("dialog/negotiation-argument.hbs", argumentDialogContext(state, { renown: 0 }, langI18n(lang))).html).not.toContain('name="renown"');
  });

  it("escapes the names on a test card", () => {
    const state = newGroupTest("might", "easy", [{ actorUuid: "Actor.x", name: "<img src=x onerror=alert(1)>" }]);
    const { html } = render("chat/test-card.hbs", testCardContext(state, langI18n(lang)));
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img");
  });

  it.each(d12Fixtures)("2d12 card renders fixture $name with every key localised", ({ input }) => {
    const context = d12CardContext(input);
    const { html, missing } = render("chat/d12-roll.hbs", context);
    expect([...missing]).toEqual([]);
    expect(html).toContain(`data-total="${context.total}"`);
    expect(html.includes("chat-card__crit")).toBe(context.edgeCard);
    expect(html.match(/chat-card__die--discarded/g)?.length ?? 0).toBe(input.dice.length - 2);
  });

  it.each([
    ...arcFixtures.map((f) => ({ name: f.name, context: arcCardContext(f.input) })),
    ...reactionFixtures.map((f) => ({ name: f.name, context: reactionCardContext(f.input) })),
    ...actionFixtures.map((f) => ({ name: f.name, context: actionCardContext(f.input) })),
  ])("check card renders fixture $name with every key localised", ({ context }) => {
    const { html, missing } = render("chat/check-roll.hbs", context);
    expect([...missing]).toEqual([]);
    expect(html).toContain(`data-total="${context.total}"`);
  });

  it("escapes user-typed flavour and tier texts", () => {
    const { html } = render("chat/power-roll.hbs", powerRollCardContext({
      dice: [5, 5], characteristic: 0, flavor: "<script>x</script>", tierTexts: ["<b>1</b>", "2", "3"],
    }));
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>1</b>");
    expect(html).toContain("&lt;script&gt;");
  });
});

describe("hero sheet templates", async () => {
  const { heroFixtures } = await import("./fixtures/actors.ts");
  const { heroSheetContext } = await import("../src/applications/view-models/hero-sheet.ts");
  const { HERO_PARTS, HERO_TABS, renderSheet, sheetTabs } = await import("./fixtures/sheets.ts");
  const { HERO_SHEET_ACTIONS } = await import("../src/applications/sheets/actions.ts");
  const { installFoundryHarness } = await import("./harness/foundry.ts");
  installFoundryHarness();
  const { HeroModel } = await import("../src/data/hero.ts");

  const i18n = langI18n(lang);
  const hbs = Handlebars.create();
  const missing = registerFoundryHelpers(hbs, lang);
  hbs.registerPartial("systems/steel-echoes/templates/partials/ability.hbs", readFileSync(path.join(ROOT, "templates/partials/ability.hbs"), "utf8"));
  const template = (name: string) => hbs.compile(readFileSync(path.join(ROOT, "templates", name), "utf8"));

  for (const mode of ["play", "edit"] as const) {
    it.each(heroFixtures())(`renders $name in ${mode} mode with known keys, schema field names and sheet actions`, ({ input }) => {
      const context = { ...heroSheetContext({ ...input, mode }, i18n), tabs: sheetTabs(HERO_TABS), effects: [], biographySource: "" };
      const html = renderSheet(template, HERO_PARTS, context, "hero-sheet");
      expect([...missing]).toEqual([]);
      for (const [, name] of html.matchAll(/name="([^"]+)"/g)) if (name !== "name") expect(name, name).toMatch(/^system\./);
      for (const name of systemFieldNames(html)) expect(schemaHasPath(HeroModel.schema, name), name).toBe(true);
      for (const [, action] of html.matchAll(/data-action="([^"]+)"/g)) expect(HERO_SHEET_ACTIONS as readonly string[]).toContain(action);
      expect(html).toContain(input.name);
      if (mode === "edit") {
        expect(html).toContain('name="system.characteristics.might"');
        expect(html).toContain('name="system.renown"');
      } else {
        expect(html).toContain('data-action="rollCharacteristic"');
        expect(html).toContain(`data-se-followers="${context.followers}"`);
      }
    });
  }

  it("in edit mode has an input for every field of the hero's schema (built from the schema: a new field without one fails)", () => {
    const { input } = heroFixtures()[0]!;
    const context = { ...heroSheetContext({ ...input, mode: "edit" }, i18n), tabs: sheetTabs(HERO_TABS), effects: [], biographySource: "<p>x</p>" };
    const html = renderSheet(template, HERO_PARTS, context, "hero-sheet");
    const names = new Set(systemFieldNames(html));
    // Skills and movement types are toggled by a button each (data-action="toggleSkill", "toggleMovement"), not a named input.
    const byButton: Record<string, RegExp> = { "system.skills": /data-action="toggleSkill"/, "system.movement": /data-action="toggleMovement"/ };
    const missingInputs = schemaLeafNames(HeroModel.schema).filter((leaf) =>
      !names.has(leaf) && ![...names].some((n) => n.startsWith(`${leaf}.`)) && !(byButton[leaf]?.test(html)));
    expect(missingInputs).toEqual([]);
  });

  it("reads the one-line lists back: languages, immunities, weaknesses; a list it cannot read is left as stored", async () => {
    const { readHeroDetails } = await import("../src/applications/view-models/hero-sheet.ts");
    expect(readHeroDetails({ languages: " Caelian, Zaliac, Caelian", immunities: "fire 5, all 2", weaknesses: "" })).toEqual({
      system: { languages: ["Caelian", "Zaliac"], immunities: [{ key: "fire", value: 5 }, { key: "all", value: 2 }], weaknesses: [] },
      invalid: [],
    });
    expect(readHeroDetails({ immunities: "fire 5, frost 2", speedBonus: 1 })).toEqual({ system: { speedBonus: 1 }, invalid: [{ field: "immunities", entries: ["frost 2"] }] });
  });

  it("in edit mode offers a remove button for every owned item but the basic actions, and none in play mode", () => {
    for (const { input } of heroFixtures()) {
      const edit = { ...heroSheetContext({ ...input, mode: "edit" }, i18n), tabs: sheetTabs(HERO_TABS), effects: [], biographySource: "" };
      const html = renderSheet(template, HERO_PARTS, edit, "hero-sheet");
      const removable = input.items.filter((i) => !(i as { basic?: boolean }).basic).map((i) => i.id).sort();
      // The kit is offered on its chip and on its tab.
      const offered = [...new Set([...html.matchAll(/data-action="deleteItem" data-item-id="([^"]+)"/g)].map(([, id]) => id!))].sort();
      expect(offered, input.name).toEqual(removable);
      expect(html).toMatch(/aria-label="Remove [^"]+"/);
      const play = renderSheet(template, HERO_PARTS, { ...edit, ...heroSheetContext(input, i18n) }, "hero-sheet");
      expect(play).not.toContain('data-action="deleteItem"');
    }
  });

  it("lists each effect with its duration and source, with on/off and remove controls for the owner only, names escaped", async () => {
    const { effectRows } = await import("../src/applications/view-models/sheet-common.ts");
    const effects = effectRows([
      { id: "e1", name: "Bleeding <b>", img: "x.svg", disabled: false, duration: { kind: "EoT", turnEndsLeft: 2 }, sourceName: "Goblin <i>" },
      { id: "e2", name: "Restrained", img: "y.svg", disabled: true, duration: { kind: "resistance", turnEndsLeft: null }, characteristic: "might" },
      { id: "e3", name: "Blessed", img: "z.svg", disabled: false },
    ], i18n);
    expect(effects.map((e) => [e.duration, e.source])).toEqual([
      ["End of turn (EoT): until the end of its next turn", "from Goblin <i>"], ["(Might resistance ends)", ""], ["", ""],
    ]);
    const { input } = heroFixtures()[0]!;
    const base = { ...heroSheetContext(input, i18n), tabs: sheetTabs(HERO_TABS), biographySource: "" };
    const html = renderSheet(template, HERO_PARTS, { ...base, effects }, "hero-sheet");
    expect([...missing]).toEqual([]);
    expect(html).toContain("Bleeding &lt;b&gt;");
    expect(html).toContain("from Goblin &lt;i&gt;");
    expect(html.match(/data-action="toggleEffect"/g)).toHaveLength(3);
    expect(html.match(/data-action="deleteEffect"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="Turn Restrained on"');
    const observer = renderSheet(template, HERO_PARTS, { ...base, editable: false, effects }, "hero-sheet");
    expect(observer).toContain("Restrained");
    expect(observer).not.toContain("toggleEffect");
  });

  it("collapses each ability to one line (name, type, cost, summary) by the viewer's choice; the name rolls, Edit is its own labelled control", () => {
    const { input } = heroFixtures().find((f) => f.name === "conduit-bloodpact")!;
    const base = { tabs: sheetTabs(HERO_TABS), effects: [], biographySource: "" };
    const open = renderSheet(template, HERO_PARTS, { ...heroSheetContext(input, i18n), ...base }, "hero-sheet");
    const abilities = input.items.filter((i) => i.type === "ability");
    expect(abilities.length).toBeGreaterThan(3);
    expect(open.match(/aria-expanded="true"/g)).toHaveLength(abilities.length);
    expect(open).toContain("ability-row__tiers");
    // Collapse-all is offered while some row is open; expand-all is not until one is closed.
    expect(open).toMatch(/data-action="collapseAbilities" data-collapse="all" >/);
    expect(open).toMatch(/data-action="collapseAbilities" data-collapse="none" disabled>/);
    const closedId = abilities[0]!.id;
    const oneClosed = heroSheetContext({ ...input, collapsed: (id) => id === closedId }, i18n);
    const html = renderSheet(template, HERO_PARTS, { ...oneClosed, ...base }, "hero-sheet");
    expect([...missing]).toEqual([]);
    const rows = [...html.matchAll(/<li class="ability-row( ability-row--collapsed)?" data-item-id="([^"]+)">([\s\S]*?)\n<\/li>/g)];
    const closed = rows.filter(([, c]) => c).map(([, , id, body]) => ({ id, body: body! }));
    expect(closed.map((r) => r.id)).toEqual([closedId]);
    const view = oneClosed.abilityGroups.flatMap((g) => g.abilities).find((a) => a.id === closedId)!;
    // One line: name, type, cost and the summary; no tiers or effect paragraphs.
    expect(closed[0]!.body).toContain(view.typeLabel);
    if (view.cost) expect(closed[0]!.body).toContain(view.cost);
    expect(view.summary.length).toBeGreaterThan(0);
    expect(closed[0]!.body).toContain(`class="ability-row__summary"`);
    expect(closed[0]!.body).not.toMatch(/ability-row__tiers|ability-row__effect|ability-row__body/);
    expect(closed[0]!.body).toContain('aria-expanded="false"');
    // Clicking the name rolls; editing is a labelled button.
    expect(html).toContain(`<h4 class="ability-row__name"><a data-action="rollAbility" data-item-id="${closedId}" tabindex="0" role="button"`);
    expect(html).toContain(`data-action="openItem" data-item-id="${closedId}" aria-label="Edit ${view.name}"`);
    expect(html).not.toMatch(/ability-row__name"><a data-action="openItem"/);
    expect(html).toMatch(/data-action="collapseAbilities" data-collapse="none" >/);
    // All collapsed: every row is one line.
    const all = renderSheet(template, HERO_PARTS, { ...heroSheetContext({ ...input, collapsed: () => true }, i18n), ...base }, "hero-sheet");
    expect(all.match(/ability-row--collapsed/g)).toHaveLength(abilities.length);
    expect(all).not.toContain("ability-row__tiers");
  });

  it("lists maintained persistent abilities with their upkeep (L2876), the stop buttons only for the owner, names escaped", () => {
    const { input } = heroFixtures()[0]!;
    const maintained = { abilities: [{ id: "a1", name: "Burn <b>!</b>", persistent: 1 }, { id: "a2", name: "Stare", persistent: 1 }], upkeep: 2, editable: true };
    const base = { ...heroSheetContext(input, i18n), tabs: sheetTabs(HERO_TABS), effects: [], biographySource: "" };
    const html = renderSheet(template, HERO_PARTS, { ...base, maintained }, "hero-sheet");
    expect([...missing]).toEqual([]);
    expect(html).toContain("Upkeep: 2 essence less at the start of each turn");
    expect(html).toContain("Burn &lt;b&gt;!&lt;/b&gt; <small>Persistent 1</small>");
    expect(html).toContain('data-action="stopMaintaining" data-item-id="a1"');
    expect(html.match(/data-action="stopMaintaining"/g)).toHaveLength(3);
    const observer = renderSheet(template, HERO_PARTS, { ...base, maintained: { ...maintained, editable: false } }, "hero-sheet");
    expect(observer).toContain("Maintained");
    expect(observer).not.toContain("stopMaintaining");
    expect(renderSheet(template, HERO_PARTS, { ...base, maintained: null }, "hero-sheet")).not.toContain("Maintained");
  });

  it("offers Level up to the owner once her XP reaches it, to the Director at any time, and to nobody else (issue 32)", () => {
    const { input } = heroFixtures()[0]!;
    const render = (levelUp: { ready: boolean; next: number | null }, over: object = {}) => renderSheet(template, HERO_PARTS, {
      ...heroSheetContext({ ...input, system: { ...input.system, levelUp }, ...over }, i18n), tabs: sheetTabs(HERO_TABS), effects: [], biographySource: "",
    }, "hero-sheet");
    const ready = render({ ready: true, next: 2 });
    expect([...missing]).toEqual([]);
    expect(ready).toContain('data-action="levelUp"');
    expect(ready).toContain("Take level 2");
    expect(render({ ready: false, next: 2 })).not.toContain('data-action="levelUp"');
    expect(render({ ready: false, next: 2 }, { isGM: true })).toContain("As the Director");
    expect(render({ ready: true, next: 2 }, { editable: false })).not.toContain('data-action="levelUp"');
    expect(render({ ready: false, next: null }, { isGM: true })).not.toContain('data-action="levelUp"');
  });

  it("shows a hand-made hero's broken rules as escaped warnings, and nothing for a legal hero (issue 32)", () => {
    const { input } = heroFixtures()[0]!;
    const base = { ...heroSheetContext(input, i18n), tabs: sheetTabs(HERO_TABS), effects: [], biographySource: "" };
    const html = renderSheet(template, HERO_PARTS, { ...base, buildWarnings: ["<b>Boren</b> is not a kit this class may take."] }, "hero-sheet");
    expect([...missing]).toEqual([]);
    expect(html).toContain("Rules this hero breaks (1)");
    expect(html).toContain("&lt;b&gt;Boren&lt;/b&gt; is not a kit");
    expect(renderSheet(template, HERO_PARTS, { ...base, buildWarnings: [] }, "hero-sheet")).not.toContain("se-build-warnings");
  });
});

describe("monster sheet template", async () => {
  const { monsterFixtures } = await import("./fixtures/actors.ts");
  const { monsterSheetContext } = await import("../src/applications/view-models/monster-sheet.ts");
  const { MONSTER_SHEET_ACTIONS } = await import("../src/applications/sheets/actions.ts");
  const { installFoundryHarness } = await import("./harness/foundry.ts");
  installFoundryHarness();
  const { MonsterModel } = await import("../src/data/monster.ts");
  const i18n = langI18n(lang);
  const hbs = Handlebars.create();
  const missing = registerFoundryHelpers(hbs, lang);
  hbs.registerPartial("systems/steel-echoes/templates/partials/ability.hbs", readFileSync(path.join(ROOT, "templates/partials/ability.hbs"), "utf8"));
  const statblock = hbs.compile(readFileSync(path.join(ROOT, "templates/actor/monster-statblock.hbs"), "utf8"));

  for (const mode of ["play", "edit"] as const) {
    it.each(monsterFixtures())(`renders $name in ${mode} mode with known keys, schema field names and sheet actions`, ({ input }) => {
      const html = statblock(monsterSheetContext({ ...input, mode }, i18n));
      expect([...missing]).toEqual([]);
      for (const name of systemFieldNames(html)) expect(schemaHasPath(MonsterModel.schema, name), name).toBe(true);
      for (const [, action] of html.matchAll(/data-action="([^"]+)"/g)) expect(MONSTER_SHEET_ACTIONS as readonly string[]).toContain(action);
    });
  }
  it("in edit mode has an input for every field of the monster's schema (built from the schema: a new field without one fails)", () => {
    for (const { input } of monsterFixtures()) {
      const html = statblock(monsterSheetContext({ ...input, mode: "edit", isGM: true }, i18n));
      expect([...missing]).toEqual([]);
      const names = new Set(systemFieldNames(html));
      const missingInputs = schemaLeafNames(MonsterModel.schema).filter((leaf) => !names.has(leaf) && ![...names].some((n) => n.startsWith(`${leaf}.`)));
      expect(missingInputs, input.name).toEqual([]);
      // The Director's notes are the Director's: a player's edit mode has no editor for them.
      expect(statblock(monsterSheetContext({ ...input, mode: "edit", isGM: false }, i18n))).not.toContain('name="system.directorNotes"');
    }
  });
  it("reads the monster's lists back: keywords, immunities, movement, motivations and pitfalls", async () => {
    const { readMonsterDetails } = await import("../src/applications/view-models/monster-sheet.ts");
    expect(readMonsterDetails({
      keywords: "Goblin, Humanoid", immunities: "poison 3", weaknesses: "fire x", movement: ["walk", null, "climb"],
      negotiation: { interest: 2, motivations: ["greed", null, "bogus"], pitfalls: "legacy" },
    })).toEqual({
      system: { keywords: ["Goblin", "Humanoid"], immunities: [{ key: "poison", value: 3 }], movement: ["walk", "climb"], negotiation: { interest: 2, motivations: ["greed"], pitfalls: ["legacy"] } },
      invalid: [{ field: "weaknesses", entries: ["fire x"] }],
    });
  });
  it("in edit mode offers to remove each ability", () => {
    for (const { input } of monsterFixtures()) {
      const html = statblock(monsterSheetContext({ ...input, mode: "edit" }, i18n));
      const offered = [...html.matchAll(/data-action="deleteItem" data-item-id="([^"]+)"/g)].map(([, id]) => id!).sort();
      expect(offered, input.name).toEqual(input.items.filter((i) => i.type === "ability").map((i) => i.id).sort());
      expect(statblock(monsterSheetContext(input, i18n))).not.toContain('data-action="deleteItem"');
    }
  });
  it("collapses the monster's abilities by the viewer's choice, the name rolling and Edit labelled", () => {
    const { input } = monsterFixtures()[1]!;
    const ids = input.items.filter((i) => i.type === "ability").map((i) => i.id);
    const html = statblock(monsterSheetContext({ ...input, collapsed: () => true }, i18n));
    expect([...missing]).toEqual([]);
    expect(html.match(/ability-row--collapsed/g)).toHaveLength(ids.length);
    for (const id of ids) {
      expect(html).toContain(`<a data-action="rollAbility" data-item-id="${id}" tabindex="0" role="button"`);
      expect(html).toMatch(new RegExp(`data-action="openItem" data-item-id="${id}" aria-label="Edit [^"]+"`));
    }
    expect(statblock(monsterSheetContext(input, i18n))).not.toContain("ability-row--collapsed");
  });
  it("shows the Director's notes only to the GM", () => {
    const [, leader] = monsterFixtures();
    expect(statblock(monsterSheetContext(leader!.input, i18n))).toContain("lantern");
    expect(statblock(monsterSheetContext({ ...leader!.input, isGM: false }, i18n))).not.toContain("lantern");
  });
});

describe("item sheet template", async () => {
  const { itemFixtures, ITEM_UUID_NAMES } = await import("./fixtures/items.ts");
  const { itemSheetContext } = await import("../src/applications/view-models/item-sheet.ts");
  const { kindOfFields } = await import("../src/applications/view-models/field-kinds.ts");
  const { ITEM_SHEET_ACTIONS } = await import("../src/applications/sheets/actions.ts");
  const { installFoundryHarness } = await import("./harness/foundry.ts");
  const { fields } = await import("./harness/data-fields.ts");
  const { registerFormHelpers } = await import("./harness/form-helpers.ts");
  installFoundryHarness();
  // Draw Steel's item models and Echoes', which register with its chunk (src/games/echoes.ts).
  const ITEM_MODELS = { ...(await import("../src/data/index.ts")).ITEM_MODELS, ...(await import("../src/games/echoes.ts")).ECHOES_MODELS.Item };
  const i18n = langI18n(lang);
  const hbs = Handlebars.create();
  const missing = registerFoundryHelpers(hbs, lang);
  registerFormHelpers(hbs, lang);
  hbs.registerPartial("systems/steel-echoes/templates/item/tier-editor.hbs", readFileSync(path.join(ROOT, "templates/item/tier-editor.hbs"), "utf8"));
  const sheet = hbs.compile(readFileSync(path.join(ROOT, "templates/item/item-sheet.hbs"), "utf8"));
  type Model = { schema: { fields: Record<string, never> }; new (d: object): object };
  const render = (type: string, name: string, system: object, mode: "play" | "edit", editable = true) => {
    const Model = (ITEM_MODELS as unknown as Record<string, Model>)[type]!;
    const data = new Model(system) as Record<string, unknown>;
    const context = itemSheetContext({
      type, name, img: "x.svg", system: data, schemaFields: Model.schema.fields, kindOf: kindOfFields(fields), mode, editable,
      enriched: Object.fromEntries(["description", "effect", "benefit", "drawback", "ward"].map((k) => [`system.${k}`, String(data[k] ?? "")])),
      resolve: (uuid) => ITEM_UUID_NAMES[uuid] ?? null,
    }, i18n);
    return { html: sheet(context), Model };
  };
  const fixtures = itemFixtures();

  it("has a fixture for every item type", () => {
    expect(fixtures.map((f) => f.type).sort()).toEqual(Object.keys(ITEM_MODELS).sort());
  });

  it.each(fixtures)("$type in edit mode has an input for every field of its schema (built from the schema: a new field without one fails)", async ({ type, name, system }) => {
    const { html, Model } = render(type, name, system, "edit");
    expect([...missing]).toEqual([]);
    const names = new Set(systemFieldNames(html));
    // Rich text is a <prose-mirror name="…">, which systemFieldNames reads like any named control; an
    // empty list of records (an ancestry's purchases) is edited through its add button until it has rows.
    const addable = (leaf: string) => html.includes(`data-action="addListRow" data-path="${leaf}"`);
    const missingInputs = schemaLeafNames(Model.schema).filter((leaf) => !names.has(leaf) && ![...names].some((n) => n.startsWith(`${leaf}.`)) && !addable(leaf));
    expect(missingInputs).toEqual([]);
    for (const n of names) expect(schemaHasPath(Model.schema, n), n).toBe(true);
    for (const [, action] of html.matchAll(/data-action="([^"]+)"/g)) expect(ITEM_SHEET_ACTIONS as readonly string[]).toContain(action);
    expect(html).toContain('data-action="toggleMode"');
    expect(html).not.toMatch(/<select[^>]*multiple/);
    // Foundry's formGroup splits `classes` on spaces into classList.add: an empty string would throw there.
    const { itemEditRows } = await import("../src/applications/view-models/item-sheet.ts");
    const rows = itemEditRows({ type, schemaFields: Model.schema.fields, system: new Model(system), kindOf: kindOfFields(fields), resolve: () => null }, i18n);
    expect(rows.filter((r) => r.classes === "" || r.hint === "")).toEqual([]);
  });

  it.each(fixtures)("$type in play mode has no inputs, known keys, and an edit toggle for owners only", ({ type, name, system }) => {
    const { html } = render(type, name, system, "play");
    expect([...missing]).toEqual([]);
    expect(systemFieldNames(html)).toEqual([]);
    expect(html).toContain('data-action="toggleMode"');
    expect(html).toContain(`<h1 class="item-sheet__name">${Handlebars.escapeExpression(name)}</h1>`);
    // An observer asking for edit mode still gets play mode, without the toggle.
    const observer = render(type, name, system, "edit", false).html;
    expect(observer).not.toContain('data-action="toggleMode"');
    expect(systemFieldNames(observer)).toEqual([]);
  });

  it("shows keywords and characteristics as checkbox chips, the selected ones checked", () => {
    const brutal = fixtures.find((f) => f.type === "ability")!;
    const { html } = render("ability", brutal.name, brutal.system, "edit");
    const checked = [...html.matchAll(/<input type="checkbox" name="system\.keywords" value="([^"]+)" checked>/g)].map((m) => m[1]);
    expect(checked).toEqual(["attack", "melee", "weapon"]);
    expect(html.match(/name="system\.keywords"/g)!.length).toBeGreaterThan(10);
    expect(html).toMatch(/<input type="checkbox" name="system\.power\.characteristics" value="might" checked> <span>Might<\/span>/);
    expect(html).toContain("Ranged squares (reach or ranged) or line width");
    expect(html).toContain("Only for cubes, lines and walls: “a 3 cube within 10” is 10.");
  });

  it("reads an ability like its stat block and a class with what it grants, user text escaped", () => {
    const brutal = fixtures.find((f) => f.type === "ability")!;
    const ability = render("ability", brutal.name, brutal.system, "play").html;
    expect(ability).toContain("Attack, Melee, Weapon");
    expect(ability).toContain("Reach 1");
    expect(ability).toContain("Power Roll + Might:");
    expect(ability).toMatch(/<b>≤11<\/b> 3 damage; push 1/);
    expect(ability).toMatch(/<b>17\+<\/b> 12 damage; push 4/);
    expect(ability).toContain("&lt;b&gt;bold?&lt;/b&gt;");
    expect(ability).toContain("<em>sends</em>");
    const fury = fixtures.find((f) => f.type === "class")!;
    const cls = render("class", fury.name, fury.system, "play").html;
    expect(cls).toContain("Rage: gain 1d3 at the start of each of your turns");
    expect(cls).toContain("21 Stamina at 1st level, +9 each level after");
    expect(cls).toContain("Level 1: Mighty Leaps");
    expect(cls).toContain("Berserker, Reaver, Stormwight");
    const kit = fixtures.find((f) => f.type === "kit")!;
    const kitHTML = render("kit", kit.name, kit.system, "play").html;
    expect(kitHTML).toContain("+0 / +0 / +4");
    expect(kitHTML).toContain("Pain for Pain");
    expect(kitHTML).not.toContain("Compendium.");
    // Edit mode names what each UUID points to, beside its input and under a one-a-line list.
    const furyEdit = render("class", fury.name, fury.system, "edit").html;
    expect(furyEdit).toContain('<small class="item-table__note">Mighty Leaps</small>');
    expect(furyEdit).toContain("→ Primordial Aspect, Rage, Growing Rage, Mighty Leaps");
  });
});

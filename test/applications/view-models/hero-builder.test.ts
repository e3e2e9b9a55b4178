/**
 * The hero builder's view-model (src/applications/view-models/hero-builder.ts) and its template: the
 * steps in the seed's order (L471–540), each step's choices and problems by the rules of
 * src/rules/hero-building.ts, the form read back into a change, and the template rendered from it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import {
  biographyHTML, heroBuilderContext, plainParagraphs, readBuilderForm, stepForDroppedOption,
} from "../../../src/applications/view-models/hero-builder.ts";
import type { BuilderInput } from "../../../src/applications/view-models/hero-builder.ts";
import type { BuildRecord } from "../../../src/documents/hero-builder.ts";
import { BUILDER_STEPS } from "../../../src/rules/index.ts";
import { langI18n, registerFoundryHelpers } from "../../harness/handlebars-helpers.ts";
import { CATALOGUE, NEW_HERO } from "../../fixtures/builder-catalogue.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
const i18n = langI18n(lang);
const input = (step: BuilderInput["step"], record: BuildRecord = {}, extra: Partial<BuilderInput> = {}): BuilderInput =>
  ({ step, catalogue: CATALOGUE, hero: NEW_HERO, record, complicationsOn: true, ...extra });
const ctx = (step: BuilderInput["step"], record: BuildRecord = {}, extra: Partial<BuilderInput> = {}) => heroBuilderContext(input(step, record, extra), i18n);

function render(context: object): string {
  const hbs = Handlebars.create();
  const missing = registerFoundryHelpers(hbs, lang);
  hbs.registerPartial("systems/steel-echoes/templates/builder/skill-picks.hbs", readFileSync(path.join(ROOT, "templates/builder/skill-picks.hbs"), "utf8"));
  const html = hbs.compile(readFileSync(path.join(ROOT, "templates/builder/hero-builder.hbs"), "utf8"))(context);
  expect([...missing]).toEqual([]);
  return html;
}

describe("the steps (L471–540)", () => {
  it("are listed in the seed's order, all open on a new hero but the free strikes and the optional complication", () => {
    const c = ctx("ancestry");
    expect(c.steps.map((s) => s.id)).toEqual([...BUILDER_STEPS]);
    expect(c.steps.filter((s) => s.state === "done").map((s) => s.id)).toEqual(["freeStrikes", "complication"]);
    expect(c.steps.find((s) => s.active)!.id).toBe("ancestry");
    expect(c.previous).toBeNull();
    expect(c.next).toBe("culture");
    expect(c.complete).toBe(false);
  });
  it("any step can be opened first (L473–475): Back and Next follow the seed's order", () => {
    const c = ctx("class");
    expect(c.previous).toBe("career");
    expect(c.next).toBe("kit");
    expect(c.view.class).toBeDefined();
    expect(c.view.ancestry).toBeUndefined();
  });
});

describe("ancestry", () => {
  it("the Devil's fiend points (L798): what is left, and features that no longer fit are greyed out", () => {
    const c = ctx("ancestry", { ancestry: { uuid: "A.devil", purchases: ["Wings"] } });
    const pb = c.view.ancestry!.pointBuy!;
    expect(pb.left).toBe(1);
    expect(pb.purchases.map((p) => [p.name, p.checked, p.disabled])).toEqual([["Horns", false, false], ["Wings", true, false], ["Beast Legs", false, true]]);
    expect(c.steps[0]!.state).toBe("done");
  });
  it("an overspent record (made by hand) is a problem, not an error", () => {
    const c = ctx("ancestry", { ancestry: { uuid: "A.devil", purchases: ["Wings", "Beast Legs"] } });
    expect(c.problems).toEqual(["The ancestry's features cost more points than it has to spend: 1 over."]);
    expect(c.steps[0]!.state).toBe("problem");
  });
  it("an ancestry without points has no point-buy", () => {
    expect(ctx("ancestry", { ancestry: { uuid: "A.human", purchases: [] } }).view.ancestry!.pointBuy).toBeNull();
  });
});

describe("culture (L2021–2141)", () => {
  const record: BuildRecord = {
    culture: { aspects: { environment: "C.nomadic", organization: "C.bureaucratic", upbringing: "C.martial" }, language: "Caelian" },
  };
  it("each aspect offers its Skill Options only, minus skills another source took (L575)", () => {
    const c = ctx("culture", { ...record, skills: { "culture.organization": ["persuade"] } });
    const env = c.view.culture!.aspects.find((a) => a.aspect === "environment")!;
    const values = env.skill!.boxes[0]!.options.map((o) => o.value).filter(Boolean);
    expect(values).toContain("climb");
    expect(values).toContain("flirt");
    expect(values).not.toContain("persuade");
    expect(values).not.toContain("alchemy");
    expect([env.label, env.skill!.label]).toEqual(["Environment", "Environment"]);
  });
  it("the upbringing's named skill, gained twice, opens its group (L575)", () => {
    const c = ctx("culture", { ...record, skills: { career: ["blacksmithing"] } });
    const up = c.view.culture!.aspects.find((a) => a.aspect === "upbringing")!;
    const values = up.skill!.boxes[0]!.options.map((o) => o.value);
    expect(values).toContain("alchemy");
    expect(values).not.toContain("blacksmithing");
  });
  it("is done with three aspects, their picks and the language; a duplicate is a problem", () => {
    const picks = { "culture.environment": ["climb"], "culture.organization": ["history"], "culture.upbringing": ["swim"] };
    expect(ctx("culture", { ...record, skills: picks }).steps[1]!.state).toBe("done");
    const dup = ctx("culture", { ...record, skills: { ...picks, "culture.upbringing": ["climb"] } });
    expect(dup.steps[1]!.state).toBe("problem");
    expect(dup.problems[0]).toContain("Climb comes twice");
  });
});

describe("career, class and kit", () => {
  it("a career as the packet prints it asks for two skills of any group and an inciting incident", () => {
    const c = ctx("career", { career: { uuid: "K.sage", incident: "Lost Library" } });
    const chosen = c.view.career!.chosen!;
    expect(chosen.noSkillsPrinted).toBe(true);
    expect(chosen.skill!.boxes).toHaveLength(2);
    expect(chosen.skill!.label).toBe("Career");
    expect(chosen.incidentText).toBe("An evil mage took your books.");
    expect(c.steps[2]!.state).toBe("open");
    expect(c.todo).toEqual(["The career still has skills to choose: 2 left."]);
  });
  it("a career whose item holds benefits (L2165–2177) lists them, asks a box per extra language, and is not done until they are typed", () => {
    const filled = { ...CATALOGUE.careers[0]!, uuid: "K.filled", name: "Filled", skills: ["history", "magic"], languages: 2, renown: 1, projectPoints: 4 };
    const catalogue = { ...CATALOGUE, careers: [...CATALOGUE.careers, filled] };
    const record: BuildRecord = { career: { uuid: "K.filled", incident: "Lost Library", languages: ["Zaliac"] }, skills: { career: ["history", "magic"] } };
    const c = heroBuilderContext(input("career", record, { catalogue }), i18n);
    const chosen = c.view.career!.chosen!;
    expect(chosen.benefits).toEqual(["2 extra language(s)", "Renown +1", "4 project points"]);
    expect(chosen.noSkillsPrinted).toBe(false);
    // Its named skills are the only picks (L2163 lets another of the group replace one she has).
    expect(chosen.skill!.boxes.map((b) => b.options.filter((o) => o.value).map((o) => o.value))).toEqual([["history"], ["magic"]]);
    expect(chosen.languages).toEqual([{ field: "careerLanguage|0", value: "Zaliac" }, { field: "careerLanguage|1", value: "" }]);
    expect(c.todo).toEqual(["The career still has languages to learn: 1 left."]);
    expect(c.steps[2]!.state).toBe("open");
    expect(render(c)).toContain('name="careerLanguage|1"');
    const done = heroBuilderContext(input("career", { ...record, career: { ...record.career!, languages: ["Zaliac", "Khoursirian"] } }, { catalogue }), i18n);
    expect([done.todo, done.steps[2]!.state]).toEqual([[], "done"]);
    // The form: typed languages, trimmed; a new career's boxes are the old one's, so none is kept.
    const form = { career: "K.filled", incident: "Lost Library", "careerLanguage|1": " Khoursirian ", "careerLanguage|0": "Zaliac" };
    expect(readBuilderForm("career", form, catalogue, record)).toMatchObject({ languages: ["Zaliac", "Khoursirian"] });
    expect(readBuilderForm("career", form, catalogue, { career: { uuid: "K.sage", incident: "" } })).toMatchObject({ languages: [] });
  });
  it("the fury's slots are a signature, a 3 and a 5 (L3271); its aspect's skill is Lift (L3283)", () => {
    const c = ctx("class", { class: { uuid: "X.fury", subclasses: ["Berserker"], abilities: ["B.brutal"] } });
    const chosen = c.view.class!.chosen!;
    expect(chosen.slots.map((s) => s.label)).toEqual(["Signature ability", "Heroic ability costing 3", "Heroic ability costing 5"]);
    expect(chosen.slots[0]!.options.filter((o) => o.value).map((o) => o.label)).toEqual(["Brutal Slam", "Hit and Run"]);
    expect(chosen.slots[1]!.options.filter((o) => o.value).map((o) => o.label)).toEqual(["Back!", "Blood for Blood!"]);
    expect(chosen.skill!.boxes[0]!.options.filter((o) => o.value).map((o) => o.value)).toEqual(["lift"]);
    // A label, capitalised: not the warnings' lower-case phrase "the subclass".
    expect(chosen.skill!.label).toBe("Subclass");
    expect(render(c)).toContain("<strong>Subclass:</strong>");
    expect(render(c)).not.toMatch(/<strong>the [^<]*:<\/strong>/);
    expect(c.problems).toEqual([]);
    expect(c.todo).toEqual(["Choose a Heroic ability costing 3.", "Choose a Heroic ability costing 5.", "The subclass still has skills to choose: 1 left."]);
    expect(c.steps[3]!.state).toBe("open");
    expect(chosen.primary).toBe("Might, Agility");
  });
  it("a stormwight kit only for a stormwight fury (L3329); the tactician's second kit is martial (L4386)", () => {
    const berserker = ctx("kit", { class: { uuid: "X.fury", subclasses: ["Berserker"], abilities: [] } });
    expect(berserker.view.kit!.slots[0]!.options.map((o) => o.label)).not.toContain("Boren (Stormwight)");
    const stormwight = ctx("kit", { class: { uuid: "X.fury", subclasses: ["Stormwight"], abilities: [] } });
    expect(stormwight.view.kit!.slots[0]!.options.some((o) => o.label.startsWith("Boren"))).toBe(true);
    expect(stormwight.view.kit!.stormwight).toBe(true);
    const tactician = ctx("kit", { class: { uuid: "X.tactician", subclasses: ["Vanguard"], abilities: [] }, kit: { uuids: ["Kit.mountain"] } });
    expect(tactician.view.kit!.slots).toHaveLength(2);
    expect(tactician.view.kit!.slots[1]!.options.filter((o) => o.value).map((o) => o.label)).toEqual(["Panther (Martial)", "Cloak and Dagger (Martial)"]);
    // A stormwight kit kept after the aspect changed is a problem.
    const changed = ctx("kit", { class: { uuid: "X.fury", subclasses: ["Reaver"], abilities: [] }, kit: { uuids: ["Kit.boren"] } });
    expect(changed.problems).toEqual(["Boren is not a kit this class and subclass may take."]);
  });
});

describe("complication, characteristics, skills, details", () => {
  it("the complication step follows the world's setting", () => {
    expect(ctx("complication", {}, { complicationsOn: false }).view.complication!.enabled).toBe(false);
    expect(ctx("complication").view.complication!.options.map((o) => o.label)).toEqual(["No complication", "Devil Deal"]);
  });
  it("marks the class's power-roll characteristics and refuses a score out of range", () => {
    const hero = { ...NEW_HERO, characteristics: { ...NEW_HERO.characteristics, might: 6 } };
    const c = ctx("characteristics", { class: { uuid: "X.fury", subclasses: [], abilities: [] } }, { hero });
    expect(c.view.characteristics!.rows.filter((r) => r.primary).map((r) => r.key)).toEqual(["might", "agility"]);
    expect(c.problems).toEqual(["Might is 6: a score is a whole number from −5 to +5."]);
  });
  it("the skills step gathers every source and the skills ticked by hand", () => {
    const c = ctx("skills", {
      career: { uuid: "K.sage", incident: "" }, skills: { career: ["history", "magic"] },
    }, { hero: { ...NEW_HERO, skills: ["history", "magic", "swim"] } });
    expect(c.view.skills!.sources.map((s) => s.source)).toEqual(["career"]);
    expect(c.view.skills!.byHand).toBe("Swim");
    expect(c.view.skills!.done).toBe(true);
  });
  it("details offer the seed's eight connection prompts (L559–569)", () => {
    expect(ctx("details").view.details!.prompts).toHaveLength(8);
  });
});

describe("reading the form back", () => {
  it("reads purchases of the same ancestry only, skills by source and box", () => {
    const form = { ancestry: "A.devil", "purchase|0": true, "purchase|2": false, "skill|culture.environment|0": "climb" };
    expect(readBuilderForm("ancestry", form, CATALOGUE, { ancestry: { uuid: "A.devil", purchases: [] } }))
      .toEqual({ step: "ancestry", uuid: "A.devil", purchases: ["Horns"], skills: { "culture.environment": ["climb"] } });
    expect(readBuilderForm("ancestry", form, CATALOGUE, { ancestry: { uuid: "A.human", purchases: [] } })).toMatchObject({ purchases: [] });
  });
  it("reads the class's subclasses and ability slots in order; the characteristics as numbers; a typed biography as escaped paragraphs", () => {
    expect(readBuilderForm("class", { class: "X.fury", "subclass|0": "Reaver", "ability|1": "B.back", "ability|0": "B.brutal", "ability|2": "" }, CATALOGUE, {}))
      .toEqual({ step: "class", uuid: "X.fury", subclasses: ["Reaver"], abilities: ["B.brutal", "B.back"], skills: {} });
    expect(readBuilderForm("characteristics", { "char|might": "2" }, CATALOGUE, {})).toMatchObject({ values: { might: 2, agility: 0 } });
    expect(readBuilderForm("details", { name: "Korva", biography: "Born <here>.\n\nRaised there." }, CATALOGUE, {}))
      .toMatchObject({ name: "Korva", biography: "<p>Born &lt;here&gt;.</p><p>Raised there.</p>" });
  });
  it("keeps a biography that already is HTML; reads descriptions as plain paragraphs", () => {
    expect(biographyHTML("<p>As <em>is</em></p>")).toBe("<p>As <em>is</em></p>");
    expect(plainParagraphs("<p>One &amp; two</p><p><strong>Three</strong>'s</p>")).toEqual(["One & two", "Three's"]);
  });
  it("an option with choices dropped on a sheet opens its step; one without is granted as before", () => {
    expect(stepForDroppedOption("class", {})).toBe("class");
    expect(stepForDroppedOption("career", {})).toBe("career");
    expect(stepForDroppedOption("ancestry", { purchases: [{ name: "Horns" }] })).toBe("ancestry");
    expect(stepForDroppedOption("ancestry", { purchases: [] })).toBeNull();
    expect(stepForDroppedOption("culture", { environment: { name: "" } })).toBe("culture");
    expect(stepForDroppedOption("culture", { environment: { name: "Urban" }, organization: { name: "Communal" }, upbringing: { name: "Noble" } })).toBeNull();
    expect(stepForDroppedOption("kit", {})).toBeNull();
  });
});

describe("the template", () => {
  it.each(BUILDER_STEPS.map((s) => [s]))("renders the %s step with every key localised, texts escaped", (step) => {
    const record: BuildRecord = {
      ancestry: { uuid: "A.devil", purchases: ["Horns"] },
      culture: { aspects: { environment: "C.nomadic" }, language: "<b>Caelian</b>" },
      career: { uuid: "K.sage", incident: "Bookish Ideas" },
      class: { uuid: "X.fury", subclasses: ["Berserker"], abilities: ["B.brutal"] },
      kit: { uuids: ["Kit.mountain"] },
    };
    const html = render(ctx(step, record, { hero: { ...NEW_HERO, name: "<script>x</script>" } }));
    expect(html).toContain(`data-step="${step}"`);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>Caelian");
  });
});

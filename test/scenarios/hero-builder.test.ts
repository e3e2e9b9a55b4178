// Issue 32, the hero builder at a table of separate clients: Alice builds her hero Korva through the
// builder's form (the same read-and-write the window runs: readBuilderForm → applyBuilderChange),
// against the system's real packs; every item a step adds names its step and choice. She changes her
// ancestry later (L525) and exactly the old ancestry's items go; nothing else on Korva changes. The
// Director's client sees the same hero. Mallory, who does not own Korva, writes nothing. A class
// dropped on a sheet opens the class step instead of granting every ability.
import { beforeAll, describe, expect, it } from "vitest";
import { checkAfterEach, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import { loadBuilderPacks } from "../fixtures/builder-packs.ts";
import type { WorldItem } from "../harness/world.ts";

const t: Table = await setupTable();
checkAfterEach(t.world, { honest: true });
const { applyBuilderChange } = await import("../../src/applications/builder/apply.ts");
const { builderCatalogue } = await import("../../src/applications/builder/catalogue.ts");
const { readBuilderForm, heroBuilderContext } = await import("../../src/applications/view-models/hero-builder.ts");
const { buildRecordOf } = await import("../../src/documents/hero-builder.ts");
const { FLAG_SCOPE } = await import("../../src/constants.ts");
const { langI18n } = await import("../harness/handlebars-helpers.ts");
const { readFileSync } = await import("node:fs");
const lang = JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8"));
const i18n = langI18n(lang);

type Catalogue = Awaited<ReturnType<typeof builderCatalogue>>;
type Host = Parameters<typeof applyBuilderChange>[0];
type Step = Parameters<typeof readBuilderForm>[0];

let packed: Map<string, WorldItem>;
let catalogue: Catalogue;
const uuid = (key: string) => packed.get(key)!.uuid;
const services = {
  load: async (u: string) => ((await fromUuid(u)) as unknown as { toObject(): Record<string, unknown> } | null)?.toObject() ?? null,
  localize: (key: string) => i18n.localize(key),
};

beforeAll(async () => {
  packed = loadBuilderPacks(t.world);
  catalogue = await t.world.as(t.alice, () => builderCatalogue(game.packs as never, game.user));
});

const korva = () => t.korva as unknown as Host;
/** Alice changes the open step's form, as the window's submit does. */
const submit = (step: Step, form: Record<string, unknown>, user = t.alice) =>
  t.world.as(user, () => applyBuilderChange(korva(), readBuilderForm(step, form, catalogue, buildRecordOf(korva())), services));
const flag = (i: WorldItem, key: string) => (i.flags[FLAG_SCOPE] as Record<string, unknown> | undefined)?.[key];
const itemsOf = (step: string) => [...t.korva.items].filter((i) => flag(i, "builderStep") === step).map((i) => i.name).sort();
const allNames = () => [...t.korva.items].map((i) => `${i.type}:${i.name}`).sort();
const skills = () => [...(t.korva.system.skills as Iterable<string>)].sort();

describe("the builder's catalogue from the packs", () => {
  it("holds the seed's options: 12 ancestries, the culture aspects, 8 careers, 5 classes with their 1st-level abilities by folder", () => {
    expect(catalogue.ancestries).toHaveLength(12);
    expect(catalogue.aspects.environment.map((a) => a.name)).toEqual(["Nomadic", "Rural", "Secluded", "Urban", "Wilderness"]);
    expect(catalogue.aspects.organization).toHaveLength(3);
    expect(catalogue.aspects.upbringing).toHaveLength(6);
    for (const list of Object.values(catalogue.aspects)) for (const a of list) expect(a.skillOptions, a.name).not.toBe("");
    expect(catalogue.careers).toHaveLength(8);
    expect(catalogue.classes.map((c) => c.name)).toEqual(["Conduit", "Elementalist", "Fury", "Shadow", "Tactician"]);
    const fury = catalogue.classes.find((c) => c.name === "Fury")!;
    // The signature choices "from the options below" (L3404), not the stormwight kits' signatures (L3682–3828).
    expect(fury.abilities.filter((a) => a.signature).map((a) => a.name)).toEqual(["Brutal Slam", "Hit and Run", "Humiliating Strike", "Impaling Strike"]);
    expect(fury.abilities.filter((a) => a.cost === 3)).toHaveLength(4);
    expect(fury.abilities.filter((a) => a.cost === 5)).toHaveLength(4);
    expect(fury.abilities).toHaveLength(12);
    // Every class but the tactician (Field Arsenal, L4407) offers four signature abilities.
    for (const klass of catalogue.classes) {
      expect(klass.abilities.filter((a) => a.signature), klass.name).toHaveLength(klass.name === "Tactician" ? 0 : 4);
    }
    expect(catalogue.kits.some((k) => k.kitType === "stormwight")).toBe(true);
  });
  it("each class's step asks a slot for each cost its chapter offers: the elementalist's \"1\" (L2819) has no choice printed, so it is not asked", () => {
    const slots = (name: string) => {
      const klass = catalogue.classes.find((c) => c.name === name)!;
      const view = heroBuilderContext({ step: "class", catalogue, record: { class: { uuid: klass.uuid, subclasses: [], abilities: [] } }, complicationsOn: true, hero: heroOf() }, i18n);
      return view.view.class!.chosen!.slots.map((s) => s.label);
    };
    expect(slots("Elementalist")).toEqual(["Signature ability", "Heroic ability costing 3", "Heroic ability costing 5"]);
    expect(slots("Conduit")).toEqual(["Signature ability", "Heroic ability costing 3", "Heroic ability costing 5"]);
    expect(slots("Tactician")).toEqual(["Heroic ability costing 3", "Heroic ability costing 5"]);
  });
});

describe("building Korva step by step (issue 32)", () => {
  const before: string[] = [];
  it("ancestry: the Devil with 3 fiend points of features; overspending is refused (L798)", async () => {
    before.push(...allNames());
    expect(await submit("ancestry", { ancestry: uuid("ancestries/Devil") })).toBe(true);
    const devil = catalogue.ancestries.find((a) => a.name === "Devil")!;
    const at = (name: string) => `purchase|${devil.purchases.findIndex((p) => p.name === name)}`;
    expect(await submit("ancestry", { ancestry: uuid("ancestries/Devil"), [at("Horns")]: true, [at("Wings")]: true })).toBe(true);
    expect(itemsOf("ancestry")).toEqual(["Devil", "Horns", "Silver Tongue", "Wings"]);
    // Horns (1) + Wings (2) + Beast Legs (2) = 5 > 3: refused, nothing changes.
    expect(await submit("ancestry", { ancestry: uuid("ancestries/Devil"), [at("Horns")]: true, [at("Wings")]: true, [at("Beast Legs")]: true })).toBe(false);
    expect(itemsOf("ancestry")).toEqual(["Devil", "Horns", "Silver Tongue", "Wings"]);
    const ancestry = [...t.korva.items].find((i) => i.type === "ancestry")!;
    for (const name of ["Horns", "Wings", "Silver Tongue"]) {
      const item = [...t.korva.items].find((i) => i.name === name)!;
      expect(flag(item, "grantedBy"), name).toBe(ancestry.id);
    }
    expect(flag([...t.korva.items].find((i) => i.name === "Horns")!, "builderChoice")).toBe(devil.purchases.find((p) => p.name === "Horns")!.uuid);
  });

  it("culture: three aspects, a skill for each from its Skill Options (L2039–2141), the language", async () => {
    const aspects = { "aspect|environment": uuid("cultures/Nomadic"), "aspect|organization": uuid("cultures/Bureaucratic"), "aspect|upbringing": uuid("cultures/Martial") };
    await submit("culture", { ...aspects, language: "Caelian" });
    const culture = [...t.korva.items].find((i) => i.type === "culture")!;
    expect((culture.system.environment as { name: string }).name).toBe("Nomadic");
    expect(itemsOf("culture")).toEqual(["Bureaucratic", "Culture", "Martial", "Nomadic"]);
    expect([...(t.korva.system.languages as Iterable<string>)]).toContain("Caelian");
    // The view offers only what each aspect allows.
    const view = heroBuilderContext({ step: "culture", catalogue, record: buildRecordOf(korva()), complicationsOn: true, hero: heroOf() }, i18n);
    const env = view.view.culture!.aspects.find((a) => a.aspect === "environment")!;
    const offered = env.skill!.boxes[0]!.options.map((o) => o.value).filter(Boolean);
    expect(offered).toContain("climb");
    expect(offered).toContain("persuade");
    expect(offered).not.toContain("alchemy");
    await submit("culture", { ...aspects, language: "Caelian", "skill|culture.environment|0": "climb", "skill|culture.organization|0": "forgery", "skill|culture.upbringing|0": "endurance" });
    expect((culture.system.environment as { skill: string }).skill).toBe("climb");
    expect(skills()).toEqual(expect.arrayContaining(["climb", "endurance"]));
  });

  it("career: the Sage, two skills (the packet prints none, L2161), an inciting incident", async () => {
    await submit("career", { career: uuid("careers/Sage"), incident: "Bookish Ideas" });
    expect(buildRecordOf(korva()).career?.incident).toBe("Bookish Ideas");
    await submit("career", { career: uuid("careers/Sage"), incident: "Bookish Ideas", "skill|career|0": "history", "skill|career|1": "magic" });
    expect(skills()).toEqual(expect.arrayContaining(["history", "magic"]));
    expect(itemsOf("career")).toEqual(["Sage"]);
  });

  it("class: the fury, the Berserker aspect gives Lift (L3283), a signature, a 3-cost and a 5-cost ability", async () => {
    await submit("class", { class: uuid("classes/Fury") });
    const fury = catalogue.classes.find((c) => c.name === "Fury")!;
    const classItems = itemsOf("class");
    expect(classItems).toContain("Fury");
    // The class grants its features only; no ability comes before it is picked.
    expect([...t.korva.items].filter((i) => flag(i, "builderStep") === "class" && i.type === "ability")).toEqual([]);
    const sig = fury.abilities.find((a) => a.signature)!;
    const three = fury.abilities.find((a) => a.cost === 3)!;
    const five = fury.abilities.find((a) => a.cost === 5)!;
    await submit("class", { class: uuid("classes/Fury"), "subclass|0": "Berserker", "ability|0": sig.uuid, "ability|1": three.uuid, "ability|2": five.uuid });
    const abilities = [...t.korva.items].filter((i) => flag(i, "builderStep") === "class" && i.type === "ability").map((i) => i.name).sort();
    expect(abilities).toEqual([sig.name, three.name, five.name].sort());
    expect(([...t.korva.items].find((i) => i.type === "class")!.system as { subclass: string }).subclass).toBe("Berserker");
    await submit("class", { class: uuid("classes/Fury"), "subclass|0": "Berserker", "ability|0": sig.uuid, "ability|1": three.uuid, "ability|2": five.uuid, "skill|class.subclass|0": "lift" });
    expect(skills()).toContain("lift");
    const view = heroBuilderContext({ step: "class", catalogue, record: buildRecordOf(korva()), complicationsOn: true, hero: heroOf() }, i18n);
    expect(view.problems).toEqual([]);
    expect(view.steps.find((s) => s.id === "class")!.state).toBe("done");
  });

  it("kit and characteristics: a martial kit with its signature ability; scores within −5 to +5 only", async () => {
    const kit = catalogue.kits.find((k) => k.name === "Mountain")!;
    await submit("kit", { "kit|0": kit.uuid });
    expect(itemsOf("kit")).toContain("Mountain");
    expect(await submit("characteristics", { "char|might": 2, "char|agility": 2, "char|reason": -1, "char|intuition": 0, "char|presence": 1 })).toBe(true);
    expect(t.korva.system.characteristics).toMatchObject({ might: 2, agility: 2, reason: -1 });
    expect(await submit("characteristics", { "char|might": 7, "char|agility": 2, "char|reason": -1, "char|intuition": 0, "char|presence": 1 })).toBe(false);
    expect((t.korva.system.characteristics as { might: number }).might).toBe(2);
  });

  it("changing the ancestry later (L525) takes exactly the old ancestry's items, and nothing else", async () => {
    const others = allNames().filter((n) => !["ancestry:Devil", "feature:Horns", "feature:Wings", "feature:Silver Tongue"].includes(n));
    const skillsBefore = skills();
    await submit("ancestry", { ancestry: uuid("ancestries/Human") });
    expect(itemsOf("ancestry")).toEqual(["Detect the Supernatural", "Human", "Resist the Supernatural", "Staying Power"]);
    expect(allNames().filter((n) => !n.startsWith("ancestry:") && !["feature:Detect the Supernatural", "feature:Resist the Supernatural", "feature:Staying Power"].includes(n)))
      .toEqual(others.filter((n) => !n.startsWith("ancestry:")));
    expect(skills()).toEqual(skillsBefore);
    // Korva's own items from before the builder are all still there.
    for (const name of before) expect(allNames()).toContain(name);
    // The Director's client sees the same hero.
    expect(t.world.as(t.gm, () => [...t.korva.items].filter((i) => i.type === "ancestry").map((i) => i.name))).toEqual(["Human"]);
  });

  it("changing the subclass drops the old subclass's skill and offers the new one's (L3284)", async () => {
    const fury = catalogue.classes.find((c) => c.name === "Fury")!;
    const picks = buildRecordOf(korva()).class!.abilities;
    await submit("class", { class: uuid("classes/Fury"), "subclass|0": "Reaver", ...Object.fromEntries(picks.map((p, i) => [`ability|${i}`, p])), "skill|class.subclass|0": "lift" });
    expect(skills()).not.toContain("lift");
    expect(buildRecordOf(korva()).skills?.["class.subclass"]).toEqual([]);
    expect(fury.abilities.length).toBeGreaterThan(0);
    await submit("class", { class: uuid("classes/Fury"), "subclass|0": "Reaver", ...Object.fromEntries(picks.map((p, i) => [`ability|${i}`, p])), "skill|class.subclass|0": "hide" });
    expect(skills()).toContain("hide");
  });

  it("Mallory, who does not own Korva, cannot write her build", async () => {
    const names = allNames();
    expect(await submit("ancestry", { ancestry: uuid("ancestries/Orc") }, t.mallory)).toBe(false);
    expect(allNames()).toEqual(names);
  });
});

function heroOf() {
  const s = t.korva.system as { biography: string; characteristics: Record<string, number>; skills: Iterable<string>; languages: Iterable<string> };
  return {
    name: t.korva.name, biography: s.biography ?? "", characteristics: { ...s.characteristics } as never,
    skills: [...s.skills], languages: [...s.languages],
  };
}

describe("an option with choices dropped on a sheet opens its builder step (issue 32)", () => {
  it("Bob drops the fury on Ryn: the class and its features come, no ability, and the builder opens at the class step", async () => {
    const { HeroSheet } = await import("../../src/applications/sheets/hero-sheet.ts");
    const { builderOf } = await import("../../src/applications/builder/hero-builder.ts");
    // Type escape: the sheet's protected drop handler, called as Foundry's drop on the sheet calls it.
    const drop = (HeroSheet.prototype as unknown as { _onDropItem(this: unknown, e: unknown, item: unknown): Promise<unknown> })._onDropItem;
    const abilitiesBefore = [...t.ryn.items].filter((i) => i.type === "ability").map((i) => i.name).sort();
    await t.world.as(t.bob, () => drop.call({ actor: t.ryn, isEditable: true }, {}, packed.get("classes/Fury")));
    const klass = [...t.ryn.items].find((i) => i.type === "class")!;
    expect(klass.name).toBe("Fury");
    expect(flag(klass, "builderStep")).toBe("class");
    const granted = [...t.ryn.items].filter((i) => flag(i, "grantedBy") === klass.id);
    expect(granted.length).toBe((packed.get("classes/Fury")!.system.grants as string[]).length);
    expect(granted.every((i) => i.type === "feature")).toBe(true);
    expect([...t.ryn.items].filter((i) => i.type === "ability").map((i) => i.name).sort()).toEqual(abilitiesBefore);
    expect(t.world.as(t.bob, () => builderOf(t.ryn.id)?.step)).toBe("class");
  });
  it("a kit (no choices) dropped is granted as before, with its signature ability", async () => {
    const { HeroSheet } = await import("../../src/applications/sheets/hero-sheet.ts");
    const drop = (HeroSheet.prototype as unknown as { _onDropItem(this: unknown, e: unknown, item: unknown): Promise<unknown> })._onDropItem;
    const mountain = packed.get("kits/Mountain")!;
    // Ryn has a kit already: the sheet asks before replacing it (Foundry's DialogV2.confirm in the real client), answered yes.
    const { foundryOptionServices } = await import("../../src/applications/sheets/option-services.ts");
    foundryOptionServices.confirm = async () => true;
    await t.world.as(t.bob, () => drop.call({ actor: t.ryn, isEditable: true }, {}, mountain));
    const kit = [...t.ryn.items].find((i) => i.type === "kit")!;
    expect(kit.name).toBe("Mountain");
    expect([...t.ryn.items].filter((i) => flag(i, "grantedBy") === kit.id).length).toBe((mountain.system.grants as string[]).length);
  });
});

describe("a career whose item holds its benefits (L2161–2177; the packet's careers print none, L2200)", () => {
  // A career as a Director might fill one in a world compendium: two named skills, an extra language, Renown and project points.
  const filled = () => t.world.addPackItem("steel-echoes.careers", {
    _id: "filledCareer0001", name: "Filled Career", type: "career",
    system: { description: "", skills: ["history", "magic"], skillOptions: "", languages: 1, renown: 2, projectPoints: 3, incitingIncidents: [{ name: "Call", text: "A call." }], grants: [] },
  });
  const ryn = () => t.ryn as unknown as Host;
  const bobSubmits = (form: Record<string, unknown>) =>
    t.world.as(t.bob, () => applyBuilderChange(ryn(), readBuilderForm("career", form, catalogue, buildRecordOf(ryn())), services));
  const numbers = () => {
    const s = t.ryn.system as { renown: number; projectPoints: number; languages: Iterable<string>; skills: Iterable<string> };
    return { renown: s.renown, projectPoints: s.projectPoints, languages: [...s.languages].sort(), skills: [...s.skills].sort() };
  };

  it("Bob chooses it for Ryn: its skills are granted, Renown +2 and 3 project points added, the language he types learned; the Sage instead takes exactly those back", async () => {
    const career = filled();
    const before = numbers();
    expect(before.skills.includes("history") || before.skills.includes("magic")).toBe(false);
    expect(await bobSubmits({ career: career.uuid, incident: "Call" })).toBe(true);
    let now = numbers();
    expect(now.renown).toBe(before.renown + 2);
    expect(now.projectPoints).toBe(before.projectPoints + 3);
    expect(now.skills).toEqual([...before.skills, "history", "magic"].sort());
    expect(buildRecordOf(ryn()).skills?.career).toEqual(["history", "magic"]);
    // The extra language: a box to type it in, and the step is not done until it is.
    const view = (await import("../../src/applications/view-models/hero-builder.ts")).heroBuilderContext;
    const withFilled = { ...catalogue, careers: [...catalogue.careers, { uuid: career.uuid, name: career.name, text: [], skills: ["history", "magic"], skillOptions: "", languages: 1, renown: 2, projectPoints: 3, incidents: [{ name: "Call", text: "A call." }] }] };
    const hero = () => {
      const s = t.ryn.system as { biography: string; characteristics: Record<string, number>; skills: Iterable<string>; languages: Iterable<string> };
      return { name: t.ryn.name, biography: s.biography ?? "", characteristics: { ...s.characteristics } as never, skills: [...s.skills], languages: [...s.languages] };
    };
    const step = () => view({ step: "career", catalogue: withFilled, record: buildRecordOf(ryn()), complicationsOn: true, hero: hero() }, i18n);
    expect(step().view.career!.chosen!.languages.map((b) => b.field)).toEqual(["careerLanguage|0"]);
    expect(step().todo).toEqual(["The career still has languages to learn: 1 left."]);
    await bobSubmits({ career: career.uuid, incident: "Call", "careerLanguage|0": " Zaliac ", "skill|career|0": "history", "skill|career|1": "magic" });
    now = numbers();
    expect(now.languages).toEqual([...before.languages, "Zaliac"].sort());
    expect(step().todo).toEqual([]);
    expect(step().steps.find((s) => s.id === "career")!.state).toBe("done");
    // Another career (L525): what this one gave goes, and nothing else.
    await bobSubmits({ career: uuid("careers/Sage"), incident: "Bookish Ideas" });
    expect(numbers()).toEqual(before);
    // The Director's client reads the same hero.
    expect(t.world.as(t.gm, () => (t.ryn.system as { renown: number }).renown)).toBe(before.renown);
  });
});

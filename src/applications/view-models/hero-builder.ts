/**
 * View-model of the hero builder (`templates/builder/hero-builder.hbs`, issue 32): the compendium's
 * options, the hero and the builder's record in; the steps (in the seed's order, L471–540, any of them
 * open at any time) and the open step's choices, texts and problems out. Pure: every rule is a call to
 * src/rules/hero-building.ts; nothing here knows Foundry. `readBuilderForm` turns the window's form
 * back into the change the builder writes (src/documents/hero-builder.ts).
 */
import { CHARACTERISTICS, SKILLS, skillGroupOf } from "../../rules/catalogue.ts";
import { BUILDER_STEPS, CLASS_ROLL_CHARACTERISTICS, CULTURE_ASPECTS, FIRST_LEVEL_ABILITY_COLUMNS, abilitiesForSlot, abilitySlots, affordablePurchases, careerSkillOptions, checkAbilityPicks, checkCharacteristics, checkPurchases, checkSkillGrants, kitSlots, legalKits, legalSkillPicks, offeredSlots, parseSkillOptions, pointsLeft, subclassCount, subclassSkillOptions } from "../../rules/hero-building.ts";
import type { Characteristic } from "../../rules/catalogue.ts";
import type { AbilityChoice, AbilitySlot, BuilderStep, CultureAspect, KitChoice, SkillGrant, SkillOptions } from "../../rules/hero-building.ts";
import type { BuildRecord } from "../../documents/hero-builder.ts";
import { buildWarningLines } from "./build-warnings.ts";
import type { I18n } from "./i18n.ts";

/** An option of the compendiums as the builder shows it: its UUID, name and text (plain paragraphs). */
export interface CatalogueEntry {
  uuid: string;
  name: string;
  text: string[];
}

export interface CatalogueAncestry extends CatalogueEntry {
  fiendPoints: number;
  purchases: { name: string; cost: number; uuid: string }[];
}
export interface CatalogueAspect extends CatalogueEntry {
  skillOptions: string;
}
export interface CatalogueCareer extends CatalogueEntry {
  skills: string[];
  skillOptions: string;
  languages: number;
  renown: number;
  projectPoints: number;
  incidents: { name: string; text: string }[];
}
export interface CatalogueAbility extends AbilityChoice {
  uuid: string;
  text: string[];
}
export interface CatalogueClass extends CatalogueEntry {
  subclasses: string[];
  abilities: CatalogueAbility[];
}
export interface CatalogueKit extends CatalogueEntry, KitChoice {
  signatureAbility: string;
}

/** What the compendiums offer for each step. */
export interface BuilderCatalogue {
  ancestries: CatalogueAncestry[];
  aspects: Record<CultureAspect, CatalogueAspect[]>;
  careers: CatalogueCareer[];
  classes: CatalogueClass[];
  kits: CatalogueKit[];
  complications: CatalogueEntry[];
}

/** The hero as the builder reads her. */
export interface BuilderHero {
  name: string;
  biography: string;
  characteristics: Record<Characteristic, number>;
  skills: string[];
  languages: string[];
}

export interface BuilderInput {
  step: BuilderStep;
  catalogue: BuilderCatalogue;
  hero: BuilderHero;
  record: BuildRecord;
  /** The world's "Complications" setting (L549: "check with your Director"). */
  complicationsOn: boolean;
}

/** HTML from an item's description as plain paragraphs (rendered escaped: nothing a user typed runs). */
export function plainParagraphs(html: string): string[] {
  const text = html
    .replace(/<\/(p|li|h\d|div)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, "\"")
    .replace(/&#39;|&#x27;/g, "'").replace(/&amp;/g, "&");
  return text.split("\n").map((l) => l.trim()).filter(Boolean);
}

/** Plain text typed in the biography box as HTML paragraphs, escaped; text that already is HTML stays as typed. */
export function biographyHTML(typed: string): string {
  // What the sheet's editor stored starts with a block element; plain typing does not.
  if (/^\s*<(p|div|h[1-6]|ul|ol|blockquote|section|table|figure)\b/i.test(typed)) return typed;
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return typed.split(/\n\s*\n|\n/).map((p) => p.trim()).filter(Boolean).map((p) => `<p>${esc(p)}</p>`).join("");
}

const option = (value: string, label: string, selected: boolean) => ({ value, label, selected });
const entryOptions = (entries: readonly CatalogueEntry[], chosen: string | undefined) =>
  entries.map((e) => option(e.uuid, e.name, e.uuid === chosen));

/** The skill sources the record has now, with their options (culture aspects, career, subclass). */
export function builderSkillSources(catalogue: BuilderCatalogue, record: BuildRecord): { source: string; options: SkillOptions }[] {
  const out: { source: string; options: SkillOptions }[] = [];
  for (const aspect of CULTURE_ASPECTS) {
    const entry = catalogue.aspects[aspect].find((e) => e.uuid === record.culture?.aspects[aspect]);
    const options = entry ? parseSkillOptions(entry.skillOptions) : null;
    if (options) out.push({ source: `culture.${aspect}`, options });
  }
  const career = catalogue.careers.find((c) => c.uuid === record.career?.uuid);
  if (career) out.push({ source: "career", options: careerSkillOptions(career) });
  const klass = catalogue.classes.find((c) => c.uuid === record.class?.uuid);
  const sub = klass ? subclassSkillOptions(klass.name, record.class?.subclasses[0] ?? "") : null;
  if (sub) out.push({ source: "class.subclass", options: sub });
  return out;
}

function skillGrants(catalogue: BuilderCatalogue, record: BuildRecord): SkillGrant[] {
  return builderSkillSources(catalogue, record).map(({ source, options }) => ({ source, options, picks: record.skills?.[source] ?? [] }));
}

const sourceKey = (source: string) => source.replace(/^culture\./, "").replace(/^class\./, "");

/** One source's pick boxes: each offers the legal picks (L575) and keeps the current pick even when it is not. */
function skillPickView(source: string, options: SkillOptions, record: BuildRecord, i18n: I18n) {
  const picks = record.skills?.[source] ?? [];
  const others = Object.entries(record.skills ?? {}).filter(([k]) => k !== source).flatMap(([, v]) => v);
  const legal = legalSkillPicks(options, others);
  const skillLabel = (s: string) => i18n.localize(`SE.Skill.${s}`);
  const offered = [
    ...options.skills.map(skillLabel),
    ...options.groups.map((g) => i18n.format("SE.Builder.SkillGroup", { group: i18n.localize(`SE.SkillGroup.${g}`) })),
  ];
  return {
    source,
    // A label, capitalised ("Subclass:"); SE.Build.Source.* is the lower-case phrase the warnings' sentences use.
    label: i18n.localize(`SE.Builder.SkillSource.${sourceKey(source)}`),
    offered: i18n.format("SE.Builder.SkillsOffered", { count: options.count, offered: offered.join(", ") }),
    boxes: Array.from({ length: options.count }, (_, index) => {
      const current = picks[index] ?? "";
      const choices = legal.filter((s) => s === current || !picks.includes(s));
      // Type escape: `includes` on a readonly tuple of literal choices takes only its literals; the stored value is checked by it.
      if (current && !choices.includes(current as never)) choices.unshift(current as never);
      return {
        name: `skill|${source}|${index}`,
        options: [option("", i18n.localize("SE.Builder.ChooseSkill"), !current), ...choices.map((s) => option(s, skillLabel(s), s === current))],
      };
    }),
  };
}

/** The skill rules a step's picks break (a pick not offered, a duplicate: L575); picks still to make are not among them. */
function skillProblems(catalogue: BuilderCatalogue, record: BuildRecord, i18n: I18n, prefix = ""): string[] {
  const problems = checkSkillGrants(skillGrants(catalogue, record)).filter((p) => p.source.startsWith(prefix) && p.kind !== "missing");
  return buildWarningLines(problems.map((p) => ({ ...p, area: "skills" as const })), i18n);
}

/** The picks a step's sources still want ("The career still has skills to choose: 2 left."). */
function skillTodo(catalogue: BuilderCatalogue, record: BuildRecord, i18n: I18n, prefix = ""): string[] {
  const missing = checkSkillGrants(skillGrants(catalogue, record)).filter((p) => p.source.startsWith(prefix) && p.kind === "missing");
  return buildWarningLines(missing.map((p) => ({ ...p, area: "skills" as const })), i18n);
}

/* ---------- each step ---------- */

function ancestryStep(input: BuilderInput, i18n: I18n) {
  const { catalogue, record } = input;
  const chosen = catalogue.ancestries.find((a) => a.uuid === record.ancestry?.uuid);
  let pointBuy = null;
  let problems: string[] = [];
  if (chosen && chosen.purchases.length) {
    const bought = record.ancestry?.purchases ?? [];
    const affordable = new Set(affordablePurchases(chosen.fiendPoints, chosen.purchases, bought).map((p) => p.name));
    const left = pointsLeft(chosen.fiendPoints, chosen.purchases.filter((p) => bought.includes(p.name)));
    pointBuy = {
      budget: chosen.fiendPoints, left,
      summary: i18n.format("SE.Builder.PointsLeft", { left, budget: chosen.fiendPoints }),
      purchases: chosen.purchases.map((p, index) => ({
        name: p.name, cost: p.cost, field: `purchase|${index}`,
        checked: bought.includes(p.name), disabled: !bought.includes(p.name) && !affordable.has(p.name),
      })),
    };
    problems = buildWarningLines(checkPurchases(chosen.fiendPoints, chosen.purchases, bought).map((p) => ({ ...p, area: "ancestry" as const })), i18n);
  }
  return {
    options: entryOptions(catalogue.ancestries, chosen?.uuid),
    chosen: chosen ? { name: chosen.name, text: chosen.text } : null,
    pointBuy, problems,
    done: !!chosen && !problems.length,
  };
}

function cultureStep(input: BuilderInput, i18n: I18n) {
  const { catalogue, record } = input;
  const aspects = CULTURE_ASPECTS.map((aspect) => {
    const chosen = catalogue.aspects[aspect].find((e) => e.uuid === record.culture?.aspects[aspect]);
    const options = chosen ? parseSkillOptions(chosen.skillOptions) : null;
    return {
      aspect, label: i18n.localize(`SE.Builder.SkillSource.${aspect}`), field: `aspect|${aspect}`,
      options: entryOptions(catalogue.aspects[aspect], chosen?.uuid),
      chosen: chosen ? { name: chosen.name, text: chosen.text } : null,
      skill: options ? skillPickView(`culture.${aspect}`, options, record, i18n) : null,
    };
  });
  const problems = skillProblems(catalogue, record, i18n, "culture.");
  const todo = skillTodo(catalogue, record, i18n, "culture.");
  const language = record.culture?.language ?? "";
  const complete = aspects.every((a) => a.chosen) && !!language
    && aspects.every((a) => !a.skill || a.skill.boxes.every((_, i) => (record.skills?.[a.skill!.source] ?? [])[i]));
  return { language, aspects, problems, todo, done: complete && !problems.length };
}

function careerStep(input: BuilderInput, i18n: I18n) {
  const { catalogue, record } = input;
  const chosen = catalogue.careers.find((c) => c.uuid === record.career?.uuid);
  const benefits = chosen
    ? [
      chosen.languages ? i18n.format("SE.Builder.CareerLanguages", { count: chosen.languages }) : "",
      chosen.renown ? i18n.format("SE.Builder.CareerRenown", { count: chosen.renown }) : "",
      chosen.projectPoints ? i18n.format("SE.Builder.CareerProjectPoints", { count: chosen.projectPoints }) : "",
    ].filter(Boolean)
    : [];
  const skill = chosen ? skillPickView("career", careerSkillOptions(chosen), record, i18n) : null;
  const incident = record.career?.incident ?? "";
  const problems = skillProblems(catalogue, record, i18n, "career");
  const todo = skillTodo(catalogue, record, i18n, "career");
  const picked = (record.skills?.career ?? []).filter(Boolean).length;
  // One box for each extra language the career allows (L2167), filled with what was typed.
  const typed = record.career?.languages ?? [];
  const languageBoxes = Array.from({ length: chosen?.languages ?? 0 }, (_, index) => ({ field: `careerLanguage|${index}`, value: typed[index] ?? "" }));
  const languageTodo = chosen && typed.length < chosen.languages
    ? [i18n.format("SE.Builder.CareerLanguagesLeft", { count: chosen.languages - typed.length })] : [];
  return {
    options: entryOptions(catalogue.careers, chosen?.uuid),
    chosen: chosen
      ? {
        name: chosen.name, text: chosen.text, benefits, skill, languages: languageBoxes,
        noSkillsPrinted: !chosen.skills.length && !chosen.skillOptions,
        incidents: [option("", i18n.localize("SE.Builder.ChooseIncident"), !incident), ...chosen.incidents.map((i) => option(i.name, i.name, i.name === incident))],
        incidentText: chosen.incidents.find((i) => i.name === incident)?.text ?? "",
      }
      : null,
    problems, todo: [...todo, ...languageTodo],
    done: !!chosen && !!incident && !!skill && picked >= careerSkillOptions(chosen).count && !problems.length && !languageTodo.length,
  };
}

const slotLabel = (slot: AbilitySlot, i18n: I18n) =>
  slot === "signature" ? i18n.localize("SE.Builder.SignatureSlot") : i18n.format("SE.Builder.CostSlot", { cost: slot });

/** The slots' picks: each picked ability fills the first open slot it fits, as checkAbilityPicks reads them. */
function slotPicks(
  slots: readonly AbilitySlot[], abilities: readonly CatalogueAbility[], picks: readonly string[],
): (CatalogueAbility | null)[] {
  const out: (CatalogueAbility | null)[] = slots.map(() => null);
  for (const uuid of picks) {
    const ability = abilities.find((a) => a.uuid === uuid);
    const at = ability ? slots.findIndex((slot, i) => !out[i] && abilitiesForSlot(slot, [ability]).length > 0) : -1;
    if (at >= 0) out[at] = ability!;
  }
  return out;
}

function classStep(input: BuilderInput, i18n: I18n) {
  const { catalogue, record } = input;
  const chosen = catalogue.classes.find((c) => c.uuid === record.class?.uuid);
  if (!chosen) {
    const none: string[] = [];
    return { options: entryOptions(catalogue.classes, undefined), chosen: null, problems: none, todo: none, done: false };
  }
  const subs = record.class?.subclasses ?? [];
  const subclasses = Array.from({ length: subclassCount(chosen.name) }, (_, index) => ({
    field: `subclass|${index}`,
    label: i18n.localize(index === 0 ? "SE.Builder.Subclass" : "SE.Builder.SecondSubclass"),
    options: [option("", i18n.localize("SE.Builder.ChooseSubclass"), !subs[index]),
      ...chosen.subclasses.filter((s) => s === subs[index] || !subs.includes(s)).map((s) => option(s, s, s === subs[index]))],
  }));
  const subOptions = subs[0] ? subclassSkillOptions(chosen.name, subs[0]) : null;
  const slots = offeredSlots(abilitySlots(FIRST_LEVEL_ABILITY_COLUMNS[chosen.name.trim().toLowerCase()] ?? ""), chosen.abilities);
  const picks = record.class?.abilities ?? [];
  const filled = slotPicks(slots, chosen.abilities, picks);
  const abilitySlotsView = slots.map((slot, index) => {
    const current = filled[index];
    const taken = new Set(filled.filter((a, i) => a && i !== index).map((a) => a!.uuid));
    return {
      field: `ability|${index}`, label: slotLabel(slot, i18n),
      options: [option("", i18n.localize("SE.Builder.ChooseAbility"), !current),
        ...abilitiesForSlot(slot, chosen.abilities).filter((a) => !taken.has((a as CatalogueAbility).uuid))
          .map((a) => option((a as CatalogueAbility).uuid, a.name, (a as CatalogueAbility).uuid === current?.uuid))],
      text: current?.text ?? [],
    };
  });
  const names = picks.map((u) => chosen.abilities.find((a) => a.uuid === u)?.name ?? u);
  const pickProblems = checkAbilityPicks(slots, chosen.abilities, names);
  const abilityTodo = pickProblems.flatMap((p) => (p.kind === "missing" ? [i18n.format("SE.Builder.Problem.abilityMissing", { slot: slotLabel(p.slot, i18n) })] : []));
  const abilityProblems = pickProblems.flatMap((p) => (p.kind === "missing" ? [] : [i18n.format("SE.Builder.Problem.abilityExtra", { name: p.name })]));
  const needed = subclassCount(chosen.name);
  const subclassTodo = subs.filter(Boolean).length < needed && chosen.subclasses.length
    ? [i18n.format("SE.Builder.Problem.subclassMissing", { count: needed })] : [];
  const problems = [...abilityProblems, ...skillProblems(catalogue, record, i18n, "class.")];
  const todo = [...subclassTodo, ...abilityTodo, ...skillTodo(catalogue, record, i18n, "class.")];
  const subPicked = !subOptions || (record.skills?.["class.subclass"] ?? []).filter(Boolean).length >= subOptions.count;
  return {
    options: entryOptions(catalogue.classes, chosen.uuid),
    chosen: {
      name: chosen.name, text: chosen.text, subclasses,
      skill: subOptions ? skillPickView("class.subclass", subOptions, record, i18n) : null,
      slots: abilitySlotsView,
      primary: (CLASS_ROLL_CHARACTERISTICS[chosen.name.trim().toLowerCase()] ?? []).map((c) => i18n.localize(`SE.Characteristic.${c}`)).join(", "),
    },
    problems, todo,
    done: !problems.length && !todo.length && subPicked,
  };
}

function kitStep(input: BuilderInput, i18n: I18n) {
  const { catalogue, record } = input;
  const klass = catalogue.classes.find((c) => c.uuid === record.class?.uuid);
  const className = klass?.name ?? "";
  const subclass = record.class?.subclasses[0] ?? "";
  const chosen = record.kit?.uuids ?? [];
  const count = kitSlots(className);
  const slots = Array.from({ length: count }, (_, index) => {
    const legal = legalKits(className, subclass, catalogue.kits, index === 0 ? 0 : 1) as CatalogueKit[];
    const current = catalogue.kits.find((k) => k.uuid === chosen[index]);
    const choices = legal.filter((k) => k.uuid === current?.uuid || !chosen.includes(k.uuid));
    if (current && !choices.includes(current)) choices.unshift(current);
    return {
      field: `kit|${index}`, label: i18n.localize(index === 0 ? "SE.Builder.Kit" : "SE.Builder.SecondKit"),
      options: [option("", i18n.localize("SE.Builder.ChooseKit"), !current),
        ...choices.map((k) => option(k.uuid, `${k.name} (${i18n.localize(`SE.KitType.${k.kitType}`)})`, k.uuid === current?.uuid))],
      chosen: current ? { name: current.name, text: current.text, signatureAbility: current.signatureAbility } : null,
    };
  });
  const problems = slots.flatMap((s, index) => {
    const kit = catalogue.kits.find((k) => k.uuid === chosen[index]);
    return kit && !legalKits(className, subclass, [kit], index === 0 ? 0 : 1).length ? [i18n.format("SE.Build.Warn.kitNotAllowed", { name: kit.name })] : [];
  });
  return { slots, stormwight: className.toLowerCase() === "fury" && subclass.toLowerCase() === "stormwight", problems, done: slots.every((s) => s.chosen) && !problems.length };
}

function complicationStep(input: BuilderInput, i18n: I18n) {
  const chosen = input.catalogue.complications.find((c) => c.uuid === input.record.complication?.uuid);
  return {
    enabled: input.complicationsOn,
    options: [option("", i18n.localize("SE.Builder.NoComplication"), !chosen), ...entryOptions(input.catalogue.complications, chosen?.uuid)],
    chosen: chosen ? { name: chosen.name, text: chosen.text } : null,
    problems: [],
    done: true,
  };
}

function characteristicsStep(input: BuilderInput, i18n: I18n) {
  const klass = input.catalogue.classes.find((c) => c.uuid === input.record.class?.uuid);
  const primary = CLASS_ROLL_CHARACTERISTICS[klass?.name.trim().toLowerCase() ?? ""] ?? [];
  const problems = checkCharacteristics(input.hero.characteristics).map((p) =>
    i18n.format("SE.Builder.Problem.characteristic", { characteristic: i18n.localize(`SE.Characteristic.${p.characteristic}`), value: p.value }));
  return {
    rows: CHARACTERISTICS.map((c) => ({
      key: c, field: `char|${c}`, label: i18n.localize(`SE.Characteristic.${c}`), value: input.hero.characteristics[c] ?? 0,
      primary: primary.includes(c),
    })),
    primaryList: primary.map((c) => i18n.localize(`SE.Characteristic.${c}`)).join(", "),
    problems,
    done: !problems.length && CHARACTERISTICS.some((c) => (input.hero.characteristics[c] ?? 0) !== 0),
  };
}

function skillsStep(input: BuilderInput, i18n: I18n) {
  const sources = builderSkillSources(input.catalogue, input.record)
    .map(({ source, options }) => skillPickView(source, options, input.record, i18n));
  const fromBuilder = new Set(Object.values(input.record.skills ?? {}).flat());
  const byHand = SKILLS.filter((s) => input.hero.skills.includes(s) && !fromBuilder.has(s)).map((s) => i18n.localize(`SE.Skill.${s}`)).join(", ");
  const grants = skillGrants(input.catalogue, input.record);
  const problems = skillProblems(input.catalogue, input.record, i18n);
  const todo = skillTodo(input.catalogue, input.record, i18n);
  const all = SKILLS.filter((s) => input.hero.skills.includes(s));
  return {
    sources, byHand, problems, todo,
    summary: all.map((s) => `${i18n.localize(`SE.Skill.${s}`)} (${i18n.localize(`SE.SkillGroup.${skillGroupOf(s)}`)})`),
    done: !!grants.length && !problems.length && grants.every((g) => g.picks.filter(Boolean).length >= g.options.count),
  };
}

const PROMPTS = 8;

function detailsStep(input: BuilderInput, i18n: I18n) {
  return {
    name: input.hero.name,
    biography: input.hero.biography,
    prompts: Array.from({ length: PROMPTS }, (_, i) => i18n.localize(`SE.Builder.Prompt.${i + 1}`)),
    problems: [],
    done: !!input.hero.name.trim() && !!input.hero.biography.trim(),
  };
}

const STEP_VIEWS = {
  ancestry: ancestryStep, culture: cultureStep, career: careerStep, class: classStep, kit: kitStep,
  freeStrikes: () => ({ problems: [] as string[], done: true }),
  complication: complicationStep, characteristics: characteristicsStep, skills: skillsStep, details: detailsStep,
} satisfies Record<BuilderStep, (input: BuilderInput, i18n: I18n) => { problems: string[]; todo?: string[]; done: boolean }>;

/** The builder's context: every step with its state, and the open step's view under its own key. */
export function heroBuilderContext(input: BuilderInput, i18n: I18n) {
  const views = Object.fromEntries(BUILDER_STEPS.map((s) => [s, STEP_VIEWS[s](input, i18n)])) as {
    [K in BuilderStep]: ReturnType<(typeof STEP_VIEWS)[K]>;
  };
  const steps = BUILDER_STEPS.map((id, index) => {
    const v = views[id];
    const state = v.problems.length ? "problem" : v.done ? "done" : "open";
    return {
      id, number: index + 1, label: i18n.localize(`SE.Builder.Step.${id}`), active: id === input.step, state,
      stateLabel: i18n.localize(`SE.Builder.State.${state}`),
    };
  });
  const at = BUILDER_STEPS.indexOf(input.step);
  return {
    steps,
    step: input.step,
    title: i18n.localize(`SE.Builder.Step.${input.step}`),
    intro: i18n.localize(`SE.Builder.Intro.${input.step}`),
    previous: at > 0 ? BUILDER_STEPS[at - 1]! : null,
    next: at < BUILDER_STEPS.length - 1 ? BUILDER_STEPS[at + 1]! : null,
    problems: views[input.step].problems,
    todo: (views[input.step] as { todo?: string[] }).todo ?? [],
    complete: steps.every((s) => s.state === "done"),
    view: { [input.step]: views[input.step] } as Partial<typeof views>,
  };
}

/* ---------- reading the form back ---------- */

/** What the window's form asks the builder to write, for the open step. */
export type BuilderChange =
  | { step: "ancestry"; uuid: string; purchases: string[]; skills: Record<string, string[]> }
  | { step: "culture"; aspects: Partial<Record<CultureAspect, string>>; language: string; skills: Record<string, string[]> }
  | { step: "career"; uuid: string; incident: string; languages: string[]; skills: Record<string, string[]> }
  | { step: "class"; uuid: string; subclasses: string[]; abilities: string[]; skills: Record<string, string[]> }
  | { step: "kit"; uuids: string[]; skills: Record<string, string[]> }
  | { step: "complication"; uuid: string; skills: Record<string, string[]> }
  | { step: "characteristics"; values: Record<Characteristic, number>; skills: Record<string, string[]> }
  | { step: "skills"; skills: Record<string, string[]> }
  | { step: "details"; name: string; biography: string; skills: Record<string, string[]> }
  | { step: "freeStrikes"; skills: Record<string, string[]> };

const str = (v: unknown) => (typeof v === "string" ? v : v === null || v === undefined ? "" : String(v));

/**
 * The open step's form (field name to value, as Foundry's FormDataExtended gives it) read into a
 * change. Picks repeated within one source are dropped; a number that is not one stays as typed for
 * the characteristics' check to refuse.
 */
export function readBuilderForm(
  step: BuilderStep, form: Record<string, unknown>, catalogue: BuilderCatalogue, record: BuildRecord,
): BuilderChange {
  const skills: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(form)) {
    const m = /^skill\|(.+)\|(\d+)$/.exec(key);
    if (!m) continue;
    (skills[m[1]!] ??= [])[Number(m[2])] = str(value);
  }
  for (const [k, v] of Object.entries(skills)) skills[k] = [...new Set(Array.from(v, (s) => s ?? "").filter(Boolean))];
  const indexed = (prefix: string) => Object.entries(form).filter(([k]) => k.startsWith(`${prefix}|`))
    .sort(([a], [b]) => Number(a.split("|")[1]) - Number(b.split("|")[1])).map(([, v]) => str(v));
  switch (step) {
    case "ancestry": {
      const uuid = str(form.ancestry);
      const ancestry = catalogue.ancestries.find((a) => a.uuid === uuid);
      const same = uuid === record.ancestry?.uuid;
      const purchases = same ? (ancestry?.purchases ?? []).filter((_, i) => form[`purchase|${i}`] === true || form[`purchase|${i}`] === "on").map((p) => p.name) : [];
      return { step, uuid, purchases, skills };
    }
    case "culture":
      return {
        step, language: str(form.language).trim(), skills,
        aspects: Object.fromEntries(CULTURE_ASPECTS.map((a) => [a, str(form[`aspect|${a}`])])) as Record<CultureAspect, string>,
      };
    case "career": {
      // A new career's language boxes were the old one's: its languages are typed afresh.
      const same = str(form.career) === record.career?.uuid;
      return { step, uuid: str(form.career), incident: str(form.incident), languages: same ? indexed("careerLanguage").map((l) => l.trim()).filter(Boolean) : [], skills };
    }
    case "class":
      return { step, uuid: str(form.class), subclasses: indexed("subclass"), abilities: indexed("ability").filter(Boolean), skills };
    case "kit":
      return { step, uuids: indexed("kit"), skills };
    case "complication":
      return { step, uuid: str(form.complication), skills };
    case "characteristics":
      return { step, skills, values: Object.fromEntries(CHARACTERISTICS.map((c) => [c, Number(form[`char|${c}`] ?? 0)])) as Record<Characteristic, number> };
    case "details":
      return { step, name: str(form.name), biography: biographyHTML(str(form.biography)), skills };
    case "skills":
    case "freeStrikes":
      return { step, skills };
  }
}

/** The step an option dropped on a hero opens (an option with choices: issue 32), or null for one without. */
export function stepForDroppedOption(type: string, system: Record<string, unknown>): BuilderStep | null {
  // An ancestry with points to spend (the Devil, L796).
  if (type === "ancestry") return Array.isArray(system.purchases) && system.purchases.length ? "ancestry" : null;
  // A culture with an aspect still to choose (the Cultures pack's blank culture).
  if (type === "culture") return CULTURE_ASPECTS.some((a) => !(system[a] as { name?: string } | undefined)?.name) ? "culture" : null;
  // A career (its skills and inciting incident) and a class (subclass, skill, abilities) always have choices.
  if (type === "career" || type === "class") return type;
  return null;
}

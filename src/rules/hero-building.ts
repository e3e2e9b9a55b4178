/**
 * Hero making's choice rules (issue 32; seed 004 "Step-by-step hero making", L471–540): which
 * choices are legal at each step, what is left to spend, and what is wrong with a hero's choices.
 * Pure: the builder window and the sheet's warnings read these; nothing here knows Foundry.
 *
 * - Skills: "Skill Options" lines of cultures (L2039–2141) and subclasses (L2449, L3283–3285,
 *   L4250–4252); the duplicate-skill rule (L575, and L2163 for careers).
 * - The Devil's fiend points (L798), the packet's only point-buy.
 * - A class's 1st-level ability picks from its advancement table ("Signature, 3, 5", e.g. L3271),
 *   each "Choose one heroic ability from the following options" (L2687, L2750, ...).
 * - Kits: a stormwight kit only for a fury of the stormwight aspect (L3285, L3329); the tactician's
 *   Field Arsenal adds a second martial kit (L4386).
 */
import { CHARACTERISTICS, CHARACTERISTIC_MAX, CHARACTERISTIC_MIN, SKILLS, SKILL_GROUPS, skillGroupOf } from "./catalogue.ts";
import type { Characteristic, Skill, SkillGroup } from "./catalogue.ts";

/** What a "Skill Options" line lets a hero pick: named skills and whole groups, `count` of them. */
export interface SkillOptions {
  skills: Skill[];
  groups: SkillGroup[];
  count: number;
}

const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4 };
const GROUP_NAMES = Object.keys(SKILL_GROUPS) as SkillGroup[];

/** A skill's id from its printed name ("Handle Animals" → handleAnimals), or null when it is not one of the seed's 54. */
export function skillFromName(name: string): Skill | null {
  const words = name.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const id = words[0] + words.slice(1).map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
  return (SKILLS as readonly string[]).includes(id) ? (id as Skill) : null;
}

/**
 * Read a "Skill Options" line as the seed prints them (L2039–2141) or a subclass's "You gain a skill
 * from the lore skill group" / "You gain the Lift skill" (L3283, L4250):
 * - "One skill from the exploration or interpersonal skill groups."
 * - "The Music or Perform skill, or one skill from the crafting skill group."
 * - "One of the Blacksmithing or Handle Animals skills, or one skill from the exploration skill group."
 * - "One of the Alertness, Blacksmithing, Climb, ... or Track skills."
 * - "two skills from the exploration skill group" (L5644).
 * Null when the text names no skill or group, or names one that is not the seed's.
 */
export function parseSkillOptions(text: string): SkillOptions | null {
  const source = text.trim().replace(/\.$/, "");
  if (!source) return null;
  const skills: Skill[] = [];
  const groups: SkillGroup[] = [];
  let count = 1;
  // Whole groups: "<n> skill(s) from the A or B skill group(s)".
  const groupPart = /\b(a|an|one|two|three|four)\s+skills?\s+from\s+the\s+(.+?)\s+skill\s+groups?\b/i.exec(source);
  let rest = source;
  if (groupPart) {
    count = NUMBER_WORDS[groupPart[1]!.toLowerCase()]!;
    for (const name of groupPart[2]!.split(/\s*(?:,|\bor\b|\band\b)\s*/i).filter(Boolean)) {
      const group = GROUP_NAMES.find((g) => g === name.toLowerCase());
      if (!group) return null;
      groups.push(group);
    }
    rest = source.slice(0, groupPart.index);
  }
  // Named skills: "The Music or Perform skill", "One of the A, B, or C skills", "the Lift skill".
  const named = /\b(?:one of the|the)\s+(.+?)\s+skills?\b/i.exec(rest);
  if (named) {
    for (const name of named[1]!.split(/\s*(?:,\s*or\b|,|\bor\b|\band\b)\s*/i).filter(Boolean)) {
      const skill = skillFromName(name);
      if (!skill) return null;
      skills.push(skill);
    }
  }
  if (!skills.length && !groups.length) return bareSkillOptions(source);
  return { skills, groups, count };
}

/**
 * A Skill Options line written short, as an item's field often holds it: group or skill names alone
 * ("Exploration or lore", "Interpersonal", "Music, Perform or crafting"), one skill to pick. Null when
 * any name is neither a group nor one of the seed's skills.
 */
function bareSkillOptions(source: string): SkillOptions | null {
  const skills: Skill[] = [];
  const groups: SkillGroup[] = [];
  for (const name of source.split(/\s*(?:,\s*or\b|,|\bor\b|\band\b)\s*/i).filter(Boolean)) {
    const group = GROUP_NAMES.find((g) => g === name.trim().toLowerCase());
    const skill = group ? null : skillFromName(name);
    if (group) groups.push(group);
    else if (skill) skills.push(skill);
    else return null;
  }
  return skills.length || groups.length ? { skills, groups, count: 1 } : null;
}

/** Every skill the options offer, in the catalogue's order. */
export function skillsOffered(options: SkillOptions): Skill[] {
  return SKILLS.filter((s) => options.skills.includes(s) || options.groups.includes(skillGroupOf(s)!));
}

/**
 * The skills a hero may pick with these options when she already has `owned` from her other choices:
 * what the options offer that she lacks, and, for a named skill she already has, any skill of that
 * skill's group she lacks (L575: "If you gain the same specific skill from two different sources ...
 * you can pick a different skill from the same skill group"; L2163 for careers).
 */
export function legalSkillPicks(options: SkillOptions, owned: Iterable<string>): Skill[] {
  const have = new Set(owned);
  const offered = new Set<Skill>(skillsOffered(options));
  for (const skill of options.skills) {
    if (have.has(skill)) for (const other of SKILL_GROUPS[skillGroupOf(skill)!]) offered.add(other);
  }
  return SKILLS.filter((s) => offered.has(s) && !have.has(s));
}

/** One source of skills in a build: a culture aspect, a career, a subclass... and what was picked. */
export interface SkillGrant {
  /** Who grants it, for messages ("culture.environment", "career", "class.subclass"). */
  source: string;
  options: SkillOptions;
  /** The skills picked; a fixed skill ("You gain the Lift skill") is picked as itself. */
  picks: string[];
}

export type SkillProblem =
  | { kind: "unknown"; source: string; skill: string }
  | { kind: "notOffered"; source: string; skill: string }
  | { kind: "duplicate"; source: string; skill: string; alternatives: Skill[] }
  | { kind: "missing"; source: string; missing: number };

/**
 * What is wrong with a build's skill picks, in the grants' order. A pick must be one the options
 * offer (or, for a named skill gained twice, another of its group, L575); a skill picked by two
 * grants is a duplicate on the second, with the skills that could replace it; a grant with fewer
 * picks than its count is missing some. An empty list: the skills are legal.
 */
export function checkSkillGrants(grants: readonly SkillGrant[]): SkillProblem[] {
  const problems: SkillProblem[] = [];
  const all = new Set(grants.flatMap((g) => g.picks));
  const seen = new Set<string>();
  for (const grant of grants) {
    const others = new Set(grants.filter((g) => g !== grant).flatMap((g) => g.picks));
    const offered = new Set<string>(skillsOffered(grant.options));
    for (const skill of grant.options.skills) {
      if (others.has(skill)) for (const other of SKILL_GROUPS[skillGroupOf(skill)!]) offered.add(other);
    }
    for (const skill of grant.picks) {
      if (!(SKILLS as readonly string[]).includes(skill)) problems.push({ kind: "unknown", source: grant.source, skill });
      else if (!offered.has(skill)) problems.push({ kind: "notOffered", source: grant.source, skill });
      else if (seen.has(skill)) {
        problems.push({ kind: "duplicate", source: grant.source, skill, alternatives: SKILL_GROUPS[skillGroupOf(skill)!].filter((s) => !all.has(s)) });
      }
      seen.add(skill);
    }
    const missing = grant.options.count - grant.picks.length;
    if (missing > 0) problems.push({ kind: "missing", source: grant.source, missing });
  }
  return problems;
}

/** One fiendish feature on offer (L800–814): its name and its cost in fiend points. */
export interface PointPurchase {
  name: string;
  cost: number;
}

/** Fiend points left after these purchases (L798: "you have 3 fiend points"); negative when overspent. */
export function pointsLeft(budget: number, bought: readonly PointPurchase[]): number {
  return budget - bought.reduce((sum, p) => sum + Math.max(0, p.cost), 0);
}

export type PurchaseProblem =
  | { kind: "overspent"; by: number }
  | { kind: "notOffered"; name: string }
  | { kind: "twice"; name: string };

/** What is wrong with a point-buy: a feature not on offer, one bought twice, more points than the budget. */
export function checkPurchases(budget: number, offered: readonly PointPurchase[], bought: readonly string[]): PurchaseProblem[] {
  const problems: PurchaseProblem[] = [];
  const seen = new Set<string>();
  const chosen: PointPurchase[] = [];
  for (const name of bought) {
    const item = offered.find((o) => o.name === name);
    if (!item) problems.push({ kind: "notOffered", name });
    else if (seen.has(name)) problems.push({ kind: "twice", name });
    else chosen.push(item);
    seen.add(name);
  }
  const left = pointsLeft(budget, chosen);
  if (left < 0) problems.push({ kind: "overspent", by: -left });
  return problems;
}

/** Which of the offered purchases still fit the points left (the builder greys out the rest). */
export function affordablePurchases(budget: number, offered: readonly PointPurchase[], bought: readonly string[]): PointPurchase[] {
  const chosen = offered.filter((o) => bought.includes(o.name));
  const left = pointsLeft(budget, chosen);
  return offered.filter((o) => !bought.includes(o.name) && o.cost <= left);
}

/** A slot in a class's ability list at a level: "signature" or a heroic ability's resource cost. */
export type AbilitySlot = "signature" | number;

/**
 * A class's ability slots at a level from its advancement table's Abilities column ("Signature, 3, 5",
 * L3271; "Signature, 3,5", L2342; "Signature, 1, 3, 5", L2819). Only "Signature" and costs are chosen:
 * a slot marked "(Aspect)", "(Domain)" and the like (L3272) comes with the subclass, and the
 * tactician's "Field Arsenal" (L4236) is the kits' signature abilities (L4407–4409); both are left out.
 */
export function abilitySlots(column: string): AbilitySlot[] {
  const slots: AbilitySlot[] = [];
  for (const raw of column.split(",").map((s) => s.trim())) {
    if (/^signature$/i.test(raw)) slots.push("signature");
    else if (/^\d+$/.test(raw)) slots.push(Number(raw));
  }
  return slots;
}

/**
 * Each class's 1st-level Abilities column, as its advancement table prints it: conduit L2342,
 * elementalist L2819, fury L3271, shadow L3865, tactician L4236. Read with `abilitySlots`.
 */
export const FIRST_LEVEL_ABILITY_COLUMNS: Readonly<Record<string, string>> = {
  conduit: "Signature, 3,5",
  elementalist: "Signature, 1, 3, 5",
  fury: "Signature, 3, 5",
  shadow: "Signature, 3, 5",
  tactician: "Field Arsenal, 3, 5",
};

/** An ability the builder may offer for a slot: its name, whether it is a signature ability, its cost. */
export interface AbilityChoice {
  name: string;
  signature: boolean;
  cost: number;
}

/** The abilities that fit a slot: signature abilities for "signature", heroic abilities of exactly that cost otherwise. */
export function abilitiesForSlot(slot: AbilitySlot, abilities: readonly AbilityChoice[]): AbilityChoice[] {
  return abilities.filter((a) => (slot === "signature" ? a.signature : !a.signature && a.cost === slot));
}

/**
 * The slots the hero picks for: those some offered ability fits. The elementalist's column reads
 * "Signature, 1, 3, 5" (L2819), but the abilities its chapter offers to choose (L3044–3260) are
 * signature, 3- and 5-Essence ones; the packet's only 1-Essence ability, Shared Void Sense (L2969), is
 * the void specialization's own ("You also gain the following ability", L2967). A slot that no
 * offered ability fits is not asked (docs/rules-decisions.md "Ability picks").
 */
export function offeredSlots(slots: readonly AbilitySlot[], abilities: readonly AbilityChoice[]): AbilitySlot[] {
  return slots.filter((slot) => abilitiesForSlot(slot, abilities).length > 0);
}

export type AbilityPickProblem =
  | { kind: "missing"; slot: AbilitySlot }
  | { kind: "extra"; name: string }
  | { kind: "notOffered"; name: string };

/**
 * What is wrong with a hero's class ability picks for her slots: each slot needs one ability that fits
 * it ("Choose one heroic ability from the following options", L2687); a pick that fits no free slot
 * is extra; a name not among the class's abilities is not offered.
 */
export function checkAbilityPicks(
  slots: readonly AbilitySlot[], abilities: readonly AbilityChoice[], picks: readonly string[],
): AbilityPickProblem[] {
  const problems: AbilityPickProblem[] = [];
  const open = [...slots];
  for (const name of picks) {
    const ability = abilities.find((a) => a.name === name);
    if (!ability) {
      problems.push({ kind: "notOffered", name });
      continue;
    }
    const at = open.findIndex((slot) => abilitiesForSlot(slot, [ability]).length > 0);
    if (at < 0) problems.push({ kind: "extra", name });
    else open.splice(at, 1);
  }
  for (const slot of open) problems.push({ kind: "missing", slot });
  return problems;
}

/** A kit as the builder sees it: its name and type (src/data/vocabulary.ts KIT_TYPES). */
export interface KitChoice {
  name: string;
  kitType: "martial" | "caster" | "stormwight";
}

/**
 * The kits a hero of this class and subclass may take as her kit: any martial or caster kit, and a
 * stormwight kit only as a fury of the stormwight aspect ("When you select a martial kit, you can
 * instead select a stormwight kit", L3329; the aspect, L3285). The tactician's second kit (Field
 * Arsenal, L4386: "an additional martial kit") is a martial kit: `slot` 1.
 */
export function legalKits(className: string, subclass: string, kits: readonly KitChoice[], slot: 0 | 1 = 0): KitChoice[] {
  if (slot === 1) return kitSlots(className) > 1 ? kits.filter((k) => k.kitType === "martial") : [];
  const stormwight = className.trim().toLowerCase() === "fury" && subclass.trim().toLowerCase() === "stormwight";
  return kits.filter((k) => k.kitType !== "stormwight" || stormwight);
}

/** How many kits the class takes: the tactician's Field Arsenal adds a second martial kit (L4386). */
export function kitSlots(className: string): 1 | 2 {
  return className.trim().toLowerCase() === "tactician" ? 2 : 1;
}

/**
 * The characteristics a class's power rolls use, which the builder highlights. The seed prints no
 * class arrays or primary characteristics (notes/ds-classes-inventory.md); these are read from the
 * class's power rolls (conduit + Intuition from L2631; elementalist + Reason from L2864; fury + Might
 * from L3415, Agility for two stormwight kits' signatures; shadow + Agility from L3738; tactician +
 * Might, Reason for Mark, L4264). docs/rules-decisions.md records the reading.
 */
export const CLASS_ROLL_CHARACTERISTICS: Readonly<Record<string, readonly Characteristic[]>> = {
  conduit: ["intuition"],
  elementalist: ["reason"],
  fury: ["might", "agility"],
  shadow: ["agility"],
  tactician: ["might", "reason"],
};

/** A hero's character options as the sheet's warnings read them (plain data from her items). */
export interface HeroBuild {
  /** The skills the hero has (her sheet's skill set). */
  skills: readonly string[];
  /** The culture's three aspects: their Skill Options lines and the skill picked for each. */
  cultureAspects: readonly { aspect: "environment" | "organization" | "upbringing"; skillOptions: string; skill: string }[];
  /** The career's skills as her copy of it lists them. */
  careerSkills: readonly string[];
  /** The ancestry's point-buy, when it has one: the budget, what it offers, what the hero took. */
  pointBuy: { budget: number; offered: readonly PointPurchase[]; bought: readonly string[] } | null;
  className: string;
  subclass: string;
  kits: readonly KitChoice[];
}

export type BuildWarning =
  | (SkillProblem & { area: "skills" })
  | { area: "skills"; kind: "notOnSheet"; source: string; skill: string }
  | (PurchaseProblem & { area: "ancestry" })
  | { area: "kit"; kind: "tooMany"; count: number; allowed: number }
  | { area: "kit"; kind: "notAllowed"; name: string };

/**
 * What breaks a rule in a hero made by hand (issue 32: "a warning on the sheet, never an error"):
 * skill picks against their sources (culture aspects, L2039–2141; the career, L2163; the duplicate
 * rule, L575), a picked skill missing from her sheet, the ancestry's point-buy (L798), and her kits
 * (L3329, L4386). An aspect whose Skill Options line cannot be read, or has no pick yet, is left out:
 * the builder asks for those; the sheet only warns about what is there and wrong.
 */
export function heroBuildWarnings(build: HeroBuild): BuildWarning[] {
  const grants: SkillGrant[] = [];
  for (const a of build.cultureAspects) {
    const options = parseSkillOptions(a.skillOptions);
    if (options && a.skill) grants.push({ source: `culture.${a.aspect}`, options, picks: [a.skill] });
  }
  for (const skill of build.careerSkills) grants.push({ source: "career", options: { skills: [skill as Skill], groups: [], count: 1 }, picks: [skill] });
  const warnings: BuildWarning[] = checkSkillGrants(grants).filter((p) => p.kind !== "missing").map((p) => ({ ...p, area: "skills" as const }));
  const have = new Set(build.skills);
  for (const grant of grants) {
    for (const skill of grant.picks) if (!have.has(skill)) warnings.push({ area: "skills", kind: "notOnSheet", source: grant.source, skill });
  }
  if (build.pointBuy) {
    const { budget, offered, bought } = build.pointBuy;
    warnings.push(...checkPurchases(budget, offered, bought).map((p) => ({ ...p, area: "ancestry" as const })));
  }
  const allowed = kitSlots(build.className);
  if (build.kits.length > allowed) warnings.push({ area: "kit", kind: "tooMany", count: build.kits.length, allowed });
  build.kits.forEach((kit, slot) => {
    const legal = legalKits(build.className, build.subclass, [kit], slot === 0 ? 0 : 1);
    if (slot < allowed && !legal.length) warnings.push({ area: "kit", kind: "notAllowed", name: kit.name });
  });
  return warnings;
}

/* ---------- The hero builder's steps (issue 32) ---------- */

/**
 * The builder's steps in the seed's order (L471–540: 2 ancestry, 3 culture, 4 career, 5 class, 6 kit,
 * 7 free strikes, 8 complication, 9 details and 10 connections), with characteristics and skills where
 * the seed says they are settled: the class provides the characteristics (L509), and skills are best
 * chosen "at the end of that process" (L573). Any order is allowed (L473–475).
 */
export const BUILDER_STEPS = [
  "ancestry", "culture", "career", "class", "kit", "freeStrikes", "complication", "characteristics", "skills", "details",
] as const;
export type BuilderStep = (typeof BUILDER_STEPS)[number];

/** A culture's three aspects besides its language (Culture Benefits, L2021–2037). */
export const CULTURE_ASPECTS = ["environment", "organization", "upbringing"] as const;
export type CultureAspect = (typeof CULTURE_ASPECTS)[number];

/**
 * The "Skill Options:" line of a culture aspect's text, as the seed prints one under each aspect
 * (L2039–2141), without the label; "" when the text has none. Plain text in (the caller strips HTML).
 */
export function skillOptionsLine(text: string): string {
  return /Skill Options:\s*([^\n]+)/i.exec(text)?.[1]?.trim() ?? "";
}

/**
 * Which aspect a culture aspect's text is, by its heading ("Environment aspect", as the Cultures pack
 * and the seed's tables L2035–2141 title them); null when it names none.
 */
export function cultureAspectOf(text: string): CultureAspect | null {
  const m = /\b(environment|organization|upbringing)\s+aspect\b/i.exec(text);
  return m ? (m[1]!.toLowerCase() as CultureAspect) : null;
}

/**
 * What each subclass's choice gives as a skill, as the seed prints it: the fury's aspects
 * (L3283–3285), the shadow's colleges (L3879–3881), the tactician's doctrines (L4250–4252) and the
 * conduit's domains (the 1st-Level Conduit Domain Features table, L2452–2464: "a skill from the
 * chosen domain, selected from the skill group indicated on the table", L2449). The elementalist's
 * specializations give none (L2841). Read each with `parseSkillOptions`.
 */
export const SUBCLASS_SKILL_OPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  conduit: {
    creation: "one skill from the crafting skill group", death: "one skill from the lore skill group",
    fate: "one skill from the lore skill group", knowledge: "one skill from the lore skill group",
    life: "one skill from the exploration skill group", love: "one skill from the interpersonal skill group",
    nature: "one skill from the exploration skill group", protection: "one skill from the exploration skill group",
    storm: "one skill from the exploration skill group", sun: "one skill from the lore skill group",
    trickery: "one skill from the intrigue skill group", war: "one skill from the exploration skill group",
  },
  fury: { berserker: "the Lift skill", reaver: "the Hide skill", stormwight: "the Track skill" },
  shadow: {
    "college of black ash": "the Magic skill", "college of caustic alchemy": "the Alchemy skill",
    "college of the harlequin mask": "the Lie skill",
  },
  tactician: {
    vanguard: "one skill from the interpersonal skill group", mastermind: "one skill from the lore skill group",
    insurgent: "one skill from the intrigue skill group",
  },
};

/**
 * How many subclasses the class picks: the conduit picks two domains (L2354), the others one. The
 * conduit's first domain is the one whose 1st-level feature and skill she takes (L2449).
 */
export function subclassCount(className: string): 1 | 2 {
  return className.trim().toLowerCase() === "conduit" ? 2 : 1;
}

/** The skill options a subclass gives, or null when it gives none (the elementalist, L2841) or is not the seed's. */
export function subclassSkillOptions(className: string, subclass: string): SkillOptions | null {
  const text = SUBCLASS_SKILL_OPTIONS[className.trim().toLowerCase()]?.[subclass.trim().toLowerCase()];
  return text ? parseSkillOptions(text) : null;
}

/**
 * The skills a career gives to pick. "Each career grants you two or three skills" (L2161), but the
 * seed's career entries print no list of benefits ("You gain the following career benefits:" stands
 * alone, L2200): a career item that lists its skills gives those (fixed picks); one with a Skill
 * Options line gives that; otherwise the hero picks two skills of her choice (docs/rules-decisions.md).
 */
export function careerSkillOptions(career: { skills: readonly string[]; skillOptions: string }): SkillOptions {
  const fixed = career.skills.filter((s): s is Skill => (SKILLS as readonly string[]).includes(s));
  if (fixed.length) return { skills: fixed, groups: [], count: fixed.length };
  const parsed = career.skillOptions ? parseSkillOptions(career.skillOptions) : null;
  return parsed ?? { skills: [], groups: [...GROUP_NAMES], count: 2 };
}

/**
 * A hero's skills after one source changes its picks: the old picks go unless another source still
 * gives them, the new ones come, and every skill that no source of the builder gave (ticked by hand)
 * stays. Catalogue order, no repeats.
 */
export function skillsAfterChange(
  current: Iterable<string>, oldPicks: readonly string[], newPicks: readonly string[], keptByOthers: Iterable<string>,
): string[] {
  const kept = new Set(keptByOthers);
  const out = new Set(current);
  for (const s of oldPicks) if (!kept.has(s)) out.delete(s);
  for (const s of newPicks) out.add(s);
  const known = SKILLS.filter((s) => out.has(s));
  return [...known, ...[...out].filter((s) => !(SKILLS as readonly string[]).includes(s))];
}

export type CharacteristicProblem = { kind: "outOfRange"; characteristic: Characteristic; value: number };

/** Characteristics the builder refuses: each score is a whole number from −5 to +5 (L135–161). */
export function checkCharacteristics(values: Partial<Record<Characteristic, number>>): CharacteristicProblem[] {
  const out: CharacteristicProblem[] = [];
  for (const c of CHARACTERISTICS) {
    const v = values[c] ?? 0;
    if (!Number.isInteger(v) || v < CHARACTERISTIC_MIN || v > CHARACTERISTIC_MAX) out.push({ kind: "outOfRange", characteristic: c, value: v });
  }
  return out;
}

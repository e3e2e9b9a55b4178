/**
 * Hero making's choice rules (src/rules/hero-building.ts) against the seed's lines: Skill Options
 * (L2039–2141), the duplicate-skill rule (L575, L2163), fiend points (L798–814), the 1st-level ability
 * columns (L2342, L2819, L3271, L3865, L4236), kits (L3329, L4386).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FIRST_LEVEL_ABILITY_COLUMNS, SKILLS, SKILL_GROUPS, abilitiesForSlot, abilitySlots, affordablePurchases, checkAbilityPicks,
  checkPurchases, checkSkillGrants, heroBuildWarnings, kitSlots, legalKits, legalSkillPicks, offeredSlots, parseSkillOptions, pointsLeft, skillFromName,
  skillGroupOf, skillsOffered,
} from "../../src/rules/index.ts";
import type { AbilityChoice, AbilitySlot, HeroBuild, KitChoice, SkillGrant, SkillOptions } from "../../src/rules/index.ts";

const SEED = path.resolve(import.meta.dirname, "../../../shared/seeds/004_f522d4137f25400b.txt");

describe("skill names", () => {
  it("reads every one of the 54 skills from its printed name", () => {
    expect(skillFromName("Handle Animals")).toBe("handleAnimals");
    expect(skillFromName("Read Person")).toBe("readPerson");
    expect(skillFromName("music")).toBe("music");
    expect(skillFromName("Criminal Underworld")).toBe("criminalUnderworld");
    expect(skillFromName("Basket Weaving")).toBeNull();
    expect(skillFromName("  ")).toBeNull();
  });
});

describe("Skill Options lines (L2039–2141)", () => {
  it("one skill from two groups (L2039)", () => {
    expect(parseSkillOptions("One skill from the exploration or interpersonal skill groups.")).toEqual({
      skills: [], groups: ["exploration", "interpersonal"], count: 1,
    });
  });
  it("one skill from one group (L2111)", () => {
    expect(parseSkillOptions("One skill from the lore skill group.")).toEqual({ skills: [], groups: ["lore"], count: 1 });
  });
  it("named skills or a group (L2117, L2129)", () => {
    expect(parseSkillOptions("The Music or Perform skill, or one skill from the crafting skill group.")).toEqual({
      skills: ["music", "perform"], groups: ["crafting"], count: 1,
    });
    expect(parseSkillOptions("One of the Blacksmithing or Handle Animals skills, or one skill from the exploration skill group.")).toEqual({
      skills: ["blacksmithing", "handleAnimals"], groups: ["exploration"], count: 1,
    });
  });
  it("a list of named skills only (L2135)", () => {
    const options = parseSkillOptions(
      "One of the Alertness, Blacksmithing, Climb, Endurance, Fletching, Intimidate, Jump, Monsters, Ride, or Track skills.",
    );
    expect(options).toEqual({
      skills: ["alertness", "blacksmithing", "climb", "endurance", "fletching", "intimidate", "jump", "monsters", "ride", "track"],
      groups: [], count: 1,
    });
  });
  it("a subclass's fixed skill and group (L3283, L4250) and two skills of a group (L5644)", () => {
    expect(parseSkillOptions("You gain the Lift skill.")).toEqual({ skills: ["lift"], groups: [], count: 1 });
    expect(parseSkillOptions("You gain a skill from the interpersonal skill group.")).toEqual({ skills: [], groups: ["interpersonal"], count: 1 });
    expect(parseSkillOptions("You gain two skills from the exploration skill group.")).toEqual({ skills: [], groups: ["exploration"], count: 2 });
  });
  it("reads a line written short, as an item's field may hold it", () => {
    expect(parseSkillOptions("Exploration or lore")).toEqual({ skills: [], groups: ["exploration", "lore"], count: 1 });
    expect(parseSkillOptions("Interpersonal")).toEqual({ skills: [], groups: ["interpersonal"], count: 1 });
    expect(parseSkillOptions("Music, Perform or crafting")).toEqual({ skills: ["music", "perform"], groups: ["crafting"], count: 1 });
    expect(parseSkillOptions("Exploration or cooking")).toBeNull();
  });
  it("refuses what names no skill or an unknown one", () => {
    expect(parseSkillOptions("")).toBeNull();
    expect(parseSkillOptions("Anything you like.")).toBeNull();
    expect(parseSkillOptions("One skill from the cooking skill group.")).toBeNull();
    expect(parseSkillOptions("The Juggling skill.")).toBeNull();
  });
  it.runIf(existsSync(SEED))("reads every Skill Options line the seed prints", () => {
    const lines = readFileSync(SEED, "utf8").split("\n");
    const options = lines.flatMap((line, i) => (line.startsWith("Skill Options:") ? [{ at: i + 1, text: line.slice(14) }] : []));
    expect(options.length).toBeGreaterThanOrEqual(14);
    for (const { at, text } of options) expect(parseSkillOptions(text), `L${at}: ${text}`).not.toBeNull();
  });
});

const ENVIRONMENT: SkillOptions = { skills: [], groups: ["exploration", "interpersonal"], count: 1 };
const LIFT: SkillOptions = { skills: ["lift"], groups: [], count: 1 };

describe("legal picks and the duplicate-skill rule (L575, L2163)", () => {
  it("offers what the options name, minus what the hero has", () => {
    const picks = legalSkillPicks(ENVIRONMENT, ["climb", "lead"]);
    expect(picks).not.toContain("climb");
    expect(picks).not.toContain("lead");
    expect(picks).toContain("swim");
    expect(picks).toContain("flirt");
    expect(picks).toHaveLength(SKILL_GROUPS.exploration.length + SKILL_GROUPS.interpersonal.length - 2);
  });
  it("a named skill the hero already has opens the rest of its group (L575)", () => {
    expect(legalSkillPicks(LIFT, [])).toEqual(["lift"]);
    expect(legalSkillPicks(LIFT, ["lift", "swim"])).toEqual(SKILL_GROUPS.exploration.filter((s) => s !== "lift" && s !== "swim"));
  });
  it("a build with legal picks has no problem", () => {
    const grants: SkillGrant[] = [
      { source: "culture.environment", options: ENVIRONMENT, picks: ["lift"] },
      { source: "class.subclass", options: LIFT, picks: ["swim"] },
    ];
    expect(checkSkillGrants(grants)).toEqual([]);
  });
  it("names a pick not offered, a duplicate with its replacements, an unknown skill and a missing pick", () => {
    const grants: SkillGrant[] = [
      { source: "culture.environment", options: ENVIRONMENT, picks: ["lift"] },
      { source: "class.subclass", options: LIFT, picks: ["lift"] },
      { source: "culture.upbringing", options: { skills: [], groups: ["lore"], count: 1 }, picks: ["forgery"] },
      { source: "career", options: { skills: [], groups: ["lore"], count: 2 }, picks: ["cooking"] },
    ];
    const problems = checkSkillGrants(grants);
    expect(problems).toContainEqual({
      kind: "duplicate", source: "class.subclass", skill: "lift", alternatives: SKILL_GROUPS.exploration.filter((s) => s !== "lift"),
    });
    expect(problems).toContainEqual({ kind: "notOffered", source: "culture.upbringing", skill: "forgery" });
    expect(problems).toContainEqual({ kind: "unknown", source: "career", skill: "cooking" });
    expect(problems).toContainEqual({ kind: "missing", source: "career", missing: 1 });
    expect(problems).toHaveLength(4);
  });

  const optionsArb: fc.Arbitrary<SkillOptions> = fc.record({
    skills: fc.uniqueArray(fc.constantFrom(...SKILLS), { maxLength: 3 }),
    groups: fc.uniqueArray(fc.constantFrom(...(Object.keys(SKILL_GROUPS) as (keyof typeof SKILL_GROUPS)[])), { maxLength: 2 }),
    count: fc.constant(1),
  }).filter((o) => o.skills.length + o.groups.length > 0);

  it("property: a legal pick is never a skill the hero has, and a build of legal picks passes the check", () => {
    fc.assert(fc.property(fc.array(optionsArb, { minLength: 1, maxLength: 5 }), fc.nat(), (optionsList, seed) => {
      const grants: SkillGrant[] = [];
      const owned: string[] = [];
      for (const [i, options] of optionsList.entries()) {
        const legal = legalSkillPicks(options, owned);
        for (const skill of legal) expect(owned).not.toContain(skill);
        if (!legal.length) return;
        const pick = legal[(seed + i) % legal.length]!;
        owned.push(pick);
        grants.push({ source: `g${i}`, options, picks: [pick] });
      }
      expect(checkSkillGrants(grants)).toEqual([]);
    }));
  });
  it("property: a pick from outside the offered skills and their groups is always flagged", () => {
    fc.assert(fc.property(optionsArb, fc.constantFrom(...SKILLS), (options, skill) => {
      const inGroups = new Set([...skillsOffered(options), ...options.skills.flatMap((s) => SKILL_GROUPS[skillGroupOf(s)!])]);
      fc.pre(!inGroups.has(skill));
      expect(checkSkillGrants([{ source: "x", options, picks: [skill] }])).toEqual([{ kind: "notOffered", source: "x", skill }]);
    }));
  });
});

/** The Devil's fiendish features and their costs, L800–814. */
const FIENDISH = [
  { name: "Barbed Tail", cost: 1 }, { name: "Beast Legs", cost: 2 }, { name: "Exposed Skeleton", cost: 2 },
  { name: "Glowing Eyes", cost: 1 }, { name: "Horns", cost: 1 }, { name: "Prehensile Tail", cost: 2 }, { name: "Wings", cost: 2 },
];

describe("fiend points (L798: 3 points)", () => {
  it("counts what is left", () => {
    expect(pointsLeft(3, [])).toBe(3);
    expect(pointsLeft(3, [FIENDISH[1]!, FIENDISH[0]!])).toBe(0);
    expect(pointsLeft(3, [FIENDISH[1]!, FIENDISH[2]!])).toBe(-1);
  });
  it("flags overspending, a feature bought twice and one not on offer", () => {
    expect(checkPurchases(3, FIENDISH, ["Wings", "Horns"])).toEqual([]);
    expect(checkPurchases(3, FIENDISH, ["Wings", "Beast Legs"])).toEqual([{ kind: "overspent", by: 1 }]);
    expect(checkPurchases(3, FIENDISH, ["Horns", "Horns"])).toEqual([{ kind: "twice", name: "Horns" }]);
    expect(checkPurchases(3, FIENDISH, ["Tail Spikes"])).toEqual([{ kind: "notOffered", name: "Tail Spikes" }]);
  });
  it("offers only what still fits", () => {
    expect(affordablePurchases(3, FIENDISH, ["Wings"]).map((p) => p.name)).toEqual(["Barbed Tail", "Glowing Eyes", "Horns"]);
    expect(affordablePurchases(3, FIENDISH, ["Wings", "Horns"])).toEqual([]);
  });
  it("property: buying only affordable features never overspends", () => {
    fc.assert(fc.property(fc.array(fc.nat({ max: 6 }), { maxLength: 7 }), (order) => {
      const bought: string[] = [];
      for (const i of order) {
        const fits = affordablePurchases(3, FIENDISH, bought);
        if (fits.length) bought.push(fits[i % fits.length]!.name);
      }
      expect(checkPurchases(3, FIENDISH, bought)).toEqual([]);
    }));
  });
});

describe("class ability picks at 1st level", () => {
  it("reads each class's Abilities column", () => {
    expect(abilitySlots(FIRST_LEVEL_ABILITY_COLUMNS.conduit!)).toEqual(["signature", 3, 5]);
    expect(abilitySlots(FIRST_LEVEL_ABILITY_COLUMNS.elementalist!)).toEqual(["signature", 1, 3, 5]);
    expect(abilitySlots(FIRST_LEVEL_ABILITY_COLUMNS.fury!)).toEqual(["signature", 3, 5]);
    expect(abilitySlots(FIRST_LEVEL_ABILITY_COLUMNS.shadow!)).toEqual(["signature", 3, 5]);
    // The tactician's signature abilities are its kits' (L4407–4409).
    expect(abilitySlots(FIRST_LEVEL_ABILITY_COLUMNS.tactician!)).toEqual([3, 5]);
    // A subclass's slot comes with the subclass (L3272).
    expect(abilitySlots("Signature, 3, 5, 5 (Aspect)")).toEqual(["signature", 3, 5]);
  });
  it.runIf(existsSync(SEED))("matches the advancement tables' 1st-level rows", () => {
    const lines = readFileSync(SEED, "utf8").split("\n");
    for (const [line, cls] of [[2342, "conduit"], [2819, "elementalist"], [3271, "fury"], [3865, "shadow"], [4236, "tactician"]] as const) {
      expect(lines[line - 1]!.endsWith(FIRST_LEVEL_ABILITY_COLUMNS[cls]!), `L${line}`).toBe(true);
    }
  });
  const ABILITIES: AbilityChoice[] = [
    { name: "Sig A", signature: true, cost: 0 }, { name: "Sig B", signature: true, cost: 0 },
    { name: "Three A", signature: false, cost: 3 }, { name: "Three B", signature: false, cost: 3 },
    { name: "Five A", signature: false, cost: 5 },
  ];
  it("offers the abilities that fit a slot", () => {
    expect(abilitiesForSlot("signature", ABILITIES).map((a) => a.name)).toEqual(["Sig A", "Sig B"]);
    expect(abilitiesForSlot(3, ABILITIES).map((a) => a.name)).toEqual(["Three A", "Three B"]);
    expect(abilitiesForSlot(7, ABILITIES)).toEqual([]);
  });
  it("checks one ability per slot (L2687, L2750)", () => {
    const slots = abilitySlots("Signature, 3, 5");
    expect(checkAbilityPicks(slots, ABILITIES, ["Sig A", "Three B", "Five A"])).toEqual([]);
    expect(checkAbilityPicks(slots, ABILITIES, ["Sig A", "Three A", "Three B"])).toEqual([
      { kind: "extra", name: "Three B" }, { kind: "missing", slot: 5 },
    ]);
    expect(checkAbilityPicks(slots, ABILITIES, ["Nope"])).toEqual([
      { kind: "notOffered", name: "Nope" }, { kind: "missing", slot: "signature" }, { kind: "missing", slot: 3 }, { kind: "missing", slot: 5 },
    ]);
  });
});

describe("slots the class's choices can fill (issue 32)", () => {
  it.runIf(existsSync(SEED))("the elementalist's 1 (L2819) is not asked: its chapter's choices, L3044–3260, print no 1-Essence ability", () => {
    const lines = readFileSync(SEED, "utf8").split("\n");
    // The chapter's choices: the signature abilities under "SIGNATURE ABILITY" (L3048), then "NAME (n ESSENCE)" headings.
    const choices: AbilityChoice[] = [];
    for (const line of lines.slice(3044 - 1, 3260)) {
      const heroic = /^([A-Z][A-Z' !,]+) \((\d+) ESSENCE\)$/.exec(line.trim());
      if (heroic) choices.push({ name: heroic[1]!, signature: false, cost: Number(heroic[2]) });
    }
    for (const name of ["DEBRIS", "FIRE LANCE", "GROWING PAINS", "VOID RAY"]) {
      expect(lines.slice(3044 - 1, 3121).map((l) => l.trim())).toContain(name);
      choices.push({ name, signature: true, cost: 0 });
    }
    expect(new Set(choices.filter((c) => !c.signature).map((c) => c.cost))).toEqual(new Set([3, 5]));
    expect(lines[2969 - 1]).toBe("SHARED VOID SENSE (1+ ESSENCE)");
    expect(offeredSlots(abilitySlots(FIRST_LEVEL_ABILITY_COLUMNS.elementalist!), choices)).toEqual(["signature", 3, 5]);
  });
  it("keeps every slot an offered ability fits, in order", () => {
    const abilities: AbilityChoice[] = [{ name: "S", signature: true, cost: 0 }, { name: "T", signature: false, cost: 3 }];
    expect(offeredSlots(["signature", 1, 3, 5], abilities)).toEqual(["signature", 3]);
    expect(offeredSlots(["signature", 3], [])).toEqual([]);
  });
  it("property: the slots kept are the column's in order, each fits an offered ability, and one distinct pick per slot is legal", () => {
    const slotArb = fc.oneof(fc.constant<AbilitySlot>("signature"), fc.constantFrom<AbilitySlot>(1, 3, 5, 7));
    const abilityArb = fc.record({ signature: fc.boolean(), cost: fc.constantFrom(0, 1, 3, 5, 7) });
    fc.assert(fc.property(fc.array(slotArb, { maxLength: 5 }), fc.array(abilityArb, { maxLength: 8 }), (slots, raw) => {
      const abilities = raw.map((a, i) => ({ ...a, name: `A${i}` }));
      const kept = offeredSlots(slots, abilities);
      // A subsequence of the column.
      let at = 0;
      for (const slot of kept) {
        at = slots.indexOf(slot, at);
        expect(at).toBeGreaterThanOrEqual(0);
        at++;
      }
      for (const slot of slots) expect(kept.includes(slot)).toBe(abilitiesForSlot(slot, abilities).length > 0);
      const used = new Set<string>();
      const picks: string[] = [];
      for (const slot of kept) {
        const pick = abilitiesForSlot(slot, abilities).find((a) => !used.has(a.name));
        if (!pick) return; // two slots of one cost and a single ability of it: no distinct pick to make
        used.add(pick.name);
        picks.push(pick.name);
      }
      expect(checkAbilityPicks(kept, abilities, picks)).toEqual([]);
    }));
  });
});

describe("kits (L3329, L4386)", () => {
  const KITS: KitChoice[] = [
    { name: "Mountain", kitType: "martial" }, { name: "Sniper", kitType: "martial" },
    { name: "Spellsword", kitType: "caster" }, { name: "Boren", kitType: "stormwight" },
  ];
  it("a stormwight kit only for a stormwight fury, who may still take a martial kit", () => {
    expect(legalKits("Fury", "Stormwight", KITS).map((k) => k.name)).toEqual(["Mountain", "Sniper", "Spellsword", "Boren"]);
    expect(legalKits("Fury", "Berserker", KITS).map((k) => k.name)).toEqual(["Mountain", "Sniper", "Spellsword"]);
    expect(legalKits("Conduit", "", KITS).map((k) => k.name)).not.toContain("Boren");
  });
  it("the tactician's second kit is martial; no one else has one", () => {
    expect(kitSlots("Tactician")).toBe(2);
    expect(kitSlots("Shadow")).toBe(1);
    expect(legalKits("Tactician", "Vanguard", KITS, 1).map((k) => k.name)).toEqual(["Mountain", "Sniper"]);
    expect(legalKits("Shadow", "", KITS, 1)).toEqual([]);
  });
});

describe("a hand-made hero's warnings (issue 32)", () => {
  const LEGAL: HeroBuild = {
    skills: ["swim", "history", "lift", "sneak"],
    cultureAspects: [
      { aspect: "environment", skillOptions: "One skill from the exploration or interpersonal skill groups.", skill: "swim" },
      { aspect: "organization", skillOptions: "One skill from the lore skill group.", skill: "history" },
      { aspect: "upbringing", skillOptions: "", skill: "" },
    ],
    careerSkills: ["lift", "sneak"],
    pointBuy: { budget: 3, offered: FIENDISH, bought: ["Wings", "Horns"] },
    className: "Fury", subclass: "Stormwight", kits: [{ name: "Boren", kitType: "stormwight" }],
  };
  it("a legal hero has none", () => {
    expect(heroBuildWarnings(LEGAL)).toEqual([]);
  });
  it("names a culture pick its aspect does not offer, and a skill the career repeats (L575)", () => {
    const warnings = heroBuildWarnings({
      ...LEGAL,
      cultureAspects: [
        { aspect: "environment", skillOptions: "One skill from the exploration or interpersonal skill groups.", skill: "lift" },
        { aspect: "organization", skillOptions: "One skill from the lore skill group.", skill: "sneak" },
      ],
    });
    expect(warnings).toContainEqual({ area: "skills", kind: "notOffered", source: "culture.organization", skill: "sneak" });
    expect(warnings).toContainEqual(expect.objectContaining({ area: "skills", kind: "duplicate", source: "career", skill: "lift" }));
    expect(warnings).toContainEqual(expect.objectContaining({ area: "skills", kind: "duplicate", source: "career", skill: "sneak" }));
  });
  it("names a picked skill missing from the sheet", () => {
    expect(heroBuildWarnings({ ...LEGAL, skills: ["swim", "history", "lift"] })).toEqual([
      { area: "skills", kind: "notOnSheet", source: "career", skill: "sneak" },
    ]);
  });
  it("names an overspent point-buy", () => {
    expect(heroBuildWarnings({ ...LEGAL, pointBuy: { budget: 3, offered: FIENDISH, bought: ["Wings", "Beast Legs"] } })).toEqual([
      { area: "ancestry", kind: "overspent", by: 1 },
    ]);
  });
  it("names a stormwight kit without the aspect, and a second kit for a class with one", () => {
    expect(heroBuildWarnings({ ...LEGAL, subclass: "Berserker" })).toEqual([{ area: "kit", kind: "notAllowed", name: "Boren" }]);
    expect(heroBuildWarnings({ ...LEGAL, kits: [{ name: "Boren", kitType: "stormwight" }, { name: "Sniper", kitType: "martial" }] })).toEqual([
      { area: "kit", kind: "tooMany", count: 2, allowed: 1 },
    ]);
    expect(heroBuildWarnings({
      ...LEGAL, className: "Tactician", subclass: "Vanguard",
      kits: [{ name: "Sniper", kitType: "martial" }, { name: "Spellsword", kitType: "caster" }],
    })).toEqual([{ area: "kit", kind: "notAllowed", name: "Spellsword" }]);
  });
});

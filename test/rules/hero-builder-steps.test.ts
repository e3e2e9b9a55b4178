/**
 * The hero builder's own rules (src/rules/hero-building.ts, issue 32) against the seed: the steps'
 * order (L471–540), culture aspects and their Skill Options (L2021–2141), subclass skills (L2449–2464,
 * L3283–3285, L3879–3881, L4250–4252), career skills (L2161, L2200), skill changes (L575, L525) and
 * the characteristics' range (L135–161).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BUILDER_STEPS, CHARACTERISTICS, SKILLS, SKILL_GROUPS, SUBCLASS_SKILL_OPTIONS, careerSkillOptions, checkCharacteristics,
  cultureAspectOf, legalSkillPicks, parseSkillOptions, skillOptionsLine, skillsAfterChange, subclassCount, subclassSkillOptions,
} from "../../src/rules/index.ts";

const SEED = path.resolve(import.meta.dirname, "../../../shared/seeds/004_f522d4137f25400b.txt");
const seedLines = () => readFileSync(SEED, "utf8").split("\n");

describe("the builder's steps (L471–540)", () => {
  it("follow the seed's numbered steps, characteristics and skills before the details", () => {
    expect(BUILDER_STEPS).toEqual(["ancestry", "culture", "career", "class", "kit", "freeStrikes", "complication", "characteristics", "skills", "details"]);
  });
  it.runIf(existsSync(SEED))("the seed numbers ancestry to complication in that order (L490–551)", () => {
    const text = seedLines().slice(470, 560).join("\n");
    const at = ["2. ANCESTRY", "3. CULTURE", "4. CAREER", "5. CLASS", "6. KIT", "7. ADD FREE STRIKES", "8. COMPLICATION", "9. DETERMINE DETAILS"].map((h) => text.indexOf(h));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});

describe("culture aspects (L2021–2141)", () => {
  it("finds the Skill Options line of an aspect's text (L2041)", () => {
    expect(skillOptionsLine("Environment aspect\nA nomadic culture travels...\nSkill Options: One skill from the exploration or interpersonal skill groups.\n"))
      .toBe("One skill from the exploration or interpersonal skill groups.");
    expect(skillOptionsLine("No options here")).toBe("");
  });
  it("tells the aspect from its heading", () => {
    expect(cultureAspectOf("Environment aspect A nomadic culture")).toBe("environment");
    expect(cultureAspectOf("ORGANIZATION ASPECT")).toBe("organization");
    expect(cultureAspectOf("Upbringing aspect")).toBe("upbringing");
    expect(cultureAspectOf("A feature")).toBeNull();
  });
  it.runIf(existsSync(SEED))("every Skill Options line the seed prints reads to a choice with legal picks", () => {
    const lines = seedLines().filter((l) => l.startsWith("Skill Options:"));
    expect(lines.length).toBe(14); // 5 environments, 3 organizations, 6 upbringings
    for (const line of lines) {
      const options = parseSkillOptions(skillOptionsLine(line));
      expect(options, line).not.toBeNull();
      expect(legalSkillPicks(options!, []).length, line).toBeGreaterThan(0);
    }
  });
});

describe("subclass skills", () => {
  it("the fury's aspects each give one named skill (L3283–3285)", () => {
    expect(subclassSkillOptions("Fury", "Berserker")).toEqual({ skills: ["lift"], groups: [], count: 1 });
    expect(subclassSkillOptions("fury", "Reaver")).toEqual({ skills: ["hide"], groups: [], count: 1 });
    expect(subclassSkillOptions("Fury", "Stormwight")).toEqual({ skills: ["track"], groups: [], count: 1 });
  });
  it("the shadow's colleges (L3879–3881) and the tactician's doctrines (L4250–4252)", () => {
    expect(subclassSkillOptions("Shadow", "College of Black Ash")?.skills).toEqual(["magic"]);
    expect(subclassSkillOptions("Shadow", "College of Caustic Alchemy")?.skills).toEqual(["alchemy"]);
    expect(subclassSkillOptions("Shadow", "College of the Harlequin Mask")?.skills).toEqual(["lie"]);
    expect(subclassSkillOptions("Tactician", "Mastermind")).toEqual({ skills: [], groups: ["lore"], count: 1 });
    expect(subclassSkillOptions("Tactician", "Vanguard")?.groups).toEqual(["interpersonal"]);
    expect(subclassSkillOptions("Tactician", "Insurgent")?.groups).toEqual(["intrigue"]);
  });
  it("the elementalist's specializations give none (L2841); an unknown subclass none", () => {
    expect(subclassSkillOptions("Elementalist", "Fire")).toBeNull();
    expect(subclassSkillOptions("Fury", "Nonesuch")).toBeNull();
  });
  it.runIf(existsSync(SEED))("the conduit's domains match the seed's table (L2452–2464)", () => {
    const lines = seedLines();
    const start = lines.findIndex((l) => l.startsWith("Domain Feature Skill"));
    expect(start).toBeGreaterThan(0);
    for (const row of lines.slice(start + 1, start + 13)) {
      const domain = row.split(" ")[0]!.toLowerCase();
      const group = row.split(" ").at(-1)!.toLowerCase();
      expect(subclassSkillOptions("Conduit", domain), row).toEqual({ skills: [], groups: [group], count: 1 });
    }
    expect(Object.keys(SUBCLASS_SKILL_OPTIONS.conduit!)).toHaveLength(12);
  });
  it("the conduit picks two domains (L2354), every other class one", () => {
    expect(subclassCount("Conduit")).toBe(2);
    for (const c of ["Elementalist", "Fury", "Shadow", "Tactician"]) expect(subclassCount(c)).toBe(1);
  });
});

describe("career skills (L2161, L2200)", () => {
  it("a career that lists its skills gives exactly those", () => {
    expect(careerSkillOptions({ skills: ["lore", "history", "bogus"], skillOptions: "" })).toEqual({ skills: ["history"], groups: [], count: 1 });
  });
  it("a Skill Options line is read when the career lists no skills", () => {
    expect(careerSkillOptions({ skills: [], skillOptions: "two skills from the lore skill group" })).toEqual({ skills: [], groups: ["lore"], count: 2 });
  });
  it("a career with neither (as the seed prints them) lets the hero pick two of any skill", () => {
    const options = careerSkillOptions({ skills: [], skillOptions: "" });
    expect(options.count).toBe(2);
    expect(legalSkillPicks(options, [])).toEqual([...SKILLS]);
  });
});

describe("changing a source's skills (L525, L575)", () => {
  it("removes the old picks, adds the new, keeps hand-ticked skills", () => {
    expect(skillsAfterChange(["lift", "history", "swim"], ["lift"], ["hide"], [])).toEqual(["swim", "hide", "history"]);
  });
  it("keeps an old pick another source still gives", () => {
    expect(skillsAfterChange(["lift", "swim"], ["lift"], ["hide"], ["lift"])).toEqual(["lift", "swim", "hide"]);
  });
  it("property: new picks are always there; an old pick no one else gives is gone unless re-picked", () => {
    const skill = fc.constantFrom(...SKILLS);
    fc.assert(fc.property(fc.uniqueArray(skill), fc.uniqueArray(skill), fc.uniqueArray(skill), fc.uniqueArray(skill), (current, oldPicks, newPicks, others) => {
      const after = new Set(skillsAfterChange(current, oldPicks, newPicks, others));
      for (const s of newPicks) expect(after.has(s)).toBe(true);
      for (const s of oldPicks) if (!newPicks.includes(s) && !others.includes(s)) expect(after.has(s)).toBe(false);
      for (const s of current) if (!oldPicks.includes(s)) expect(after.has(s)).toBe(true);
      expect(after.size).toBe(skillsAfterChange(current, oldPicks, newPicks, others).length);
    }));
  });
  it("re-picking a group's skill after a duplicate stays within the group (L575)", () => {
    const options = subclassSkillOptions("Fury", "Berserker")!;
    expect(legalSkillPicks(options, ["lift"])).toEqual(SKILL_GROUPS.exploration.filter((s) => s !== "lift"));
  });
});

describe("characteristics (L135–161)", () => {
  it("take whole numbers from −5 to +5", () => {
    expect(checkCharacteristics({ might: 2, agility: -1, reason: 0, intuition: 5, presence: -5 })).toEqual([]);
    expect(checkCharacteristics({ might: 6, agility: 1.5 })).toEqual([
      { kind: "outOfRange", characteristic: "might", value: 6 }, { kind: "outOfRange", characteristic: "agility", value: 1.5 },
    ]);
  });
  it("property: every integer in range passes, every one outside fails", () => {
    fc.assert(fc.property(fc.constantFrom(...CHARACTERISTICS), fc.integer({ min: -20, max: 20 }), (c, v) => {
      expect(checkCharacteristics({ [c]: v }).length).toBe(v >= -5 && v <= 5 ? 0 : 1);
    }));
  });
});

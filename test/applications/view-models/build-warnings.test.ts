/**
 * The hero sheet's build warnings (issue 32): a hand-made hero read from her items (heroBuildOf), the
 * rules' warnings (heroBuildWarnings), and each as one English line with every key in lang/en.json.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildWarningLines } from "../../../src/applications/view-models/build-warnings.ts";
import { heroBuildOf } from "../../../src/documents/hero-build.ts";
import { heroBuildWarnings } from "../../../src/rules/index.ts";
import type { BuildWarning } from "../../../src/rules/index.ts";
import { langI18n } from "../../harness/handlebars-helpers.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));

const item = (type: string, name: string, system: object) => ({ type, name, system });
const DEVIL_PURCHASES = [{ name: "Wings", cost: 2 }, { name: "Beast Legs", cost: 2 }, { name: "Horns", cost: 1 }];

function hero(skills: string[], extra: { type: string; name: string; system: object }[] = []) {
  return {
    system: { skills: new Set(skills) },
    items: [
      item("ancestry", "Devil", { fiendPoints: 3, purchases: DEVIL_PURCHASES }),
      item("feature", "Wings", {}),
      item("culture", "Culture", {
        environment: { name: "Nomadic", skillOptions: "One skill from the exploration or interpersonal skill groups.", skill: "swim" },
        organization: { name: "Bureaucratic", skillOptions: "One skill from the intrigue or lore skill groups.", skill: "history" },
        upbringing: { name: "", skillOptions: "", skill: "" },
      }),
      item("career", "Soldier", { skills: new Set(["lift"]) }),
      item("class", "Fury", { subclass: "Berserker" }),
      item("kit", "Mountain", { kitType: "martial" }),
      ...extra,
    ],
  };
}

describe("a hand-made hero's build warnings", () => {
  it("reads the options from the hero's items", () => {
    expect(heroBuildOf(hero(["swim", "history", "lift"]))).toEqual({
      skills: ["swim", "history", "lift"],
      cultureAspects: [
        { aspect: "environment", skillOptions: "One skill from the exploration or interpersonal skill groups.", skill: "swim" },
        { aspect: "organization", skillOptions: "One skill from the intrigue or lore skill groups.", skill: "history" },
        { aspect: "upbringing", skillOptions: "", skill: "" },
      ],
      careerSkills: ["lift"],
      pointBuy: { budget: 3, offered: DEVIL_PURCHASES, bought: ["Wings"] },
      className: "Fury", subclass: "Berserker", kits: [{ name: "Mountain", kitType: "martial" }],
    });
  });

  it("a legal hero has none; a broken one gets a sentence per rule", () => {
    expect(heroBuildWarnings(heroBuildOf(hero(["swim", "history", "lift"])))).toEqual([]);
    const broken = hero(["swim", "history"], [item("feature", "Beast Legs", {}), item("kit", "Boren", { kitType: "stormwight" })]);
    const lines = buildWarningLines(heroBuildWarnings(heroBuildOf(broken)), langI18n(lang, new Set()));
    expect(lines).toEqual([
      "The career gives Lift, but it is not ticked among the hero's skills.",
      "The ancestry's features cost more points than it has to spend: 1 over.",
      "The hero has 2 kits; the class allows 1.",
    ]);
  });

  it("every kind of warning has its English line, with nothing left unlocalised", () => {
    const missing = new Set<string>();
    const all: BuildWarning[] = [
      { area: "skills", kind: "notOffered", source: "culture.upbringing", skill: "forgery" },
      { area: "skills", kind: "duplicate", source: "career", skill: "lift", alternatives: ["climb", "swim"] },
      { area: "skills", kind: "unknown", source: "career", skill: "cooking" },
      { area: "skills", kind: "missing", source: "culture.environment", missing: 1 },
      { area: "skills", kind: "notOnSheet", source: "culture.organization", skill: "history" },
      { area: "ancestry", kind: "notOffered", name: "Tail Spikes" },
      { area: "ancestry", kind: "twice", name: "Horns" },
      { area: "ancestry", kind: "overspent", by: 2 },
      { area: "kit", kind: "tooMany", count: 3, allowed: 2 },
      { area: "kit", kind: "notAllowed", name: "Boren" },
    ];
    const lines = buildWarningLines(all, langI18n(lang, missing));
    expect(missing).toEqual(new Set());
    expect(lines).toHaveLength(all.length);
    expect(lines[1]).toBe("Lift comes twice (the career repeats it): take another skill of its group instead, such as Climb, Swim.");
    for (const line of lines) expect(line).not.toMatch(/SE\.|\{/);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { monsterSheetContext } from "../../../src/applications/view-models/monster-sheet.ts";
import type { I18n } from "../../../src/applications/view-models/i18n.ts";
import { langI18n } from "../../harness/handlebars-helpers.ts";
import { monsterFixtures } from "../../fixtures/actors.ts";

const lang = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../lang/en.json"), "utf8"));
const missing = new Set<string>();
const i18n: I18n = langI18n(lang, missing);

describe("monster sheet view-model", () => {
  const [minion, leader] = monsterFixtures();

  it("summarises the stat block", () => {
    const c = monsterSheetContext(minion!.input, i18n);
    expect(c.subtitle).toBe("Level 1 Minion Harrier");
    expect(c.stats.map((s) => [s.value, s.extra])).toEqual([["6", "Fly"], ["1T", ""], ["0", ""], ["1", ""]]);
    expect(c.immunities).toBe("Fire 3");
    expect(c.weaknesses).toBe("Cold 3");
    expect(c.abilities[0]!.tiers.map((t) => t.text)).toEqual(["1 fire damage", "2 fire damage", "3 fire damage; the target takes 1 fire damage at the start of its next turn"]);
  });

  it("shows Villain Power costs, resistance durations and negotiation", () => {
    const c = monsterSheetContext(leader!.input, i18n);
    const lock = c.abilities.find((a) => a.name === "Lock the Gate")!;
    expect(lock.cost).toBe("3 Villain Power");
    expect(lock.tiers[0]!.text).toBe("Restrained (Might resistance ends)");
    expect(lock.tiers[1]!.text).toBe("Slowed (EoT)");
    expect(c.negotiation.motivations).toBe("Protection, Legacy");
    expect(c.stamina).toMatchObject({ value: 80, max: 120, state: "healthy", stateLabel: "Healthy" });
  });

  it("hides the Director's notes from players", () => {
    expect(monsterSheetContext(leader!.input, i18n).directorNotesHTML).toContain("lantern");
    expect(monsterSheetContext({ ...leader!.input, isGM: false }, i18n).directorNotesHTML).toBe("");
    expect([...missing]).toEqual([]);
  });
});

describe("resistance-roll abilities", () => {
  it("show their tiers under 'Target resists' and are not rolled by the user", () => {
    const lock = monsterSheetContext(monsterFixtures()[1]!.input, i18n).abilities.find((a) => a.name === "Lock the Gate")!;
    expect(lock).toMatchObject({ rolls: false, resistance: "Target resists + Might:" });
    expect(lock.tiers).toHaveLength(3);
  });
});

describe("monster ability groups", () => {
  it("group a bestiary leader's abilities under type headings, actions first and villain actions last, in item order", async () => {
    const { bestiaryFixtures } = await import("../../fixtures/actors.ts");
    const widow = bestiaryFixtures().find((f) => f.name === "bestiary-leader-lantern-widow")!;
    const c = monsterSheetContext(widow.input, i18n);
    expect(c.abilityGroups.map((g) => [g.label, g.abilities.map((a) => a.name)])).toEqual([
      ["Action", ["Lantern Swing", "Marsh-Light Procession"]],
      ["Triggered action", ["Veil of Weeping"]],
      ["Trait", ["The Lamp Is Lit"]],
      ["Villain action", ["Come Home to Me"]],
    ]);
    expect(c.abilityGroups.flatMap((g) => g.abilities)).toHaveLength(c.abilities.length);
  });

  it("has no groups for a monster without abilities", () => {
    const [minion] = monsterFixtures();
    expect(monsterSheetContext({ ...minion!.input, items: [] }, i18n).abilityGroups).toEqual([]);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { heroSheetContext } from "../../../src/applications/view-models/hero-sheet.ts";
import type { I18n } from "../../../src/applications/view-models/i18n.ts";
import { langI18n } from "../../harness/handlebars-helpers.ts";
import { abilities, classes, heroFixtures, heroInput, kits } from "../../fixtures/actors.ts";

const lang = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../lang/en.json"), "utf8"));
const missing = new Set<string>();
const i18n: I18n = langI18n(lang, missing);

describe("hero sheet view-model", () => {
  const [fury, conduit] = heroFixtures().map((f) => heroSheetContext(f.input, i18n));

  it("shows the derived Stamina with its temporary part and state", () => {
    expect(fury!.stamina).toMatchObject({ value: 14, max: 39, temporary: 5, winded: 19, state: "winded", stateLabel: "Winded", pct: 36, tempPct: 13 });
    // As the token: a dying hero's bar fills red toward the death threshold, -3 of -12 a quarter (L7198–7206).
    expect(conduit!.stamina).toMatchObject({ value: -3, state: "dying", pct: 25 });
    expect(fury!.level).toBe(2);
    expect(fury!.heroicResource).toMatchObject({ label: "Rage", gain: "1d3" });
  });

  it("adds the kit's melee damage bonus to Melee Weapon abilities per tier", () => {
    const slam = fury!.abilityGroups[0]!.abilities.find((a) => a.name === "Brutal Slam")!;
    expect(slam.tiers.map((t) => t.text)).toEqual(["3 damage; push 1", "8 damage; push 2", "16 damage; push 4"]);
    expect(slam.characteristic).toBe("might");
    expect(slam.rollLabel).toBe("Roll with Might (+2)");
  });

  it("adds the magic bonus to Magic abilities and names typed damage", () => {
    const wither = conduit!.abilityGroups[0]!.abilities.find((a) => a.name === "Wither")!;
    expect(wither.tiers[0]!.text).toBe("4 corruption damage");
    expect(wither.tiers[1]!.text).toBe("8 corruption damage; the target takes a bane on ability power rolls (EoT)");
    expect(wither.distance).toBe("Ranged 5");
  });

  it("appends the bonus to dice formulas, shows costs in the class's resource and picks the best characteristic", () => {
    const stab = fury!.abilityGroups[0]!.abilities.find((a) => a.name.startsWith("Stab Me"))!;
    expect(stab.cost).toBe("3 Rage");
    expect(stab.tiers[2]!.text).toBe("1d6 + 8 + 4 damage; Grabbed");
  });

  it("does not add the kit bonus to the kit's own signature ability", () => {
    const kit = kits.mountain();
    kit.system.signatureAbility = "Brutal Slam";
    const ctx = heroSheetContext(heroInput({ name: "X", characteristics: {}, items: [classes.fury(), kit, abilities.brutalSlam()] }), i18n);
    expect(ctx.abilityGroups[0]!.abilities[0]!.tiers[2]!.text).toBe("12 damage; push 4");
  });

  it("groups abilities by type and shows non-rolling abilities without tiers", () => {
    expect(conduit!.abilityGroups.map((g) => g.type)).toEqual(["action", "triggered", "basic"]);
    expect(conduit!.abilityGroups[2]!.abilities.map((a) => a.name)).toContain("Catch Breath");
    expect(conduit!.abilityGroups[2]!.abilities[0]!.tiers.map((t) => t.text)).toEqual(["2 damage", "6 damage", "9 damage"]);
    const disruption = conduit!.abilityGroups[1]!.abilities[0]!;
    expect(disruption).toMatchObject({ rolls: false, tiers: [], trigger: "The target makes an attack." });
    expect(disruption.spend).toEqual(["Spend 1: The attack has a double bane."]);
  });

  it("lists option chips, characteristics, known skills in play mode and every skill in edit mode", () => {
    expect(fury!.chips.map((c) => [c.type, c.name])).toEqual([["ancestry", "Hakaan"], ["culture", ""], ["career", ""], ["class", "Fury"], ["kit", "Mountain"]]);
    expect(fury!.characteristics.map((c) => c.signed)).toEqual(["+2", "+2", "−1", "+0", "+1"]);
    expect(fury!.skillGroups.flatMap((g) => g.skills.map((s) => s.id))).toEqual(["climb", "lift", "intimidate"]);
    const edit = heroSheetContext({ ...heroFixtures()[0]!.input, mode: "edit" }, i18n);
    expect(edit.isEdit).toBe(true);
    expect(edit.skillGroups.flatMap((g) => g.skills)).toHaveLength(54);
    expect(fury!.movement).toMatchObject({ speed: 5, speedNote: "", stability: 2, size: "1L", types: [] });
    expect(fury!.kit!.bonuses).toEqual([{ label: "Stamina", value: "+9" }, { label: "Stability", value: "+2" }, { label: "Melee weapon damage", value: "+0/+0/+4" }]);
  });

  it("shows the speed now, halved with why (L6674), the movement types and the jump distances (L6884–6888)", () => {
    const input = heroFixtures()[0]!.input;
    // Might +2, Agility +2: long jump 2, 3 after a run-up; high 1, 2 after a run-up.
    expect(fury!.movement.jump).toBe("long 2 (3 after a 2-square run-up), high 1 (2)");
    const grabbing = heroSheetContext({ ...input, speedNow: { speed: 2, halvedBy: ["grab"] } }, i18n);
    expect(grabbing.movement).toMatchObject({ speed: 2, speedNote: "halved: grabbing a creature at least as large" });
    const climber = { ...input, system: { ...input.system, movement: ["climb", "walk"] } };
    expect(heroSheetContext(climber, i18n).movement.types).toEqual([{ id: "climb", label: "Climb", checked: true }]);
    // Edit mode offers every movement type beyond walking as a toggle.
    expect(heroSheetContext({ ...climber, mode: "edit" }, i18n).movement.types.map((m) => [m.id, m.checked]))
      .toEqual([["burrow", false], ["climb", true], ["fly", false], ["swim", false], ["teleport", false]]);
    // A weak, clumsy hero still long jumps 1 square (L6884).
    const weak = { ...input, system: { ...input.system, characteristics: { ...input.system.characteristics, might: -1, agility: 0 } } };
    expect(heroSheetContext(weak, i18n).movement.jump).toBe("long 1 (2 after a 2-square run-up), high 1 (2)");
  });

  it("shows the followers the hero's Renown allows (L6344–6349)", () => {
    const base = heroFixtures()[0]!;
    const at = (renown: number) => heroSheetContext(heroInput({ name: "Ash", characteristics: { might: 2 }, items: [], renown }), i18n).followers;
    expect([0, 2, 3, 7, 12].map(at)).toEqual([0, 0, 1, 2, 4]);
    expect(heroSheetContext(base.input, i18n).followers).toBe(0);
    // A stored Renown that is not a whole number of 0 or more shows no followers rather than failing.
    expect(at(-2)).toBe(0);
  });
  it("uses only existing localisation keys", () => {
    expect([...missing]).toEqual([]);
  });
});

describe("ability effects and own resistance rolls", async () => {
  const { plainText } = await import("../../../src/applications/view-models/ability.ts");
  it("shows effects as plain text", () => {
    expect(plainText("<p>Move &amp; <em>strike</em>.</p><p>Then rest.</p>")).toBe("Move & strike. Then rest.");
    const conduit = heroSheetContext(heroFixtures()[1]!.input, i18n);
    const basic = conduit.abilityGroups.find((g) => g.type === "basic")!.abilities;
    expect(basic.find((a) => a.name === "Catch Breath")!.effect).toMatch(/^By using the Catch Breath action, you spend a Recovery/);
    const escape = basic.find((a) => a.name === "Escape Grab")!;
    expect(escape).toMatchObject({ rolls: true, resistance: "Resistance roll + Might/Agility:" });
  });
});

describe("one hero per class", () => {
  it("covers all five classes, each with a kit", () => {
    const heroes = heroFixtures().map((f) => heroSheetContext(f.input, i18n));
    expect(heroes.map((h) => h.className).sort()).toEqual(["Conduit", "Elementalist", "Fury", "Shadow", "Tactician"]);
    expect(heroes.every((h) => h.kit)).toBe(true);
  });
  it("takes the larger weapon bonus for a melee-or-ranged weapon ability, and speed from ancestry and kit", () => {
    const tactician = heroSheetContext(heroFixtures()[4]!.input, i18n);
    expect(tactician.abilityGroups[0]!.abilities[0]!.tiers[2]!.text).toBe("15 damage; Dazed (EoE)");
    expect(tactician.abilityGroups[0]!.abilities[0]!.distance).toBe("Reach 1 or ranged 5");
    expect(heroSheetContext(heroFixtures()[2]!.input, i18n).movement.speed).toBe(8);
  });
});

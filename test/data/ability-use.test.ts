import { describe, expect, it } from "vitest";
import { abilityUseProblem, damageRange, appliedKey, canActLocally, damageModifierMap, mayUseCardAction, useTiers } from "../../src/data/ability-use.ts";
import { appliedRecordOf, withApplied, downgradeTarget, recordResistance, tierDamageFor } from "../../src/data/ability-use-build.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";
import { ABILITIES, KIT, goblin, use } from "../fixtures/ability-use.ts";

describe("buildAbilityUse", () => {
  it("rolls once and gives each target its own tier from its conditions", () => {
    // 7 + 6 = 13, Might +2 → 15 (tier 2). Prone target: melee edge → 17 (tier 3). Defending: double bane → tier 1.
    const u = use(ABILITIES.brutalSlam!, { targets: [goblin(["prone"], 0, "A"), goblin([], 0, "B"), goblin(["defending"], 0, "C")], dice: [7, 6] });
    expect(u.targets.map((t) => [t.name, t.total, t.tier, t.reasons])).toEqual([
      ["A", 17, 3, ["targetProne"]], ["B", 15, 2, []], ["C", 15, 1, ["targetDefending"]],
    ]);
    expect(u.natural).toBe(13);
    expect(u.critical).toBe(false);
  });

  it("adds the kit's melee bonus to a weapon ability, but not to the kit's signature ability", () => {
    expect(use(ABILITIES.brutalSlam!).tiers.map((t) => t.damage.value)).toEqual([4, 9, 13]);
    expect(use({ ...ABILITIES.brutalSlam!, signature: true }).tiers.map((t) => t.damage.value)).toEqual([3, 8, 12]);
    expect(use(ABILITIES.fireball!).tiers.map((t) => t.damage.value)).toEqual([2, 4, 6]);
  });

  it("keeps dice damage as a formula until it is rolled, then stores the total", () => {
    expect(useTiers(ABILITIES.assassinate!, KIT).map((t) => [t.damage.formula, t.damage.value])).toEqual([
      ["1d6 + 6 + 1", null], ["1d6 + 12 + 1", null], ["2d6 + 18 + 1", null],
    ]);
    expect(use(ABILITIES.assassinate!, { rolledDamage: [null, null, 27] }).tiers[2]!.damage).toEqual({ formula: "2d6 + 18 + 1", type: "", value: 27 });
  });

  it("adds the dialog's edges, banes, bonus and per-target toggles", () => {
    const target = goblin();
    const u = use(ABILITIES.brutalSlam!, {
      targets: [target], dice: [5, 5],
      choices: { characteristic: "might", edges: 1, banes: 0, bonuses: 2, perTarget: { [target.key]: { edges: 0, banes: 1, toggles: { flanking: true } } } },
    });
    // 10 + 2 + 2 bonus; edges 1 (dialog) + 1 (flanking), banes 1 → net one edge: +2 → 16.
    expect(u.targets[0]).toMatchObject({ edges: 2, banes: 1, total: 16, tier: 2, reasons: ["flanking"] });
  });

  it("marks a critical hit on a natural 19 or 20 with an attack or action, and keeps it when downgraded", () => {
    const u = use(ABILITIES.brutalSlam!, { targets: [goblin()], dice: [10, 9] });
    expect(u.critical).toBe(true);
    const down = downgradeTarget(u, u.targets[0]!.key, 1);
    expect(down.critical).toBe(true);
    expect(down.targets[0]).toMatchObject({ rolledTier: 3, tier: 1 });
    expect(() => downgradeTarget(down, u.targets[0]!.key, 3)).not.toThrow();
    const low = use(ABILITIES.brutalSlam!, { targets: [goblin()], dice: [1, 2] });
    expect(() => downgradeTarget(low, low.targets[0]!.key, 2)).toThrow(RangeError);
  });

  it("records a dying hero's 1d6 only when the seed says so", () => {
    expect(use(ABILITIES.brutalSlam!, { dying: true, dyingDie: 5 }).dyingLoss).toBe(5);
    expect(use(ABILITIES.brutalSlam!, { dying: false, dyingDie: 5 }).dyingLoss).toBeNull();
    expect(use({ ...ABILITIES.brutalSlam!, keywords: ["magic"], type: "freeManeuver" }, { dying: true, dyingDie: 5 }).dyingLoss).toBeNull();
  });

  it("leaves resistance targets without a tier until they roll, and takes each target's roll once", () => {
    const u = use(ABILITIES.dread!, { targets: [goblin()], characteristics: { intuition: 2 }, choices: { characteristic: "intuition", edges: 0, banes: 0, bonuses: 0, perTarget: {} } });
    expect(u.roll).toBeNull();
    expect(u.targets[0]).toMatchObject({ rolledTier: null, tier: null });
    const key = u.targets[0]!.key;
    const rolled = recordResistance(u, key, { dice: [9, 9], characteristic: 1 });
    expect(rolled.targets[0]).toMatchObject({ tier: 3, total: 19 });
    expect(recordResistance(rolled, key, { dice: [1, 1], characteristic: 0 })).toBe(rolled);
    expect(tierDamageFor(rolled, key)).toBeNull(); // tier 3 of Dread Gaze deals nothing
    const low = recordResistance(u, key, { dice: [2, 3], characteristic: 1 });
    expect(tierDamageFor(low, key)).toEqual({ amount: 6, type: "psychic", keywords: ["magic", "ranged", "resistance"] });
  });
});

describe("card permissions", () => {
  const cases = [
    { who: { isGM: true, isAuthor: false, ownsTarget: false }, allowed: ["apply", "heal", "undo", "downgrade", "resist"], local: ["apply", "heal", "undo", "downgrade", "resist"] },
    { who: { isGM: false, isAuthor: true, ownsTarget: false }, allowed: ["apply", "undo", "downgrade"], local: ["downgrade"] },
    { who: { isGM: false, isAuthor: true, ownsTarget: true }, allowed: ["apply", "undo", "downgrade", "resist"], local: ["apply", "undo", "downgrade", "resist"] },
    { who: { isGM: false, isAuthor: false, ownsTarget: true }, allowed: ["apply", "undo", "resist"], local: [] },
    { who: { isGM: false, isAuthor: false, ownsTarget: false }, allowed: [], local: [] },
  ] as const;
  it.each(cases)("$who", ({ who, allowed, local }) => {
    const actions = ["apply", "heal", "undo", "downgrade", "resist"] as const;
    expect(actions.filter((a) => mayUseCardAction(a, who))).toEqual(allowed);
    expect(actions.filter((a) => canActLocally(a, who))).toEqual(local);
  });
  it("turns stored immunities into the highest value per key", () => {
    expect(damageModifierMap([{ key: "fire", value: 2 }, { key: "fire", value: 5 }, { key: "all", value: 1 }])).toEqual({ fire: 5, all: 1 });
    expect(damageModifierMap(undefined)).toEqual({});
  });
});

describe("damageRange", () => {
  it("gives the least and most a damage formula can roll, and null for anything else", () => {
    expect(damageRange("7")).toEqual({ min: 7, max: 7 });
    expect(damageRange("2d6 + 18")).toEqual({ min: 20, max: 30 });
    expect(damageRange("1d6 - 1")).toEqual({ min: 0, max: 5 });
    expect(damageRange("1d6+1d4")).toEqual({ min: 2, max: 10 });
    for (const bad of ["", "1d", "d6", "2 x 3", "1d6 + @might", "1e20"]) expect(damageRange(bad), bad).toBeNull();
  });
});

describe("abilityUseProblem: is a card what this ability of this actor produces?", () => {
  const characteristics = { might: 2, agility: 2, reason: 2, intuition: 1, presence: 0 };
  const source = (ability = ABILITIES.brutalSlam!) => ({ ability, kit: KIT, characteristics });
  const honest = () => use(ABILITIES.brutalSlam!, { targets: [goblin([], 0, "A"), goblin(["prone"], 0, "B")], dice: [6, 5] });

  it("accepts an honest card, a downgraded tier and dice damage inside its range", () => {
    expect(abilityUseProblem(honest(), source())).toBeNull();
    expect(abilityUseProblem(downgradeTarget(honest(), honest().targets[1]!.key, 1), source())).toBeNull();
    const dice = use(ABILITIES.assassinate!, { targets: [goblin()], dice: [6, 5], rolledDamage: [8, 14, 31] });
    expect(abilityUseProblem(dice, source(ABILITIES.assassinate!))).toBeNull();
  });

  it("refuses every field a player can rewrite to their advantage", () => {
    const u = honest();
    const cases: [string, AbilityUseData, string][] = [
      ["other ability", u, "ability"],
      ["inflated damage", { ...u, tiers: u.tiers.map((t) => ({ ...t, damage: { ...t.damage, value: 99 } })) }, "damage"],
      ["added condition", { ...u, tiers: u.tiers.map((t) => ({ ...t, conditions: [{ id: "dead", duration: "", characteristic: "" }] })) }, "tiers"],
      ["longer push", { ...u, tiers: u.tiers.map((t) => ({ ...t, forced: [{ kind: "push", distance: 20, vertical: false }] })) }, "tiers"],
      ["promoted tier", { ...u, targets: u.targets.map((t) => ({ ...t, tier: 3 as const, rolledTier: 3 as const })) }, "tier"],
      ["tier above the roll", { ...u, targets: u.targets.map((t) => ({ ...t, tier: 3 as const })) }, "tier"],
      ["better characteristic", { ...u, roll: { ...u.roll!, characteristic: 5 } }, "characteristic"],
      ["unoffered characteristic", { ...u, characteristic: "presence" }, "characteristic"],
      ["huge bonus", { ...u, roll: { ...u.roll!, bonuses: 1e20 } }, "roll"],
      ["impossible dice", { ...u, roll: { ...u.roll!, dice: [11, 11] } }, "roll"],
      ["duplicated target", { ...u, targets: [u.targets[0]!, u.targets[0]!] }, "targets"],
    ];
    for (const [name, card, problem] of cases) {
      const ability = name === "other ability" ? ABILITIES.fireball! : ABILITIES.brutalSlam!;
      expect(abilityUseProblem(card, source(ability)), name).toBe(problem);
    }
    const dice = use(ABILITIES.assassinate!, { targets: [goblin()], dice: [6, 5], rolledDamage: [8, 14, 32] });
    expect(abilityUseProblem(dice, source(ABILITIES.assassinate!))).toBe("damage");
  });

  it("checks a resistance target's tier against its recorded resistance roll", () => {
    const u = use(ABILITIES.dread!, { targets: [goblin()], characteristics: { intuition: 1 }, choices: { characteristic: "intuition", edges: 0, banes: 0, bonuses: 0, perTarget: {} } });
    const rolled = recordResistance(u, u.targets[0]!.key, { dice: [10, 9], characteristic: 1, banes: 1 });
    expect(abilityUseProblem(rolled, source(ABILITIES.dread!))).toBeNull();
    const forged = { ...rolled, targets: rolled.targets.map((t) => ({ ...t, rolledTier: 1 as const, tier: 1 as const })) };
    expect(abilityUseProblem(forged, source(ABILITIES.dread!))).toBe("tier");
  });
});

describe("the card's record of applications", () => {
  it("lives on each target (saved whole), reads version 1 records, and clears with null", () => {
    const u = use(ABILITIES.brutalSlam!, { targets: [goblin([], 0, "A"), goblin([], 0, "B")] });
    const [a, b] = u.targets.map((t) => t.key);
    const record = { dealt: 9, effectIds: [], userId: "u" };
    const applied = withApplied(u, a!, record);
    expect(appliedRecordOf(applied, a!)).toEqual(record);
    expect(appliedRecordOf(applied, b!)).toBeNull();
    expect(appliedRecordOf(withApplied(applied, a!, null), a!)).toBeNull();
    const legacy = { ...u, version: 1 as const, applied: { [b!]: record } };
    expect(appliedRecordOf(legacy, b!)).toEqual(record);
    expect(withApplied(legacy, b!, null).applied).toEqual({});
    expect(appliedKey("Scene.abc.Token.def")).toBe("Scene_abc_Token_def");
  });
});

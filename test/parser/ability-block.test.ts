import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseAbilityBlock, parseDistance, parseTier } from "../../src/parser/ability-block.ts";
import { lookup } from "../harness/handlebars-helpers.ts";
import { sourceProblems } from "../harness/source-problems.ts";
import type { ModelClass } from "../harness/source-problems.ts";

// Blocks as printed in seeds/004_… (WITHER L2667, DIVINE DISRUPTION L2586, STAB ME L3496, PRAYER L2375).
const WITHER = `WITHER

A bolt of holy energy saps the life from a foe.

  • Keywords: Attack, Magic, Ranged
  • Type: Action
  • Distance: Ranged 5
  • Target: 1 creature or object

Power Roll + Intuition:

  • 11 or lower: 2 corruption damage
  • 12–16: 6 corruption damage; the target takes a bane on ability power rolls (EoT)
  • 17+: 9 corruption damage; the target has a double bane on ability power rolls (EoT)`;

const DIVINE_DISRUPTION = `DIVINE DISRUPTION

You sap the strength of an attacking enemy with divine energy.

  • Keywords: Magic, Ranged
  • Type: Triggered
  • Distance: Ranged 5
  • Target: 1 enemy
  • Trigger: The target makes an attack. You can use this ability after seeing the result of the attack.

Effect: The attack takes a bane and the damage to one creature targeted by the attack is reduced by an amount equal to your Intuition.

Spend 1 Piety: The attack has a double bane and the damage to one creature targeted by the attack is reduced by an amount equal to twice your Intuition score.`;

const STAB_ME = `STAB ME SO I CAN PULL MYSELF CLOSER TO YOU (3 RAGE)

When you barrel through your foes, they feel your wrath.

  • Keywords: Attack, Melee, Weapon
  • Type: Action
  • Distance: Self
  • Target: Self

Effect: Move up to your speed in a straight line toward a creature or object.

Power Roll + Might:

  • 11 or lower: 5 damage
  • 12–16: 6 damage
  • 17+: 9 damage

Effect: The target takes an extra 1d6 damage for every free strike you triggered from your move.`;

const PRAYER = `PRAYER

I beseech you!

Keywords: Magic

Type: Maneuver

Distance: Self

Target: Self

Power Roll + Intuition:

  • 11 or lower: 1d6 damage; bleeding (EoT)
  • 12–16: Gain 1 piety
  • 17+: Gain 2 piety and choose and use a domain effect`;

describe("parseAbilityBlock", () => {
  it("reads a standard block: name, flavour, fields, roll and tiers", () => {
    const r = parseAbilityBlock(WITHER);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.name).toBe("Wither");
    expect(r.value.flavor).toBe("A bolt of holy energy saps the life from a foe.");
    expect(r.value.system).toMatchObject({
      keywords: ["attack", "magic", "ranged"], type: "action", target: "1 creature or object",
      distance: { kind: "ranged", primary: 5, text: "Ranged 5" }, power: { kind: "ability", characteristics: ["intuition"] },
    });
    expect(r.value.system.tiers.map((t) => t.damage)).toEqual([
      { value: "2", type: "corruption" }, { value: "6", type: "corruption" }, { value: "9", type: "corruption" },
    ]);
    expect(r.value.system.tiers[1]!.text).toBe("the target takes a bane on ability power rolls (EoT)");
  });

  it("reads a triggered ability with a trigger, an effect and a Spend rider, and no roll", () => {
    const r = parseAbilityBlock(DIVINE_DISRUPTION);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.system).toMatchObject({ type: "triggered", power: { kind: "none" }, trigger: expect.stringMatching(/^The target makes an attack/) });
    expect(r.value.system.effect).toMatch(/^<p>The attack takes a bane/);
    expect(r.value.system.spend).toEqual([{ amount: 1, text: expect.stringMatching(/^The attack has a double bane/) }]);
    expect(r.value.system.tiers).toHaveLength(3);
  });

  it("reads a cost in the name and effects before and after the roll", () => {
    const r = parseAbilityBlock(STAB_ME);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.name).toBe("Stab Me So I Can Pull Myself Closer to You");
    expect(r.value.system.cost).toEqual({ amount: 3, resource: "heroic" });
    expect(r.value.system.effect.match(/<p>/g)).toHaveLength(2);
    expect(r.value.system.tiers.map((t) => t.damage.value)).toEqual(["5", "6", "9"]);
  });

  it("reads the one block without bullets, with dice damage and a condition", () => {
    const r = parseAbilityBlock(PRAYER);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.system.type).toBe("maneuver");
    expect(r.value.system.tiers[0]).toEqual({ damage: { value: "1d6", type: "" }, forced: [], conditions: [{ id: "bleeding", duration: "EoT", characteristic: "" }], text: "" });
    expect(r.value.system.tiers[1]!.text).toBe("Gain 1 piety");
  });

  it("accepts an ASCII hyphen in 12-16 and resistance rolls with several characteristics", () => {
    const text = "ESCAPE\nFlee.\n• Keywords:\n• Type: Maneuver\n• Distance: Self\n• Target: Self\nPower Roll + Might or Agility:\n• 11 or lower: You fail\n• 12-16: You escape\n• 17+: You escape easily";
    const r = parseAbilityBlock(text);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.system.power.characteristics).toEqual(["might", "agility"]);
    expect(r.value.system.keywords).toEqual([]);
    const resist = parseAbilityBlock("GAZE\n• Keywords: Magic, Ranged\n• Type: Action\n• Distance: Ranged 10\n• Target: 1 creature\nTarget Resists + Intuition:\n• 11 or lower: frightened (Intuition resistance ends)\n• 12–16: frightened (EoT)\n• 17+: no effect");
    if (!resist.ok) throw new Error(JSON.stringify(resist.error));
    expect(resist.value.system.power.kind).toBe("resistance");
    expect(resist.value.system.tiers[0]!.conditions).toEqual([{ id: "frightened", duration: "resistance", characteristic: "intuition" }]);
  });

  it("names the failing line and why, for every kind of bad paste", () => {
    const cases: [string, string, number][] = [
      ["", "Empty", 1],
      ["• Keywords: Magic", "MissingName", 1],
      ["NAME\nJust prose.\nMore prose.", "UnexpectedLine", 3],
      ["NAME\n• Keywords: Sorcery\n• Type: Action", "UnknownKeyword", 2],
      ["NAME\n• Keywords: Magic\n• Type: Bonus action", "UnknownType", 3],
      ["NAME\n• Keywords: Magic\n• Distance: Self", "MissingType", 1],
      ["NAME\n• Type: Action\nPower Roll + Luck:", "UnknownCharacteristic", 3],
      ["NAME\n• Type: Action\nPower Roll + Might:\n• 12–16: 3 damage", "TierOrder", 4],
      ["NAME\n• Type: Action\nPower Roll + Might:\n• 11 or lower: 3 damage\n• 12–16: 5 damage", "MissingTier", 5],
    ];
    const lang = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../lang/en.json"), "utf8"));
    for (const [text, key, line] of cases) {
      const r = parseAbilityBlock(text);
      expect(r, text).toMatchObject({ ok: false, error: { key: `SE.Parser.Error.${key}`, line } });
      if (!r.ok) expect(lookup(lang, r.error.key), key).toBeDefined();
    }
  });

  it("produces ability data the data model accepts", async () => {
    const { installFoundryHarness } = await import("../harness/foundry.ts");
    installFoundryHarness();
    const { AbilityModel } = await import("../../src/data/ability.ts");
    // Type escape: typed by the League's TypeDataModel; the harness's offers ModelClass.
    const Model = AbilityModel as unknown as ModelClass;
    for (const text of [WITHER, DIVINE_DISRUPTION, STAB_ME, PRAYER]) {
      const r = parseAbilityBlock(text);
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      expect(sourceProblems(Model, r.value.system), r.value.name).toEqual([]);
    }
  });

  it("never throws on arbitrary text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (s) => {
      expect(typeof parseAbilityBlock(s).ok).toBe("boolean");
    }));
  });
});

describe("parseDistance", () => {
  it.each([
    ["Reach 1", { kind: "reach", primary: 1 }], ["Reach", { kind: "reach", primary: 1 }], ["Ranged 10", { kind: "ranged", primary: 10 }],
    ["Reach 1 or Ranged 5", { kind: "reachOrRanged", primary: 1, secondary: 5 }], ["Reach or Ranged 5", { kind: "reachOrRanged", primary: 1, secondary: 5 }],
    ["Self", { kind: "self" }], ["3 burst", { kind: "burst", primary: 3 }], ["2 aura", { kind: "aura", primary: 2 }],
    ["3 cube within 5", { kind: "cube", primary: 3, within: 5 }], ["Cube 3 within 5", { kind: "cube", primary: 3, within: 5 }],
    ["5 × 1 line within 1", { kind: "line", primary: 5, secondary: 1, within: 1 }], ["10 wall within 10", { kind: "wall", primary: 10, within: 10 }],
    ["Self or Ranged 5", { kind: "special" }],
  ])("%s", (text, expected) => {
    expect(parseDistance(text)).toMatchObject({ ...expected, text });
  });
});

describe("parseTier", () => {
  it("splits damage, forced movement, conditions and text", () => {
    expect(parseTier("6 fire damage; push 3; slowed (EoT); the ground burns")).toEqual({
      damage: { value: "6", type: "fire" }, forced: [{ kind: "push", distance: 3, vertical: false }],
      conditions: [{ id: "slowed", duration: "EoT", characteristic: "" }], text: "the ground burns",
    });
    expect(parseTier("2d6 + 8 damage; vertical slide 2").damage.value).toBe("2d6 + 8");
    expect(parseTier("2d6 + 8 damage; vertical slide 2").forced).toEqual([{ kind: "slide", distance: 2, vertical: true }]);
    expect(parseTier("Push 1")).toMatchObject({ damage: { value: "" }, forced: [{ kind: "push", distance: 1 }] });
  });
});

// The heroic resources' extra rules against the seed (004): insight on tier 3 (L3891), Prayer
// (L2375–2393), variable spends (L3934 and the pack's Spend lines), Persistent Magic (L2872–2888).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  canMaintain, clampSpend, focusFromAllyAttack, gainAfterUpkeep, isVariableSpend, maintenanceOutcome, ownRollResourceGain, persistentUpkeep, prayerModifiers,
  spendCap, spendableOutOfCombat, tierResourceGain, variableSpendBounds,
} from "../../src/rules/index.ts";

const pack = (cls: string, file: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "../../packs/_source/abilities", cls, `${file}.json`), "utf8")) as {
    system: { spend: { amount: number; text: string }[]; tiers: { text: string }[]; persistent: number };
  };

describe("L3891 insight: 1 on a tier 3 result with an attack", () => {
  it("gains 1 when any target of an attack got tier 3, once per attack", () => {
    expect(ownRollResourceGain({ resource: "Insight", attack: true, tiers: [3] })).toBe(1);
    expect(ownRollResourceGain({ resource: "insight", attack: true, tiers: [2, 3, 3] })).toBe(1);
  });
  it("nothing below tier 3, for an ability that is not an attack, or for another class's resource", () => {
    expect(ownRollResourceGain({ resource: "Insight", attack: true, tiers: [2, 1] })).toBe(0);
    expect(ownRollResourceGain({ resource: "Insight", attack: true, tiers: [null] })).toBe(0);
    expect(ownRollResourceGain({ resource: "Insight", attack: false, tiers: [3] })).toBe(0);
    // L4262: focus comes from an ally's roll against a marked target, never the tactician's own.
    expect(ownRollResourceGain({ resource: "Focus", attack: true, tiers: [3] })).toBe(0);
    expect(ownRollResourceGain({ resource: "Rage", attack: true, tiers: [3] })).toBe(0);
  });
});

describe("L4262 focus: an ally's tier 3 attack against a marked target gives 1", () => {
  const base = { resource: "Focus", attack: true, rollerIsSelf: false, marked: ["goblin"] };
  it("gains 1 once, however many marked targets got tier 3", () => {
    expect(focusFromAllyAttack({ ...base, targets: [{ key: "goblin", tier: 3 }] })).toBe(1);
    expect(focusFromAllyAttack({ ...base, marked: ["goblin", "ogre"], targets: [{ key: "goblin", tier: 3 }, { key: "ogre", tier: 3 }] })).toBe(1);
  });
  it("nothing for an unmarked target, a lower tier, a non-attack, the tactician's own roll or another class", () => {
    expect(focusFromAllyAttack({ ...base, targets: [{ key: "ogre", tier: 3 }] })).toBe(0);
    expect(focusFromAllyAttack({ ...base, targets: [{ key: "goblin", tier: 2 }, { key: "goblin2", tier: 3 }] })).toBe(0);
    expect(focusFromAllyAttack({ ...base, attack: false, targets: [{ key: "goblin", tier: 3 }] })).toBe(0);
    expect(focusFromAllyAttack({ ...base, rollerIsSelf: true, targets: [{ key: "goblin", tier: 3 }] })).toBe(0);
    expect(focusFromAllyAttack({ ...base, resource: "Insight", targets: [{ key: "goblin", tier: 3 }] })).toBe(0);
  });
});

describe("L2375–2393 Prayer", () => {
  it("L2390–2391: the pack's tiers gain 1 and 2 piety, nothing at tier 1", () => {
    const tiers = pack("conduit", "prayer").system.tiers.map((t) => tierResourceGain(t.text, "Piety"));
    expect(tiers).toEqual([0, 1, 2]);
  });
  it("a gain of another resource is not the hero's", () => {
    expect(tierResourceGain("Gain 2 piety", "Insight")).toBe(0);
    expect(tierResourceGain("Gain 2 piety", "")).toBe(0);
    expect(tierResourceGain("Gain 3 temporary Stamina", "Piety")).toBe(0);
  });
  it("L2393: double edge, edge, bane, then double bane for every later use", () => {
    expect([0, 1, 2, 3, 4, 9].map(prayerModifiers)).toEqual([
      { edges: 2, banes: 0 }, { edges: 1, banes: 0 }, { edges: 0, banes: 1 }, { edges: 0, banes: 2 }, { edges: 0, banes: 2 }, { edges: 0, banes: 2 },
    ]);
    expect(() => prayerModifiers(-1)).toThrow(RangeError);
  });
});

describe("variable spends", () => {
  it("the pack's per-point lines are variable (Black Ash Teleport, Coat the Blade, Healing Grace, Dying Blow)", () => {
    expect(isVariableSpend(pack("shadow", "black-ash-teleport").system.spend[0]!.text)).toBe(true);
    expect(isVariableSpend(pack("shadow", "coat-the-blade").system.spend[0]!.text)).toBe(true);
    expect(isVariableSpend(pack("conduit", "healing-grace").system.spend[0]!.text)).toBe(true);
    expect(isVariableSpend(pack("fury", "dying-blow").system.spend[0]!.text)).toBe(true);
  });
  it("fixed lines and Spend No Essence are not", () => {
    expect(isVariableSpend(pack("tactician", "mark").system.spend[0]!.text)).toBe(false);
    expect(isVariableSpend(pack("elementalist", "manipulate-earth").system.spend[0]!.text)).toBe(false);
    expect(isVariableSpend(pack("tactician", "seize-the-opening").system.spend[0]!.text)).toBe(false);
  });
  it("L3934: Coat the Blade is capped at the hero's level; other lines are not capped", () => {
    expect(spendCap(pack("shadow", "coat-the-blade").system.spend[0]!.text, 2)).toBe(2);
    expect(spendCap(pack("shadow", "black-ash-teleport").system.spend[0]!.text, 2)).toBeNull();
  });
  it("bounds: what is left after the cost, and the cap; the line's own minimum", () => {
    expect(variableSpendBounds({ available: 5, committed: 0, cap: null, minimum: 0 })).toEqual({ min: 1, max: 5 });
    expect(variableSpendBounds({ available: 5, committed: 3, cap: null, minimum: 0 })).toEqual({ min: 1, max: 2 });
    expect(variableSpendBounds({ available: 5, committed: 0, cap: 1, minimum: 0 })).toEqual({ min: 1, max: 1 });
    expect(variableSpendBounds({ available: 2, committed: 2, cap: null, minimum: 1 })).toEqual({ min: 1, max: 0 });
    expect(variableSpendBounds({ available: 6, committed: 5, cap: null, minimum: 2 })).toEqual({ min: 2, max: 0 });
  });
  it("a chosen amount is clamped into the bounds; 0 or nonsense means the line is not used", () => {
    const b = { min: 1, max: 3 };
    expect([0, -2, Number.NaN, 1, 2.7, 3, 40].map((n) => clampSpend(n, b))).toEqual([0, 0, 0, 1, 2, 3, 3]);
    expect(clampSpend(2, { min: 1, max: 0 })).toBe(0);
  });
});

describe("L2872–2888 Persistent Magic", () => {
  it("the pack's persistent abilities carry their value (Burn! 1, Conflagration 2)", () => {
    expect(pack("elementalist", "burn").system.persistent).toBe(1);
    expect(pack("elementalist", "conflagration").system.persistent).toBe(2);
  });
  it("L2876: the upkeep reduces the start-of-turn gain; never below 0 (L2880)", () => {
    expect(persistentUpkeep([1, 2])).toBe(3);
    expect(persistentUpkeep([1, -4, Number.NaN])).toBe(1);
    expect(gainAfterUpkeep(2, 1)).toBe(1);
    expect(gainAfterUpkeep(2, 2)).toBe(0);
    expect(gainAfterUpkeep(2, 5)).toBe(0);
    expect(gainAfterUpkeep(2, -3)).toBe(2);
  });
  it("L2878–2880: no maintaining that would earn negative essence, or exceed the Victories out of combat", () => {
    expect(canMaintain({ persistent: 1, upkeep: 0, inCombat: true, minimumGain: 2, victories: 0 })).toBe(true);
    expect(canMaintain({ persistent: 2, upkeep: 0, inCombat: true, minimumGain: 2, victories: 0 })).toBe(true);
    expect(canMaintain({ persistent: 1, upkeep: 2, inCombat: true, minimumGain: 2, victories: 9 })).toBe(false);
    expect(canMaintain({ persistent: 1, upkeep: 0, inCombat: false, minimumGain: 2, victories: 0 })).toBe(false);
    expect(canMaintain({ persistent: 2, upkeep: 1, inCombat: false, minimumGain: 2, victories: 3 })).toBe(true);
    expect(canMaintain({ persistent: 0, upkeep: 0, inCombat: true, minimumGain: 2, victories: 3 })).toBe(false);
    // L2878's example: 4 Victories, maintaining a 1-essence persistent ability: abilities of 3 or less.
    expect(spendableOutOfCombat(4, 1)).toBe(3);
  });
  it("L2884–2888: the maintenance roll's three results", () => {
    expect(maintenanceOutcome(1, 1)).toBe("lose-all");
    expect(maintenanceOutcome(1, 3)).toBe("lose-all");
    expect(maintenanceOutcome(2, 1)).toBe("keep-all");
    expect(maintenanceOutcome(2, 2)).toBe("lose-one");
    expect(maintenanceOutcome(3, 2)).toBe("keep-all");
  });
});

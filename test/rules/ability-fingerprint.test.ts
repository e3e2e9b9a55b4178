import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { abilityChanges, abilityFingerprint, abilityRulesFields, canonicalJson } from "../../src/rules/index.ts";

const tier = (damage: string, extra: Record<string, unknown> = {}) => ({ damage: { value: damage, type: "" }, forced: [], conditions: [], text: "", ...extra });
const slam = {
  keywords: ["attack", "melee", "weapon"], type: "action", signature: true,
  cost: { amount: 0, resource: "" }, distance: { kind: "reach", primary: 1, secondary: 0, within: 0, text: "" },
  power: { kind: "ability", characteristics: ["might"] },
  tiers: [tier("3", { forced: [{ kind: "push", distance: 1, vertical: false }] }), tier("8"), tier("12")],
  effect: "<p>Text</p>", persistent: 0, spend: [],
};
const fp = (system: unknown) => abilityFingerprint(abilityRulesFields(system));

describe("abilityFingerprint", () => {
  it("is stable under key order, set order, formula spacing and texts", () => {
    const reordered = {
      tiers: [tier("3", { forced: [{ vertical: false, distance: 1, kind: "push" }], text: "other" }), tier("8"), tier("12")],
      power: { characteristics: new Set(["might"]), kind: "ability" }, persistent: 0, effect: "changed",
      distance: { within: 0, secondary: 0, primary: 1, kind: "reach", text: "1" }, cost: { resource: "", amount: 0 },
      signature: true, type: "action", keywords: new Set(["weapon", "melee", "attack"]),
    };
    expect(fp(reordered)).toBe(fp(slam));
    expect(fp({ ...slam, tiers: [tier("3 "), tier("2d6+8"), tier("12")] })).toBe(fp({ ...slam, tiers: [tier("3"), tier("2d6 + 8"), tier("12")] }));
    expect(fp(slam)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("changes with every rules-relevant field", () => {
    const edits: unknown[] = [
      { ...slam, tiers: [tier("3"), tier("30"), tier("12")] },
      { ...slam, tiers: [tier("3"), tier("8", { conditions: [{ id: "restrained", duration: "EoT", characteristic: "" }] }), tier("12")] },
      { ...slam, tiers: [tier("3", { forced: [{ kind: "slide", distance: 9, vertical: false }] }), tier("8"), tier("12")] },
      { ...slam, distance: { ...slam.distance, primary: 5 } },
      { ...slam, cost: { amount: 3, resource: "heroic" } },
      { ...slam, keywords: ["attack", "melee", "weapon", "magic"] },
      { ...slam, power: { kind: "ability", characteristics: ["might", "agility"] } },
      { ...slam, type: "maneuver" },
    ];
    const prints = new Set([fp(slam), ...edits.map(fp)]);
    expect(prints.size).toBe(edits.length + 1);
  });

  it("canonicalJson ignores key order at every depth (property)", () => {
    fc.assert(fc.property(fc.dictionary(fc.string(), fc.dictionary(fc.string(), fc.integer())), (o) => {
      const reversed = Object.fromEntries(Object.entries(o).reverse().map(([k, v]) => [k, Object.fromEntries(Object.entries(v).reverse())]));
      expect(canonicalJson(reversed)).toBe(canonicalJson(o));
    }));
  });
});

describe("abilityChanges", () => {
  it("lists the changed fields by path", () => {
    const edited = { ...slam, tiers: [tier("3", { forced: [{ kind: "slide", distance: 9, vertical: false }] }), tier("30", { conditions: [{ id: "restrained", duration: "EoT", characteristic: "" }] }), tier("12")] };
    expect(abilityChanges(abilityRulesFields(slam), abilityRulesFields(edited))).toEqual([
      { path: "tiers.1.forced.1.kind", before: "push", after: "slide" },
      { path: "tiers.1.forced.1.distance", before: 1, after: 9 },
      { path: "tiers.2.damage.value", before: "8", after: "30" },
      { path: "tiers.2.conditions.1.id", before: null, after: "restrained" },
      { path: "tiers.2.conditions.1.duration", before: null, after: "EoT" },
    ]);
    expect(abilityChanges(abilityRulesFields(slam), abilityRulesFields(slam))).toEqual([]);
  });

  it("lists what a new ability says when nothing was approved", () => {
    const changes = abilityChanges(null, abilityRulesFields(slam));
    expect(changes).toContainEqual({ path: "tiers.2.damage.value", before: null, after: "8" });
    expect(changes).toContainEqual({ path: "keywords", before: null, after: "attack, melee, weapon" });
    expect(changes.some((c) => c.after === "" || c.after === 0 || c.after === false)).toBe(false);
  });
});

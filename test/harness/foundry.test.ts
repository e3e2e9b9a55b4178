// The harness stands in for Foundry in other tests, so its own behaviour is pinned here.
import { beforeEach, describe, expect, it } from "vitest";
import { Die, Roll, harness, installFoundryHarness, renderTemplate } from "./foundry.ts";
import { format, lookup } from "./handlebars-helpers.ts";

installFoundryHarness();
beforeEach(() => harness.reset());

describe("Foundry harness", () => {
  it("maps uniform numbers to die faces like Foundry v13 (ceil((1 - u) * faces))", () => {
    const d10 = new Die({ faces: 10 });
    expect(d10.mapRandomFace(0)).toBe(10);
    expect(d10.mapRandomFace(0.95)).toBe(1);
    expect(d10.mapRandomFace(0.5)).toBe(5);
  });
  it("parses and totals formulas with dice, signed numbers and flavour", async () => {
    harness.fixRandom([0.5, 0.05]);
    const roll = await new Roll("2d10 + 2[characteristic] - 1[bonus]").evaluate();
    expect(roll.dice[0]!.results.map((r) => r.result)).toEqual([5, 10]);
    expect(roll.total).toBe(16);
  });
  it("totals through the dice AST as v13's Roll#_evaluate does: overriding _evaluateTotal alone changes nothing", async () => {
    class Doubled extends Roll {
      protected override _evaluateTotal(): number {
        return 999;
      }
    }
    harness.fixRandom([0.5]);
    const roll = await new Doubled("1d10 + 1").evaluate();
    expect(roll.total).toBe(6);
    await expect(roll.evaluate()).rejects.toThrow(/already been evaluated/);
    expect(() => new Roll("1d6").evaluateSync().evaluateSync()).toThrow(/already been evaluated/);
  });
  it("rebuilds a roll of the registered class from JSON", async () => {
    class MyRoll extends Roll {}
    harness.CONFIG.Dice.rolls.push(MyRoll);
    const roll = await new MyRoll("1d6", {}, { a: 1 }).evaluate();
    const copy = Roll.fromJSON(JSON.stringify(roll.toJSON()));
    expect(copy).toBeInstanceOf(MyRoll);
    expect(copy.options).toEqual({ a: 1 });
    expect(copy.total).toBe(roll.total);
    expect(copy.dice[0]!.results).toEqual(roll.dice[0]!.results);
  });
  it("renders project templates with a localize helper that escapes and records unknown keys", async () => {
    const html = await renderTemplate("systems/steel-echoes/templates/chat/hidden-roll.hbs", { messageKey: "SE.PowerRoll.Hidden" });
    expect(html).toContain("A power roll was made in secret.");
    await renderTemplate("systems/steel-echoes/templates/chat/hidden-roll.hbs", { messageKey: "SE.Nope" });
    expect([...harness.missingKeys]).toEqual(["SE.Nope"]);
  });
  it("formats like Foundry's i18n.format and looks up nested keys", () => {
    expect(format("Tier {tier} of {max}", { tier: 2 })).toBe("Tier 2 of {max}");
    expect(lookup({ A: { B: "x" } }, "A.B")).toBe("x");
    expect(lookup({ A: { B: "x" } }, "A")).toBeUndefined();
  });
  it("Hooks behaves like v13's: once runs once, a throwing function does not stop the others, a detached method throws", async () => {
    const calls: string[] = [];
    harness.hooks.once("h1", () => void calls.push("once"));
    harness.hooks.on("h1", () => { throw new Error("boom"); });
    harness.hooks.on("h1", async () => { calls.push("async"); throw new Error("later"); });
    harness.hooks.callAll("h1");
    harness.hooks.callAll("h1");
    await harness.hooks.settle();
    expect(calls).toEqual(["once", "async", "async"]);
    expect(harness.hooks.errors.map((e) => (e as Error).message)).toEqual(["boom", "boom", "later", "later"]);
    harness.hooks.errors.length = 0;
    const detached = harness.hooks.once;
    expect(() => detached("h2", () => undefined)).toThrow(TypeError);
  });
  it("Hooks.call stops at the first false", () => {
    const calls: string[] = [];
    (globalThis as unknown as { Hooks: { on: (h: string, f: () => unknown) => void } }).Hooks.on("test", () => { calls.push("a"); return false; });
    (globalThis as unknown as { Hooks: { on: (h: string, f: () => unknown) => void } }).Hooks.on("test", () => { calls.push("b"); });
    expect(harness.call("test")).toBe(false);
    expect(calls).toEqual(["a"]);
  });
});

describe("schemaHasPath", async () => {
  const { schemaHasPath } = await import("./schema-paths.ts");
  const { AbilityModel } = await import("../../src/data/ability.ts");
  it("finds nested fields and array elements, and rejects unknown names", () => {
    expect(schemaHasPath(AbilityModel.schema, "system.tiers.2.forced.0.distance")).toBe(true);
    expect(schemaHasPath(AbilityModel.schema, "system.distance.kind")).toBe(true);
    expect(schemaHasPath(AbilityModel.schema, "system.tiers.0.nope")).toBe(false);
    expect(schemaHasPath(AbilityModel.schema, "system.nope")).toBe(false);
  });
});

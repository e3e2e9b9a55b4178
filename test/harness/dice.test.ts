// foundry.dice as v13 has it (test/harness/dice.ts).
import { beforeEach, describe, expect, it } from "vitest";
import { Die, Roll, harness, installFoundryHarness } from "./foundry.ts";

installFoundryHarness();
beforeEach(() => harness.reset());

describe("foundry.dice", () => {
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
});

import { describe, expect, it } from "vitest";
import {
  changePool, parseResourceGain, replacesExisting, resourceAtCombatEnd, resourceAtCombatStart,
  resourceGainFormula, resourceGainTotal, speedUnderConditions,
} from "../../src/rules/index.ts";

describe("heroic resource gains", () => {
  it("parses the classes' gains", () => {
    expect(parseResourceGain("2")).toEqual({ flat: 2, dice: null });
    expect(parseResourceGain("1d3")).toEqual({ flat: 0, dice: { number: 1, faces: 3 } });
    expect(parseResourceGain(" 1d3 + 1 ")).toEqual({ flat: 1, dice: { number: 1, faces: 3 } });
    expect(parseResourceGain("")).toEqual({ flat: 0, dice: null });
  });
  it("rejects what is not a gain", () => {
    for (const bad of ["two", "d3", "1d", "0d3", "1d1", "2+", "-1", "1d3-1"]) expect(parseResourceGain(bad), bad).toBeNull();
  });
  it("formulas and totals", () => {
    expect(resourceGainFormula(parseResourceGain("1d3")!)).toBe("1d3");
    expect(resourceGainFormula(parseResourceGain("2")!)).toBe("2");
    expect(resourceGainFormula(parseResourceGain("1d3+1")!)).toBe("1d3 + 1");
    expect(resourceGainTotal(parseResourceGain("1d3+1")!, [3])).toBe(4);
    expect(resourceGainTotal(parseResourceGain("2")!)).toBe(2);
    expect(() => resourceGainTotal(parseResourceGain("1d3")!, [4])).toThrow(RangeError);
    expect(() => resourceGainTotal(parseResourceGain("1d3")!, [])).toThrow(RangeError);
  });
  it("a hero keeps their resource when combat starts and has their Victories when it ends (L2373)", () => {
    expect(resourceAtCombatStart(3)).toBe(3);
    expect(resourceAtCombatEnd(2)).toBe(2);
    expect(() => resourceAtCombatEnd(-1)).toThrow(RangeError);
  });
});

describe("pools", () => {
  it("add and spend whole numbers, never below zero", () => {
    expect(changePool(3, 2)).toBe(5);
    expect(changePool(3, -3)).toBe(0);
    expect(changePool(2, -3)).toBeNull();
    expect(changePool(2, -3, { allowClamp: true })).toBe(0);
    expect(() => changePool(2, 0.5)).toThrow(RangeError);
    expect(() => changePool(-1, 1)).toThrow(RangeError);
  });
});

describe("condition mechanics", () => {
  it("slowed sets speed 2 unless lower; grabbed, restrained, unconscious set 0", () => {
    expect(speedUnderConditions(6, ["slowed"])).toBe(2);
    expect(speedUnderConditions(1, ["slowed"])).toBe(1);
    expect(speedUnderConditions(6, ["grabbed"])).toBe(0);
    expect(speedUnderConditions(6, ["restrained", "slowed"])).toBe(0);
    expect(speedUnderConditions(6, ["unconscious"])).toBe(0);
    expect(speedUnderConditions(6, ["prone", "bleeding"])).toBe(6);
  });
  it("conditions and states never stack", () => {
    expect(replacesExisting("frightened")).toBe(true);
    expect(replacesExisting("winded")).toBe(true);
    expect(replacesExisting("custom")).toBe(false);
  });
});

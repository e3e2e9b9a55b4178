import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { heroStaminaThresholds, levelForXp, xpForNextLevel } from "../../src/rules/index.ts";
import type { AdvancementSpeed } from "../../src/rules/index.ts";

// The seed's tables (004, L588–619) as printed: the XP range of each level.
const RANGES: Record<AdvancementSpeed, [number, number][]> = {
  normal: [[0, 9], [10, 24], [25, 39], [40, 54], [55, 69], [70, 84], [85, 99], [100, 114], [115, 129], [130, 1000]],
  double: [[0, 4], [5, 12], [13, 20], [21, 28], [29, 36], [37, 43], [44, 51], [52, 58], [59, 65], [66, 1000]],
  half: [[0, 19], [20, 49], [50, 79], [80, 109], [110, 139], [140, 169], [170, 199], [200, 229], [230, 259], [260, 1000]],
};

describe("levelForXp", () => {
  for (const speed of ["normal", "double", "half"] as const) {
    it(`matches every row of the ${speed} table at both ends`, () => {
      RANGES[speed].forEach(([lo, hi], i) => {
        expect(levelForXp(lo, speed)).toBe(i + 1);
        expect(levelForXp(hi, speed)).toBe(i + 1);
      });
    });
  }
  it("defaults to normal speed", () => {
    expect(levelForXp(24)).toBe(2);
    expect(levelForXp(25)).toBe(3);
  });
  it("never decreases with more XP and stays in 1..10", () => {
    fc.assert(fc.property(fc.nat(400), fc.nat(50), fc.constantFrom<AdvancementSpeed>("normal", "double", "half"), (xp, more, speed) => {
      const level = levelForXp(xp, speed);
      expect(level).toBeGreaterThanOrEqual(1);
      expect(level).toBeLessThanOrEqual(10);
      expect(levelForXp(xp + more, speed)).toBeGreaterThanOrEqual(level);
    }));
  });
  it("rejects negative or fractional XP and unknown speeds", () => {
    expect(() => levelForXp(-1)).toThrow(RangeError);
    expect(() => levelForXp(1.5)).toThrow(RangeError);
    expect(() => levelForXp(5, "triple" as AdvancementSpeed)).toThrow(RangeError);
  });
  it("tells the XP of the next level, null at level 10", () => {
    expect(xpForNextLevel(0)).toBe(10);
    expect(xpForNextLevel(24)).toBe(25);
    expect(xpForNextLevel(130)).toBeNull();
    expect(xpForNextLevel(4, "double")).toBe(5);
  });
});

describe("heroStaminaThresholds", () => {
  it("halves and thirds the maximum rounding down; death at minus the winded value", () => {
    expect(heroStaminaThresholds(21)).toEqual({ winded: 10, recoveryValue: 7, deathThreshold: -10 });
    expect(heroStaminaThresholds(20)).toEqual({ winded: 10, recoveryValue: 6, deathThreshold: -10 });
    expect(heroStaminaThresholds(1)).toEqual({ winded: 0, recoveryValue: 0, deathThreshold: 0 });
  });
  it("rejects negative or fractional maxima", () => {
    expect(() => heroStaminaThresholds(-1)).toThrow(RangeError);
    expect(() => heroStaminaThresholds(10.5)).toThrow(RangeError);
  });
});

describe("wealthForLevel", async () => {
  const { wealthForLevel } = await import("../../src/rules/index.ts");
  it("buys a band per two levels, a group one band higher (seed table L6418–6425)", () => {
    expect(wealthForLevel(1)).toEqual({ individual: "mundane", group: "comfortable" });
    expect(wealthForLevel(2)).toEqual({ individual: "mundane", group: "comfortable" });
    expect(wealthForLevel(3)).toEqual({ individual: "comfortable", group: "property" });
    expect(wealthForLevel(6)).toEqual({ individual: "property", group: "estate" });
    expect(wealthForLevel(8)).toEqual({ individual: "estate", group: "stronghold" });
    expect(wealthForLevel(10)).toEqual({ individual: "stronghold", group: "castle" });
    expect(() => wealthForLevel(0)).toThrow(RangeError);
  });
});

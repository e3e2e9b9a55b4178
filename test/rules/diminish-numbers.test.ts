// Issue 33: the end of an encounter, seed 004 L7283 (diminish numbers) and L7343 (Last-Stand Stamina).
import { describe, expect, it } from "vitest";
import { LAST_STAND_MINION_THRESHOLD, diminishNumbers, lastStandStamina } from "../../src/rules/index.ts";

const foe = (level: number, organization = "platoon", alive = true) => ({ level, organization, alive });
const hero = (level: number, state = "healthy") => ({ level, state });

describe("diminish numbers (L7283)", () => {
  it("calls it when the heroes' levels are twice the enemies' or more", () => {
    // Four 1st-level heroes (4) against two 1st-level platoon creatures (2): 4 ≥ 2 × 2.
    expect(diminishNumbers([foe(1), foe(1)], [hero(1), hero(1), hero(1), hero(1)])).toEqual({
      enemyFifths: 10, enemyLevels: 2, heroLevels: 4, soloOrBossAlive: false, callIt: true,
    });
    // Three enemies (3): 4 < 6, fight on.
    expect(diminishNumbers([foe(1), foe(1), foe(1)], [hero(1), hero(1), hero(1), hero(1)]).callIt).toBe(false);
  });
  it("minions count as 1/5 of their listed level", () => {
    // Five level-2 minions are 2 levels; with a level-1 platoon creature, 3: heroes 6 call it, 5 do not.
    const foes = [...Array(5)].map(() => foe(2, "minion")).concat(foe(1));
    expect(diminishNumbers(foes, [hero(3), hero(3)])).toMatchObject({ enemyFifths: 15, enemyLevels: 3, heroLevels: 6, callIt: true });
    expect(diminishNumbers(foes, [hero(3), hero(2)]).callIt).toBe(false);
    // One level-1 minion is 1/5: a single 1st-level hero (1 ≥ 2/5) calls it.
    expect(diminishNumbers([foe(1, "minion")], [hero(1)])).toMatchObject({ enemyLevels: 0.2, callIt: true });
  });
  it("counts only the remaining heroes who are not dying, and only enemies still in the fight", () => {
    const heroes = [hero(2), hero(2, "dying"), hero(2, "dead"), hero(2, "winded")];
    expect(diminishNumbers([foe(1), foe(2, "platoon", false)], heroes)).toMatchObject({ heroLevels: 4, enemyLevels: 1, callIt: true });
    expect(diminishNumbers([foe(1), foe(2)], heroes)).toMatchObject({ heroLevels: 4, enemyLevels: 3, callIt: false });
  });
  it("does not apply while a solo or boss lives (the system's solo and leader)", () => {
    const t = diminishNumbers([foe(1, "solo")], [hero(5), hero(5)]);
    expect(t).toMatchObject({ soloOrBossAlive: true, callIt: false });
    expect(diminishNumbers([foe(1, "leader")], [hero(5), hero(5)]).callIt).toBe(false);
    // Once the boss is down the guideline applies again.
    expect(diminishNumbers([foe(1, "leader", false), foe(1, "band")], [hero(5)]).callIt).toBe(true);
  });
  it("rejects levels that are not whole numbers", () => {
    expect(() => diminishNumbers([foe(1.5)], [hero(1)])).toThrow(RangeError);
    expect(() => diminishNumbers([foe(1)], [hero(-1)])).toThrow(RangeError);
  });
});

describe("Last-Stand Stamina (L7343)", () => {
  it("each enemy's Stamina drops to 1, temporary Stamina gone", () => {
    expect(lastStandStamina({ value: 40, temporary: 5 })).toEqual({ value: 1, temporary: 0 });
    expect(lastStandStamina({ value: 1, temporary: 0 })).toEqual({ value: 1, temporary: 0 });
  });
  it("never rises, and a creature already down stays as it is", () => {
    expect(lastStandStamina({ value: 0, temporary: 3 })).toEqual({ value: 0, temporary: 3 });
    expect(lastStandStamina({ value: -4, temporary: 0 })).toEqual({ value: -4, temporary: 0 });
  });
  it("minions have a damage threshold of 1", () => {
    expect(LAST_STAND_MINION_THRESHOLD).toBe(1);
  });
  it("rejects bad numbers", () => {
    expect(() => lastStandStamina({ value: 1.5, temporary: 0 })).toThrow(RangeError);
    expect(() => lastStandStamina({ value: 3, temporary: -1 })).toThrow(RangeError);
  });
});

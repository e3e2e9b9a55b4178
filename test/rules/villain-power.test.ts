// Issue 33: Villain Power each round (the system's proposal; the seed gives VP only as a consequence,
// L5790, L5802) and hero tokens at the edge (L252, L7204).
import { describe, expect, it } from "vitest";
import {
  CONSEQUENCE_VILLAIN_POWER, VILLAIN_POWER_FIXED_MAX, VILLAIN_POWER_RULES, heroTokenOfferAtDying, isVillainPowerRule,
  villainPowerAtRoundStart, villainPowerDue,
} from "../../src/rules/index.ts";

describe("Villain Power at the start of each round (proposal; VP is what creatures spend in combat, L5790)", () => {
  it("off gives nothing, heroes one per hero not dead, fixed its number", () => {
    expect(villainPowerAtRoundStart("off", { heroes: 5, fixed: 3 })).toBe(0);
    expect(villainPowerAtRoundStart("heroes", { heroes: 5, fixed: 3 })).toBe(5);
    expect(villainPowerAtRoundStart("heroes", { heroes: 0, fixed: 3 })).toBe(0);
    expect(villainPowerAtRoundStart("fixed", { heroes: 5, fixed: 3 })).toBe(3);
    expect(villainPowerAtRoundStart("fixed", { heroes: 5, fixed: 0 })).toBe(0);
    expect(villainPowerAtRoundStart("fixed", { heroes: 1, fixed: VILLAIN_POWER_FIXED_MAX })).toBe(20);
  });
  it("the test consequence stays +2 (L5790, L5802), apart from the round's gain", () => {
    expect(CONSEQUENCE_VILLAIN_POWER).toBe(2);
  });
  it("rejects numbers that are not counts", () => {
    expect(() => villainPowerAtRoundStart("heroes", { heroes: -1, fixed: 0 })).toThrow(RangeError);
    expect(() => villainPowerAtRoundStart("heroes", { heroes: 1.5, fixed: 0 })).toThrow(RangeError);
    expect(() => villainPowerAtRoundStart("fixed", { heroes: 1, fixed: 21 })).toThrow(RangeError);
    expect(() => villainPowerAtRoundStart("fixed", { heroes: 1, fixed: -2 })).toThrow(RangeError);
  });
  it("knows its three rules and nothing else", () => {
    expect([...VILLAIN_POWER_RULES]).toEqual(["off", "heroes", "fixed"]);
    for (const r of VILLAIN_POWER_RULES) expect(isVillainPowerRule(r)).toBe(true);
    for (const bad of ["", "Heroes", "round", 3, null, undefined]) expect(isVillainPowerRule(bad)).toBe(false);
  });
  it("each round gives once: not again after a reload or a second GM, nor when going back a round and forward", () => {
    expect(villainPowerDue({ round: 1, grantedRound: null })).toBe(true);
    expect(villainPowerDue({ round: 1, grantedRound: 1 })).toBe(false);
    expect(villainPowerDue({ round: 2, grantedRound: 1 })).toBe(true);
    expect(villainPowerDue({ round: 2, grantedRound: 3 })).toBe(false);
    // Round 0 is a combat not yet started.
    expect(villainPowerDue({ round: 0, grantedRound: null })).toBe(false);
    expect(() => villainPowerDue({ round: -1, grantedRound: null })).toThrow(RangeError);
  });
});

describe("a hero token when damage leaves a hero dying (L252: whenever you take damage; L7204: dying at 0 or below)", () => {
  const base = { taken: 8, state: "dying", stamina: -3, max: 20, recoveryValue: 6, tokens: 2, bleeding: false, spentThisTurn: false };
  it("offers the recovery value without a Recovery; says whether it lifts her out of dying", () => {
    expect(heroTokenOfferAtDying(base)).toEqual({ regain: 6, stamina: 3, leavesDying: true });
    expect(heroTokenOfferAtDying({ ...base, stamina: -6 })).toEqual({ regain: 6, stamina: 0, leavesDying: false });
    expect(heroTokenOfferAtDying({ ...base, stamina: -9 })).toEqual({ regain: 6, stamina: -3, leavesDying: false });
  });
  it("never above her maximum (L7190)", () => {
    expect(heroTokenOfferAtDying({ ...base, max: 2, stamina: 0 })).toEqual({ regain: 2, stamina: 2, leavesDying: true });
  });
  it("offers nothing without damage, when not dying, or dead", () => {
    expect(heroTokenOfferAtDying({ ...base, taken: 0 })).toBeNull();
    expect(heroTokenOfferAtDying({ ...base, state: "winded", stamina: 4 })).toBeNull();
    expect(heroTokenOfferAtDying({ ...base, state: "healthy", stamina: 15 })).toBeNull();
    expect(heroTokenOfferAtDying({ ...base, state: "dead", stamina: -10 })).toBeNull();
  });
  it("offers nothing it could not spend: no token, one already spent this turn (L252), bleeding (L6662)", () => {
    expect(heroTokenOfferAtDying({ ...base, tokens: 0 })).toBeNull();
    expect(heroTokenOfferAtDying({ ...base, spentThisTurn: true })).toBeNull();
    expect(heroTokenOfferAtDying({ ...base, bleeding: true })).toBeNull();
    expect(heroTokenOfferAtDying({ ...base, recoveryValue: 0 })).toBeNull();
    expect(() => heroTokenOfferAtDying({ ...base, tokens: -1 })).toThrow(RangeError);
  });
});

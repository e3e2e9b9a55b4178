import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { catchBreath, heroTokensAfterSession, monsterRecoveryValue, regainStamina, respite, spendHeroToken, spendRecovery } from "../../src/rules/index.ts";

describe("regainStamina", () => {
  it("adds the amount, capped at the maximum, from negative Stamina too", () => {
    expect(regainStamina({ value: 10, max: 30 }, 8)).toEqual({ ok: true, value: 18, gained: 8 });
    expect(regainStamina({ value: 25, max: 30 }, 8)).toEqual({ ok: true, value: 30, gained: 5 });
    expect(regainStamina({ value: -4, max: 30 }, 10)).toEqual({ ok: true, value: 6, gained: 10 });
  });
  it("never lowers Stamina above the maximum", () => {
    expect(regainStamina({ value: 35, max: 30 }, 5)).toEqual({ ok: true, value: 35, gained: 0 });
  });
  it("is blocked by bleeding (L6662) and rejects negative or fractional amounts", () => {
    expect(regainStamina({ value: 10, max: 30 }, 8, { bleeding: true })).toEqual({ ok: false, reason: "bleeding" });
    expect(regainStamina({ value: 10, max: 30 }, -1)).toEqual({ ok: false, reason: "invalid-amount" });
    expect(regainStamina({ value: 10, max: 30 }, 1.5)).toEqual({ ok: false, reason: "invalid-amount" });
  });
  it("stays within [value, max(value, max)]", () => {
    fc.assert(fc.property(fc.integer({ min: -30, max: 60 }), fc.nat(60), fc.nat(60), (value, max, amount) => {
      const r = regainStamina({ value, max }, amount);
      if (!r.ok) throw new Error("refused");
      expect(r.value).toBeGreaterThanOrEqual(value);
      expect(r.value).toBeLessThanOrEqual(Math.max(value, max));
      expect(r.gained).toBe(r.value - value);
    }));
  });
});

describe("spendRecovery and Catch Breath", () => {
  const hero = { value: 5, max: 30, recoveries: 3, recoveryValue: 10 };
  it("spends one Recovery for the recovery value", () => {
    expect(spendRecovery(hero)).toEqual({ ok: true, value: 15, gained: 10, recoveries: 2 });
  });
  it("spends nothing with no Recoveries or while bleeding", () => {
    expect(spendRecovery({ ...hero, recoveries: 0 })).toEqual({ ok: false, reason: "no-recoveries" });
    expect(spendRecovery({ ...hero, bleeding: true })).toEqual({ ok: false, reason: "bleeding" });
  });
  it("Catch Breath also gives the Defend benefit, and a dying hero can't take it in combat (L7077–7079)", () => {
    expect(catchBreath({ ...hero, dying: false, inCombat: true })).toEqual({ ok: true, value: 15, gained: 10, recoveries: 2, defend: true });
    expect(catchBreath({ ...hero, value: -2, dying: true, inCombat: true })).toEqual({ ok: false, reason: "dying" });
    expect(catchBreath({ ...hero, value: -2, dying: true, inCombat: false })).toMatchObject({ ok: true, value: 8 });
  });
});

describe("hero tokens (L252)", () => {
  const base = { value: 5, max: 30, tokens: 2, recoveryValue: 10, turnKey: "c1:2:h1", lastSpentTurnKey: null };
  it("regain the recovery value without a Recovery, one token spent", () => {
    expect(spendHeroToken(base)).toEqual({ ok: true, value: 15, gained: 10, tokens: 1 });
  });
  it("at most one per turn; no limit out of combat", () => {
    expect(spendHeroToken({ ...base, lastSpentTurnKey: "c1:2:h1" })).toEqual({ ok: false, reason: "hero-token-this-turn" });
    expect(spendHeroToken({ ...base, lastSpentTurnKey: "c1:2:m1" })).toMatchObject({ ok: true });
    expect(spendHeroToken({ ...base, turnKey: null, lastSpentTurnKey: null })).toMatchObject({ ok: true });
  });
  it("refused with an empty pool or while bleeding", () => {
    expect(spendHeroToken({ ...base, tokens: 0 })).toEqual({ ok: false, reason: "no-hero-tokens" });
    expect(spendHeroToken({ ...base, bleeding: true })).toEqual({ ok: false, reason: "bleeding" });
  });
});

describe("respite (L367, L313, L7234)", () => {
  it("restores Stamina and Recoveries, clears temporary Stamina, converts Victories to XP", () => {
    expect(respite({ staminaMax: 30, recoveriesMax: 8, xp: 4, victories: 3 })).toEqual({
      stamina: 30, temporary: 0, recoveries: 8, xp: 7, victories: 0, levelBefore: 1, levelAfter: 1, levelUp: false,
    });
  });
  it("offers the level-up when the XP reaches the next threshold", () => {
    expect(respite({ staminaMax: 30, recoveriesMax: 8, xp: 8, victories: 2 })).toMatchObject({ xp: 10, levelBefore: 1, levelAfter: 2, levelUp: true });
    expect(respite({ staminaMax: 30, recoveriesMax: 8, xp: 3, victories: 2, speed: "double" })).toMatchObject({ levelAfter: 2, levelUp: true });
  });
  it("rejects negative values", () => {
    expect(() => respite({ staminaMax: 30, recoveriesMax: 8, xp: 0, victories: -1 })).toThrow(RangeError);
  });
});

describe("monsterRecoveryValue (L7212)", () => {
  it("is a third of the maximum, rounded down", () => {
    expect(monsterRecoveryValue(31)).toBe(10);
    expect(() => monsterRecoveryValue(-3)).toThrow(RangeError);
  });
});

describe("hero tokens at the end of a session (L254)", () => {
  it("unused tokens disappear: the pool becomes the tokens per session, whatever was left", () => {
    expect(heroTokensAfterSession(0)).toBe(0);
    expect(heroTokensAfterSession(3)).toBe(3);
  });
  it("refuses a count that is not a whole number of 0 or more", () => {
    for (const bad of [-1, 1.5, Number.NaN, Infinity]) expect(() => heroTokensAfterSession(bad)).toThrow(RangeError);
  });
});

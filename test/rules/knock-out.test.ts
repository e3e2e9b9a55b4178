import { describe, expect, it } from "vitest";
import { deathStamina, knockOutOutcome, monsterStaminaState, wouldKill } from "../../src/rules/index.ts";
import type { KnockOutTarget } from "../../src/rules/index.ts";

// A 30-Stamina hero (winded 15, dies at −15, L7206) and a 10-Stamina monster (dies at 0, L7210).
const hero: KnockOutTarget = { kind: "hero", staminaMax: 30, deathThreshold: -15, knockedOut: false };
const monster: KnockOutTarget = { kind: "monster", staminaMax: 10, deathThreshold: 0, knockedOut: false };

describe("knocking creatures out (L7218)", () => {
  it("damage that would kill may knock out instead: a monster lies at 0, a hero one short of death", () => {
    expect(knockOutOutcome(-4, 14, monster, true)).toEqual({ kind: "knockedOut", stamina: 0 });
    expect(knockOutOutcome(0, 10, monster, true)).toEqual({ kind: "knockedOut", stamina: 0 });
    expect(knockOutOutcome(-20, 40, hero, true)).toEqual({ kind: "knockedOut", stamina: -14 });
    expect(knockOutOutcome(-15, 40, hero, true)).toEqual({ kind: "knockedOut", stamina: -14 });
  });
  it("without the choice, or when the damage would not kill, the damage stands", () => {
    expect(knockOutOutcome(-4, 14, monster, false)).toEqual({ kind: "damage", stamina: -4 });
    expect(knockOutOutcome(1, 9, monster, true)).toEqual({ kind: "damage", stamina: 1 });
    // A dying hero (≤ 0) above the death threshold is not killed (L7204–7206).
    expect(knockOutOutcome(-14, 40, hero, true)).toEqual({ kind: "damage", stamina: -14 });
    expect(wouldKill(-14, hero)).toBe(false);
    expect(wouldKill(-15, hero)).toBe(true);
    expect(wouldKill(0, monster)).toBe(true);
  });
  it("a knocked-out creature that takes any damage dies; no damage changes nothing", () => {
    const out = { ...monster, knockedOut: true };
    expect(knockOutOutcome(-1, 1, out, false)).toEqual({ kind: "killed", stamina: -1 });
    // Damage all absorbed by temporary Stamina is still damage taken.
    expect(knockOutOutcome(0, 3, out, true)).toEqual({ kind: "killed", stamina: 0 });
    expect(knockOutOutcome(0, 0, out, false)).toEqual({ kind: "damage", stamina: 0 });
    const heroOut = { ...hero, knockedOut: true };
    expect(knockOutOutcome(-14, 2, heroOut, false)).toEqual({ kind: "killed", stamina: -15 });
    expect(wouldKill(-30, heroOut)).toBe(false);
    expect(deathStamina(hero)).toBe(-15);
    expect(deathStamina(monster)).toBe(0);
  });
  it("refuses amounts that are not whole numbers", () => {
    expect(() => knockOutOutcome(1.5, 1, monster, true)).toThrow(RangeError);
    expect(() => knockOutOutcome(1, -1, monster, true)).toThrow(RangeError);
  });
  it("a monster knocked out at 0 is not dead (L7210, L7218–7220)", () => {
    expect(monsterStaminaState(0, 10)).toBe("dead");
    expect(monsterStaminaState(0, 10, { knockedOut: true })).toBe("winded");
    expect(monsterStaminaState(-3, 10, { knockedOut: false })).toBe("dead");
  });
});

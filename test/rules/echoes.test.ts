// Echoes' rules around the check (src/rules/echoes.ts), by the seed's lines and by property.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GRIPS, MOTIVATIONS, behaviorModifier, dissonancePointsGained, echoRelief, echoesAttackDamage, echoesDefenseDamage, enemyActivationOptions,
  motivationAfterCheck, motivationToll, parseTrait, staminaAfterHit, supportBuffs, takeWound, weaponDie,
} from "../../src/rules/index.ts";
import type { HarmonyOutcome } from "../../src/rules/index.ts";

const OUTCOMES: HarmonyOutcome[] = ["triumph", "success", "setback", "disaster"];

describe("Echoes rules", () => {
  it("names the eight Motivations (S0:L57–58)", () => {
    expect(MOTIVATIONS).toEqual(["joy", "sadness", "anger", "fear", "trust", "disgust", "surprise", "anticipation"]);
  });

  it("multiplies an attack's damage by its outcome (S0:L106–108)", () => {
    expect(OUTCOMES.map((o) => echoesAttackDamage(o, 7))).toEqual([14, 7, 3, 0]);
    expect(echoesAttackDamage("setback", 0)).toBe(0);
    expect(() => echoesAttackDamage("great" as HarmonyOutcome, 1)).toThrow(/outcome/);
    expect(() => echoesAttackDamage("success", -1)).toThrow(/damage/);
  });

  it("takes resistance off first, then applies the defense multiplier (S0:L127–133)", () => {
    expect(OUTCOMES.map((o) => echoesDefenseDamage(o, 9))).toEqual([0, 4, 9, 18]);
    expect(OUTCOMES.map((o) => echoesDefenseDamage(o, 9, 4))).toEqual([0, 2, 5, 10]);
    expect(echoesDefenseDamage("disaster", 3, 5)).toBe(0); // never below 0
    fc.assert(fc.property(fc.constantFrom(...OUTCOMES), fc.nat(50), fc.nat(10), (o, incoming, res) => {
      const taken = echoesDefenseDamage(o, incoming, res);
      expect(taken).toBeGreaterThanOrEqual(0);
      expect(taken).toBeLessThanOrEqual(2 * incoming);
    }));
  });

  it("reads the weapon die from the selected digits: highest, or the sum for two hands (S0:L111–116)", () => {
    expect(weaponDie("one-hand", 3, 7)).toBe(7);
    expect(weaponDie("dual-wield", 8, 2)).toBe(8);
    expect(weaponDie("two-hand", 3, 7)).toBe(10);
    expect(weaponDie("shield", 3, 7)).toBe(7);
    expect(weaponDie("shield", 3, 7, { shieldSum: true })).toBe(10);
    expect(weaponDie("two-hand", 0, 0)).toBe(0);
    fc.assert(fc.property(fc.constantFrom(...GRIPS), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), (g, t, o) => {
      const d = weaponDie(g, t, o);
      expect(d).toBeGreaterThanOrEqual(Math.max(t, o));
      expect(d).toBeLessThanOrEqual(t + o + (t === 0 && o === 0 ? 0 : Math.max(t, o)));
    }));
    expect(() => weaponDie("bow" as never, 1, 1)).toThrow(/grip/);
    expect(() => weaponDie("one-hand", 10, 1)).toThrow(/tens/);
  });

  it("raises a Motivation on a pass and turns it into Echo on a failure (S0:L59, L82)", () => {
    expect(motivationAfterCheck(2, true)).toEqual({ value: 3, echo: 0 });
    expect(motivationAfterCheck(3, false)).toEqual({ value: 0, echo: 3 });
    expect(motivationAfterCheck(0, false)).toEqual({ value: 0, echo: 0 });
  });

  it("charges 1 Echo to choose a Motivation of 2 or more (S0:L60), or at exactly 2 by the setting", () => {
    expect([0, 1, 2, 3, 5].map((v) => motivationToll(v))).toEqual([0, 0, 1, 1, 1]);
    expect([1, 2, 3].map((v) => motivationToll(v, { exactlyTwo: true }))).toEqual([0, 1, 0]);
  });

  it("relieves Echo for Harmony doubles and triples (S0:L64), and reads a Behavior's modifier (S0:L165)", () => {
    expect([0, 2, 3].map((m) => echoRelief(m as 0 | 2 | 3))).toEqual([0, 1, 3]);
    expect(() => echoRelief(1 as 2)).toThrow(/harmonyMatches/);
    expect([34, 9, 0, 100, 57].map(behaviorModifier)).toEqual([3, 0, 0, 10, 5]);
    expect(() => behaviorModifier(101)).toThrow(/value/);
  });

  it("parses Traits as the sheet writes them (S0:L66, L166)", () => {
    expect(parseTrait("[+++tinkerer]")).toEqual({ name: "tinkerer", strength: 3 });
    expect(parseTrait("[++ old friend ]")).toEqual({ name: "old friend", strength: 2 });
    expect(parseTrait("[starvation]")).toEqual({ name: "starvation", strength: 1 });
    expect(parseTrait("+botanist")).toEqual({ name: "botanist", strength: 1 });
    for (const bad of ["", "[]", "[+++]", "   "]) expect(() => parseTrait(bad)).toThrow(RangeError);
  });

  it("gives a support check's outcome to the supported check (S0:L88–100)", () => {
    expect(OUTCOMES.map(supportBuffs)).toEqual([{ big: 1, small: 0 }, { big: 0, small: 1 }, { big: 0, small: 0 }, { big: -1, small: 0 }]);
  });

  it("offers enemy activations by the turn's speed (S0:L140–146)", () => {
    expect(enemyActivationOptions("fast")).toEqual([[1]]);
    expect(enemyActivationOptions("slow")).toEqual([[2], [1, 1]]);
    expect(() => enemyActivationOptions("quick" as never)).toThrow(/speed/);
  });

  it("takes damage off Stamina, then compares what is left to the Wound Threshold (S0:L24–28)", () => {
    expect(staminaAfterHit(10, 4, 5)).toEqual({ stamina: 6, wound: null });
    expect(staminaAfterHit(10, 10, 5)).toEqual({ stamina: 0, wound: null });
    expect(staminaAfterHit(10, 14, 5)).toEqual({ stamina: 0, wound: "minor" });
    expect(staminaAfterHit(10, 15, 5)).toEqual({ stamina: 0, wound: "serious" });
    expect(staminaAfterHit(0, 3, 5)).toEqual({ stamina: 0, wound: "minor" });
    expect(() => staminaAfterHit(5, 1, 0)).toThrow(/woundThreshold/);
  });

  it("records wounds two of each kind, the other kind when one is full, and death at the fifth (S0:L27–28, L38)", () => {
    let w = { minor: 0, serious: 0 };
    const take = (k: "minor" | "serious") => {
      const r = takeWound(w, k);
      w = { minor: r.minor, serious: r.serious };
      return r;
    };
    expect(take("minor")).toEqual({ minor: 1, serious: 0, dead: false });
    expect(take("minor")).toEqual({ minor: 2, serious: 0, dead: false });
    expect(take("minor")).toEqual({ minor: 2, serious: 1, dead: false });
    expect(take("serious")).toEqual({ minor: 2, serious: 2, dead: false });
    expect(take("minor")).toEqual({ minor: 2, serious: 2, dead: true });
    expect(() => takeWound({ minor: 3, serious: 0 }, "minor")).toThrow(/wounds.minor/);
  });

  it("gives the GM the Dissonance digit as DP, 00 as 10, or none by the setting", () => {
    expect(dissonancePointsGained(7, 3)).toBe(7);
    expect(dissonancePointsGained(0, 4)).toBe(0);
    expect(dissonancePointsGained(0, 0)).toBe(10);
    expect(dissonancePointsGained(7, 3, "none")).toBe(0);
    expect(() => dissonancePointsGained(10, 0)).toThrow(/tens/);
  });
});

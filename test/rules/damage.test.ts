import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DAMAGE_KEY_FORCED_MOVE, UNDERWATER_FIRE_IMMUNITY, UNDERWATER_LIGHTNING_WEAKNESS, applyDamage, damageAfterModifiers, forcedMoveDamage,
  SUFFOCATION_DAMAGE, breathRounds, forcedMoveDamageTaken, gainTemporaryStamina, situationalDamageModifiers, suffocates,
} from "../../src/rules/index.ts";

describe("applyDamage", () => {
  it("takes temporary Stamina first (the seed's 10 temporary, 16 damage example)", () => {
    expect(applyDamage({ stamina: 30, temporary: 10 }, { amount: 16 })).toEqual({ stamina: 24, temporary: 0, dealt: 16 });
    expect(applyDamage({ stamina: 30, temporary: 10 }, { amount: 4 })).toEqual({ stamina: 30, temporary: 6, dealt: 4 });
  });
  it("reduces by a typed or keyword immunity, to a minimum of 0 (Weapon immunity 5 vs 8 → 3)", () => {
    expect(applyDamage({ stamina: 20 }, { amount: 8, keywords: ["Weapon", "Melee"] }, { immunities: { weapon: 5 } })).toEqual({ stamina: 17, temporary: 0, dealt: 3 });
    expect(applyDamage({ stamina: 20 }, { amount: 4, type: "fire" }, { immunities: { fire: 5 } }).dealt).toBe(0);
    expect(applyDamage({ stamina: 20 }, { amount: 4, type: "cold" }, { immunities: { fire: 5 } }).dealt).toBe(4);
  });
  it("applies only the highest of several immunities", () => {
    expect(damageAfterModifiers({ amount: 10, type: "fire", keywords: ["magic"] }, { immunities: { fire: 3, magic: 5 } })).toBe(5);
  });
  it("adds weakness first, then immunity (fire weakness 5: 10 fire → 15)", () => {
    expect(damageAfterModifiers({ amount: 10, type: "fire" }, { weaknesses: { fire: 5 } })).toBe(15);
    expect(damageAfterModifiers({ amount: 10, type: "fire" }, { weaknesses: { fire: 5 }, immunities: { fire: 5 } })).toBe(10);
    expect(damageAfterModifiers({ amount: 4, type: "holy" }, { weaknesses: { holy: 5 }, immunities: { all: 10 } })).toBe(0);
  });
  it("treats 'all' as any damage, typed or not, and Infinity as immunity to everything", () => {
    expect(damageAfterModifiers({ amount: 6 }, { weaknesses: { all: 2 } })).toBe(8);
    expect(damageAfterModifiers({ amount: 6, type: "psychic" }, { immunities: { psychic: Infinity } })).toBe(0);
    expect(damageAfterModifiers({ amount: 6 }, { immunities: { fire: 5 } })).toBe(6);
  });
  it("adds no weakness to zero damage", () => {
    expect(damageAfterModifiers({ amount: 0, type: "fire" }, { weaknesses: { fire: 5 } })).toBe(0);
  });
  it("rejects bad numbers", () => {
    expect(() => applyDamage({ stamina: 10 }, { amount: -1 })).toThrow(RangeError);
    expect(() => applyDamage({ stamina: 10 }, { amount: 1.5 })).toThrow(RangeError);
    expect(() => applyDamage({ stamina: 10, temporary: -2 }, { amount: 1 })).toThrow(RangeError);
    expect(() => applyDamage({ stamina: Number.NaN }, { amount: 1 })).toThrow(RangeError);
  });
  it("never heals, never takes more than weakened damage, and conserves what it takes", () => {
    fc.assert(fc.property(fc.integer({ min: -30, max: 60 }), fc.nat(30), fc.nat(40), fc.nat(10), fc.nat(10), (stamina, temporary, amount, weak, immune) => {
      const r = applyDamage({ stamina, temporary }, { amount, type: "fire" }, { weaknesses: { fire: weak }, immunities: { fire: immune } });
      expect(r.stamina).toBeLessThanOrEqual(stamina);
      expect(r.temporary).toBeLessThanOrEqual(temporary);
      expect(r.dealt).toBeLessThanOrEqual(amount + weak);
      expect(stamina - r.stamina + (temporary - r.temporary)).toBe(r.dealt);
    }));
  });
});

describe("gainTemporaryStamina", () => {
  it("keeps the greater amount instead of adding (10 when you have 5 → 10)", () => {
    expect(gainTemporaryStamina(5, 10)).toBe(10);
    expect(gainTemporaryStamina(10, 5)).toBe(10);
  });
});

describe("situationalDamageModifiers", () => {
  it("underwater: fire immunity 5 and lightning weakness 5 (L7249)", () => {
    expect([UNDERWATER_FIRE_IMMUNITY, UNDERWATER_LIGHTNING_WEAKNESS]).toEqual([5, 5]);
    const wet = situationalDamageModifiers({}, { underwater: true });
    expect(damageAfterModifiers({ amount: 8, type: "fire" }, wet)).toBe(3);
    expect(damageAfterModifiers({ amount: 4, type: "fire" }, wet)).toBe(0);
    expect(damageAfterModifiers({ amount: 2, type: "lightning" }, wet)).toBe(7);
    expect(damageAfterModifiers({ amount: 6, type: "cold" }, wet)).toBe(6);
    expect(damageAfterModifiers({ amount: 6 }, wet)).toBe(6);
    // Dry: nothing changes.
    expect(situationalDamageModifiers({}, {})).toEqual({ immunities: {}, weaknesses: {} });
  });

  it("keeps the higher of the creature's own and the water's, never the sum (only the highest applies, L7170)", () => {
    const own = { immunities: { fire: 10, magic: 2 }, weaknesses: { lightning: 2, cold: 3 } };
    const wet = situationalDamageModifiers(own, { underwater: true });
    expect(wet).toEqual({ immunities: { fire: 10, magic: 2 }, weaknesses: { lightning: 5, cold: 3 } });
    expect(situationalDamageModifiers({ immunities: { fire: 3 } }, { underwater: true }).immunities).toEqual({ fire: 5 });
    // The input is left as it was.
    expect(own).toEqual({ immunities: { fire: 10, magic: 2 }, weaknesses: { lightning: 2, cold: 3 } });
  });

  it("objects: poison and psychic immunity, all of it (L6544); other damage as usual", () => {
    const object = situationalDamageModifiers({ immunities: { fire: 2 } }, { object: true });
    expect(damageAfterModifiers({ amount: 50, type: "poison" }, object)).toBe(0);
    expect(damageAfterModifiers({ amount: 50, type: "psychic", keywords: ["magic"] }, object)).toBe(0);
    expect(damageAfterModifiers({ amount: 9, type: "fire" }, object)).toBe(7);
    expect(damageAfterModifiers({ amount: 9 }, object)).toBe(9);
  });
});

describe("forced move damage immunity (L7172)", () => {
  it("reduces damage from forced movement by its value, to 0 at least", () => {
    const m = { immunities: { [DAMAGE_KEY_FORCED_MOVE]: 2 } };
    expect(forcedMoveDamageTaken(3, m)).toBe(1);
    expect(forcedMoveDamageTaken(1, m)).toBe(0);
    expect(applyDamage({ stamina: 10, temporary: 0 }, forcedMoveDamage(5), m)).toEqual({ stamina: 7, temporary: 0, dealt: 3 });
  });

  it("does not reduce other damage, and stands beside immunity to all damage (the highest applies)", () => {
    const m = { immunities: { [DAMAGE_KEY_FORCED_MOVE]: 4, all: 1 } };
    expect(damageAfterModifiers({ amount: 5 }, m)).toBe(4);
    expect(damageAfterModifiers({ amount: 5, type: "fire" }, m)).toBe(4);
    expect(forcedMoveDamageTaken(5, m)).toBe(1);
    expect(forcedMoveDamageTaken(5, { immunities: { all: 3 } })).toBe(2);
    expect(forcedMoveDamageTaken(5)).toBe(5);
  });
});

describe("holding one's breath (L6390)", () => {
  it("lasts rounds equal to Might, at least 1", () => {
    expect(breathRounds(3)).toBe(3);
    expect(breathRounds(1)).toBe(1);
    expect(breathRounds(0)).toBe(1);
    expect(breathRounds(-2)).toBe(1);
    expect(() => breathRounds(1.5)).toThrow(RangeError);
  });

  it("then 1d6 at the end of each round after that", () => {
    expect(SUFFOCATION_DAMAGE).toBe("1d6");
    expect([1, 2, 3, 4, 5].map((r) => suffocates(r, 2))).toEqual([false, false, true, true, true]);
    expect([1, 2].map((r) => suffocates(r, -1))).toEqual([false, true]);
    expect(() => suffocates(0, 2)).toThrow(RangeError);
  });
});

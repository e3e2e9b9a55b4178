// Objects (seed 004): Stamina by material and size (L7236–7245), damage with poison and psychic
// immunity (L6544, L7238), destruction at 0 Stamina, damage only from abilities (L6544), and an object
// force moved into creatures and objects (L6942, L6948, L6952).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  MATERIAL_COST, OBJECT_STAMINA_PER_SQUARE, damageObject, effectsOnTarget, forcedMovement, objectStamina, objectStaminaLeft,
} from "../../src/rules/index.ts";
import type { ObjectMaterial } from "../../src/rules/index.ts";

const at = (x: number, y: number, size = 1) => ({ x, y, size });
const MATERIALS: ObjectMaterial[] = ["glass", "wood", "stone", "metal"];

describe("objectStamina (L7236–7243)", () => {
  it("gives a size 1 object, or each square of a larger one, its material's Stamina: glass 1, wood 3, stone 6, metal 9 (L7240–7243)", () => {
    expect(objectStamina("glass", 1)).toBe(1);
    expect(objectStamina("wood", 1)).toBe(3);
    expect(objectStamina("stone", 1)).toBe(6);
    expect(objectStamina("metal", 1)).toBe(9);
    // A wooden wall 4 squares long; a stone column of 2 × 2 squares.
    expect(objectStamina("wood", 4)).toBe(12);
    expect(objectStamina("stone", 4)).toBe(24);
  });
  it("agrees with the forced-movement damage table, square for square (L6954–6956 and L6968–6973)", () => {
    for (const m of MATERIALS) expect(OBJECT_STAMINA_PER_SQUARE[m]).toBe(MATERIAL_COST[m]);
  });
  it("grows with every square for every material", () => {
    fc.assert(fc.property(fc.constantFrom(...MATERIALS), fc.integer({ min: 1, max: 400 }), (m, n) => {
      expect(objectStamina(m, n + 1) - objectStamina(m, n)).toBe(OBJECT_STAMINA_PER_SQUARE[m]);
    }));
  });
  it("refuses an unknown material or a count that is not a whole number of squares", () => {
    expect(() => objectStamina("paper" as never, 1)).toThrow(/material/);
    expect(() => objectStamina("wood", 0)).toThrow(/squares/);
    expect(() => objectStamina("wood", 1.5)).toThrow(/squares/);
  });
});

describe("damageObject (L7238)", () => {
  it("takes damage off the object's Stamina and destroys it at 0 (L7238)", () => {
    const door = { material: "wood" as const, squares: 2, damage: 0 }; // 6 Stamina
    expect(damageObject(door, { amount: 4 })).toEqual({ dealt: 4, damage: 4, stamina: 2, destroyed: false });
    expect(damageObject({ ...door, damage: 4 }, { amount: 2, type: "fire" })).toEqual({ dealt: 2, damage: 6, stamina: 0, destroyed: true });
    // More than it has: the Stamina stays at 0, the damage is what it took.
    expect(damageObject(door, { amount: 10 })).toEqual({ dealt: 10, damage: 10, stamina: 0, destroyed: true });
  });
  it("ignores poison and psychic damage: objects have immunity to all of it (L6544, L7238)", () => {
    const column = { material: "stone" as const, squares: 1, damage: 0 };
    expect(damageObject(column, { amount: 20, type: "poison" })).toEqual({ dealt: 0, damage: 0, stamina: 6, destroyed: false });
    expect(damageObject(column, { amount: 20, type: "Psychic", keywords: ["magic"] })).toMatchObject({ dealt: 0, destroyed: false });
    expect(damageObject(column, { amount: 5, type: "cold" })).toMatchObject({ dealt: 5, stamina: 1 });
  });
  it("a glass pane, one Stamina a square, breaks at any damage (L7240, L6958)", () => {
    expect(damageObject({ material: "glass", squares: 1, damage: 0 }, { amount: 1 }).destroyed).toBe(true);
  });
  it("never leaves more Stamina than the object has nor less than 0", () => {
    fc.assert(fc.property(fc.constantFrom(...MATERIALS), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), (m, n, taken, amount) => {
      const r = damageObject({ material: m, squares: n, damage: taken }, { amount });
      expect(r.stamina).toBeGreaterThanOrEqual(0);
      expect(r.stamina).toBeLessThanOrEqual(OBJECT_STAMINA_PER_SQUARE[m] * n);
      expect(r.destroyed).toBe(r.stamina === 0);
      expect(r.stamina).toBe(objectStaminaLeft({ material: m, squares: n, damage: r.damage }));
    }));
  });
  it("refuses bad input", () => {
    expect(() => damageObject({ material: "paper" as never, squares: 1, damage: 0 }, { amount: 1 })).toThrow(/material/);
    expect(() => damageObject({ material: "wood", squares: -1, damage: 0 }, { amount: 1 })).toThrow(/squares/);
    expect(() => damageObject({ material: "wood", squares: 1, damage: 0.5 }, { amount: 1 })).toThrow(/damage taken/);
    expect(() => damageObject({ material: "wood", squares: 1, damage: 0 }, { amount: -1 })).toThrow(/amount/);
  });
});

describe("effectsOnTarget (L6544)", () => {
  const tier = { damage: { value: 5 }, conditions: [{ id: "slowed" }], forced: [{ kind: "push", distance: 2 }] };
  it("an object takes the tier's damage but none of its conditions; a creature takes all", () => {
    expect(effectsOnTarget(tier, { object: true })).toEqual({ ...tier, conditions: [] });
    expect(effectsOnTarget(tier, { object: false })).toBe(tier);
  });
  it("leaves the forced movement: the forced-movement rules move objects by name (L6942, L6952)", () => {
    expect(effectsOnTarget(tier, { object: true }).forced).toEqual(tier.forced);
  });
});

describe("an object force moved (L6942–6952)", () => {
  const base = { creatures: [], objects: [], stability: 0 } as const;
  it("into a creature: the object's movement ends and the creature takes 1 damage per square left (L6942); the object the same (L6952)", () => {
    const r = forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 4, creatures: [{ ...at(7, 5), id: "goblin" }], moverIsObject: true });
    expect(r).toMatchObject({ end: at(6, 5), moved: 1, damage: 3, slammed: [{ id: "goblin", damage: 3 }], stoppedBy: "creature" });
  });
  it("a large object into several smaller creatures hurts each once (L6948)", () => {
    const creatures = [{ ...at(8, 5), id: "a" }, { ...at(8, 6), id: "b" }];
    const r = forcedMovement({ ...base, kind: "push", mover: at(5, 5, 2), source: at(3, 5, 2), distance: 3, creatures, moverIsObject: true });
    expect(r.slammed).toEqual([{ id: "a", damage: 2 }, { id: "b", damage: 2 }]);
  });
  it("into another object: it is not hurled through (that is a creature's, L6968); both take 1 damage per square left (L6952)", () => {
    const objects = [{ ...at(7, 5), material: "glass" as const }];
    const r = forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 4, objects, moverIsObject: true });
    expect(r).toMatchObject({ end: at(6, 5), moved: 1, damage: 3, broken: [], stoppedBy: "object", objectHit: { ...at(7, 5), damage: 3 } });
    // A creature with the same push breaks the glass and goes on (L6970).
    const creature = forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 4, objects });
    expect(creature).toMatchObject({ broken: ["glass"], stoppedBy: null });
    expect(creature.objectHit).toBeUndefined();
  });
});

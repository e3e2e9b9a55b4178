/**
 * Objects (seed 004): Stamina by material and size (L7236–7245), damage to them (poison and psychic
 * immunity, L6544, L7238), and what of an ability reaches them (L6544: damage only).
 */
import { damageAfterModifiers, situationalDamageModifiers } from "./damage.ts";
import type { DamageTaken } from "./damage.ts";
import type { ObjectMaterial } from "./battlefield.ts";

/**
 * Stamina of a size 1 object, or of 1 square of a larger one, by its material (L7240–7243): glass 1,
 * wood 3, stone 6, metal 9. The same numbers as the forced-movement table (L6954–6956).
 */
export const OBJECT_STAMINA_PER_SQUARE: Readonly<Record<ObjectMaterial, number>> = { glass: 1, wood: 3, stone: 6, metal: 9 };

const checkMaterial = (material: ObjectMaterial) => {
  if (!Object.hasOwn(OBJECT_STAMINA_PER_SQUARE, material)) throw new RangeError(`material must be glass, wood, stone or metal, got ${String(material)}`);
};

/**
 * An object's Stamina (L7238–7243): its material's Stamina for each square it occupies. Throws a
 * RangeError for an unknown material or a count of squares that is not a whole number of 1 or more.
 */
export function objectStamina(material: ObjectMaterial, squares: number): number {
  checkMaterial(material);
  if (!Number.isInteger(squares) || squares < 1) throw new RangeError(`squares must be a whole number of 1 or more, got ${squares}`);
  return OBJECT_STAMINA_PER_SQUARE[material] * squares;
}

/** An object as its damage is tracked: its material, the squares of it left, the damage it has taken. */
export interface TrackedObject { material: ObjectMaterial; squares: number; damage: number }

export interface ObjectDamageResult {
  /** The damage taken after the object's poison and psychic immunity (L7238). */
  dealt: number;
  /** The object's damage after this, and the Stamina it has left (never below 0). */
  damage: number;
  stamina: number;
  /** Its Stamina is reduced to 0: the object is destroyed (L7238). */
  destroyed: boolean;
}

/**
 * Damage an object (L7238): it has damage immunity to all poison and psychic damage, no other
 * modifier of its own, and is destroyed when its Stamina (`objectStamina`, less the damage it has
 * taken) is reduced to 0. A wholly unbroken object with no squares left is already destroyed.
 * Throws a RangeError for an unknown material, squares or damage taken that are not whole numbers of
 * 0 or more, or a bad amount of damage.
 */
export function damageObject(object: TrackedObject, damage: DamageTaken): ObjectDamageResult {
  checkMaterial(object.material);
  if (!Number.isInteger(object.squares) || object.squares < 0) throw new RangeError(`squares must be a whole number of 0 or more, got ${object.squares}`);
  if (!Number.isInteger(object.damage) || object.damage < 0) throw new RangeError(`damage taken must be a whole number of 0 or more, got ${object.damage}`);
  const max = OBJECT_STAMINA_PER_SQUARE[object.material] * object.squares;
  const dealt = damageAfterModifiers(damage, situationalDamageModifiers({}, { object: true }));
  const total = object.damage + dealt;
  const stamina = Math.max(0, max - total);
  return { dealt, damage: total, stamina, destroyed: stamina === 0 };
}

/** The Stamina a tracked object has left (never below 0). */
export function objectStaminaLeft(object: TrackedObject): number {
  checkMaterial(object.material);
  const max = OBJECT_STAMINA_PER_SQUARE[object.material] * Math.max(0, Math.trunc(object.squares));
  return Math.max(0, max - Math.max(0, Math.trunc(object.damage)));
}

/**
 * What of an ability's tier reaches a target (L6544): a creature takes all of it; an object only the
 * damage, being immune to the ability's other effects (conditions), unless the Director decides
 * otherwise. Forced movement is not among those other effects: the forced-movement rules move
 * objects by name (L6942, L6952), so an object is moved (docs/rules-decisions.md).
 */
export function effectsOnTarget<T extends { conditions: readonly unknown[] }>(tier: T, target: { object: boolean }): T {
  return target.object ? { ...tier, conditions: [] } : tier;
}

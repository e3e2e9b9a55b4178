/**
 * Falling (seed 004, L6188–6196): the damage of a fall, landing on a creature, and the nearest free
 * space to land in. Pure: grid squares and numbers in, numbers out. Apart from ./battlefield.ts: only
 * falls and forced movement use it, after the start (docs/architecture.md, "Loading").
 */
import { checkGridSpace } from "./ability-use.ts";
import type { GridSpace } from "./ability-use.ts";
import { spacesOverlap } from "./battlefield.ts";

/**
 * Falling damage (L6188–6190): the effective height is the squares fallen, less the creature's
 * Agility (a negative Agility reduces nothing; docs/rules-decisions.md), less 4 when it lands in
 * liquid at least 1 square deep; 2 damage per square of it when it is 2 or more, else none. Throws a
 * RangeError for a fall or depth that is not a whole number of 0 or more, or an Agility that is not
 * a whole number.
 */
export function fallingDamage(input: { squares: number; agility: number; liquidDepth?: number }): number {
  const { squares, agility, liquidDepth = 0 } = input;
  if (!Number.isInteger(squares) || squares < 0) throw new RangeError(`squares must be a whole number of 0 or more, got ${squares}`);
  if (!Number.isInteger(agility)) throw new RangeError(`agility must be a whole number, got ${agility}`);
  if (!Number.isInteger(liquidDepth) || liquidDepth < 0) throw new RangeError(`liquidDepth must be a whole number of 0 or more, got ${liquidDepth}`);
  const effective = squares - Math.max(0, agility) - (liquidDepth >= 1 ? 4 : 0);
  return effective >= 2 ? 2 * effective : 0;
}

/**
 * A fall (L6188–6190): its damage (`fallingDamage`) and whether the creature lands prone, which it
 * does when the effective height is 2 squares or more, that is when the fall deals damage (the
 * reading in docs/rules-decisions.md).
 */
export function fallOutcome(input: { squares: number; agility: number; liquidDepth?: number }): { damage: number; prone: boolean } {
  const damage = fallingDamage(input);
  return { damage, prone: damage > 0 };
}

/**
 * Landing on another creature (L6194–6196): it takes the same damage as the faller, and falls prone
 * too when the faller's size is greater than its Might score. RangeError for a negative damage or a
 * size below 1.
 */
export function landOnCreature(input: { damage: number; fallerSize: number; might: number }): { damage: number; prone: boolean } {
  const { damage, fallerSize, might } = input;
  if (!Number.isInteger(damage) || damage < 0) throw new RangeError(`damage must be a whole number of 0 or more, got ${damage}`);
  if (!Number.isFinite(fallerSize) || fallerSize < 1) throw new RangeError(`fallerSize must be 1 or more, got ${fallerSize}`);
  return { damage, prone: fallerSize > (Number(might) || 0) };
}

/**
 * The nearest space of the same size to `space` that overlaps none of `occupied` (L6196: "the nearest
 * unoccupied space of your choice"; the first found, ring by ring, row by row, is offered), or null
 * when none lies within `reach` squares. The space itself counts when it is free.
 */
export function nearestFreeSpace(space: GridSpace, occupied: readonly GridSpace[], reach = 10): GridSpace | null {
  checkGridSpace("space", space);
  for (let ring = 0; ring <= reach; ring++) {
    for (let y = space.y - ring; y <= space.y + ring; y++) {
      for (let x = space.x - ring; x <= space.x + ring; x++) {
        if (Math.max(Math.abs(x - space.x), Math.abs(y - space.y)) !== ring) continue;
        const candidate = { x, y, size: space.size };
        if (!occupied.some((o) => spacesOverlap(candidate, o))) return candidate;
      }
    }
  }
  return null;
}

/**
 * The end of an encounter (seed 004): the diminish-numbers guideline (L7283) and Last-Stand Stamina
 * (L7343).
 */

/** A creature the Director counts: its level, organization (the system's six, monster-baseline.ts), and whether it is still in the fight. */
export interface DiminishEnemy {
  level: number;
  organization: string;
  /** Not defeated: Stamina above 0 and not marked defeated. */
  alive: boolean;
}

export interface DiminishHero {
  level: number;
  /** The hero's Stamina state (src/rules/hero.ts). */
  state: string;
}

export interface DiminishTally {
  /** The enemies' combined level in fifths (a minion counts 1/5 of its level). */
  enemyFifths: number;
  /** The enemies' combined level, for display (one decimal at most, fifths being tenths × 2). */
  enemyLevels: number;
  /** The combined level of the heroes who are not dying (nor dead). */
  heroLevels: number;
  /** A living solo or boss: the guideline does not apply. */
  soloOrBossAlive: boolean;
  /** The guideline says to end combat: no living solo or boss, and the heroes' levels are twice the enemies' or more. */
  callIt: boolean;
}

/**
 * The organizations read as the seed's "solo or boss creatures" (L7283): the Bestiary the seed points
 * to is not printed; the system's solo is a solo, its leader the boss of a group (docs/rules-decisions.md).
 */
export const SOLO_OR_BOSS_ORGANIZATIONS: readonly string[] = ["solo", "leader"];

function level(n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`level must be a whole number of 0 or more, got ${n}`);
  return n;
}

/**
 * L7283: at the end of a round with no living solo or boss, add up the levels of the enemies (minions
 * at 1/5 of their level), then the levels of the remaining heroes who are not dying; if the heroes'
 * total is twice the enemies' or more, the Director should end combat. Counted in fifths, so a
 * minion's fifth is exact.
 */
export function diminishNumbers(enemies: readonly DiminishEnemy[], heroes: readonly DiminishHero[]): DiminishTally {
  const living = enemies.filter((e) => e.alive);
  const enemyFifths = living.reduce((sum, e) => sum + (e.organization === "minion" ? level(e.level) : 5 * level(e.level)), 0);
  const heroLevels = heroes.filter((h) => h.state !== "dying" && h.state !== "dead").reduce((sum, h) => sum + level(h.level), 0);
  const soloOrBossAlive = living.some((e) => SOLO_OR_BOSS_ORGANIZATIONS.includes(e.organization));
  return {
    enemyFifths,
    enemyLevels: enemyFifths / 5,
    heroLevels,
    soloOrBossAlive,
    callIt: !soloOrBossAlive && 5 * heroLevels >= 2 * enemyFifths,
  };
}

/** L7343: with Last-Stand Stamina each minion has a damage threshold of 1. */
export const LAST_STAND_MINION_THRESHOLD = 1;

/**
 * L7343, Last-Stand Stamina: each enemy's Stamina drops to 1. A creature at 1 or less keeps its
 * Stamina (it drops, never rises; one at 0 or below is already down). Temporary Stamina goes too, so
 * the heroes "swiftly finish off" their foes (a reading: docs/rules-decisions.md).
 */
export function lastStandStamina({ value, temporary }: { value: number; temporary: number }): { value: number; temporary: number } {
  if (!Number.isInteger(value)) throw new RangeError(`stamina must be a whole number, got ${value}`);
  if (!Number.isInteger(temporary) || temporary < 0) throw new RangeError(`temporary stamina must be a whole number of 0 or more, got ${temporary}`);
  if (value <= 0) return { value, temporary };
  return { value: Math.min(value, 1), temporary: 0 };
}

/**
 * A montage's limits, rounds and outcome (L6063–6110): what the montage's data and tracker use. Split from
 * ./montage.ts, which keeps the difficulties the montage's reader needs before ready (issue 31).
 */
import { type MontageDifficulty } from "./montage.ts";

/** The Montage Test Difficulty table for five heroes (L6121–6127). */
const BASE: Record<MontageDifficulty, { successes: number; failures: number }> = {
  easy: { successes: 5, failures: 5 },
  moderate: { successes: 6, failures: 4 },
  hard: { successes: 7, failures: 3 },
};

/** A montage test lasts two rounds unless the Director says otherwise (L6111–6113). */
export const MONTAGE_ROUNDS = 2;

const checkDifficulty = (difficulty: MontageDifficulty) => {
  if (!Object.hasOwn(BASE, difficulty)) throw new RangeError(`difficulty must be easy, moderate or hard, got ${String(difficulty)}`);
};
const checkCount = (name: string, n: number, min: number) => {
  if (!Number.isInteger(n) || n < min) throw new RangeError(`${name} must be a whole number of ${min} or more, got ${n}`);
};

/**
 * The success and failure limits for a difficulty and a number of heroes: the table's for five;
 * 1 less each for every hero fewer than five (to a minimum of 2), 1 more each for every hero more
 * (L6129–6131). Throws a RangeError for an unknown difficulty or fewer than one hero.
 */
export function montageLimits(difficulty: MontageDifficulty, heroes: number): { successes: number; failures: number } {
  checkDifficulty(difficulty);
  checkCount("heroes", heroes, 1);
  const base = BASE[difficulty];
  const shift = heroes - 5;
  return { successes: Math.max(2, base.successes + shift), failures: Math.max(2, base.failures + shift) };
}

export type MontageOutcome = "ongoing" | "total-success" | "partial-success" | "total-failure";

export interface MontageState {
  difficulty: MontageDifficulty;
  heroes: number;
  successes: number;
  failures: number;
  /** The last round is over (L6113). */
  timeUp: boolean;
  /** Limits the Director changed (default: {@link montageLimits}). */
  limits?: { successes: number; failures: number };
}

/**
 * Where a montage test stands (L6134–6138): total success when the successes reach the success
 * limit; when the failures reach the failure limit or time is up, partial success with at least two
 * more successes than failures, else total failure; otherwise it goes on. The success limit is
 * checked first: a tracker ends the test at the first limit reached, so both at once means the
 * success came with the last test. Victories (L6141, L6145): total success 1 (2 on a hard test);
 * partial success 1 on a moderate or hard test. Throws a RangeError for bad counts.
 */
export function montageOutcome(input: MontageState): { outcome: MontageOutcome; victories: number } {
  const { difficulty, heroes, successes, failures, timeUp } = input;
  checkDifficulty(difficulty);
  checkCount("successes", successes, 0);
  checkCount("failures", failures, 0);
  const limits = input.limits ?? montageLimits(difficulty, heroes);
  checkCount("limits.successes", limits.successes, 1);
  checkCount("limits.failures", limits.failures, 1);
  if (!input.limits) checkCount("heroes", heroes, 1);
  if (successes >= limits.successes) return { outcome: "total-success", victories: difficulty === "hard" ? 2 : 1 };
  if (failures >= limits.failures || timeUp) {
    return successes >= failures + 2
      ? { outcome: "partial-success", victories: difficulty === "easy" ? 0 : 1 }
      : { outcome: "total-failure", victories: 0 };
  }
  return { outcome: "ongoing", victories: 0 };
}

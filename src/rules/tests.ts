/** Draw Steel tests: outcome by difficulty and tier (seed 004, L5744–5769). */
import type { Tier } from "./power-roll.ts";

export type TestDifficulty = "easy" | "medium" | "hard";
export type TestOutcome =
  | "failure-with-consequence"
  | "failure"
  | "success-with-consequence"
  | "success"
  | "success-with-reward";

export const TEST_DIFFICULTIES: readonly TestDifficulty[] = ["easy", "medium", "hard"];

/** Rows: difficulty; columns: tier 1, 2, 3 (L5748–5765). */
const OUTCOMES: Record<TestDifficulty, [TestOutcome, TestOutcome, TestOutcome]> = {
  easy: ["failure", "success", "success-with-reward"],
  medium: ["failure-with-consequence", "success-with-consequence", "success"],
  hard: ["failure-with-consequence", "failure", "success"],
};

/** The outcome of a test; a natural 19 or 20 is always a success with a reward (L5767–5769). */
export function testOutcome({ tier, natural, difficulty }: { tier: Tier; natural: number; difficulty: TestDifficulty }): TestOutcome {
  if (tier !== 1 && tier !== 2 && tier !== 3) throw new RangeError(`tier must be 1, 2 or 3, got ${tier}`);
  if (!Number.isInteger(natural) || natural < 2 || natural > 20) throw new RangeError(`natural must be a whole number from 2 to 20, got ${natural}`);
  const row = Object.hasOwn(OUTCOMES, difficulty) ? OUTCOMES[difficulty] : undefined;
  if (!row) throw new RangeError(`difficulty must be easy, medium or hard, got ${difficulty}`);
  if (natural >= 19) return "success-with-reward";
  return row[tier - 1]!;
}

/** Draw Steel tests: outcome by difficulty and tier (seed 004, L5744–5769). */
import type { Tier } from "./power-roll.ts";

/** The Director's difficulty for a test (L5740–5744). */
export type TestDifficulty = "easy" | "medium" | "hard";
/** The outcome of a test (L5746–5769). */
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

/** The arguments of {@link testOutcome}: the power roll's tier and natural, and the difficulty. */
export interface TestOutcomeInput {
  tier: Tier;
  /** The natural result, 2..20. */
  natural: number;
  difficulty: TestDifficulty;
}

/**
 * The outcome of a test by difficulty and tier (L5744–5765); a natural 19 or 20 is always a
 * success with a reward, whatever the difficulty (L5767–5769). Throws a RangeError for a tier not
 * 1..3, an unknown difficulty or a natural that is not a whole number 2..20.
 */
export function testOutcome({ tier, natural, difficulty }: TestOutcomeInput): TestOutcome {
  if (tier !== 1 && tier !== 2 && tier !== 3) throw new RangeError(`tier must be 1, 2 or 3, got ${tier}`);
  if (!Number.isInteger(natural) || natural < 2 || natural > 20) throw new RangeError(`natural must be a whole number from 2 to 20, got ${natural}`);
  const row = Object.hasOwn(OUTCOMES, difficulty) ? OUTCOMES[difficulty] : undefined;
  if (!row) throw new RangeError(`difficulty must be easy, medium or hard, got ${difficulty}`);
  if (natural >= 19) return "success-with-reward";
  return row[tier - 1]!;
}

/** The bonus a skill gives a test (L5893). */
export const SKILL_BONUS = 2;

/**
 * The bonus the skill applied to a test gives (L5893–5897): +2 when the hero has that skill, else
 * nothing (a test without the skill is still made, without the +2). One skill at most applies to a
 * test (L5897), so the input is a single skill, not a list. An empty skill gives nothing.
 */
export function skillBonus(skill: string, skills: readonly string[]): number {
  return typeof skill === "string" && skill !== "" && Array.isArray(skills) && skills.includes(skill) ? SKILL_BONUS : 0;
}

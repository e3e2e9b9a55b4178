/**
 * Tests with more than one roller (seed 004): group tests (L6041–6061), the optional opposed power
 * rolls (L5867–5875) and assisting a test (L6033–6039). Pure.
 */
import type { TestOutcome } from "./tests.ts";

const OUTCOMES: readonly TestOutcome[] = [
  "failure-with-consequence", "failure", "success-with-consequence", "success", "success-with-reward",
];

const isSuccess = (o: TestOutcome) => o === "success" || o === "success-with-consequence" || o === "success-with-reward";
const hasConsequence = (o: TestOutcome) => o === "failure-with-consequence" || o === "success-with-consequence";

/** The result of a group test (L6055–6061). */
export interface GroupTestResult {
  /** Half or more of the heroes succeeded (L6055). */
  success: boolean;
  /**
   * "reward": the group succeeded and half or more earned a reward (L6057); "consequence": the group
   * failed and more than half incurred a consequence (L6059); otherwise null (L6061).
   */
  collective: "reward" | "consequence" | null;
}

/**
 * A group test's outcome from each hero's individual outcome. Throws a RangeError for an empty list
 * or an unknown outcome.
 */
export function groupTestOutcome(outcomes: readonly TestOutcome[]): GroupTestResult {
  if (!Array.isArray(outcomes) || outcomes.length === 0) throw new RangeError("outcomes must list at least one hero's test outcome");
  const unknown = outcomes.find((o) => !OUTCOMES.includes(o));
  if (unknown !== undefined) throw new RangeError(`outcomes holds an unknown test outcome: ${String(unknown)}`);
  const n = outcomes.length;
  const success = outcomes.filter(isSuccess).length * 2 >= n;
  const rewards = outcomes.filter((o) => o === "success-with-reward").length;
  const consequences = outcomes.filter(hasConsequence).length;
  const collective = success && rewards * 2 >= n ? "reward" : !success && consequences * 2 > n ? "consequence" : null;
  return { success, collective };
}

/**
 * The winner of an opposed power roll: the higher total; a tie changes nothing in the scene
 * (L5869, L5873). Throws a RangeError for a total that is not a finite number.
 */
export function opposedWinner(first: number, second: number): "first" | "second" | "tie" {
  if (!Number.isFinite(first)) throw new RangeError(`first must be a finite number, got ${first}`);
  if (!Number.isFinite(second)) throw new RangeError(`second must be a finite number, got ${second}`);
  return first > second ? "first" : second > first ? "second" : "tie";
}

/** What an assist gives the assisted test: edges (or banes, negative), and a bonus to the total. */
export interface AssistEffect { edges: number; bonus: number }

/**
 * The assist table. The seed says the assist's outcome "determines the bonus applied to the test
 * you're assisting" (L6037) but prints no table; its sample gives an edge for a 16 (L6167). The
 * reading (docs/rules-decisions.md "Assisting a test"): an easy test's failure helps nothing, a
 * success gives an edge, a success with a reward a double edge. A world setting can swap it for
 * flat bonuses (+1, +2); callers may pass their own table.
 */
export const ASSIST_TABLES: Readonly<Record<"edges" | "bonuses", Readonly<Record<TestOutcome, AssistEffect>>>> = {
  edges: {
    "failure-with-consequence": { edges: 0, bonus: 0 }, failure: { edges: 0, bonus: 0 },
    "success-with-consequence": { edges: 1, bonus: 0 }, success: { edges: 1, bonus: 0 }, "success-with-reward": { edges: 2, bonus: 0 },
  },
  bonuses: {
    "failure-with-consequence": { edges: 0, bonus: 0 }, failure: { edges: 0, bonus: 0 },
    "success-with-consequence": { edges: 0, bonus: 1 }, success: { edges: 0, bonus: 1 }, "success-with-reward": { edges: 0, bonus: 2 },
  },
};

/** What an assist with this outcome gives the assisted test. Throws a RangeError for an unknown outcome. */
export function assistEffect(outcome: TestOutcome, table: Readonly<Record<TestOutcome, AssistEffect>> = ASSIST_TABLES.edges): AssistEffect {
  if (!OUTCOMES.includes(outcome)) throw new RangeError(`outcome must be a test outcome, got ${String(outcome)}`);
  return { ...table[outcome] };
}

/**
 * The default award for a group test's collective result, the seed's "easy option": a collective
 * reward is worth two individual rewards (L6057), and an individual reward's default is a hero token
 * (L5825), so 2 hero tokens; a collective consequence gives the Director 2 Villain Power per hero at
 * the start of the next combat (L6059). Throws a RangeError for a bad hero count.
 */
export function groupTestAward(collective: GroupTestResult["collective"], heroes: number): { heroTokens: number; villainPower: number } {
  if (!Number.isInteger(heroes) || heroes < 1) throw new RangeError(`heroes must be a whole number of 1 or more, got ${heroes}`);
  if (collective === "reward") return { heroTokens: 2, villainPower: 0 };
  if (collective === "consequence") return { heroTokens: 0, villainPower: 2 * heroes };
  if (collective === null) return { heroTokens: 0, villainPower: 0 };
  throw new RangeError(`collective must be "reward", "consequence" or null, got ${String(collective)}`);
}

/**
 * The state of a montage test (seed 004, L6063–6170), kept in a world setting that only a GM writes
 * (src/documents/montage.ts). Pure: plain data in, plain data (or the reason for a refusal) out;
 * limits, outcome and Victories come from the rules core.
 *
 * Each hero acts once per round (a test, an assist, an ability or item, or nothing: L6069–6073); a
 * hero uses a skill once in the whole montage (L6093–6095); when every hero has acted the round ends
 * (L6073), and after the last round time is up (L6111–6113). Successful tests count toward the
 * success limit and failed ones toward the failure limit (L6107–6109); the Director adds automatic
 * successes for a clever ability (L6071) or corrects the counts.
 */
import { CHARACTERISTICS, SKILLS } from "../rules/catalogue.ts";
import { assistEffect } from "../rules/group-tests.ts";
import { MONTAGE_DIFFICULTIES } from "../rules/montage.ts";
import { MONTAGE_ROUNDS, montageLimits, montageOutcome } from "../rules/montage-outcome.ts";
import { TEST_DIFFICULTIES, testOutcome } from "../rules/tests.ts";
import type { Characteristic } from "../rules/catalogue.ts";
import type { AssistEffect } from "../rules/group-tests.ts";
import type { MontageDifficulty } from "../rules/montage.ts";
import type { MontageOutcome } from "../rules/montage-outcome.ts";
import type { TestDifficulty, TestOutcome } from "../rules/tests.ts";
import type { RecordedRoll } from "./test-card.ts";
import { resolveRecordedRoll } from "./test-card.ts";
import { MONTAGE_MAX, MONTAGE_VERSION } from "./montage-read.ts";

// What every world reads of a montage (the setting's value) is in montage-read.ts; the rest loads when one starts.
export { MONTAGE_MAX, MONTAGE_VERSION, readMontage } from "./montage-read.ts";

/** The most heroes and rounds a montage takes, and the longest title and note. */

export type MontageActionKind = "test" | "assist" | "ability" | "pass";
export const MONTAGE_ACTIONS: readonly MontageActionKind[] = ["test", "assist", "ability", "pass"];

export interface MontageAction {
  kind: MontageActionKind;
  round: number;
  skill: string;
  /** A test: its characteristic, the difficulty it was judged at, the roll and its outcome. */
  characteristic?: Characteristic;
  difficulty?: TestDifficulty;
  dice?: [number, number];
  total?: number;
  outcome?: TestOutcome;
  messageId?: string;
  /** An assist: whom it helped and what it gave. */
  targetUuid?: string;
  effect?: AssistEffect;
  /** An ability or item: what the player said it does. */
  note?: string;
}

export interface MontageHero {
  actorUuid: string;
  name: string;
  actions: MontageAction[];
  /** An assist waiting for this hero's next test this round. */
  assist: { name: string; effect: AssistEffect; round: number } | null;
}

export interface MontageState {
  version: number;
  title: string;
  difficulty: MontageDifficulty;
  limits: { successes: number; failures: number };
  rounds: number;
  round: number;
  /** The difficulty the Director sets for the heroes' next tests (L6079). */
  testDifficulty: TestDifficulty;
  heroes: MontageHero[];
  /** The Director's automatic successes (a clever ability, L6071) and corrections. */
  adjust: { successes: number; failures: number };
  /** Set when the Director ended the montage and awarded its Victories. */
  ended: { outcome: MontageOutcome; victories: number } | null;
  /** When it started (ms): rolls posted before it do not count. */
  startedAt: number;
}

export type MontageProblem =
  | "Ended" | "NoHero" | "Acted" | "SkillUsed" | "BadRoll" | "BadTarget" | "TargetActed" | "AssistTaken" | "Invalid";

const clampInt = (n: unknown, min: number, max: number, fallback: number) =>
  (typeof n === "number" && Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : fallback);

/** A new montage for these heroes; limits from the table for the group's size unless given (L6121–6131). */
export function startMontage(o: {
  title: string; difficulty: MontageDifficulty; heroes: readonly { actorUuid: string; name: string }[];
  limits?: { successes: number; failures: number }; rounds?: number; testDifficulty?: TestDifficulty; startedAt?: number;
}): MontageState | MontageProblem {
  if (!MONTAGE_DIFFICULTIES.includes(o.difficulty) || !o.heroes.length || o.heroes.length > MONTAGE_MAX.heroes) return "Invalid";
  const table = montageLimits(o.difficulty, o.heroes.length);
  return {
    version: MONTAGE_VERSION,
    title: String(o.title ?? "").slice(0, MONTAGE_MAX.title),
    difficulty: o.difficulty,
    limits: {
      successes: clampInt(o.limits?.successes, 1, 99, table.successes),
      failures: clampInt(o.limits?.failures, 1, 99, table.failures),
    },
    rounds: clampInt(o.rounds, 1, MONTAGE_MAX.rounds, MONTAGE_ROUNDS),
    round: 1,
    testDifficulty: o.testDifficulty && TEST_DIFFICULTIES.includes(o.testDifficulty) ? o.testDifficulty : "medium",
    heroes: o.heroes.map((h) => ({ actorUuid: h.actorUuid, name: h.name, actions: [], assist: null })),
    adjust: { successes: 0, failures: 0 },
    ended: null,
    startedAt: clampInt(o.startedAt, 0, Number.MAX_SAFE_INTEGER, 0),
  };
}

const isSuccess = (o: TestOutcome | undefined) => !!o && o.startsWith("success");

/** The successes and failures so far: tests' outcomes plus the Director's adjustments. */
export function montageCounts(state: MontageState): { successes: number; failures: number } {
  const tests = state.heroes.flatMap((h) => h.actions).filter((a) => a.kind === "test" && a.outcome);
  return {
    successes: Math.max(0, tests.filter((a) => isSuccess(a.outcome)).length + state.adjust.successes),
    failures: Math.max(0, tests.filter((a) => !isSuccess(a.outcome)).length + state.adjust.failures),
  };
}

/** Where the montage stands: the rules' outcome for the counts, time up after the last round. */
export function montageStatus(state: MontageState): { outcome: MontageOutcome; victories: number; successes: number; failures: number } {
  const counts = montageCounts(state);
  const r = montageOutcome({
    difficulty: state.difficulty, heroes: state.heroes.length, ...counts, timeUp: state.round > state.rounds, limits: state.limits,
  });
  return { ...r, ...counts };
}

export const actedIn = (hero: MontageHero, round: number) => hero.actions.some((a) => a.round === round);
/** Skills a hero has used in this montage, by a test or an assist (L6093–6095). */
export const usedSkills = (hero: MontageHero) => new Set(hero.actions.map((a) => a.skill).filter(Boolean));

function open(state: MontageState): MontageProblem | null {
  return state.ended || montageStatus(state).outcome !== "ongoing" ? "Ended" : null;
}

/** A new round: assists left waiting lapse (an assist helps a test in the round it was made). */
const nextRound = (state: MontageState): MontageState =>
  ({ ...state, round: state.round + 1, heroes: state.heroes.map((h) => (h.assist ? { ...h, assist: null } : h)) });

/** After an action: when every hero has acted this round, the round ends (L6073). */
function advance(state: MontageState): MontageState {
  return state.heroes.every((h) => actedIn(h, state.round)) ? nextRound(state) : state;
}

const withHero = (state: MontageState, uuid: string, fn: (h: MontageHero) => MontageHero): MontageState =>
  ({ ...state, heroes: state.heroes.map((h) => (h.actorUuid === uuid ? fn(h) : h)) });

const usedMessages = (state: MontageState) => new Set(state.heroes.flatMap((h) => h.actions.map((a) => a.messageId)).filter(Boolean));

function checkActor(state: MontageState, uuid: string, skill: string): MontageHero | MontageProblem {
  const ended = open(state);
  if (ended) return ended;
  const hero = state.heroes.find((h) => h.actorUuid === uuid);
  if (!hero) return "NoHero";
  if (actedIn(hero, state.round)) return "Acted";
  if (skill && !(SKILLS as readonly string[]).includes(skill)) return "Invalid";
  if (skill && usedSkills(hero).has(skill)) return "SkillUsed";
  return hero;
}

// Fate's tier on the roll, when the GM's record vouched for one (L2409), replaces the dice's tier.
const resolve = (roll: RecordedRoll) => resolveRecordedRoll(roll);

/** A hero's test, judged at the Director's current test difficulty. Uses up an assist waiting for it. */
export function recordMontageTest(
  state: MontageState, uuid: string, o: { characteristic: Characteristic; skill: string; roll: RecordedRoll },
): MontageState | MontageProblem {
  const hero = checkActor(state, uuid, o.skill);
  if (typeof hero === "string") return hero;
  if (!CHARACTERISTICS.includes(o.characteristic) || usedMessages(state).has(o.roll.messageId)) return "BadRoll";
  let action: MontageAction;
  try {
    const r = resolve(o.roll);
    action = {
      kind: "test", round: state.round, skill: o.skill, characteristic: o.characteristic, difficulty: state.testDifficulty,
      dice: [...o.roll.dice], total: r.total, outcome: testOutcome({ tier: r.tier, natural: r.natural, difficulty: state.testDifficulty }),
      messageId: o.roll.messageId,
    };
  } catch {
    return "BadRoll";
  }
  return advance(withHero(state, uuid, (h) => ({ ...h, actions: [...h.actions, action], assist: null })));
}

/**
 * A hero assists another who has not acted this round: an easy test (L6037) whose effect waits for
 * the assisted hero's test this round.
 */
export function recordMontageAssist(
  state: MontageState, uuid: string,
  o: { targetUuid: string; skill: string; roll: RecordedRoll; table?: Parameters<typeof assistEffect>[1] },
): MontageState | MontageProblem {
  const hero = checkActor(state, uuid, o.skill);
  if (typeof hero === "string") return hero;
  const target = state.heroes.find((h) => h.actorUuid === o.targetUuid);
  if (!target || target.actorUuid === uuid) return "BadTarget";
  if (actedIn(target, state.round)) return "TargetActed";
  if (target.assist) return "AssistTaken";
  if (usedMessages(state).has(o.roll.messageId)) return "BadRoll";
  let outcome: TestOutcome;
  try {
    const r = resolve(o.roll);
    outcome = testOutcome({ tier: r.tier, natural: r.natural, difficulty: "easy" });
  } catch {
    return "BadRoll";
  }
  const effect = assistEffect(outcome, o.table);
  const action: MontageAction = {
    kind: "assist", round: state.round, skill: o.skill, targetUuid: target.actorUuid, effect, outcome, messageId: o.roll.messageId,
    dice: [...o.roll.dice],
  };
  const next = withHero(state, uuid, (h) => ({ ...h, actions: [...h.actions, action] }));
  return advance(withHero(next, target.actorUuid, (h) => ({ ...h, assist: { name: hero.name, effect, round: state.round } })));
}

/** A hero uses an ability or item (the Director may add automatic successes) or does nothing. */
export function recordMontageDeclaration(state: MontageState, uuid: string, kind: "ability" | "pass", note = ""): MontageState | MontageProblem {
  const hero = checkActor(state, uuid, "");
  if (typeof hero === "string") return hero;
  const action: MontageAction = { kind, round: state.round, skill: "", ...(kind === "ability" ? { note: String(note).slice(0, MONTAGE_MAX.note) } : {}) };
  return advance(withHero(state, uuid, (h) => ({ ...h, actions: [...h.actions, action], assist: null })));
}

/** The Director's changes: the difficulty of the next tests, limits, rounds, adjustments, the next round. */
export function directMontage(state: MontageState, change: {
  testDifficulty?: TestDifficulty; limits?: { successes: number; failures: number }; rounds?: number;
  adjust?: { successes: number; failures: number }; nextRound?: boolean;
}): MontageState | MontageProblem {
  if (state.ended) return "Ended";
  let next = { ...state };
  if (change.testDifficulty !== undefined) {
    if (!TEST_DIFFICULTIES.includes(change.testDifficulty)) return "Invalid";
    next.testDifficulty = change.testDifficulty;
  }
  if (change.limits) {
    const { successes, failures } = change.limits;
    const old = next.limits;
    next.limits = { successes: clampInt(successes, 1, 99, old.successes), failures: clampInt(failures, 1, 99, old.failures) };
  }
  if (change.rounds !== undefined) next.rounds = clampInt(change.rounds, 1, MONTAGE_MAX.rounds, next.rounds);
  if (change.adjust) {
    const a = MONTAGE_MAX.adjust;
    const { successes, failures } = change.adjust;
    const old = next.adjust;
    next.adjust = { successes: clampInt(successes, -a, a, old.successes), failures: clampInt(failures, -a, a, old.failures) };
  }
  if (change.nextRound && next.round <= next.rounds) next = nextRound(next);
  return next;
}

/** The Director ends the montage: its outcome now (time counts as up), ready to award. */
export function endMontage(state: MontageState): MontageState | MontageProblem {
  if (state.ended) return "Ended";
  const status = montageStatus({ ...state, round: Math.max(state.round, state.rounds + 1) });
  return { ...state, ended: { outcome: status.outcome, victories: status.victories } };
}

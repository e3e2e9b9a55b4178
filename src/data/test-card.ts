/**
 * The state of a group or opposed test card (seed 004, L6041–6061, L5867–5875), kept in its chat
 * message's flags (`flags.steel-echoes.testCard`) and written only by a GM's client: players' rolls
 * and assists reach it through the GM relay (src/documents/test-cards.ts). Pure: plain data in,
 * plain data out; every rule comes from the rules core.
 */
import { CHARACTERISTICS } from "../rules/catalogue.ts";
import { assistEffect, groupTestAward, groupTestOutcome, opposedWinner } from "../rules/group-tests.ts";
import { resolvePowerRoll } from "../rules/power-roll.ts";
import { fatedTier } from "../rules/domain-lasting.ts";
import { TEST_DIFFICULTIES, testOutcome } from "../rules/tests.ts";
import type { Characteristic } from "../rules/catalogue.ts";
import type { AssistEffect, GroupTestResult } from "../rules/group-tests.ts";
import type { Tier } from "../rules/power-roll.ts";
import type { TestDifficulty, TestOutcome } from "../rules/tests.ts";

export const TEST_CARD_VERSION = 1;

/** A roll recorded on the card: what the GM computed from the roll message's dice. */
export interface TestCardResult {
  messageId: string;
  natural: number;
  total: number;
  tier: Tier;
  /** The outcome at the card's difficulty (group); null on an opposed card. */
  outcome: TestOutcome | null;
}

export interface TestCardAssist {
  actorUuid: string;
  name: string;
  messageId: string;
  outcome: TestOutcome;
  effect: AssistEffect;
}

export interface TestCardRoller {
  actorUuid: string;
  name: string;
  characteristic: Characteristic;
  result: TestCardResult | null;
  assist: TestCardAssist | null;
}

export interface TestCardState {
  version: number;
  mode: "group" | "opposed";
  /** The group test's difficulty; "" on an opposed card. */
  difficulty: TestDifficulty | "";
  rollers: TestCardRoller[];
  /** The collective result the GM awarded, once. */
  awarded: "" | "reward" | "consequence" | "none";
}

/** The most rollers a card takes (a party and then some). */
export const MAX_ROLLERS = 12;

export type CardProblem = "NotFound" | "AlreadyRolled" | "BadRoll" | "Participant" | "AssistTaken" | "Complete" | "NotComplete" | "Awarded";

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** The card state in a message's flags, or null when it is not one (or not one this version reads). */
export function readTestCard(flags: unknown): TestCardState | null {
  if (!isObject(flags)) return null;
  const s = flags;
  if (s.version !== TEST_CARD_VERSION || (s.mode !== "group" && s.mode !== "opposed") || !Array.isArray(s.rollers)) return null;
  if (s.rollers.length < 1 || s.rollers.length > MAX_ROLLERS) return null;
  if (s.mode === "group" && !TEST_DIFFICULTIES.includes(s.difficulty as TestDifficulty)) return null;
  if (s.mode === "opposed" && s.rollers.length !== 2) return null;
  for (const r of s.rollers) {
    if (!isObject(r) || typeof r.actorUuid !== "string" || typeof r.name !== "string") return null;
    if (!CHARACTERISTICS.includes(r.characteristic as Characteristic)) return null;
  }
  return s as unknown as TestCardState; // checked field by field above: the flags are the card's own JSON
}

/** What a power roll message holds that a card reads: its two d10 faces and its modifiers. */
export interface RecordedRoll {
  messageId: string;
  dice: [number, number];
  characteristic: number;
  edges: number;
  banes: number;
  bonuses: number;
  /**
   * Fate's tier on this roll (L2409 "automatically gets a tier 1 or tier 3 result on their next power
   * roll"): set only from the GM's record of next-roll grants (src/documents/recorded-rolls.ts), never
   * from what the roller's message says.
   */
  fated?: 1 | 3;
}

/** A recorded roll's result: the rules recompute it from the dice; Fate's tier, when the GM vouched for one, replaces the tier. */
export function resolveRecordedRoll(roll: RecordedRoll): ReturnType<typeof resolvePowerRoll> {
  const { dice, characteristic, edges, banes, bonuses } = roll;
  const r = resolvePowerRoll({ dice, characteristic, edges, banes, bonuses });
  return { ...r, tier: fatedTier(r.tier, { tier: roll.fated ?? null }) };
}
const resolved = resolveRecordedRoll;

/** The card's result for a roll: the rules recompute tier and natural, and the outcome at the card's difficulty. */
export function resultOf(state: TestCardState, roll: RecordedRoll): TestCardResult | null {
  try {
    const r = resolved(roll);
    const outcome = state.mode === "group" && state.difficulty
      ? testOutcome({ tier: r.tier, natural: r.natural, difficulty: state.difficulty }) : null;
    return { messageId: roll.messageId, natural: r.natural, total: r.total, tier: r.tier, outcome };
  } catch {
    return null;
  }
}

/** The roll messages a card already counts: one roll is one result or one assist, once. */
const usedMessages = (state: TestCardState) =>
  new Set(state.rollers.flatMap((r) => [r.result?.messageId, r.assist?.messageId]).filter(Boolean));

/** Record a roller's roll. Returns the new state, or why it cannot be recorded. */
export function recordRoll(state: TestCardState, actorUuid: string, roll: RecordedRoll): TestCardState | CardProblem {
  const i = state.rollers.findIndex((r) => r.actorUuid === actorUuid);
  if (i < 0) return "NotFound";
  if (state.rollers[i]!.result) return "AlreadyRolled";
  if (usedMessages(state).has(roll.messageId)) return "BadRoll";
  const result = resultOf(state, roll);
  if (!result) return "BadRoll";
  return { ...state, rollers: state.rollers.map((r, k) => (k === i ? { ...r, result } : r)) };
}

/**
 * Record an assist on a roller who has not rolled yet: an easy test (L6037) whose outcome gives the
 * assisted test an edge or a bonus (`assistEffect`). A participant cannot assist another (L6051),
 * and one roller takes one assist.
 */
export function recordAssist(
  state: TestCardState, targetUuid: string, helper: { actorUuid: string; name: string }, roll: RecordedRoll,
  table?: Parameters<typeof assistEffect>[1],
): TestCardState | CardProblem {
  const i = state.rollers.findIndex((r) => r.actorUuid === targetUuid);
  if (i < 0) return "NotFound";
  const target = state.rollers[i]!;
  if (target.result) return "AlreadyRolled";
  if (target.assist) return "AssistTaken";
  if (state.rollers.some((r) => r.actorUuid === helper.actorUuid)) return "Participant";
  if (usedMessages(state).has(roll.messageId)) return "BadRoll";
  let outcome: TestOutcome;
  try {
    const r = resolved(roll);
    outcome = testOutcome({ tier: r.tier, natural: r.natural, difficulty: "easy" });
  } catch {
    return "BadRoll";
  }
  const assist: TestCardAssist = {
    actorUuid: helper.actorUuid, name: helper.name, messageId: roll.messageId, outcome, effect: assistEffect(outcome, table),
  };
  return { ...state, rollers: state.rollers.map((r, k) => (k === i ? { ...r, assist } : r)) };
}

/** Where the card stands: every roller done; the group's result or the opposed winner. */
export interface TestCardSummary {
  complete: boolean;
  rolled: number;
  group: GroupTestResult | null;
  award: { heroTokens: number; villainPower: number } | null;
  /** Index of the opposed test's winner, -1 for a tie; null until both rolled or on a group card. */
  winner: number | null;
}

export function summarize(state: TestCardState): TestCardSummary {
  const rolled = state.rollers.filter((r) => r.result).length;
  const complete = rolled === state.rollers.length;
  if (state.mode === "opposed") {
    const [a, b] = state.rollers;
    const w = complete ? opposedWinner(a!.result!.total, b!.result!.total) : null;
    return { complete, rolled, group: null, award: null, winner: w === null ? null : w === "first" ? 0 : w === "second" ? 1 : -1 };
  }
  if (!complete) return { complete, rolled, group: null, award: null, winner: null };
  const group = groupTestOutcome(state.rollers.map((r) => r.result!.outcome!));
  return { complete, rolled, group, award: groupTestAward(group.collective, state.rollers.length), winner: null };
}

/** Mark the collective result awarded (once, when the group test is complete). */
export function markAwarded(state: TestCardState): TestCardState | CardProblem {
  if (state.mode !== "group") return "NotFound";
  if (state.awarded) return "Awarded";
  const summary = summarize(state);
  if (!summary.complete || !summary.group) return "NotComplete";
  return { ...state, awarded: summary.group.collective ?? "none" };
}

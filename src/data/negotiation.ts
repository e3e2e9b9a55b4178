/**
 * A negotiation in progress with one NPC (seed 004, L7345–7862), kept in that actor's flags and
 * written only by a GM's client (src/documents/negotiation.ts). Pure: plain data in, plain data (or
 * the reason for a refusal) out; every number comes from the rules core.
 *
 * A hero's argument lands in two steps: the hero rolls the test (Reason, Intuition or Presence with a
 * skill, with an edge when the NPC knows the hero's Renown, L7656–7658), and the Director, who knows
 * the NPC's motivations and pitfalls, says what the argument appealed to; the tables then move
 * interest and patience (`argumentEffect`, `applyArgument`). Arguments that need no test (a
 * motivation already used, a pitfall, a repeated argument) are judged without one.
 */
import { ATTITUDES } from "../rules/negotiation.ts";
import { NEGOTIATION_MAX, applyArgument, argumentEffect, argumentNeedsTest, negotiationOffer, npcResponse, startingNegotiation } from "../rules/negotiation-play.ts";
import type { Characteristic } from "../rules/catalogue.ts";
import type { Attitude } from "../rules/negotiation.ts";
import type { ArgumentKind, NegotiationOffer } from "../rules/negotiation-play.ts";
import type { Tier } from "../rules/power-roll.ts";
import type { RecordedRoll } from "./test-card.ts";
import { resolveRecordedRoll } from "./test-card.ts";
import { NEGOTIATION_VERSION } from "./negotiation-read.ts";

// What every world reads of a negotiation (the NPC's flag) is in negotiation-read.ts; the rest loads when one starts.
export { NEGOTIATION_VERSION, readNegotiation } from "./negotiation-read.ts";

/** The characteristics an argument's test may use (L7596, L7610). */
export const ARGUMENT_CHARACTERISTICS: readonly Characteristic[] = ["reason", "intuition", "presence"];

export interface ArgumentRoll {
  heroUuid: string;
  heroName: string;
  characteristic: Characteristic;
  skill: string;
  messageId: string;
  total: number;
  natural: number;
  tier: Tier;
}

export interface ArgumentEntry {
  heroName: string;
  kind: ArgumentKind;
  /** The motivation or pitfall it touched, if any. */
  subject: string;
  tier: Tier | null;
  caughtLying: boolean;
  delta: { interest: number; patience: number };
  interest: number;
  patience: number;
  response: "helped" | "new-approach" | "harmed";
}

export interface NegotiationState {
  version: number;
  attitude: Attitude;
  /** Heroes who speak the NPC's language (L7401). */
  language: number;
  interest: number;
  patience: number;
  impression: number;
  motivations: { id: string; used: boolean; discovered: boolean }[];
  pitfalls: { id: string; discovered: boolean }[];
  /** Whether players see interest and patience (L7405). */
  showStats: boolean;
  /** A hero's rolled argument waiting for the Director's judgement. */
  pending: ArgumentRoll | null;
  log: ArgumentEntry[];
  /**
   * The negotiation's end: the NPC's offer at its interest then. `closed` once the Director closed it
   * (the heroes accepted the offer or walked away), with or without a Victory.
   */
  ended: { offer: NegotiationOffer; interest: number; victory: boolean; closed: boolean } | null;
  startedAt: number;
}

export type NegotiationProblem = "Ended" | "Invalid" | "Pending" | "NoPending" | "NeedsTest" | "Unknown";

const MAX_LOG = 60;
const whole = (n: unknown, min: number, max: number, fallback: number) =>
  (typeof n === "number" && Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : fallback);

/**
 * A negotiation with an NPC of this attitude (L7561–7568), motivations and pitfalls from its stat
 * block. `start` replaces the attitude's interest and patience with the stat block's own ("can be
 * adjusted by the Director", L7559); the language bonus still applies.
 */
export function beginNegotiation(o: {
  attitude: Attitude; language?: number; impression?: number; motivations: readonly string[]; pitfalls: readonly string[];
  showStats?: boolean; startedAt?: number; start?: { interest: number; patience: number };
}): NegotiationState | NegotiationProblem {
  if (!ATTITUDES.includes(o.attitude)) return "Invalid";
  const language = whole(o.language, 0, 99, 0);
  const table = startingNegotiation(o.attitude, language);
  const bonus = table.patience - startingNegotiation(o.attitude).patience;
  const patience = (p: number) => Math.min(NEGOTIATION_MAX, whole(p, 1, NEGOTIATION_MAX, table.patience) + bonus);
  const start = o.start ? { interest: whole(o.start.interest, 1, 4, table.interest), patience: patience(o.start.patience) } : table;
  return {
    version: NEGOTIATION_VERSION, attitude: o.attitude, language, ...start,
    impression: whole(o.impression, 0, 99, 1),
    motivations: [...new Set(o.motivations)].map((id) => ({ id, used: false, discovered: false })),
    pitfalls: [...new Set(o.pitfalls)].map((id) => ({ id, discovered: false })),
    showStats: o.showStats ?? true, pending: null, log: [], ended: null, startedAt: whole(o.startedAt, 0, Number.MAX_SAFE_INTEGER, 0),
  };
}

/** A hero's rolled argument, waiting for the Director to judge it. */
export function recordArgumentRoll(
  state: NegotiationState, hero: { uuid: string; name: string }, o: { characteristic: Characteristic; skill: string; roll: RecordedRoll },
): NegotiationState | NegotiationProblem {
  if (state.ended) return "Ended";
  if (state.pending) return "Pending";
  if (!ARGUMENT_CHARACTERISTICS.includes(o.characteristic)) return "Invalid";
  try {
    // Fate's tier on the roll, when the GM's record vouched for one (L2409), replaces the dice's tier.
    const r = resolveRecordedRoll(o.roll);
    return {
      ...state,
      pending: {
        heroUuid: hero.uuid, heroName: hero.name, characteristic: o.characteristic, skill: o.skill, messageId: o.roll.messageId,
        total: r.total, natural: r.natural, tier: r.tier,
      },
    };
  } catch {
    return "Invalid";
  }
}

/** The Director drops a pending roll (the argument was not what it seemed, or was withdrawn). */
export function dropPending(state: NegotiationState): NegotiationState {
  return { ...state, pending: null };
}

/**
 * The Director judges an argument: what it appealed to (a motivation or pitfall by id, or none),
 * whether a lie was caught, and, for a hero with no roll, who made it. An appeal to a motivation
 * already used counts as reused (L7606); a test-needing argument uses the pending roll.
 */
export function judgeArgument(state: NegotiationState, o: {
  kind: ArgumentKind; subject?: string; caughtLying?: boolean; heroName?: string;
}): NegotiationState | NegotiationProblem {
  if (state.ended) return "Ended";
  let kind = o.kind;
  const subject = o.subject ?? "";
  const motivation = state.motivations.find((m) => m.id === subject);
  const pitfall = state.pitfalls.find((p) => p.id === subject);
  if (kind === "motivation" || kind === "reused-motivation") {
    if (!motivation) return "Unknown";
    if (motivation.used) kind = "reused-motivation";
  }
  if (kind === "pitfall" && !pitfall) return "Unknown";
  const pending = state.pending;
  if (argumentNeedsTest(kind) && !pending) return "NeedsTest";
  let effect;
  try {
    effect = argumentEffect({ kind, tier: pending?.tier ?? 1, natural: pending?.natural ?? 10, caughtLying: !!o.caughtLying });
  } catch {
    return "Invalid";
  }
  const after = applyArgument({ interest: state.interest, patience: state.patience }, effect);
  const entry: ArgumentEntry = {
    heroName: pending?.heroName ?? String(o.heroName ?? "").slice(0, 100), kind, subject,
    tier: argumentNeedsTest(kind) ? pending!.tier : null, caughtLying: !!o.caughtLying,
    delta: effect, interest: after.interest, patience: after.patience, response: npcResponse(effect),
  };
  // A motivation appealed to successfully is used up (L7411); one used in an argument is now known.
  const appealed = kind === "motivation" && effect.interest > 0 && !o.caughtLying;
  return {
    ...state,
    interest: after.interest,
    patience: after.patience,
    motivations: state.motivations.map((m) => (m.id === subject && (kind === "motivation" || kind === "reused-motivation")
      ? { ...m, used: m.used || appealed, discovered: true } : m)),
    pitfalls: state.pitfalls.map((p) => (p.id === subject && kind === "pitfall" ? { ...p, discovered: true } : p)),
    pending: argumentNeedsTest(kind) ? null : pending,
    log: [...state.log, entry].slice(-MAX_LOG),
    ended: after.ended ? { offer: negotiationOffer(after.interest), interest: after.interest, victory: false, closed: false } : null,
  };
}

/** The Director reveals (or hides again) a motivation or pitfall, as a discovery test or research found it. */
export function setDiscovered(state: NegotiationState, id: string, discovered: boolean): NegotiationState | NegotiationProblem {
  if (!state.motivations.some((m) => m.id === id) && !state.pitfalls.some((p) => p.id === id)) return "Unknown";
  return {
    ...state,
    motivations: state.motivations.map((m) => (m.id === id ? { ...m, discovered } : m)),
    pitfalls: state.pitfalls.map((p) => (p.id === id ? { ...p, discovered } : p)),
  };
}

/** The Director's other changes: whether players see the stats, or interest and patience set by hand. */
export function directNegotiation(
  state: NegotiationState, o: { showStats?: boolean; interest?: number; patience?: number },
): NegotiationState {
  return {
    ...state,
    showStats: o.showStats ?? state.showStats,
    interest: whole(o.interest, 0, NEGOTIATION_MAX, state.interest),
    patience: whole(o.patience, 0, NEGOTIATION_MAX, state.patience),
  };
}

/**
 * The heroes accept the offer or walk away (L7716–7720), or the NPC's final offer stands. The
 * Director may award a Victory for a negotiation overcome (L305); by default when the NPC said yes.
 */
export function closeNegotiation(state: NegotiationState, victory?: boolean): NegotiationState | NegotiationProblem {
  if (state.ended?.closed) return "Ended";
  const offer = state.ended?.offer ?? negotiationOffer(state.interest);
  return { ...state, pending: null, ended: { offer, interest: state.interest, victory: victory ?? state.interest >= 3, closed: true } };
}

/**
 * Draw Steel turn order (seed 004, L6742–6788): surprise, who goes first, sides alternating, the
 * back-to-back finish of a round, and the optional Agility-test initiative. Pure: the d10 and the
 * Agility tests come in as numbers.
 */

/** The two sides of every encounter (L6730–6734): the heroes and their allies, and the Director's. */
export type Side = "heroes" | "director";
export const SIDES: readonly Side[] = ["heroes", "director"];

export function otherSide(side: Side): Side {
  return side === "heroes" ? "director" : "heroes";
}

export interface SideMember {
  side: Side;
  surprised?: boolean;
}

/**
 * The side that goes first, decided without dice, or null when a d10 must be rolled (L6752–6754):
 * if every creature on one side is surprised (and the other side has a creature who is not), the
 * other side goes first. A side with no creatures at all lets the other go first.
 */
export function firstSideBySurprise(creatures: readonly SideMember[]): Side | null {
  const of = (side: Side) => creatures.filter((c) => c.side === side);
  const heroes = of("heroes");
  const director = of("director");
  if (heroes.length === 0 && director.length === 0) return null;
  if (heroes.length === 0) return "director";
  if (director.length === 0) return "heroes";
  const allSurprised = (list: SideMember[]) => list.every((c) => c.surprised === true);
  const heroesSurprised = allSurprised(heroes);
  const directorSurprised = allSurprised(director);
  if (heroesSurprised && !directorSurprised) return "director";
  if (directorSurprised && !heroesSurprised) return "heroes";
  return null;
}

/** The d10 roll for the first side (L6754): 6 or greater, the heroes; otherwise the Director's side. */
export function firstSideFromD10(face: number): Side {
  if (!Number.isInteger(face) || face < 1 || face > 10) throw new RangeError(`d10 face must be 1..10, got ${face}`);
  return face >= 6 ? "heroes" : "director";
}

/** Who goes first: by surprise when that decides it, else by the d10 (which is then required). */
export function decideFirstSide(creatures: readonly SideMember[], d10?: number): { side: Side; rolled: boolean } {
  const bySurprise = firstSideBySurprise(creatures);
  if (bySurprise) return { side: bySurprise, rolled: false };
  if (d10 === undefined) throw new RangeError("a d10 result is needed when surprise does not decide who goes first");
  return { side: firstSideFromD10(d10), rolled: true };
}

export interface RoundState {
  /** The side that went first in round 1; it goes first every round (L6770). */
  firstSide: Side;
  /** The side of the creature whose turn ended last this round, or null at the start of a round. */
  lastSide: Side | null;
  /** How many creatures of each side have not acted yet this round. */
  remaining: Record<Side, number>;
  /**
   * The side of a group of enemies part-way through its turns (L6782–6784): the Director picked
   * the group, so its members act one after another before the other side picks again.
   */
  groupInProgress?: Side | null;
}

/**
 * The side that picks the next creature to act (L6756–6768): the side that goes first opens the
 * round, then the sides alternate; when one side has nobody left to act, the other side's creatures
 * act back to back. Null when everyone has acted (the round is over).
 */
export function sideToAct({ firstSide, lastSide, remaining, groupInProgress = null }: RoundState): Side | null {
  for (const side of SIDES) {
    const n = remaining[side];
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`remaining.${side} must be a whole number of 0 or more, got ${n}`);
  }
  if (groupInProgress && remaining[groupInProgress] > 0) return groupInProgress;
  const preferred = lastSide ? otherSide(lastSide) : firstSide;
  if (remaining[preferred] > 0) return preferred;
  if (remaining[otherSide(preferred)] > 0) return otherSide(preferred);
  return null;
}

/** Why a creature may not start its turn now (a localisation key under SE.Combat.Refusal), or null if it may. */
export type TurnRefusal =
  "not-started" | "turn-in-progress" | "already-acted" | "other-side" | "not-next" | "defeated" | "group-in-progress" | "enemy-phase";

export interface TurnRequest {
  started: boolean;
  /** A creature's turn is in progress. */
  someoneActing: boolean;
  acted: boolean;
  defeated?: boolean;
  side: Side;
  sideToAct: Side | null;
  /** With the alternative initiative, the only creature of this side allowed to act next. */
  isNextInOrder?: boolean;
  /** False when a group is part-way through its turns and this creature is not in it. */
  inGroupInProgress?: boolean;
  /** An Echoes adversary takes no turn: it acts when the GM activates it after a character's turn (S0). */
  activatedInEnemyPhase?: boolean;
}

export function turnRefusal(r: TurnRequest): TurnRefusal | null {
  if (!r.started) return "not-started";
  if (r.activatedInEnemyPhase) return "enemy-phase";
  if (r.someoneActing) return "turn-in-progress";
  if (r.defeated) return "defeated";
  if (r.acted) return "already-acted";
  if (r.sideToAct !== r.side) return "other-side";
  if (r.inGroupInProgress === false) return "group-in-progress";
  if (r.isNextInOrder === false) return "not-next";
  return null;
}

/** One creature (or group of enemies) in the alternative initiative (L6776–6780). */
export interface InitiativeEntry {
  id: string;
  side: Side;
  /** The Agility test total. */
  result: number;
  /** Rerolls that break ties within a side, in order (higher wins). */
  tieBreaks?: readonly number[];
}

/**
 * The alternative initiative's order within each side (L6776–6780): highest Agility test first;
 * ties within a side are broken by rerolls (the first reroll that differs decides). Entries still
 * tied after every reroll keep their given order.
 */
export function initiativeOrder(entries: readonly InitiativeEntry[]): Record<Side, string[]> {
  const compare = (a: InitiativeEntry, b: InitiativeEntry) => {
    if (a.result !== b.result) return b.result - a.result;
    const ta = a.tieBreaks ?? [];
    const tb = b.tieBreaks ?? [];
    for (let i = 0; i < Math.max(ta.length, tb.length); i++) {
      const x = ta[i] ?? -Infinity;
      const y = tb[i] ?? -Infinity;
      if (x !== y) return y - x;
    }
    return 0;
  };
  const out: Record<Side, string[]> = { heroes: [], director: [] };
  for (const side of SIDES) out[side] = entries.filter((e) => e.side === side).sort(compare).map((e) => e.id);
  return out;
}

/** Ids of a side that are tied with another of the same side and need a reroll to be ordered. */
export function tiedWithinSide(entries: readonly InitiativeEntry[]): string[] {
  const key = (e: InitiativeEntry) => `${e.side}|${e.result}|${(e.tieBreaks ?? []).join(",")}`;
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(key(e), (counts.get(key(e)) ?? 0) + 1);
  return entries.filter((e) => counts.get(key(e))! > 1).map((e) => e.id);
}

/** With the alternative initiative, the next creature of a side: the first in order who has not acted. */
export function nextInOrder(order: readonly string[], acted: ReadonlySet<string>): string | null {
  return order.find((id) => !acted.has(id)) ?? null;
}

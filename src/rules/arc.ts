/**
 * Seed 002: the Action Resolution Check (S2:L111–159), the Reaction check (S2:L49–81), the order of
 * declarations (S2:L83–95) and load (S2:L33–47). Pure. The score-to-die table for the ES die is
 * missing from the seed: callers pass the die's roll (docs/rules-decisions.md "Seed 002").
 */

function whole(name: string, n: number, min = 0, max = Infinity): void {
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new RangeError(`${name} must be a whole number${max === Infinity ? ` of ${min} or more` : ` from ${min} to ${max}`}, got ${n}`);
  }
}

/**
 * The ES adjustment (S2:L117–123): the ES die's roll when it is at most the ES score, else the score
 * less the roll (ES 5 on a d8: +1 to +5, or −1 to −3).
 */
export function esAdjustment(es: number, roll: number): number {
  whole("es", es);
  whole("roll", roll, 1);
  return roll <= es ? roll : es - roll;
}

/** An ARC succeeds only when strictly higher than the threshold or the opposing ARC; a tie fails (S2:L129–143). */
export function arcSucceeds(arc: number, threshold: number): boolean {
  if (!Number.isFinite(arc) || !Number.isFinite(threshold)) throw new RangeError(`arc and threshold must be numbers, got ${arc} and ${threshold}`);
  return arc > threshold;
}

/** A Reaction check (S2:L49–81): 1d10 at most the State of Mind; SOM 10 always passes, SOM 1 only on a 1. */
export function reactionCheckPasses(som: number, roll: number): boolean {
  whole("som", som, 1, 10);
  whole("roll", roll, 1, 10);
  if (som === 10) return true;
  if (som === 1) return roll === 1;
  return roll <= som;
}

/**
 * The order of declarations (S2:L83–95): ascending State of Mind, ties by ascending Empathy, then
 * Perception, then the tiebreak roll. A new array; the list is left as it was.
 */
export function declarationOrder<T extends { som: number; empathy: number; perception: number; tiebreak: number }>(
  list: readonly T[],
): T[] {
  for (const c of list) {
    for (const k of ["som", "empathy", "perception", "tiebreak"] as const) {
      if (!Number.isFinite(c[k])) throw new RangeError(`${k} must be a number, got ${c[k]}`);
    }
  }
  return [...list].sort(declarationCompare);
}

/** The order of declarations as a comparison (S2:L83–87): negative when `a` declares before `b`. */
export function declarationCompare(
  a: { som: number; empathy: number; perception: number; tiebreak: number },
  b: { som: number; empathy: number; perception: number; tiebreak: number },
): number {
  return a.som - b.som || a.empathy - b.empathy || a.perception - b.perception || a.tiebreak - b.tiebreak;
}

/**
 * Whether a character declares (and so acts) this turn (S2:L89): one who is surprised does not in the
 * first turn, one who is unconscious does not while unconscious, and one whose failed Reaction check
 * lost this turn does not (S2:L59).
 */
export function declaresThisTurn(input: { turn: number; surprised?: boolean; unconscious?: boolean; lostTurn?: number | null }): boolean {
  whole("turn", input?.turn, 1);
  return !input.unconscious && !(input.surprised && input.turn === 1) && input.lostTurn !== input.turn;
}

/**
 * The turn a failed Reaction check loses (S2:L59, "you act from the following turn"): the current
 * one when the character still has its place in it to come, else (its place taken or passed) the next.
 */
export function turnLostTo(input: { turn: number; placeBehind: boolean }): number {
  whole("turn", input?.turn, 1);
  return input.placeBehind ? input.turn + 1 : input.turn;
}

/**
 * Load (S2:L33–47): LOADT is Build × 3 kg, and a character is Overloaded above three times that.
 * Build 1 carries nothing but clothing: both are 0.
 */
export function loadLimits(build: number): { loadT: number; overloadedAbove: number } {
  whole("build", build, 1);
  if (build === 1) return { loadT: 0, overloadedAbove: 0 };
  return { loadT: build * 3, overloadedAbove: build * 9 };
}

/**
 * How long conditions and other effects last (seed 004, L6618–6642): `(EoT)`, `(X resistance
 * ends)`, `(EoE)`, and the default "ends when the encounter is over if you want it to" (L6620,
 * L7259). Pure: the document layer stores a {@link DurationState} on each effect and asks these
 * functions what happens at the end of the affected creature's turns and at the end of combat.
 */
import type { ResistanceEndsOutcome } from "./resistance.ts";

/** "" is an effect with no printed duration (it lasts until removed or the encounter ends). */
export const DURATION_KINDS = ["", "EoT", "EoE", "resistance"] as const;
export type DurationKind = (typeof DURATION_KINDS)[number];

export function isDurationKind(value: unknown): value is DurationKind {
  return typeof value === "string" && (DURATION_KINDS as readonly string[]).includes(value);
}

export interface DurationState {
  kind: DurationKind;
  /**
   * How many more ends of the affected creature's turns the effect lasts; null when no turn end
   * ends it. EoT starts at 1, or 2 when imposed during the creature's own turn ("until the end of
   * their next turn", L6624); a tier 2 resistance roll sets it to 1 (L6632).
   */
  turnEndsLeft: number | null;
}

/** The state of a new effect; `duringOwnTurn` is true when it lands while the creature is acting. */
export function newDuration(kind: DurationKind, { duringOwnTurn = false }: { duringOwnTurn?: boolean } = {}): DurationState {
  if (!isDurationKind(kind)) throw new RangeError(`unknown duration "${String(kind)}"`);
  return { kind, turnEndsLeft: kind === "EoT" ? (duringOwnTurn ? 2 : 1) : null };
}

export type TurnEndStep =
  | { action: "end" }
  | { action: "keep"; duration: DurationState }
  /** A `(resistance ends)` effect: the creature makes a resistance roll now (L6626–6634). */
  | { action: "roll" };

/** What happens to an effect at the end of the affected creature's turn. */
export function atTurnEnd(d: DurationState): TurnEndStep {
  if (d.turnEndsLeft !== null) {
    if (!Number.isInteger(d.turnEndsLeft) || d.turnEndsLeft < 1) throw new RangeError(`turnEndsLeft must be 1 or more, got ${d.turnEndsLeft}`);
    if (d.turnEndsLeft === 1) return { action: "end" };
    return { action: "keep", duration: { ...d, turnEndsLeft: d.turnEndsLeft - 1 } };
  }
  if (d.kind === "resistance") return { action: "roll" };
  return { action: "keep", duration: d };
}

/**
 * The effect after a resistance roll (L6628–6634): it persists (and is rolled against again at the
 * end of the next turn), ends at the end of the creature's next turn (no more rolls), or ends now.
 */
export function afterResistanceRoll(d: DurationState, outcome: ResistanceEndsOutcome): DurationState | null {
  if (d.kind !== "resistance") throw new RangeError(`only a resistance-ends effect is rolled against, got "${d.kind}"`);
  switch (outcome) {
    case "persists": return d;
    case "ends-at-end-of-next-turn": return { ...d, turnEndsLeft: 1 };
    case "ends-now": return null;
    default: throw new RangeError(`unknown outcome "${String(outcome)}"`);
  }
}

/** States that do not end with the encounter, even if the creature wants (L7259). */
export const KEPT_AFTER_ENCOUNTER: readonly string[] = ["winded", "unconscious", "dying", "dead"];

/**
 * Whether an effect may end when the encounter is over (L6620, L7259): every effect and condition
 * imposed during combat may, if the creature wants, except winded, unconscious and dying (and
 * death, which nothing ends). EoE effects end with the encounter whatever the creature wants.
 */
export function encounterEnd(statusIds: readonly string[], kind: DurationKind): "ends" | "optional" | "kept" {
  if (statusIds.some((s) => KEPT_AFTER_ENCOUNTER.includes(s))) return "kept";
  return kind === "EoE" ? "ends" : "optional";
}

/** Surprised lasts until the end of the first round (L6748). */
export function surpriseEndsAfterRound(round: number): boolean {
  return round >= 1;
}

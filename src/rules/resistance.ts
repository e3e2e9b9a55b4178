/** Resistance rolls that end an effect, "(X resistance ends)" (seed 004, L6626–6634). */
import type { Tier } from "./power-roll.ts";

export type ResistanceEndsOutcome = "persists" | "ends-at-end-of-next-turn" | "ends-now";

const OUTCOMES: Record<Tier, ResistanceEndsOutcome> = {
  1: "persists",
  2: "ends-at-end-of-next-turn",
  3: "ends-now",
};

export function resistanceEndsOutcome(tier: Tier): ResistanceEndsOutcome {
  if (tier !== 1 && tier !== 2 && tier !== 3) throw new RangeError(`tier must be 1, 2 or 3, got ${tier}`);
  return OUTCOMES[tier];
}

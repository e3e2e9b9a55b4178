/** Resistance rolls that end an effect, "(X resistance ends)" (seed 004, L6626–6634). */
import type { Tier } from "./power-roll.ts";

/** Tier 1 the effect persists, tier 2 it ends at the end of the next turn, tier 3 it ends now. */
export type ResistanceEndsOutcome = "persists" | "ends-at-end-of-next-turn" | "ends-now";

const OUTCOMES: Record<Tier, ResistanceEndsOutcome> = {
  1: "persists",
  2: "ends-at-end-of-next-turn",
  3: "ends-now",
};

/** The result of a resistance roll to end an effect (L6626–6634); RangeError for a tier not 1..3. */
export function resistanceEndsOutcome(tier: Tier): ResistanceEndsOutcome {
  if (tier !== 1 && tier !== 2 && tier !== 3) throw new RangeError(`tier must be 1, 2 or 3, got ${tier}`);
  return OUTCOMES[tier];
}

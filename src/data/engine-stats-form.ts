/**
 * A combatant's engine stats after the tracker's dialog (src/applications/combat/engine-stats.ts):
 * seed 001's Winded and Shock follow the numbers typed. Pure; loaded with the combat tracker's UI, not
 * with every world's entry (issue 31).
 */
import { shockRounds, windedAfter } from "../rules/action-dice.ts";
import { readEngineStats } from "./engine-stats.ts";
import type { EngineStats } from "./engine-stats.ts";

/**
 * The stats after the dialog: the form's values, kept in range; Winded follows the Vigor (S1:L43);
 * ticking *In Shock* starts the countdown at the Stamina score (S1:L75), unticking ends it (stabilised
 * or healed), and a countdown under way is kept.
 */
export function statsAfterForm(before: EngineStats, form: Record<string, unknown>): EngineStats {
  const next: EngineStats = readEngineStats({ ...form, shockRounds: undefined, winded: undefined });
  if (next.vigor !== undefined && windedAfter(next.vigor, !!before.winded)) next.winded = true;
  if (form.inShock === true) next.shockRounds = before.shockRounds ?? shockRounds(next.stamina ?? 1);
  return next;
}


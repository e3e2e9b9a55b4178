/**
 * View-model of the dialog of a creature's numbers for the combat's engine (src/applications/combat/
 * engine-stats.ts): each engine's fields with their labels, values and ranges. Pure.
 */
import { STAT_LIMITS } from "../../data/engine-stats.ts";
import type { EngineStats } from "../../data/engine-stats.ts";
import { OPENING_STATES } from "../../rules/action-dice.ts";
import type { CombatEngine } from "../../settings/combat.ts";

type OrderedEngine = Exclude<CombatEngine, "drawSteel">;

/** The fields of each engine's dialog, in order: number fields with their range, then ticks. */
const FIELDS: Record<OrderedEngine, { numbers: string[]; checks: string[]; opening: boolean }> = {
  actionDice: { numbers: ["bonusDice", "actions", "stamina", "vigor", "vigorMax"], checks: ["wounded"], opening: true },
  arc: { numbers: ["som", "empathy", "perception"], checks: ["surprised", "unconscious"], opening: false },
  d12: { numbers: ["dex", "initiativeModifier"], checks: ["surprised"], opening: false },
};

/** The dialog's context: each field with its label, value and range (pure, for the template and tests). */
export function engineStatsContext(engine: OrderedEngine, stats: EngineStats) {
  const s = stats as Record<string, unknown>;
  const f = FIELDS[engine];
  return {
    numbers: f.numbers.map((name) => ({
      name, labelKey: `SE.Combat.Stat.${name}`, value: typeof s[name] === "number" ? s[name] : "", min: STAT_LIMITS[name]![0], max: STAT_LIMITS[name]![1],
    })),
    checks: f.checks.map((name) => ({ name, labelKey: `SE.Combat.Stat.${name}`, checked: s[name] === true })),
    opening: f.opening ? OPENING_STATES.map((value) => ({ value, labelKey: `SE.Combat.Note.Opening.${value}`, selected: (stats.opening ?? "none") === value })) : null,
    shock: engine === "actionDice" ? { checked: stats.shockRounds !== undefined, rounds: stats.shockRounds ?? null } : null,
  };
}

/**
 * The dialog of a creature's numbers for the combat's engine (src/documents/engine-combat.ts): Vigor,
 * Stamina, bonus dice, Shock for seed 001; State of Mind, Empathy, Perception for seed 002; DEX for
 * seed 003; surprise for all. Opened from the tracker by the creature's owner or the Director; it
 * writes the combatant's own flags (and, for seed 002, its initiative, the SOM), which Foundry lets
 * an actor's owners change (v13 BaseCombatant `#canUpdate`). The Director's client reads them back
 * only through `readEngineStats`.
 */
import type { SteelEchoesCombat, SteelEchoesCombatant } from "../../documents/combat.ts";
import { isOrderedEngine, STAT_LIMITS, statsAfterForm, storedStats } from "../../documents/engine-combat.ts";
import type { EngineStats, OrderedEngine } from "../../documents/engine-combat.ts";
import { updateDocument } from "../../documents/update.ts";
import { OPENING_STATES } from "../../rules/index.ts";
import { FLAG_SCOPE, templatePath } from "../../constants.ts";
import { renderCard } from "../../dice/render.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "../dialogs/form-dialog.ts";

export const ENGINE_STATS_TEMPLATE = templatePath("combat/engine-stats.hbs");

/** The fields of each engine's dialog, in order: number fields with their range, then ticks. */
const FIELDS: Record<OrderedEngine, { numbers: string[]; checks: string[]; opening: boolean }> = {
  actionDice: { numbers: ["bonusDice", "actions", "stamina", "vigor", "vigorMax"], checks: ["wounded", "surprised"], opening: true },
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

/** Ask for the creature's numbers and store them on its combatant. */
export async function openEngineStats(combat: SteelEchoesCombat, combatant: SteelEchoesCombatant): Promise<boolean> {
  const engine = combat.engine;
  if (!isOrderedEngine(engine) || !combatant.isOwner) return false;
  const before = combatant.engineStats;
  const content = await renderCard(ENGINE_STATS_TEMPLATE, engineStatsContext(engine, before));
  const form = await formDialog(foundryI18n.format("SE.Combat.StatsTitle", { name: combatant.name ?? "" }), content, 360, "SE.Combat.SaveStats");
  if (!form) return false;
  const next = statsAfterForm(before, form);
  await updateDocument(combatant, {
    [`flags.${FLAG_SCOPE}.stats`]: storedStats(next),
    // Seed 002's order is the State of Mind: Foundry's own initiative column shows it too.
    ...(engine === "arc" ? { initiative: next.som ?? null } : {}),
  });
  return true;
}

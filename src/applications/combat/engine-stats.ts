/**
 * The dialog of a creature's numbers for the combat's engine (src/documents/engine-combat.ts): Vigor,
 * Stamina, bonus dice, Shock for seed 001; State of Mind, Empathy, Perception for seed 002; DEX for
 * seed 003; surprise for all. Opened from the tracker by the creature's owner or the Director; it
 * writes the combatant's own flags (and, for seed 002, its initiative, the SOM), which Foundry lets
 * an actor's owners change (v13 BaseCombatant `#canUpdate`). The Director's client reads them back
 * only through `readEngineStats`.
 */
import type { SteelEchoesCombat, SteelEchoesCombatant } from "../../documents/combat.ts";
import { isOrderedEngine } from "../../documents/engine-combat.ts";
import { storedStats } from "../../data/engine-stats.ts";
import { statsAfterForm } from "../../data/engine-stats-form.ts";
import { updateDocument } from "../../documents/update.ts";
import { engineStatsContext } from "../view-models/engine-stats.ts";
import { FLAG_SCOPE, templatePath } from "../../constants.ts";
import { renderCard } from "../../dice/render.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "../dialogs/form-dialog.ts";

export const ENGINE_STATS_TEMPLATE = templatePath("combat/engine-stats.hbs");

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

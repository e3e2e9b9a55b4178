/**
 * The GM ends the encounter: a dialog awards Victories to the heroes present and lists the effects
 * that end (EoE always; the others ticked, to untick what a creature keeps), then the combat ends.
 */
import type { SteelEchoesCombat } from "../../documents/combat.ts";
import { endEncounterContext } from "../view-models/end-encounter.ts";
import { templatePath } from "../../constants.ts";
import { renderCard } from "../../dice/render.ts";

export async function openEndEncounterDialog(combat: SteelEchoesCombat): Promise<boolean> {
  const heroes = [...new Set([...combat.combatants].filter((c) => c.actor?.type === "hero").map((c) => c.actor!.name))];
  const effects = combat.endingEffects();
  const rows = effects.map(({ key, actorName, label, mandatory }) => ({ key, actorName, label, mandatory }));
  const context = endEncounterContext(heroes, rows);
  const content = await renderCard(templatePath("combat/end-encounter.hbs"), context);
  const result = await foundry.applications.api.DialogV2.prompt({
    window: { title: game.i18n!.localize("SE.EndEncounter.Title") },
    content,
    ok: {
      label: game.i18n!.localize("SE.EndEncounter.Confirm"),
      callback: (_event: Event, button: HTMLButtonElement) => {
        const form = button.form!;
        const victories = Number((form.elements.namedItem("victories") as HTMLSelectElement).value);
        const ends = [...form.querySelectorAll<HTMLInputElement>('input[name="end"]:checked')].map((i) => i.value);
        return { victories, ends };
      },
    },
    rejectClose: false,
  }) as { victories: number; ends: string[] } | null;
  if (!result) return false;
  await combat.finishEncounter({ victories: result.victories, endEffects: new Set(result.ends) });
  return true;
}

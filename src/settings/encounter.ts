/**
 * The encounter budget's numbers as a world setting (hidden from the settings form: the Director
 * edits them in the encounter builder, src/applications/encounter/). The defaults are the project's
 * proposal (src/rules/encounter-budget.ts, docs/rules-decisions.md "Encounter budget"); a stored
 * value that fails the rules' check reads as the defaults, so a bad edit never breaks the builder.
 */
import { SYSTEM_ID } from "../constants.ts";
import { DEFAULT_ENCOUNTER_BUDGET_RULES, checkEncounterBudgetRules } from "../rules/encounter-budget.ts";
import type { EncounterBudgetRules } from "../rules/encounter-budget.ts";

export const ENCOUNTER_BUDGET_SETTING = "encounterBudget";

declare global {
  interface SettingConfig {
    "steel-echoes.encounterBudget": Record<string, unknown>;
  }
}

export function registerEncounterSettings(): void {
  game.settings!.register(SYSTEM_ID, ENCOUNTER_BUDGET_SETTING, {
    name: "SE.Encounter.Rules.Title",
    scope: "world",
    config: false,
    type: Object,
    // Type escape: a world setting's value is typed as a plain record; the budget rules are one, checked when read.
    default: structuredClone(DEFAULT_ENCOUNTER_BUDGET_RULES) as unknown as Record<string, unknown>,
  });
}

/** The world's budget rules: the stored ones when they pass the check, else the defaults (also before the setting exists). */
export function encounterBudgetRules(): EncounterBudgetRules {
  const stored = game.settings?.settings?.has(`${SYSTEM_ID}.${ENCOUNTER_BUDGET_SETTING}`) ? game.settings.get(SYSTEM_ID, ENCOUNTER_BUDGET_SETTING) : null;
  const checked = checkEncounterBudgetRules(stored);
  return "rules" in checked ? checked.rules : structuredClone(DEFAULT_ENCOUNTER_BUDGET_RULES);
}

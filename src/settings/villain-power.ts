/**
 * The world settings of Villain Power each round (issue 33; the rule is src/rules/combat-resources.ts
 * `villainPowerAtRoundStart`, our proposal, docs/rules-decisions.md): which rule, and the fixed
 * number. Registered with the combat settings at init.
 */
import { SYSTEM_ID } from "../constants.ts";
import { VILLAIN_POWER_FIXED_MAX, VILLAIN_POWER_RULES, isVillainPowerRule } from "../rules/combat-resources.ts";
import type { VillainPowerRule } from "../rules/combat-resources.ts";

declare global {
  interface SettingConfig {
    "steel-echoes.villainPowerRule": VillainPowerRule;
    "steel-echoes.villainPowerFixed": number;
  }
}

export function registerVillainPowerSettings(): void {
  game.settings!.register(SYSTEM_ID, "villainPowerRule", {
    name: "SE.RoundTools.Setting.VillainPowerRule.Name",
    hint: "SE.RoundTools.Setting.VillainPowerRule.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: Object.fromEntries(VILLAIN_POWER_RULES.map((r) => [r, `SE.RoundTools.Setting.VillainPowerRule.${r}`])) as Record<VillainPowerRule, string>,
    default: "heroes",
  });
  game.settings!.register(SYSTEM_ID, "villainPowerFixed", {
    name: "SE.RoundTools.Setting.VillainPowerFixed.Name",
    hint: "SE.RoundTools.Setting.VillainPowerFixed.Hint",
    scope: "world",
    config: true,
    type: Number,
    default: 2,
    range: { min: 0, max: VILLAIN_POWER_FIXED_MAX, step: 1 },
  });
}

/** The world's rule and fixed number; anything stored that is not one reads as the default. */
export function villainPowerSettings(): { rule: VillainPowerRule; fixed: number } {
  const registered = game.settings?.settings;
  const rule: unknown = registered?.has("steel-echoes.villainPowerRule") ? game.settings!.get(SYSTEM_ID, "villainPowerRule") : "heroes";
  const fixed: unknown = registered?.has("steel-echoes.villainPowerFixed") ? game.settings!.get(SYSTEM_ID, "villainPowerFixed") : 2;
  return {
    rule: isVillainPowerRule(rule) ? rule : "heroes",
    fixed: typeof fixed === "number" && Number.isInteger(fixed) && fixed >= 0 && fixed <= VILLAIN_POWER_FIXED_MAX ? fixed : 2,
  };
}

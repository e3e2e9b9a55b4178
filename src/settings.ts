/** World settings of the system. Registered from index.ts at init. */
import type { HarmonyOutcomeRule } from "./rules/index.ts";

export const SYSTEM_ID = "steel-echoes";

declare global {
  interface SettingConfig {
    "steel-echoes.harmonyOutcomeRule": HarmonyOutcomeRule;
  }
}

export function registerSettings(): void {
  game.settings!.register(SYSTEM_ID, "harmonyOutcomeRule", {
    name: "SE.Setting.HarmonyOutcomeRule.Name",
    hint: "SE.Setting.HarmonyOutcomeRule.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: {
      "matched-digits": "SE.Setting.HarmonyOutcomeRule.MatchedDigits",
      "pass-fail": "SE.Setting.HarmonyOutcomeRule.PassFail",
    },
    default: "matched-digits",
  });
}

export function harmonyOutcomeRule(): HarmonyOutcomeRule {
  return game.settings!.get(SYSTEM_ID, "harmonyOutcomeRule");
}

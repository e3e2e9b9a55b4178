/** World settings of the system. Registered from index.ts at init. */
import type { AdvancementSpeed, HarmonyOutcomeRule } from "../rules/index.ts";
import { SYSTEM_ID } from "../constants.ts";

export { SYSTEM_ID };

declare global {
  interface SettingConfig {
    "steel-echoes.harmonyOutcomeRule": HarmonyOutcomeRule;
    "steel-echoes.advancementSpeed": AdvancementSpeed;
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
  game.settings!.register(SYSTEM_ID, "advancementSpeed", {
    name: "SE.Setting.AdvancementSpeed.Name",
    hint: "SE.Setting.AdvancementSpeed.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: {
      normal: "SE.Setting.AdvancementSpeed.Normal",
      double: "SE.Setting.AdvancementSpeed.Double",
      half: "SE.Setting.AdvancementSpeed.Half",
    },
    default: "normal",
    onChange: () => {
      for (const actor of game.actors ?? []) if (actor.type === "hero") actor.reset();
    },
  });
}

/** The world's XP advancement speed; "normal" before the settings exist (e.g. during tests). */
export function advancementSpeed(): AdvancementSpeed {
  return game.settings?.settings?.has(`${SYSTEM_ID}.advancementSpeed`) ? game.settings.get(SYSTEM_ID, "advancementSpeed") : "normal";
}

export function harmonyOutcomeRule(): HarmonyOutcomeRule {
  return game.settings!.get(SYSTEM_ID, "harmonyOutcomeRule");
}

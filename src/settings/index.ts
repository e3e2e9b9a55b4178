/** World settings of the system. Registered from index.ts at init. */
import type { ASSIST_TABLES } from "../rules/group-tests.ts";
import type { AdvancementMode } from "../rules/advancement.ts";
import type { HarmonyOutcomeRule } from "../rules/harmony.ts";
import type { AdvancementSpeed } from "../rules/progression.ts";
import { SETTINGS, SYSTEM_ID } from "../constants.ts";

export { SYSTEM_ID };

declare global {
  interface SettingConfig {
    "steel-echoes.harmonyOutcomeRule": HarmonyOutcomeRule;
    "steel-echoes.advancementSpeed": AdvancementMode;
    "steel-echoes.assistTable": keyof typeof ASSIST_TABLES;
    "steel-echoes.areaRegions": boolean;
    "steel-echoes.complications": boolean;
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
      // Milestone and "Director says so" (L620, L626): XP no longer levels; the Director does.
      milestone: "SE.Setting.AdvancementSpeed.Milestone",
    },
    default: "normal",
    onChange: () => {
      for (const actor of game.actors ?? []) if (actor.type === "hero") actor.reset();
    },
  });
  game.settings!.register(SYSTEM_ID, SETTINGS.assistTable, {
    name: "SE.Setting.AssistTable.Name",
    hint: "SE.Setting.AssistTable.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: { edges: "SE.Setting.AssistTable.Edges", bonuses: "SE.Setting.AssistTable.Bonuses" },
    default: "edges",
  });
  game.settings!.register(SYSTEM_ID, "areaRegions", {
    name: "SE.Setting.AreaRegions.Name",
    hint: "SE.Setting.AreaRegions.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  // Complications are optional (L549): the Director says whether the hero builder offers them (issue 32).
  game.settings!.register(SYSTEM_ID, "complications", {
    name: "SE.Builder.Setting.Name",
    hint: "SE.Builder.Setting.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
}

/** Whether using a burst or an aura places its area on the map as a Region (true before the settings exist). */
export function areaRegionsOn(): boolean {
  return !game.settings?.settings?.has(`${SYSTEM_ID}.areaRegions`) || game.settings.get(SYSTEM_ID, "areaRegions") !== false;
}

/** How the world's heroes advance (an XP speed, or milestone); "normal" before the settings exist (e.g. during tests). */
export function advancementMode(): AdvancementMode {
  return game.settings?.settings?.has(`${SYSTEM_ID}.advancementSpeed`) ? game.settings.get(SYSTEM_ID, "advancementSpeed") : "normal";
}

/** The world's XP advancement speed, for reading XP: a milestone world reads it at the normal speed. */
export function advancementSpeed(): AdvancementSpeed {
  const mode = advancementMode();
  return mode === "milestone" ? "normal" : mode;
}

export function harmonyOutcomeRule(): HarmonyOutcomeRule {
  return game.settings!.get(SYSTEM_ID, "harmonyOutcomeRule");
}

/** Whether heroes of this world take complications (the builder's step; true before the settings exist). */
export function complicationsOn(): boolean {
  return !game.settings?.settings?.has(`${SYSTEM_ID}.complications`) || game.settings.get(SYSTEM_ID, "complications") !== false;
}

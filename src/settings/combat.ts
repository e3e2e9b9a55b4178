/** World settings of combat: the alternative initiative and the two pools. Registered from index.ts at init. */
import { registerPoolSettings } from "./pools.ts";
import { SYSTEM_ID } from "../constants.ts";

declare global {
  interface SettingConfig {
    "steel-echoes.alternativeInitiative": boolean;
  }
}

export function registerCombatSettings(): void {
  game.settings!.register(SYSTEM_ID, "alternativeInitiative", {
    name: "SE.Setting.AlternativeInitiative.Name",
    hint: "SE.Setting.AlternativeInitiative.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
    onChange: () => ui.combat?.render(),
  });
  registerPoolSettings();
}

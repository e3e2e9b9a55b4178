/**
 * World settings of combat: the alternative initiative, the engine new combats play by, and the two
 * pools. Registered from index.ts at init.
 */
import { registerPoolSettings } from "./pools.ts";
import { registerVillainPowerSettings } from "./villain-power.ts";
import { gameEnabled } from "./games.ts";
import type { GameId } from "./games.ts";
import { SYSTEM_ID } from "../constants.ts";

/**
 * The engines a combat can play by (src/documents/engine-combat.ts): Draw Steel's sides (where
 * Echoes plays too), or an order by initiative for seeds 001, 002 and 003.
 */
export const COMBAT_ENGINES = ["drawSteel", "actionDice", "arc", "d12"] as const;
export type CombatEngine = (typeof COMBAT_ENGINES)[number];

/** The world setting that names the engine of new combats. */
export const COMBAT_ENGINE_SETTING = "combatEngine";

/** The game each engine belongs to. */
const ENGINE_GAME: Record<CombatEngine, GameId> = { drawSteel: "drawSteel", actionDice: "actionDice", arc: "arc", d12: "d12" };

declare global {
  interface SettingConfig {
    "steel-echoes.alternativeInitiative": boolean;
    "steel-echoes.combatEngine": CombatEngine;
  }
}

export function isCombatEngine(value: unknown): value is CombatEngine {
  return typeof value === "string" && (COMBAT_ENGINES as readonly string[]).includes(value);
}

/** The engines a combat may play by in this world: Draw Steel's (always), and those of the games in play. */
export function availableEngines(): CombatEngine[] {
  return COMBAT_ENGINES.filter((e) => e === "drawSteel" || gameEnabled(ENGINE_GAME[e]));
}

/** The engine of new combats: the world's setting, when its game is in play; else Draw Steel's. */
export function defaultCombatEngine(): CombatEngine {
  const registered = game.settings?.settings?.has(`${SYSTEM_ID}.${COMBAT_ENGINE_SETTING}`);
  const value: unknown = registered ? game.settings!.get(SYSTEM_ID, COMBAT_ENGINE_SETTING) : "drawSteel";
  return isCombatEngine(value) && availableEngines().includes(value) ? value : "drawSteel";
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
  game.settings!.register(SYSTEM_ID, COMBAT_ENGINE_SETTING, {
    name: "SE.Setting.CombatEngine.Name",
    hint: "SE.Setting.CombatEngine.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: Object.fromEntries(COMBAT_ENGINES.map((e) => [e, `SE.Combat.Engine.${e}`])) as Record<CombatEngine, string>,
    default: "drawSteel",
    onChange: () => ui.combat?.render(),
  });
  registerPoolSettings();
  registerVillainPowerSettings();
}

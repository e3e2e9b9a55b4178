/**
 * Which games a world plays (one world setting each, shown in the settings form, all on by default):
 * Draw Steel, Echoes and the three other engines. A game switched off keeps its data and documents;
 * its chat commands answer that it is off, `/help` leaves it out, and the pools panel shows only the
 * pools of the games in play, the create dialogs of actors and items offer only its types
 * (`creatableTypes`), and the compendium sidebar leaves out its packs (`packsOfGamesOff`). A game
 * switched on loads its chunk at start (src/games/loader.ts), so a change asks for a reload.
 */
import { HOOKS, SYSTEM_ID } from "../constants.ts";

export const GAMES = ["drawSteel", "echoes", "actionDice", "arc", "d12"] as const;
export type GameId = (typeof GAMES)[number];

const KEYS = {
  drawSteel: "gameDrawSteel", echoes: "gameEchoes", actionDice: "gameActionDice", arc: "gameArc", d12: "gameD12",
} as const satisfies Record<GameId, string>;
const key = (which: GameId) => KEYS[which];

declare global {
  interface SettingConfig {
    "steel-echoes.gameDrawSteel": boolean;
    "steel-echoes.gameEchoes": boolean;
    "steel-echoes.gameActionDice": boolean;
    "steel-echoes.gameArc": boolean;
    "steel-echoes.gameD12": boolean;
    "steel-echoes.victorySumAtEqual": boolean;
  }
}

/** Seed 001's gap (S1:L28): whether a total equal to a victory sum meets it (docs/rules-decisions.md). */
export const VICTORY_SUM_AT_EQUAL = "victorySumAtEqual";

export function registerGameSettings(): void {
  game.settings!.register(SYSTEM_ID, VICTORY_SUM_AT_EQUAL, {
    name: "SE.Setting.VictorySumAtEqual.Name",
    hint: "SE.Setting.VictorySumAtEqual.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  for (const which of GAMES) {
    game.settings!.register(SYSTEM_ID, key(which), {
      name: `SE.Setting.Game.${which}`,
      hint: "SE.Setting.Game.Hint",
      scope: "world",
      config: true,
      type: Boolean,
      default: true,
      // Each client loads the chunks of the games the world plays once, in `init` (src/games/loader.ts):
      // a change takes effect on reload, which Foundry asks for once the form is saved.
      requiresReload: true,
      onChange: () => {
        (Hooks.callAll as (hook: string) => boolean)(HOOKS.poolsChanged);
        // The compendium sidebar shows the packs of the games in play.
        void ui.compendium?.render?.();
      },
    });
  }
}

/** Whether a total equal to a seed 001 victory sum meets it (false before the setting exists). */
export function victorySumAtEqual(): boolean {
  return game.settings?.settings?.has(`${SYSTEM_ID}.${VICTORY_SUM_AT_EQUAL}`) ? game.settings!.get(SYSTEM_ID, VICTORY_SUM_AT_EQUAL) === true : false;
}

/** Whether the world plays `game` (true before the settings exist). */
export function gameEnabled(which: GameId): boolean {
  const registered = game.settings?.settings?.has(`${SYSTEM_ID}.${key(which)}`);
  return !registered || game.settings!.get(SYSTEM_ID, key(which)) !== false;
}

/** The game each actor and item type belongs to (the other engines have no documents of their own). */
const TYPE_GAME: Record<"Actor" | "Item", Record<string, GameId>> = {
  Actor: { hero: "drawSteel", monster: "drawSteel", echoes: "echoes", echoesAdversary: "echoes", party: "drawSteel" },
  Item: {
    ancestry: "drawSteel", culture: "drawSteel", career: "drawSteel", class: "drawSteel", kit: "drawSteel", ability: "drawSteel",
    feature: "drawSteel", complication: "drawSteel", condition: "drawSteel", echoesWeapon: "echoes", echoesAbility: "echoes",
  },
};

/**
 * The sub-types a create dialog offers: those of the games the world plays, or null for no
 * restriction (every game with documents is on, or none is, which would leave an empty list).
 */
export function creatableTypes(documentName: "Actor" | "Item", types: readonly string[]): string[] | null {
  const offered = types.filter((t) => {
    const which = TYPE_GAME[documentName][t];
    return !which || gameEnabled(which);
  });
  return offered.length === types.length || offered.length === 0 ? null : offered;
}

/** The game of each of the system's compendium packs (the EDGE deck is the 2d12 engine's, the rest Draw Steel's). */
const PACK_GAME: Record<string, GameId> = {
  abilities: "drawSteel", monsters: "drawSteel", classes: "drawSteel", ancestries: "drawSteel", kits: "drawSteel",
  cultures: "drawSteel", careers: "drawSteel", complications: "drawSteel", conditions: "drawSteel", rules: "drawSteel",
  "edge-cards": "d12",
};

/** The system's packs (their names in system.json) that belong to a game the world does not play. */
export function packsOfGamesOff(): string[] {
  return Object.entries(PACK_GAME).filter(([, which]) => !gameEnabled(which)).map(([name]) => name);
}

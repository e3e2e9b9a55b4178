/**
 * Which games' code a world loads, and when (issue 31; docs/architecture.md, "Loading").
 *
 * The entry module (dist/steel-echoes.mjs) holds registration, the rules core and Draw Steel, and of
 * the other games their settings. Everything else of a game is a chunk of its own here, loaded with
 * `import()`, including what Foundry needs while it builds the world's documents: its Roll classes
 * (`ChatMessage#prepareDerivedData` rebuilds each roll by class name through `Roll.fromData`,
 * client/dice/roll.mjs, and drops one whose class is missing) and its data models (`TypeDataField#initialize`,
 * common/data/fields.mjs, gives a plain object without one). So a chunk loads:
 *
 * - for the games the world plays, or whose documents, rolls or combats it holds, from `init`, before
 *   Foundry builds the documents (`gatePlayedGames`);
 * - for a game switched off, on demand: a macro or command of that game loads it (`loadGame`, `ensureGame`).
 */
import { FLAG_SCOPE, SYSTEM_ID } from "../constants.ts";
import { gameEnabled } from "../settings/games.ts";
import type { GameId } from "../settings/games.ts";

/** What a game's chunk exports: `register()` adds its sheets, hooks and relays (once). */
export interface GameChunk {
  register(): void;
  TEMPLATES: string[];
}

/** The games with a chunk, and how each is loaded (vite.config.ts names the chunk after the file). */
export const GAME_CHUNKS = {
  echoes: () => import("./echoes.ts"),
  actionDice: () => import("./action-dice.ts"),
  arc: () => import("./arc.ts"),
  d12: () => import("./d12.ts"),
} as const satisfies Partial<Record<GameId, () => Promise<GameChunk>>>;
export type ChunkedGame = keyof typeof GAME_CHUNKS;

/**
 * Each game's rules for `steelEchoes.rules`, loaded with `import()`: what the entry itself uses of them
 * (the rolls' totals, the data models' derived values, Draw Steel's workflow) is in the entry anyway,
 * the rest only comes when the game's rules are asked for. Draw Steel's (src/rules/core.ts: Draw Steel's
 * and the shared ones) load when `ready` fires in every world (src/index.ts), so that the rules only
 * macros, the builders and the browser use (compendium filters, encounter budget, hero building) are
 * not loaded before `ready` (issue 31); a played game's load before `ready` (`gatePlayedGames`).
 * Seed 000's Harmony check belongs to Echoes.
 */
export const GAME_RULES = {
  drawSteel: () => import("../rules/core.ts"),
  echoes: async () => ({ ...(await import("../rules/harmony.ts")), ...(await import("../rules/echoes.ts")) }),
  actionDice: () => import("../rules/action-dice.ts"),
  arc: () => import("../rules/arc.ts"),
  d12: () => import("../rules/d12.ts"),
} as const satisfies Record<GameId, () => Promise<object>>;
export type RulesGame = keyof typeof GAME_RULES;
type GameRules = { [G in RulesGame]: Awaited<ReturnType<(typeof GAME_RULES)[G]>> };

/** Where a game's rules go once loaded: `steelEchoes.rules` (src/api.ts sets it). */
let rulesHome: object | null = null;

/** Name the object the games' rules join as they load (src/api.ts: `steelEchoes.rules`). */
export function setRulesHome(home: object): void {
  rulesHome = home;
}

/**
 * Load a game's rules and add them to `steelEchoes.rules` (once per client; later calls get the same
 * promise). A failed load is tried again by the next call.
 */
export function loadGameRules<G extends RulesGame>(which: G): Promise<GameRules[G]> {
  let promise = rulesLoading.get(which);
  if (!promise) {
    promise = GAME_RULES[which]().then((rules: object) => {
      if (rulesHome) Object.assign(rulesHome, rules);
      return rules;
    }, (err: unknown) => {
      rulesLoading.delete(which);
      throw err;
    });
    rulesLoading.set(which, promise);
  }
  return promise as Promise<GameRules[G]>;
}
const rulesLoading = new Map<RulesGame, Promise<object>>();

/** The games the world plays whose rules load before `ready`: all but Draw Steel's, which load at `ready` (read in `init`). */
export function playedRulesGames(): RulesGame[] {
  return (Object.keys(GAME_RULES) as RulesGame[]).filter((which) => which !== "drawSteel" && gameEnabled(which));
}

const loading = new Map<ChunkedGame, Promise<GameChunk>>();
const registered = new Set<ChunkedGame>();

/** Load a game's chunk and register it, once per client; later calls get the same promise. */
export function loadGame<G extends ChunkedGame>(which: G): Promise<Awaited<ReturnType<(typeof GAME_CHUNKS)[G]>>> {
  let promise = loading.get(which);
  if (!promise) {
    // A game's chunk brings its rules onto `steelEchoes.rules` with it.
    promise = Promise.all([GAME_CHUNKS[which](), loadGameRules(which)]).then(([chunk]: [GameChunk, unknown]) => {
      chunk.register();
      registered.add(which);
      return chunk;
    }, (err: unknown) => {
      // A chunk that failed (a dropped request) is fetched again by the next call.
      loading.delete(which);
      throw err;
    });
    loading.set(which, promise);
  }
  return promise as Promise<Awaited<ReturnType<(typeof GAME_CHUNKS)[G]>>>;
}

/** Whether a game's chunk has loaded and registered on this client (the `setup` check and the tests read it). */
export function gameRegistered(which: ChunkedGame): boolean {
  return registered.has(which);
}

/** The games whose chunks have registered on this client, in the order they did (`steelEchoes.games.registered()`). */
export function registeredGames(): ChunkedGame[] {
  return [...registered];
}

/** The games the world plays that have a chunk (read in `init`, once the game settings are registered). */
export function playedChunkedGames(): ChunkedGame[] {
  return (Object.keys(GAME_CHUNKS) as ChunkedGame[]).filter((which) => gameEnabled(which));
}

/**
 * What marks a world's data as holding a game's documents, rolls or combats (system.json lists the
 * types; a combat names its engine in its flags, src/documents/engine-combat.ts `engineOfFlags`).
 */
interface HeldMarks { actors: readonly string[]; items: readonly string[]; rolls: readonly string[]; engine: string | null }
const HELD_BY = {
  echoes: { actors: ["echoes", "echoesAdversary"], items: ["echoesWeapon", "echoesAbility"], rolls: ["HarmonyRoll"], engine: null },
  actionDice: { actors: [], items: [], rolls: ["ActionRoll"], engine: "actionDice" },
  arc: { actors: [], items: [], rolls: ["ArcRoll", "ReactionRoll"], engine: "arc" },
  d12: { actors: [], items: [], rolls: ["D12Roll"], engine: "d12" },
} as const satisfies Record<ChunkedGame, HeldMarks>;

/**
 * The part of the world's data the loader reads: its documents' sources, as the server sends them
 * (`Game#initializeDocuments`, client/game.mjs, builds game.actors, game.items, game.combats and
 * game.messages from them after `init`).
 */
export interface HeldWorldData {
  actors?: readonly { type?: string }[];
  items?: readonly { type?: string }[];
  messages?: readonly { rolls?: readonly unknown[] }[];
  combats?: readonly { flags?: unknown }[];
}

/** The engine a stored combat's flags name, if any (`flags.steel-echoes.engine`). */
function combatEngineOf(combat: { flags?: unknown }): string | null {
  const own = (combat.flags as Record<string, { engine?: unknown } | undefined> | undefined)?.[FLAG_SCOPE]?.engine;
  return typeof own === "string" ? own : null;
}

/** The class name a chat message's stored roll was made with (its source keeps each roll as a JSON string). */
function rollClassOf(roll: unknown): string | null {
  try {
    const data: unknown = typeof roll === "string" ? JSON.parse(roll) : roll;
    const cls = data && typeof data === "object" ? (data as { class?: unknown }).class : null;
    return typeof cls === "string" ? cls : null;
  } catch {
    return null;
  }
}

/**
 * The games with a chunk whose actors, items, chat rolls or combats the world holds, from the data the server
 * sent before `init` (`game.data`: the Game constructor keeps it, client/game.mjs). Their chunks load
 * at start even when the world no longer plays them, so their documents keep their data models and
 * their messages their rolls (a roll of an unknown class is dropped: client/dice/roll.mjs `Roll.fromData`).
 */
export function gamesHeldByWorld(data: HeldWorldData | null | undefined): ChunkedGame[] {
  if (!data) return [];
  const rolls = new Set<string>();
  for (const message of data.messages ?? []) for (const roll of message.rolls ?? []) {
    const cls = rollClassOf(roll);
    if (cls) rolls.add(cls);
  }
  const has = (docs: readonly { type?: string }[] | undefined, types: readonly string[]) =>
    types.length > 0 && (docs ?? []).some((d) => typeof d.type === "string" && types.includes(d.type));
  const engines = new Set((data.combats ?? []).map(combatEngineOf));
  return (Object.keys(HELD_BY) as ChunkedGame[]).filter((which) => {
    const held = HELD_BY[which];
    return has(data.actors, held.actors) || has(data.items, held.items) || held.rolls.some((r) => rolls.has(r))
      || (held.engine !== null && engines.has(held.engine));
  });
}

/** The games whose chunks load at start: those the world plays, and those whose data it holds. */
export function startingChunkedGames(data: HeldWorldData | null | undefined): ChunkedGame[] {
  const held = gamesHeldByWorld(data);
  return (Object.keys(GAME_CHUNKS) as ChunkedGame[]).filter((which) => gameEnabled(which) || held.includes(which));
}

/**
 * Load the chunks of the games the world plays or holds data of from `init`, and hold Foundry's start
 * until they have registered.
 *
 * Why this way (v13 source, client/):
 * - The entry is a `<script type="module">` the server writes after foundry.mjs (dist/server/views/view.mjs
 *   `View._getStaticContent`); Foundry starts on `DOMContentLoaded` (client/client.mjs), which does not
 *   wait for a module's top-level `await`, and `game` is a stub there: no setting can be read. So the
 *   entry has no top-level `await`, and the world's choice is read in `init`, right after the settings
 *   are registered (`ClientSettings#register` resets the stored world value, client/helpers/client-settings.mjs).
 * - `Hooks.callAll` does not await a handler's promise (client/helpers/hooks.mjs `Hooks.#call`), so an
 *   `import()` started in `init` would race Foundry's start.
 * - `Game#initialize` (client/game.mjs) runs `Hooks.callAll("init")` and then `await this.i18n.initialize()`,
 *   before `i18nInit`, `setup` and `Game#setupGame` → `initializeDocuments` (where documents, their data
 *   models and chat rolls are built) and `DocumentSheetConfig.initializeSheets` (where queued sheet
 *   registrations apply). The one awaited call between `init` and the documents is that one: this
 *   function gives `game.i18n` an own `initialize` that awaits the chunks first, then runs Foundry's.
 *   A chunk's data models would still be localised (`Localization#initialize` → `#localizeDataModels`),
 *   its sheets are queued for `initializeSheets`, its hooks are on before the UI renders.
 * - `setup` checks that every played game registered; if one did not (a chunk failed to load, or a
 *   Foundry version that no longer awaits that call), the GM and players are told to reload.
 */
export function gatePlayedGames(): Promise<void> {
  const games = startingChunkedGames((game as { data?: HeldWorldData }).data);
  // Settled, not all: one chunk that fails must not let Foundry go on before the others registered.
  // The played games' rules join `steelEchoes.rules` before `ready` too (Draw Steel's, which has no chunk, at `ready`).
  const loads = [...games.map((which) => loadGame(which)), ...playedRulesGames().map((which) => loadGameRules(which))];
  const all = Promise.allSettled(loads).then((results) => {
    for (const r of results) if (r.status === "rejected") console.error(`${SYSTEM_ID} | a game's chunk did not load`, r.reason);
  });
  const i18n = game.i18n as (Localization & { initialize?: (...args: unknown[]) => Promise<unknown> }) | undefined;
  const original = i18n?.initialize;
  if (i18n && typeof original === "function") {
    // An own property over Foundry's prototype method, for this one call: it removes itself.
    Object.defineProperty(i18n, "initialize", {
      configurable: true, writable: true,
      value: async function initialize(this: Localization, ...args: unknown[]) {
        delete (i18n as { initialize?: unknown }).initialize;
        await all;
        return original.apply(this, args);
      },
    });
  }
  Hooks.once("setup", () => {
    const missing = games.filter((which) => !registered.has(which));
    if (!missing.length) return;
    console.error(`${SYSTEM_ID} | not registered before setup: ${missing.join(", ")}`);
    Hooks.once("ready", () => ui.notifications?.error("SE.Setting.Game.NotLoaded", { localize: true, permanent: true }));
  });
  return all;
}

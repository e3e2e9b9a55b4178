/**
 * How code in every world's entry reaches the games in chunks (issue 31, docs/architecture.md
 * "Loading"), without importing the loader above it (src/games/loader.ts fills these in at init and
 * as each game's chunk registers).
 */
import type { endEchoesTurn, startEchoesTurn } from "./echoes-conditions.ts";
import type { declarationCompare, declaresThisTurn } from "../rules/arc.ts";

/**
 * What another game adds to a Draw Steel combat's turns (src/games/echoes.ts): the combat document
 * (combat.ts) is in the entry, the other games' turn rules only in worlds that load them. With the
 * game not loaded, none of its actors exist in the world (the loader loads a game whose documents or
 * messages the world holds), so there is nothing to do.
 */
export const GAME_TURNS: {
  /** An Echoes character's start of turn: a Harmed one takes its damage (seed 000 S0:L192–193). */
  startEchoesTurn: typeof startEchoesTurn | null;
  /** An Echoes actor's conditions that end with its turn (seed 000 S0:L168). */
  endEchoesTurn: typeof endEchoesTurn | null;
} = { startEchoesTurn: null, endEchoesTurn: null };

/**
 * What seed 002's chunk adds to a combat that plays by its engine (src/games/arc.ts; src/documents/
 * engine-combat.ts reads it): the order of declarations and who declares this turn, which the combat's
 * synchronous sort and turn walk need. A world with a combat of that engine loads the chunk at start
 * (src/games/loader.ts: the world plays ARC, or a combat's flags name its engine).
 */
export const ENGINE_ORDERS: {
  /** Seed 002's order of declarations (S2:L83–87). */
  declarationCompare: typeof declarationCompare | null;
  /** Whether a seed 002 creature declares this turn (S2:L59, L89). */
  declaresThisTurn: typeof declaresThisTurn | null;
} = { declarationCompare: null, declaresThisTurn: null };

/** The games with a chunk (src/games/loader.ts `GAME_CHUNKS`). */
export type GameWithChunk = "echoes" | "actionDice" | "arc" | "d12";

let loader: ((game: GameWithChunk) => Promise<unknown>) | null = null;

/** Set at init (src/index.ts): how a game's chunk is loaded and registered (src/games/loader.ts `loadGame`). */
export function setGameLoader(load: (game: GameWithChunk) => Promise<unknown>): void {
  loader = load;
}

/**
 * Load a game's chunk and register it on this client, before using its rolls: a roll posted to chat
 * must be of a class in CONFIG.Dice.rolls, or the message drops it (`ChatMessage#prepareDerivedData`
 * → `Roll.fromData`, client/dice/roll.mjs, throws for an unknown class and the message logs and skips it).
 */
export async function ensureGame(game: GameWithChunk): Promise<void> {
  if (!loader) throw new Error(`the games' loader is not set (src/index.ts sets it at init): cannot load ${game}`);
  await loader(game);
}

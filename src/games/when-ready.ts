/**
 * Run `fn` once the game is ready: now when a chunk loads after `ready`, else at `ready`. v13
 * `Game#setupGame` (client/game.mjs) sets `game.ready = true` just before `Hooks.callAll("ready")`.
 */
export function whenReady(fn: () => void): void {
  if (game.ready) fn();
  else Hooks.once("ready", fn);
}

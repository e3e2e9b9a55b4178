/**
 * A flying creature knocked prone or held to speed 0 falls (L6882; falling, L6188–6190): the hook
 * every world registers at `init`, which decides at once from the effect's statuses and loads the
 * fall itself (./falling.ts `fallAndTell`) with `import()` only when a grounding status was applied
 * by this client's user (docs/architecture.md, "Loading").
 */

/** The statuses that bring a flying creature down: knocked prone, or speed reduced to 0 (L6882). */
export const GROUNDING_STATUSES: readonly string[] = ["prone", "grabbed", "restrained"];

/**
 * On the client of the user who applied a grounding status to an actor (v13 `createActiveEffect`
 * hook, with the writer's id): its flying tokens fall, and the chat says what it took. The handler
 * returns the fall's promise; v13 `Hooks.callAll` (client/helpers/hooks.mjs) does not await it, so
 * the effect's creation never waits for the fall, loaded or not.
 */
export function registerFlyingFalls(): void {
  Hooks.on("createActiveEffect", (effect, _options, userId) => {
    const actor = effect.parent as Actor.Implementation | null;
    if (userId !== game.user?.id || actor?.documentName !== "Actor" || ![...effect.statuses].some((s) => GROUNDING_STATUSES.includes(s))) return;
    return import("./falling.ts").then((m) => m.fallAndTell(actor));
  });
}

/**
 * Token Action HUD Core (module `token-action-hud-core`, soft dependency, issue 33): when it is active,
 * its HUD lists the selected creature's abilities, tests (one per characteristic) and conditions, and a
 * click uses the ability, rolls the test or toggles the condition, as the sheet and the Token HUD do.
 * When it is not installed or not active, nothing here registers anything.
 *
 * How Token Action HUD Core takes a system (read in Larkinabout/fvtt-token-action-hud-core, 2.1.0):
 * - module/main.mjs: at `ready` it calls `registerApi` (module/core/api.mjs), which sets
 *   `game.modules.get("token-action-hud-core").api` = { ActionHandler, RollHandler, SystemManager, … }
 *   and calls the hook `tokenActionHudCoreApiReady` with that module.
 * - A system answers by calling `tokenActionHudSystemReady` with an object whose `api` holds
 *   `requiredCoreModuleVersion` and `SystemManager`; `registerCoreModule` checks the version
 *   (`Utils.isSystemModuleCompatible`: the same major, and minor when given), constructs the
 *   SystemManager and awaits its `init()`.
 * - module/managers/system-manager.mjs `SystemManager`: the system overrides `getActionHandler()`,
 *   `getRollHandler(rollHandlerId)` (its result is used as is: `?? new RollHandler()` replaces only
 *   null or undefined), `getAvailableRollHandlers()`, `registerSettings()`, `registerDefaults()`
 *   (`{ layout, groups }`: the layout's groups each with a `nestId`, subgroups nested as
 *   `parent_child`; handlers/layout-handler.mjs, group-handler.mjs) and `registerStyles()`.
 * - handlers/action-handlers/action-handler.mjs `ActionHandler`: `buildSystemActions(groupIds)` is
 *   awaited on each update; `this.actor` is the selected creature (none when several are selected);
 *   `addActions(actions, { id, type: "system" })` adds them to that group; an action is `{ id, name,
 *   encodedValue, img?, cssClass?, tooltip? }`.
 * - handlers/roll-handlers/roll-handler.mjs `RollHandler`: `handleActionClickCore` calls
 *   `handleActionClick(event, buttonValue)` with the clicked button's `value`, the action's
 *   `encodedValue`; `this.actor` is the HUD's creature.
 * The classes are built only once the module hands over its API (they extend its classes), in
 * token-action-hud-system.ts, loaded then.
 */
import { SYSTEM_ID } from "../constants.ts";

export const TAH_CORE_ID = "token-action-hud-core";

/** The services a click runs, given by the entry (the sheets' and cards' code sits above this layer). */
export interface TahServices {
  useAbility(uuid: string): Promise<unknown>;
  rollTest(actor: Actor.Implementation, characteristic: string): Promise<unknown>;
}

/** What `tokenActionHudCoreApiReady` hands over (module/core/api.mjs `registerApi`): the module, its `api`. */
export interface TahCoreModule { api?: Record<string, unknown> }

type AnyHook = (hook: string, fn: (...args: never[]) => unknown) => number;

/** At init: listen for Token Action HUD Core's API when the module is active, and only then. */
export function registerTokenActionHud(services: TahServices): boolean {
  if (!game.modules?.get(TAH_CORE_ID)?.active) return false;
  // Type escape: another module's hooks are not in the League's hook types (as dice-so-nice.ts).
  const hooks = Hooks as unknown as { once: AnyHook; call: (hook: string, ...args: unknown[]) => boolean };
  hooks.once("tokenActionHudCoreApiReady", (async (coreModule: TahCoreModule) => {
    try {
      const { tahSystemModule } = await import("./token-action-hud-system.ts");
      const system = tahSystemModule(coreModule, services);
      if (system) hooks.call("tokenActionHudSystemReady", system);
    } catch (err) {
      console.error(`${SYSTEM_ID} | Token Action HUD integration failed`, err);
    }
  }) as (...args: never[]) => unknown);
  return true;
}

/**
 * The maintenance roll's hook (L2884–2888), registered at init; the roll itself
 * (./heroic-resource-rolls.ts) loads with the first hero who takes damage while maintaining (issue 31).
 */
import { DAMAGE_OPTION, maintainedAbilities, respondsFor } from "./heroic-resources.ts";
import type { AnyActor } from "./heroic-resources.ts";

/**
 * On taking damage (the damage workflow's update option), the client that speaks for the hero makes
 * the maintenance roll. Every client runs the hook; exactly one rolls.
 */
export function registerMaintenanceRolls(): void {
  Hooks.on("updateActor", (actor, _changed, options) => {
    const taken = Number((options as Record<string, unknown>)[DAMAGE_OPTION]);
    const a = actor as AnyActor;
    if (!(taken > 0) || a.type !== "hero" || !respondsFor(a) || !maintainedAbilities(a).length) return undefined;
    // Returned for the test harness to follow; Foundry ignores a hook's return value.
    return import("./heroic-resource-rolls.ts").then((m) => m.maintenanceRoll(a));
  });
}

/**
 * The rules core: every game rule as a pure function on plain data. This is the public rules API,
 * also exposed to macros and modules as `globalThis.steelEchoes.rules`.
 */
export * from "./power-roll.ts";
export * from "./tests.ts";
export * from "./group-tests.ts";
export * from "./montage.ts";
export * from "./negotiation.ts";
export * from "./resistance.ts";
export * from "./harmony.ts";
export * from "./echoes.ts";
export * from "./action-dice.ts";
export * from "./arc.ts";
export * from "./d12.ts";
export * from "./progression.ts";
export * from "./catalogue.ts";
export * from "./hero.ts";
export * from "./damage.ts";
export * from "./conditions.ts";
export * from "./turn-order.ts";
export * from "./initiative-order.ts";
export * from "./durations.ts";
export * from "./healing.ts";
export * from "./combat-resources.ts";
export * from "./heroic-resources.ts";
export * from "./ability-use.ts";
export * from "./battlefield.ts";
export * from "./objects.ts";
export * from "./limits.ts";
export * from "./ability-fingerprint.ts";
export * from "./line-of-effect.ts";
export * from "./movement.ts";
export * from "./monster-baseline.ts";
export * from "./stamina-bar.ts";
export * from "./turn-budget.ts";
export * from "./opportunity.ts";
export * from "./knock-out.ts";
export * from "./sheet-lists.ts";
export * from "./size-maneuvers.ts";
export * from "./temporary-stamina.ts";
export * from "./grab-limits.ts";
export * from "./hero-building.ts";
export * from "./advancement.ts";

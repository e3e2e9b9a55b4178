/**
 * The rules every world has synchronously on `steelEchoes.rules` (src/api.ts): Draw Steel's and those
 * the games share. The other games' rules (seed 000's Harmony check and Echoes, seed 001's action
 * dice, seed 002's ARC, seed 003's 2d12) are exported from src/rules/index.ts too,
 * but join `steelEchoes.rules` when that game's rules load (src/games/loader.ts `loadGameRules`: at
 * start for the games the world plays, `await steelEchoes.games.rules(game)` otherwise; docs/api.md).
 * test/rules/core.test.ts checks that this list and the games' files together are index.ts.
 */
export * from "./power-roll.ts";
export * from "./tests.ts";
export * from "./group-tests.ts";
export * from "./montage.ts";
export * from "./negotiation.ts";
export * from "./negotiation-play.ts";
export * from "./resistance.ts";
export * from "./progression.ts";
export * from "./catalogue.ts";
export * from "./hero.ts";
export * from "./damage.ts";
export * from "./conditions.ts";
export * from "./turn-order.ts";
export * from "./initiative-order.ts";
export * from "./durations.ts";
export * from "./healing.ts";
export * from "./heal-action.ts";
export * from "./combat-resources.ts";
export * from "./heroic-resources.ts";
export * from "./heroic-resource-spends.ts";
export * from "./ability-use.ts";
export * from "./ability-use-checks.ts";
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
export * from "./grab-targets.ts";
export * from "./hero-building.ts";
export * from "./advancement.ts";
export * from "./compendium-filters.ts";
export * from "./grabs.ts";
export * from "./marks.ts";
export * from "./domain-effects.ts";
export * from "./domain-effect-targets.ts";
export * from "./party.ts";
export * from "./diminish-numbers.ts";
export * from "./squads.ts";
export * from "./squad-damage.ts";
export * from "./encounter-budget.ts";
export * from "./encounter-budget-math.ts";
export * from "./stormwight.ts";
export * from "./combat-resource-gains.ts";
export * from "./stormwight-forms.ts";
export * from "./party-members.ts";
export * from "./montage-outcome.ts";
export * from "./move-path.ts";
export * from "./areas.ts";
export * from "./forced-movement.ts";
export * from "./falling.ts";
export * from "./domain-lasting.ts";
export * from "./domain-turns.ts";
export * from "./grab-release.ts";

/**
 * The rules only a tool's window uses (the compendium browser's filters and search): not on
 * `steelEchoes.rules` from the start, so not in every world's entry (issue 31): the window imports them
 * itself, and they join `steelEchoes.rules` when a macro awaits `steelEchoes.loadToolRules()`
 * (src/games/loader.ts `loadToolRules`, docs/api.md). test/rules/core.test.ts checks that core.ts, these and the games'
 * rules together are src/rules/index.ts.
 */
export * from "./compendium-filters.ts";

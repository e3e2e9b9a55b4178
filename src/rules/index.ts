/**
 * Every game rule as a pure function on plain data: the rules every world has (core.ts) and the other
 * games' (Echoes and the three engines). This is the public rules API; macros and modules reach it as
 * `globalThis.steelEchoes.rules`, where the other games' rules join when their game loads (core.ts).
 */
export * from "./core.ts";
export * from "./harmony.ts";
export * from "./echoes.ts";
export * from "./action-dice.ts";
export * from "./arc.ts";
export * from "./d12.ts";

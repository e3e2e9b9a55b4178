/**
 * The Director's Villain Power and the party's hero tokens as world settings (hidden from the
 * settings form): every client reads them, the GM writes them (src/documents/pools.ts).
 */
import { HOOKS, SYSTEM_ID } from "../constants.ts";

export type PoolName = "villainPower" | "heroTokens";
export const POOLS: readonly PoolName[] = ["villainPower", "heroTokens"];

declare global {
  interface SettingConfig {
    "steel-echoes.villainPower": number;
    "steel-echoes.heroTokens": number;
  }
}

/** Calls the `steel-echoes.poolsChanged` hook (the panel re-renders) whenever a pool changes on any client. */
export function registerPoolSettings(): void {
  for (const pool of POOLS) {
    game.settings!.register(SYSTEM_ID, pool, {
      name: `SE.Pools.${pool}`,
      scope: "world",
      config: false,
      type: Number,
      default: 0,
      onChange: () => (Hooks.callAll as (hook: string) => boolean)(HOOKS.poolsChanged),
    });
  }
}


/**
 * The Director's Villain Power (and Echoes' Dissonance Points) as world settings (hidden from the
 * settings form): every client reads them, the GM writes them (src/documents/pools.ts). The party's
 * hero tokens are the primary party's (issue 32: `system.heroTokens` of the party actor whose id the
 * world setting `primaryParty` holds, src/documents/party.ts); the old world setting `heroTokens`
 * stays registered only so the migration can read a world's pool from before and move it
 * (src/migrations/party-pool.ts): nothing reads or writes it any more.
 */
import { HOOKS, SYSTEM_ID } from "../constants.ts";

/** Draw Steel's Villain Power and hero tokens; Echoes' Dissonance Points, the GM's (seed 000 S0:L9, L146). */
export type PoolName = "villainPower" | "heroTokens" | "dissonancePoints";
export const POOLS: readonly PoolName[] = ["villainPower", "heroTokens", "dissonancePoints"];

declare global {
  interface SettingConfig {
    "steel-echoes.villainPower": number;
    "steel-echoes.heroTokens": number;
    "steel-echoes.dissonancePoints": number;
    "steel-echoes.heroTokensPerSession": number;
    "steel-echoes.primaryParty": string;
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
  // How many hero tokens the party has when the Director ends a session (L254: unused ones
  // disappear; the seed gives none by default, the Director hands them out one at a time, L250).
  game.settings!.register(SYSTEM_ID, "heroTokensPerSession", {
    name: "SE.Setting.HeroTokensPerSession.Name",
    hint: "SE.Setting.HeroTokensPerSession.Hint",
    scope: "world",
    config: true,
    type: Number,
    default: 0,
    range: { min: 0, max: 20, step: 1 },
  });
  // The world's primary party (issue 32): the id of the party actor whose hero tokens are the
  // world's pool. Set by the GM's client when the first party is made (src/documents/party.ts).
  game.settings!.register(SYSTEM_ID, PRIMARY_PARTY, {
    name: "SE.Party.Setting.PrimaryParty",
    scope: "world",
    config: false,
    type: String,
    default: "",
    onChange: () => (Hooks.callAll as (hook: string) => boolean)(HOOKS.poolsChanged),
  });
}

/** The world setting with the primary party's actor id. */
export const PRIMARY_PARTY = "primaryParty";

/** The id of the world's primary party as the setting holds it ("" for none yet). */
export function primaryPartyId(): string {
  const v = game.settings?.settings?.has(`${SYSTEM_ID}.${PRIMARY_PARTY}`) ? game.settings.get(SYSTEM_ID, PRIMARY_PARTY) : "";
  return typeof v === "string" ? v : "";
}

/** The hero tokens the party gets at the start of a session (a whole number, 0 to 20; else 0). */
export function heroTokensPerSession(): number {
  const v = game.settings?.get(SYSTEM_ID, "heroTokensPerSession");
  return typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 20 ? v : 0;
}


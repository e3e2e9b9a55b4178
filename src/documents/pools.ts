/**
 * Reading and changing the Director's Villain Power (a world setting, src/settings/pools.ts) and the
 * party's hero tokens (the primary party's, src/documents/party.ts; issue 32): every client reads
 * them, the GM writes them; players spend hero tokens through the GM relay.
 */
import { changePool } from "../rules/combat-resources.ts";
import { SYSTEM_ID } from "../constants.ts";
import { POOLS, heroTokensPerSession } from "../settings/pools.ts";
import type { PoolName } from "../settings/pools.ts";
import { partyHeroTokens, setPartyHeroTokens } from "./party.ts";

export { POOLS };
export type { PoolName };

export function poolValue(pool: PoolName): number {
  // The hero tokens are the primary party's (issue 32).
  if (pool === "heroTokens") return partyHeroTokens();
  const v = game.settings?.get(SYSTEM_ID, pool);
  return typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0;
}

/**
 * Change a pool by `delta` (GM only; players go through the GM). Spending more than the pool holds
 * changes nothing and shows an error. Resolves to the new value, or null.
 */
export async function changePoolValue(pool: PoolName, delta: number): Promise<number | null> {
  if (!game.user?.isGM) {
    ui.notifications?.error("SE.Pools.Error.GMOnly", { localize: true });
    return null;
  }
  if (!POOLS.includes(pool) || !Number.isInteger(delta)) {
    ui.notifications?.error("SE.Pools.Error.Invalid", { localize: true });
    return null;
  }
  const next = changePool(poolValue(pool), delta);
  if (next === null) {
    ui.notifications?.error("SE.Pools.Error.Empty", { localize: true });
    return null;
  }
  if (pool === "heroTokens") return (await setPartyHeroTokens(next)) ? next : null;
  await game.settings!.set(SYSTEM_ID, pool, next);
  return next;
}

/** Set a pool to a value (the GM typing into the panel); negative or fractional input changes nothing. */
export async function setPoolValue(pool: PoolName, value: number): Promise<number | null> {
  if (!Number.isInteger(value) || value < 0) {
    ui.notifications?.error("SE.Pools.Error.Invalid", { localize: true });
    return null;
  }
  return changePoolValue(pool, value - poolValue(pool));
}

/**
 * The Director ends the session (L254): unused hero tokens disappear and the party starts the next
 * session with the world's *Hero tokens per session*. Only a GM may (the pool is the primary party's,
 * which only the Director owns: src/documents/party.ts). Resolves to the new pool, or null when refused.
 */
export async function endSession(): Promise<number | null> {
  if (!game.user?.isGM) {
    ui.notifications?.error("SE.Pools.Error.GMOnly", { localize: true });
    return null;
  }
  const before = poolValue("heroTokens");
  // The healing rules load with the Director's click (issue 31: they are not needed before).
  const { heroTokensAfterSession } = await import("../rules/healing.ts");
  const next = heroTokensAfterSession(heroTokensPerSession());
  if (!(await setPartyHeroTokens(next))) return null;
  ui.notifications?.info("SE.Pools.SessionEnded", { localize: true, format: { before: String(before), count: String(next) } });
  return next;
}

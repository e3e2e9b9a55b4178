/**
 * A hero spends one of the party's hero tokens: the GM's client, which owns the pool, carries it out
 * (the relay's `spendHeroToken` handler, registered in src/documents/combat-relay.ts).
 */
import { askGM } from "./relay.ts";
import { uuidOf } from "./persisted.ts";

/** The relay request that spends a hero token. */
export const HERO_TOKEN_RELAY = "spendHeroToken";

export function requestHeroTokenFor(actor: { uuid: string | null }): Promise<unknown> {
  return askGM(HERO_TOKEN_RELAY, { actorUuid: uuidOf(actor) });
}

/** A hero spends one of the party's hero tokens: the GM's client (which owns the pool) carries it out. */
import { SYSTEM_ID } from "../settings.ts";
import { askGM } from "./gm-query.ts";
import { spendHeroTokenAsGM } from "./healing.ts";
import type { HealableActor } from "./healing.ts";

export function requestHeroTokenFor(actor: { uuid: string }): Promise<unknown> {
  if (game.user?.isGM) return spendHeroTokenAsGM(actor as HealableActor, (n) => game.settings!.set(SYSTEM_ID, "heroTokens", n));
  return askGM("steel-echoes.spendHeroToken", { actorUuid: actor.uuid });
}

/**
 * Hero tokens at the edge (issue 33): when damage leaves a hero dying, her player is asked on her own
 * client whether to spend a hero token (L252: "whenever you take damage", regaining her recovery
 * value without spending a Recovery). The rule is src/rules/combat-resources.ts
 * `heroTokenOfferAtDying`.
 *
 * 1. Every client's `updateActor` hook sees the damage (the damage workflow's update option,
 *    `DAMAGE_OPTION`); only the active GM's client, which owns the pool and the combat's flags, acts.
 * 2. It works out the offer and sends the query `steel-echoes.heroTokenPrompt` to each connected
 *    player who owns the hero (v13 client/documents/user.mjs `User#query`): a GM reaches a player's
 *    client, and only hers. With no owner connected nothing is asked (the Director has the pools panel).
 * 3. Her client checks the prompt against her own hero (she owns it, it is dying, the offer stands:
 *    a query's sender is not known, so a forged one can only show a true offer), shows the dialog,
 *    and on "Spend" asks the GM through the relay (`requestHeroTokenFor`, src/documents/hero-tokens.ts),
 *    where the GM's client checks the owner, the pool and the once-a-turn limit again.
 */
import { heroTokenOfferAtDying } from "../rules/combat-resources.ts";
import type { DyingTokenOffer } from "../rules/combat-resources.ts";
import { QUERIES_HERO_TOKEN_PROMPT, heroTokenKey } from "../constants.ts";
import { DAMAGE_OPTION } from "./heroic-resources.ts";
import { currentTurnKey } from "./combat-state.ts";
import { poolValue } from "./pools.ts";
import { requestHeroTokenFor } from "./hero-tokens.ts";
import { serialized } from "./relay.ts";
import { systemFlags } from "./system-flags.ts";

type AnyActor = Actor.Implementation;

/** What the prompt shows: the hero, the damage she took and what a token would do (the dialog's view). */
export type HeroTokenPromptView = DyingTokenOffer & { name: string; taken: number };

/** The dialog (set at init by the application layer) and how long the GM's client waits for an answer. */
export const HERO_TOKEN_PROMPT: {
  ask: ((view: HeroTokenPromptView) => Promise<boolean>) | null;
  timeoutMs: number;
} = { ask: null, timeoutMs: 300_000 };

type HeroStamina = { value?: unknown; max?: unknown; recoveryValue?: unknown; state?: unknown };
const num = (n: unknown): number => (typeof n === "number" && Number.isFinite(n) ? Math.trunc(n) : 0);

/** The offer for this hero now, read from her data, the pool and the combat's flags; null when nothing is offered. */
export function heroTokenOfferFor(actor: AnyActor, taken: number): DyingTokenOffer | null {
  if (actor.type !== "hero") return null;
  const stamina = (actor.system as { stamina?: HeroStamina }).stamina ?? {};
  // The turn she last spent one in, kept in the combat's flags (src/documents/healing.ts `spendHeroTokenAsGM`).
  const turnKey = currentTurnKey();
  const markers = turnKey ? systemFlags(game.combat).heroTokenTurns as Record<string, unknown> | undefined : undefined;
  const spentThisTurn = !!turnKey && !!actor.uuid && !!markers && typeof markers === "object" && markers[heroTokenKey(actor.uuid)] === turnKey;
  return heroTokenOfferAtDying({
    taken, state: String(stamina.state ?? ""), stamina: num(stamina.value), max: num(stamina.max), recoveryValue: num(stamina.recoveryValue),
    tokens: poolValue("heroTokens"), bleeding: actor.statuses.has("bleeding"), spentThisTurn,
  });
}

/**
 * On the active GM's client, after damage to a hero: ask her connected owners, one prompt for this
 * hero at a time (a second hit waits, then is offered again only if a token still can be spent).
 * Resolves to the owners' answers (whether each spent one), or null when nobody was asked.
 */
export async function offerHeroTokenAtDying(actor: AnyActor, taken: number): Promise<boolean[] | null> {
  const me = game.user;
  if (!me?.isGM || game.users?.activeGM?.id !== me.id || actor.type !== "hero") return null;
  return serialized([`heroTokenPrompt:${actor.uuid}`], async () => {
    if (!heroTokenOfferFor(actor, taken)) return null;
    const owners = game.users?.filter((u) => u.active && !u.isGM && actor.testUserPermission(u, "OWNER")) ?? [];
    if (!owners.length) return null;
    const data = { actorUuid: actor.uuid, taken };
    return Promise.all(owners.map(async (u) => {
      try {
        return (await u.query(QUERIES_HERO_TOKEN_PROMPT, data, { timeout: HERO_TOKEN_PROMPT.timeoutMs })) === true;
      } catch {
        // No answer in time, or the player left: nothing was spent.
        return false;
      }
    }));
  });
}

/**
 * The player's side of the query: only for a hero this user owns that is dying now, with the offer
 * as her client reads it. On "Spend", the relay's hero token request (the GM checks it). Resolves to
 * whether a token was spent.
 */
export async function answerHeroTokenPrompt(data: { actorUuid?: unknown; taken?: unknown }): Promise<boolean> {
  const doc = await fromUuid(String(data?.actorUuid ?? "")).catch(() => null);
  const actor = doc?.documentName === "Actor" ? (doc as AnyActor) : null;
  const taken = Number(data?.taken);
  if (!actor?.isOwner || game.user?.isGM || !Number.isInteger(taken) || taken <= 0 || taken > 10_000) return false;
  const offer = heroTokenOfferFor(actor, taken);
  if (!offer || !HERO_TOKEN_PROMPT.ask) return false;
  const spend = await HERO_TOKEN_PROMPT.ask({ ...offer, name: actor.name, taken });
  if (!spend) return false;
  const outcome = await requestHeroTokenFor(actor);
  return !!outcome && typeof outcome === "object" && (outcome as { ok?: unknown }).ok === true;
}

/** The hook and the query (index.ts at init, through the combat registration). */
export function registerHeroTokenPrompt(): void {
  Object.assign(CONFIG.queries as object, { [QUERIES_HERO_TOKEN_PROMPT]: answerHeroTokenPrompt });
  Hooks.on("updateActor", (actor, _changed, options) => {
    const taken = Number((options as Record<string, unknown>)[DAMAGE_OPTION]);
    if (!(taken > 0)) return undefined;
    // Returned for the test harness to follow (Foundry ignores a hook's return value).
    return offerHeroTokenAtDying(actor as AnyActor, taken);
  });
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- the League's types declare CONFIG.Queries in a namespace
  namespace CONFIG {
    interface Queries {
      "steel-echoes.heroTokenPrompt": typeof answerHeroTokenPrompt;
    }
  }
}

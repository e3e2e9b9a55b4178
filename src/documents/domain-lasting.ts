/**
 * What domain effects leave in force, as the GM keeps it (src/settings/domain-effects.ts, a world
 * setting only a GM writes; the rules: src/rules/domain-lasting.ts):
 * - a modifier on a creature's next power roll (Fate's tier L2409, Knowledge's double edge L2413,
 *   Love's edge L2421). Every client reads it: the roller's dialog shows it and her roll takes it.
 *   The active GM's client uses it up when the creature's next card with a power roll is posted
 *   (`claimCardRoll`, from the `createChatMessage` hook) and keeps what that roll got by the card's
 *   id: a card's Fate tier is trusted only when that claim says so (`vouchedFate`, from `cardProblem`);
 * - Protection's damage immunity (L2429) and War's extra damage (L2445) until the end of the
 *   conduit's next turn, ended by the GM's turn flow (`endTurnGrants`, src/documents/combat-flow.ts).
 */
import { claimNextRoll, isNextRollGrant, nextRollFor, turnGrantsAtTurnEnd, warExtraDamage } from "../rules/domain-lasting.ts";
import type { NextRollGrant, NextRollModifier } from "../rules/domain-lasting.ts";
import { isTurnGrant } from "../rules/domain-turns.ts";
import type { TurnGrant } from "../rules/domain-turns.ts";
import { DOMAIN_LASTING_SETTING, storedDomainLasting } from "../settings/domain-effects.ts";
import type { DomainLasting, NextRollClaim } from "../settings/domain-effects.ts";
import { SYSTEM_ID } from "../constants.ts";
import { serialized } from "./relay.ts";
import { uuidOf } from "./persisted.ts";

/** The claims kept: the latest rolls' (a card's Fate tier is checked when it is applied, soon after its roll). */
const CLAIMS_KEPT = 200;

/** What domain effects leave in force, as stored (malformed entries skipped). */
export function domainLasting(): DomainLasting {
  const stored = storedDomainLasting() as Partial<DomainLasting>;
  const claims: Record<string, NextRollClaim> = {};
  for (const [id, c] of Object.entries(stored?.claims && typeof stored.claims === "object" ? stored.claims : {})) {
    const tierOk = c && (c.tier === null || c.tier === 1 || c.tier === 3);
    if (c && typeof c.creature === "string" && Number.isInteger(c.edges) && tierOk) claims[id] = c;
  }
  return {
    nextRolls: Array.isArray(stored?.nextRolls) ? stored.nextRolls.filter(isNextRollGrant) : [],
    claims,
    turns: Array.isArray(stored?.turns) ? stored.turns.filter(isTurnGrant) : [],
  };
}

/** Keep what domain effects leave in force. GM only: Foundry refuses anyone without SETTINGS_MODIFY. */
export async function setDomainLasting(next: DomainLasting): Promise<void> {
  const ids = Object.keys(next.claims);
  const claims = ids.length > CLAIMS_KEPT ? Object.fromEntries(ids.slice(-CLAIMS_KEPT).map((id) => [id, next.claims[id]!])) : next.claims;
  const value: DomainLasting = { nextRolls: next.nextRolls, claims, turns: next.turns };
  // Type escape: the setting is declared a plain record (SettingConfig above); its shape is this one.
  await game.settings!.set(SYSTEM_ID, DOMAIN_LASTING_SETTING, value as unknown as Record<string, unknown>);
}

type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;

/** A combat still in the world: what is tied to an encounter ends when its combat is gone (L2421). */
const live = (id: string) => !!game.combats?.get(id);
const LOCK = "domain-lasting";

/** What `actor`'s next power roll gets from the GM's record (nothing for none). */
export function nextRollOf(actor: AnyActor | null | undefined): NextRollModifier {
  return actor ? nextRollFor(domainLasting().nextRolls, uuidOf(actor), live) : { edges: 0, tier: null, domains: [] };
}

/** The reasons a dialog names for a next-roll modifier (lang `SE.Edge.*`). */
export function nextRollReasons(nextRoll: NextRollModifier): string[] {
  return nextRoll.domains.map((d) => (d === "fate" ? `domainFate${nextRoll.tier}` : `domain${d[0]!.toUpperCase()}${d.slice(1)}`));
}

/** War's extra damage on `attacker`'s attack that deals `damage` (L2445). */
export function warExtraDamageOf(attacker: AnyActor | null | undefined, attack: boolean, damage: number): number {
  return attacker ? warExtraDamage(domainLasting().turns, uuidOf(attacker), { isAttack: attack, damage }, live) : 0;
}

/** Change the GM's record, one change at a time. GM only (Foundry refuses the setting to others). */
function changeLasting(change: (now: DomainLasting) => DomainLasting | null): Promise<DomainLasting | null> {
  return serialized([LOCK], async () => {
    const next = change(domainLasting());
    if (next) await setDomainLasting(next);
    return next;
  });
}

/** Record what a domain effect leaves in force (the GM's client, src/documents/domain-effect-actions.ts). */
export async function grantLasting(nextRolls: readonly NextRollGrant[], turns: readonly TurnGrant[]): Promise<void> {
  if (!nextRolls.length && !turns.length) return;
  await changeLasting((now) => ({ ...now, nextRolls: [...now.nextRolls, ...nextRolls], turns: [...now.turns, ...turns] }));
}

const claiming = new Map<string, Promise<NextRollClaim | null>>();

/**
 * A card with a power roll by `creature` was posted (the active GM's client): its next-roll grants are
 * used up by it, and what they gave is kept under the card's id. Resolves to that claim (the one kept
 * already, for a card seen before), or null when the creature had none.
 */
export function claimCardRoll(messageId: string, creature: string): Promise<NextRollClaim | null> {
  const known = claiming.get(messageId);
  if (known) return known;
  const run = serialized([LOCK], async () => {
    const now = domainLasting();
    if (now.claims[messageId]) return now.claims[messageId]!;
    const { claimed, rest } = claimNextRoll(now.nextRolls, creature, live);
    if (!claimed.domains.length) return null;
    const claim: NextRollClaim = { creature, edges: claimed.edges, tier: claimed.tier };
    await setDomainLasting({ ...now, nextRolls: rest, claims: { ...now.claims, [messageId]: claim } });
    return claim;
  });
  claiming.set(messageId, run);
  return run;
}

/**
 * The Fate tier the GM's record gives this card, or null: its claim (being made, or kept) when it names
 * the card's roller. A card's own `fated` is its author's to write; this is the GM's word on it.
 */
export async function vouchedFate(message: Message, roller: string): Promise<1 | 3 | null> {
  let claim = await (claiming.get(message.id!) ?? Promise.resolve(domainLasting().claims[message.id!] ?? null));
  // A card checked before its creation hook ran here (a click that came first): the active GM claims it now.
  if (!claim && game.user?.isGM && game.users?.activeGM?.id === game.user.id) claim = await claimCardRoll(message.id!, roller);
  return claim && claim.creature === roller ? claim.tier : null;
}

/**
 * The end of a creature's turn (the GM's turn flow): the Protection and War it granted as a conduit
 * end, unless granted during this very turn (L2429, L2445). Resolves to those that ended.
 */
export async function endTurnGrants(actor: AnyActor, turn: string): Promise<TurnGrant[]> {
  let ended: TurnGrant[] = [];
  await changeLasting((now) => {
    const split = turnGrantsAtTurnEnd(now.turns, uuidOf(actor), turn, live);
    ended = split.ended;
    return split.ended.length || split.kept.length !== now.turns.length ? { ...now, turns: split.kept } : null;
  });
  return ended;
}

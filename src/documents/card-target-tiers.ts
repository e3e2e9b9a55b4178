/**
 * A card target's trusted tier and resisted amounts, recomputed by the GM's client from the roll.
 * Loaded with the cards' actions, not before `ready` (issue 31).
 */
import { FLAG_SCOPE } from "../constants.ts";
import { appliedKey } from "../data/ability-use.ts";
import type { AbilityUseData } from "../data/ability-use.ts";
import type { Tier } from "../rules/power-roll.ts";
import { systemFlags } from "./system-flags.ts";
import { type Message } from "./card-targets.ts";

/**
 * How much an undo may give back from a record the target's owners can write: a whole number from 0
 * to `cap`. Anything else (negative, fractional, not a number) gives back nothing.
 */
export function boundedAmount(value: unknown, cap: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), Math.max(0, cap)) : 0;
}

/**
 * Where a target actor keeps the tier of its resistance roll against a card:
 * `flags.steel-echoes.cardResisted.<message id>.<appliedKey(key)>`. The card's own copy of the roll is
 * its author's to write; this one is written by the target's resist action (on its owner's client or
 * the GM's) and only the actor's owners and the GM may write an actor (`Document#canUserModify`: OWNER).
 */
export function resistedPath(messageId: string, key: string): string {
  return `flags.${FLAG_SCOPE}.cardResisted.${messageId}.${appliedKey(key)}`;
}

/**
 * The tier a target's resistance roll reached on a card, as the GM's client trusts it: a GM's card
 * says it itself; on a player's card only the target actor's own record counts (null until rolled).
 */
export function trustedResistanceTier(message: Message, use: AbilityUseData, actor: Actor.Implementation | null, key: string): Tier | null {
  if (message.author?.isGM) return use.targets.find((t) => t.key === key)?.rolledTier ?? null;
  const all = systemFlags(actor).cardResisted as Record<string, Record<string, { tier?: unknown }>> | undefined;
  const tier = Number(all?.[String(message.id)]?.[appliedKey(key)]?.tier);
  return tier === 1 || tier === 2 || tier === 3 ? tier : null;
}

/** The card with one target's tier set to the trusted one (nothing else of the card changes). */
export function withTrustedTier(use: AbilityUseData, key: string, tier: Tier): AbilityUseData {
  return { ...use, targets: use.targets.map((t) => (t.key === key ? { ...t, rolledTier: tier, tier } : t)) };
}

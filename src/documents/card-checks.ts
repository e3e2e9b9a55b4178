/**
 * What every world checks of an ability card (src/documents/ability-results.ts re-exports it): the
 * card's ability-use record, the creature a target key names, who may press what, and the refusals
 * for a card a player wrote (its ability, its approved copy, the rules' limits). Carrying out an
 * action is card-actions.ts, loaded when the first one runs (docs/architecture.md, "Loading").
 */
import { abilitySource, abilityUseProblem } from "../data/ability-use.ts";
import type { AbilityUseData, CardAction } from "../data/ability-use.ts";
import { kitOf } from "./creature-state.ts";
import { isDrawSteel } from "../data/index.ts";
import { systemFlags } from "./system-flags.ts";
import { cardTargetToken } from "./card-targets.ts";

/** The relay request name of card actions. */
export const CARD_RELAY = "abilityCard";
/** The relay request name of a grab a player's own application made, for the GM to check and record (card-actions.ts). */
export const GRAB_RELAY = "grabRecord";
/** The Heal action's choices (L7093): they read the creature's own data, never the card's numbers. */
export const HEAL_CHOICES: readonly CardAction[] = ["healRecovery", "healResist"];

export type AnyActor = Actor.Implementation;
export type Message = ChatMessage.Implementation;

/** The user a card action runs for: the current user, or the relay's requester. */
export type CardUser = { id: string | null; isGM: boolean };

/** A message's ability-use record, if it has the shape of one. */
export function abilityUseOf(message: Message | undefined | null): AbilityUseData | null {
  const use = systemFlags(message).abilityUse as AbilityUseData | undefined;
  return use && typeof use === "object" && Array.isArray(use.targets) && Array.isArray(use.tiers) ? use : null;
}

/**
 * The creature a target key names: the actor of a token on the card's scene (src/documents/card-targets.ts),
 * never an actor the card names by itself. Only Draw Steel creatures take what a Draw Steel card does.
 */
export async function targetActor(message: Message, key: string): Promise<AnyActor | null> {
  const actor = (await cardTargetToken(message, key))?.actor ?? null;
  return actor && isDrawSteel(actor.system) ? actor : null;
}

export function authorOf(message: Message): CardUser | null {
  return message.author ?? null;
}

export function who(user: CardUser, message: Message, actor: AnyActor | null) {
  return {
    isGM: !!user.isGM,
    isAuthor: authorOf(message)?.id === user.id,
    ownsTarget: !!actor && actor.testUserPermission(user as User.Implementation, "OWNER"),
  };
}

/**
 * Why a card written by a player cannot be trusted, or null. Its roller must be an actor the
 * message's author (whom Foundry's server names) owns, its ability an ability item of that actor,
 * and its record what that ability produces (`abilityUseProblem`).
 */
export async function cardProblem(message: Message, use: AbilityUseData): Promise<string | null> {
  const author = authorOf(message);
  if (author?.isGM) return null;
  const actor = await fromUuid(use.actorUuid).catch(() => null) as AnyActor | null;
  if (!author || !actor || actor.documentName !== "Actor" || !actor.testUserPermission(author as User.Implementation, "OWNER")) return "actor";
  const item = await fromUuid(use.itemUuid).catch(() => null) as Item.Implementation | null;
  if (!item || item.documentName !== "Item" || item.type !== "ability" || (item.parent as { uuid?: string } | null)?.uuid !== actor.uuid) return "item";
  const characteristics = actor.system.characteristics ?? {};
  // A Fate tier (L2409) is the GM's record's word (src/documents/domain-lasting.ts), loaded only for such a card.
  const fated = use.fated === undefined ? null : await (await import("./domain-lasting.ts")).vouchedFate(message, use.actorUuid);
  return abilityUseProblem(use, { ability: abilitySource(item), kit: kitOf(actor), characteristics, fated });
}


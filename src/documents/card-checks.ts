/**
 * What every world checks of an ability card (src/documents/ability-results.ts re-exports it): the
 * card's ability-use record, the creature a target key names, who may press what, and the refusals
 * for a card a player wrote (its ability, its approved copy, the rules' limits). Carrying out an
 * action is card-actions.ts, loaded when the first one runs (docs/architecture.md, "Loading").
 */
import { DRAW_STEEL_LIMITS, cardLimitProblem } from "../rules/core.ts";
import type { CardLimit } from "../rules/core.ts";
import { abilitySource, abilityUseProblem } from "../data/ability-use.ts";
import type { AbilityUseData, CardAction } from "../data/ability-use.ts";
import { FLAG_SCOPE, kitOf } from "./ability-use.ts";
import type { Notice } from "./relay.ts";
import { updateDocument } from "./update.ts";
import { isDrawSteel } from "../data/index.ts";
import { systemFlags } from "./system-flags.ts";
import { abilityApprovalRefusal } from "./ability-approval.ts";
import type { AbilityApprover } from "./ability-approval.ts";
import { cardTargetToken } from "./card-targets.ts";

/** The relay request name of card actions. */
export const CARD_RELAY = "abilityCard";
/** The relay request name of a grab a player's own application made, for the GM to check and record (card-actions.ts). */
export const GRAB_RELAY = "grabRecord";
export const ACTIONS: readonly CardAction[] = ["apply", "knockOut", "heal", "undo", "downgrade", "resist", "healRecovery", "healResist"];
/** The Heal action's choices (L7093): they read the creature's own data, never the card's numbers. */
export const HEAL_CHOICES: readonly CardAction[] = ["healRecovery", "healResist"];

export type AnyActor = Actor.Implementation;
export type Message = ChatMessage.Implementation;

export interface CardRequest {
  messageId: string;
  action: CardAction;
  key: string;
  /** For downgrades: the tier chosen. */
  tier?: number;
  /** For the Heal action's resistance roll: the effect rolled against (needed when there are several). */
  effectId?: string;
}

/** The outcome of a card action, with the message its user should see. */
export type CardOutcome = { ok: true; notice?: Notice } | { ok: false; notice: Notice };

/** Hooks the card needs from the outside: render the card, and apply/remove conditions. */
export interface CardServices {
  renderCard(use: AbilityUseData): Promise<string>;
  /** Apply the tier's conditions to the actor; resolves to the ids of the Active Effects created. */
  applyConditions(actor: AnyActor, conditions: AbilityUseData["tiers"][number]["conditions"], sourceUuid: string): Promise<string[]>;
  /** Healing: resolves to the Stamina actually regained. */
  heal(actor: AnyActor, amount: number): Promise<number>;
  /**
   * The GM's decision on a player's ability that differs from its approved copy
   * (src/documents/ability-approval.ts): a dialog on the GM's client; tests answer it themselves.
   */
  approveAbility: AbilityApprover;
}

/** The user a card action runs for: the current user, or the relay's requester. */
export type CardUser = { id: string | null; isGM: boolean };

export const refuse = (key: string, format?: Record<string, string>, type: Notice["type"] = "warn"): CardOutcome =>
  ({ ok: false, notice: { type, key, ...(format ? { format } : {}) } });

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

function authorOf(message: Message): CardUser | null {
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
  return abilityUseProblem(use, { ability: abilitySource(item), kit: kitOf(actor), characteristics });
}

/**
 * On the GM's client, for a card `cardProblem` accepts: the refusal when its ability item differs
 * from the ability's approved copy and the GM refuses the new version, else null (approved, asked
 * and approved now, or not to be asked: src/documents/ability-approval.ts).
 */
export async function cardApprovalRefusal(
  message: Message, use: AbilityUseData, services: CardServices, requesterId?: string | null,
): Promise<Notice | null> {
  const author = authorOf(message);
  if (!author || author.isGM) return null;
  const item = await fromUuid(use.itemUuid).catch(() => null) as Item.Implementation | null;
  if (!item || item.documentName !== "Item") return null;
  return abilityApprovalRefusal(item, author, services.approveAbility, requesterId);
}

const LIMIT_NOTICES: Record<CardLimit, { key: string; max: number }> = {
  damageFormula: { key: "SE.AbilityCard.Error.FormulaBeyondLimits", max: DRAW_STEEL_LIMITS.damage },
  damage: { key: "SE.AbilityCard.Error.DamageBeyondLimits", max: DRAW_STEEL_LIMITS.damage },
  forced: { key: "SE.AbilityCard.Error.ForcedBeyondLimits", max: DRAW_STEEL_LIMITS.distance },
};

/**
 * The refusal for a card a player wrote whose tiers go beyond the rules' largest damage, damage
 * formula or forced movement (`cardLimitProblem`, src/rules/limits.ts), or null. A GM's card is the
 * GM's own: not capped.
 */
export function cardLimitRefusal(message: Message, use: AbilityUseData): Notice | null {
  if (authorOf(message)?.isGM) return null;
  const beyond = cardLimitProblem(use.tiers);
  if (!beyond) return null;
  const { key, max } = LIMIT_NOTICES[beyond];
  return { type: "error", key, format: { max: String(max), length: String(DRAW_STEEL_LIMITS.formulaLength), dice: String(DRAW_STEEL_LIMITS.dice) } };
}

export async function save(message: Message, use: AbilityUseData, services: CardServices): Promise<void> {
  await updateDocument(message, { content: await services.renderCard(use), [`flags.${FLAG_SCOPE}.abilityUse`]: use });
}


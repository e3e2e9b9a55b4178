/**
 * Why a card action is refused: approval, limits, the checks the GM's client runs before it applies a
 * card. Loaded with the cards' actions, not before `ready` (issue 31).
 */
import { DRAW_STEEL_LIMITS, cardLimitProblem } from "../rules/limits.ts";
import type { CardLimit } from "../rules/limits.ts";
import type { AbilityUseData, CardAction } from "../data/ability-use.ts";
import { FLAG_SCOPE } from "../constants.ts";
import type { Notice } from "./relay.ts";
import { updateDocument } from "./update.ts";
import { abilityApprovalRefusal } from "./ability-approval.ts";
import type { AbilityApprover } from "./ability-approval.ts";
import { authorOf, type AnyActor, type Message } from "./card-checks.ts";

export const ACTIONS: readonly CardAction[] = ["apply", "knockOut", "heal", "undo", "downgrade", "resist", "healRecovery", "healResist"];

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

export const refuse = (key: string, format?: Record<string, string>, type: Notice["type"] = "warn"): CardOutcome =>
  ({ ok: false, notice: { type, key, ...(format ? { format } : {}) } });

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

/**
 * Seed 001's Defense reaction (S1:L18, L31): on an action check's card, the defender rolls their
 * action die plus their bonus dice from Speed and evades only by scoring higher than the attack; a
 * tie goes to the attacker. It costs 5 Vigor, 2 less while Defending (S1:L22). In a seed 001
 * combat, the Vigor comes off the defender's combatant when it tracks Vigor (the tracker's stats): the
 * defender is the user's controlled token's combatant, else their character's. Without Vigor tracked,
 * the cost is shown on the card for the table to keep. No reactions on your own turn (S1:L9).
 */
import { ActionRoll } from "../../dice/action-dice-roll.ts";
import { defenseVigorCost } from "../../rules/action-dice.ts";
import { MAX_BONUS_DICE } from "../../parser/chat-commands.ts";
import { renderCard } from "../../dice/render.ts";
import { templatePath } from "../../constants.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import { formDialog } from "../dialogs/form-dialog.ts";
import { postActionCheck } from "./action-dice-checks.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "../../documents/combat.ts";

/** The user's creature in a started seed 001 combat: their controlled token's, else their character's. */
function defender(): { combat: SteelEchoesCombat; combatant: SteelEchoesCombatant } | null {
  // game.combat is of the configured class (CONFIG.Combat.documentClass = SteelEchoesCombat).
  const combat = (game.combat ?? null) as SteelEchoesCombat | null;
  if (!combat?.started || combat.engine !== "actionDice") return null;
  const mine = combat.combatants.filter((c) => c.isOwner);
  const controlled = new Set<unknown>((canvas?.tokens?.controlled ?? []).map((t) => t.document));
  const combatant = mine.find((c) => controlled.has(c.token)) ?? mine.find((c) => !!c.actor && c.actor === game.user?.character);
  return combatant ? { combat, combatant } : null;
}

export const DEFENSE_DIALOG_TEMPLATE = templatePath("dialog/defense-reaction.hbs");


/** Ask for the Speed bonus dice, then roll the reaction against the attack's total. */
export async function defendAgainst(message: ChatMessage.Implementation): Promise<ChatMessage.Implementation | null> {
  const roll = message.rolls?.[0];
  // An attack: not a task against a victory sum, not itself a reaction.
  const kind = roll instanceof ActionRoll ? roll.checkOptions.targetKind : null;
  if (!(roll instanceof ActionRoll) || kind === "defense" || kind === "vs" || typeof roll.total !== "number") return null;
  const against = roll.total;
  const form = await formDialog(
    foundryI18n.format("SE.ActionDice.DefendTitle", { total: against }),
    await renderCard(DEFENSE_DIALOG_TEMPLATE, { max: MAX_BONUS_DICE }), undefined, "SE.ActionDice.Defend",
  );
  if (!form) return null;
  const vigor = defenseVigorCost(!!form.defending);
  const who = defender();
  let left: number | undefined;
  if (who) {
    const name = who.combatant.name ?? "";
    if (who.combat.combatant?.id === who.combatant.id) {
      ui.notifications?.warn("SE.ActionDice.OwnTurn", { localize: true, format: { name } });
      return null;
    }
    const spent = await who.combatant.spendVigor(vigor);
    if (spent === "short") {
      ui.notifications?.warn("SE.ActionDice.NotEnoughVigor", { localize: true, format: { name, vigor: String(vigor) } });
      return null;
    }
    if (spent === "spent") left = who.combatant.engineStats.vigor;
  }
  const bonusDice = Math.min(MAX_BONUS_DICE, Math.max(0, Math.trunc(Number(form.bonusDice) || 0)));
  return (await postActionCheck({
    bonusDice, wounded: !!form.wounded, defense: { against, vigor },
    flavor: left === undefined ? foundryI18n.format("SE.ActionDice.DefendFlavor", { vigor })
      : foundryI18n.format("SE.ActionDice.DefendFlavorSpent", { vigor, left }),
  })) as ChatMessage.Implementation | null;
}

/** `renderChatMessageHTML`: wire an action check card's Defense reaction button. */
export function onRenderActionCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-se-defend]")) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      void defendAgainst(message);
    });
  }
}

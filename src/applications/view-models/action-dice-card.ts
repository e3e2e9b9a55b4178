/**
 * View-model of the generic check card (`templates/chat/check-roll.hbs`) for seed 001's action check:
 * the roll in, lines of label keys and values, the dice, and a verdict out. Pure. In the action dice
 * engine's chunk (src/games/action-dice.ts registers it in ROLL_CARDS).
 */
import { actionCheckTotal, beatsTarget, meetsVictorySum } from "../../rules/action-dice.ts";
import type { ActionCardInput } from "../../dice/render.ts";

export function actionCardContext(input: ActionCardInput) {
  const total = actionCheckTotal(input.action, input.chains);
  const judged = input.target !== null;
  const success = judged && (input.targetKind === "vs" ? meetsVictorySum(total, input.target!, !!input.vsAtEqual) : beatsTarget(total, input.target!));
  const burst = input.chains.some((c) => c.length > 1);
  const defense = input.targetKind === "defense";
  return {
    titleKey: defense ? "SE.ActionDice.DefenseTitle" : "SE.ActionDice.Title",
    flavor: input.flavor ?? "",
    dice: [
      { value: input.action, label: "d20", cssClass: "action-die" },
      ...input.chains.flatMap((chain) => chain.map((value, i) => ({
        value, label: `d${input.faces}`, cssClass: [i > 0 ? "check-card__die--burst" : "", value === input.faces ? "chat-card__die--max" : ""].filter(Boolean).join(" "),
      }))),
    ],
    lines: [
      { labelKey: "SE.ActionDice.ActionDie", value: String(input.action) },
      { labelKey: "SE.ActionDice.BonusDice", value: input.chains.length ? `${input.chains.length}d${input.faces}` : "—" },
      ...(defense && input.vigor !== undefined ? [{ labelKey: "SE.ActionDice.Vigor", value: String(input.vigor) }] : []),
    ],
    total,
    againstKey: judged
      ? (input.targetKind === "guard" ? "SE.ActionDice.AgainstGuard" : defense ? "SE.ActionDice.AgainstAttack" : "SE.ActionDice.AgainstVs")
      : "",
    against: input.target,
    verdictKey: judged ? (defense ? (success ? "SE.ActionDice.Evades" : "SE.ActionDice.IsHit") : success ? "SE.ActionDice.Beats" : "SE.ActionDice.Misses") : "",
    verdictClass: judged ? (success ? "success" : "failure") : "",
    badgeClass: success ? "success" : "disaster",
    noteKey: burst ? "SE.ActionDice.Burst" : judged && total === input.target && !success ? (defense ? "SE.ActionDice.DefenseTie" : "SE.ActionDice.Tie") : "",
    /**
     * An attack (against a Guard, or rolled without one) that has not already missed may be answered
     * with a Defense reaction (S1:L18); a task against a victory sum, or a reaction, may not.
     */
    defendable: !defense && input.targetKind !== "vs" && !(judged && !success),
  };
}

/**
 * View-models of the generic check card (`templates/chat/check-roll.hbs`) for seed 002's ARC and
 * Reaction check and seed 001's action check: the roll in, lines of label keys and values, the dice,
 * and a verdict out. Pure.
 */
import { actionCheckTotal, beatsTarget, meetsVictorySum } from "../../rules/action-dice.ts";
import { arcSucceeds, esAdjustment, reactionCheckPasses } from "../../rules/arc.ts";
import type { ActionCardInput, ArcCardInput, ReactionCardInput } from "../../dice/render.ts";

const signed = (n: number) => (n < 0 ? String(n) : `+${n}`);

export function arcCardContext(input: ArcCardInput) {
  const adjustment = esAdjustment(input.es, input.roll);
  const total = input.ks + input.us + adjustment + input.adjustment;
  const judged = input.against !== null;
  const success = judged && arcSucceeds(total, input.against!);
  return {
    titleKey: "SE.Arc.Title",
    flavor: input.flavor ?? "",
    dice: [{ value: input.roll, label: `d${input.esDie}`, cssClass: input.roll > input.es ? "chat-card__die--min" : "chat-card__die--max" }],
    lines: [
      { labelKey: "SE.Arc.Ks", value: String(input.ks) },
      { labelKey: "SE.Arc.Us", value: String(input.us) },
      { labelKey: "SE.Arc.EsAdjustment", value: `${signed(adjustment)} (ES ${input.es})` },
      ...(input.adjustment ? [{ labelKey: "SE.Arc.Other", value: signed(input.adjustment) }] : []),
    ],
    total,
    againstKey: judged ? "SE.Arc.Against" : "",
    against: input.against,
    verdictKey: judged ? (success ? "SE.Arc.Success" : "SE.Arc.Failure") : "",
    verdictClass: judged ? (success ? "success" : "failure") : "",
    badgeClass: success ? "success" : "disaster",
    noteKey: judged && total === input.against ? "SE.Arc.Tie" : "",
  };
}

export function reactionCardContext(input: ReactionCardInput) {
  const pass = reactionCheckPasses(input.som, input.roll);
  return {
    titleKey: "SE.Reaction.Title",
    flavor: input.flavor ?? "",
    dice: [{ value: input.roll, label: "d10", cssClass: pass ? "chat-card__die--max" : "chat-card__die--min" }],
    lines: [{ labelKey: "SE.Reaction.Som", value: String(input.som) }],
    total: input.roll,
    againstKey: "",
    against: null,
    verdictKey: pass ? "SE.Reaction.Pass" : "SE.Reaction.Fail",
    verdictClass: pass ? "success" : "failure",
    badgeClass: pass ? "success" : "disaster",
    noteKey: input.som === 10 ? "SE.Reaction.Exalted" : input.som === 1 ? "SE.Reaction.Panicked" : pass ? "" : "SE.Reaction.LoseTurn",
  };
}

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

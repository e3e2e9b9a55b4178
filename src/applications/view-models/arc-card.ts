/**
 * View-models of the generic check card (`templates/chat/check-roll.hbs`) for seed 002's ARC and
 * Reaction check: the roll in, lines of label keys and values, the die, and a verdict out. Pure. In
 * ARC's chunk (src/games/arc.ts registers them in ROLL_CARDS).
 */
import { arcSucceeds, esAdjustment, reactionCheckPasses } from "../../rules/arc.ts";
import type { ArcCardInput, ReactionCardInput } from "../../dice/render.ts";

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

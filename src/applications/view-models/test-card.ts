/**
 * View-model of a group or opposed test card (`templates/chat/test-card.hbs`): the card's state in,
 * the context out. Pure. Every roller's row carries its buttons; each client removes those its user
 * cannot use when the card renders (src/applications/chat/test-cards.ts).
 */
import { summarize } from "../../data/test-card.ts";
import type { TestCardState } from "../../data/test-card.ts";
import type { I18n } from "./i18n.ts";

/** The outcome badge's colour for a test outcome. */
const OUTCOME_CLASS: Record<string, string> = {
  "failure-with-consequence": "disaster", failure: "failure", "success-with-consequence": "setback",
  success: "success", "success-with-reward": "triumph",
};

/** How an assist reads: edges first (a table of the caller's may give banes), then a bonus. */
export function assistKey(effect: { edges: number; bonus: number }): string {
  if (effect.edges >= 2) return "SE.TestCard.AssistDoubleEdge";
  if (effect.edges === 1) return "SE.TestCard.AssistEdge";
  if (effect.edges < 0) return "SE.TestCard.AssistBane";
  return effect.bonus ? "SE.TestCard.AssistBonus" : "SE.TestCard.AssistNothing";
}

export function testCardContext(state: TestCardState, i18n: I18n) {
  const summary = summarize(state);
  const characteristicLabel = (c: string) => i18n.localize(`SE.Characteristic.${c}`);
  const group = state.mode === "group";
  const rows = state.rollers.map((r, i) => {
    const assist = r.assist ? i18n.format(assistKey(r.assist.effect), { name: r.assist.name, bonus: String(r.assist.effect.bonus) }) : "";
    return {
      actorUuid: r.actorUuid,
      name: r.name,
      characteristic: r.characteristic,
      characteristicLabel: characteristicLabel(r.characteristic),
      rolled: !!r.result,
      total: r.result?.total ?? "",
      natural: r.result?.natural ?? "",
      tier: r.result?.tier ?? "",
      outcome: r.result?.outcome ? i18n.localize(`SE.Test.Outcome.${r.result.outcome}`) : "",
      outcomeClass: r.result?.outcome ? OUTCOME_CLASS[r.result.outcome] : "",
      assist,
      canBeAssisted: group && !r.result && !r.assist,
      winner: summary.winner === i,
    };
  });
  const difficulty = state.difficulty ? i18n.localize(`SE.Test.DifficultyLabel.${state.difficulty}`) : "";
  const title = i18n.localize(group ? "SE.TestCard.GroupTitle" : "SE.TestCard.OpposedTitle");
  const subtitle = group
    ? i18n.format("SE.TestCard.GroupText", { characteristic: characteristicLabel(state.rollers[0]!.characteristic), difficulty })
    : i18n.format("SE.TestCard.OpposedText", {
        first: state.rollers[0]!.name, firstCharacteristic: characteristicLabel(state.rollers[0]!.characteristic),
        second: state.rollers[1]!.name, secondCharacteristic: characteristicLabel(state.rollers[1]!.characteristic),
      });

  let result = i18n.format("SE.TestCard.Waiting", { rolled: String(summary.rolled), total: String(state.rollers.length) });
  let resultClass = "pending";
  let collective = "";
  let collectiveClass = "";
  if (summary.group) {
    result = i18n.localize(summary.group.success ? "SE.TestCard.GroupSucceeds" : "SE.TestCard.GroupFails");
    resultClass = summary.group.success ? "success" : "failure";
    if (summary.group.collective) {
      collective = i18n.format(`SE.TestCard.Collective.${summary.group.collective}`, {
        heroTokens: String(summary.award!.heroTokens), villainPower: String(summary.award!.villainPower),
      });
      collectiveClass = summary.group.collective;
    }
  }
  if (summary.winner !== null) {
    result = summary.winner < 0 ? i18n.localize("SE.TestCard.Tie") : i18n.format("SE.TestCard.Wins", { name: state.rollers[summary.winner]!.name });
    resultClass = summary.winner < 0 ? "tie" : "success";
  }
  const awardable = group && summary.complete && !state.awarded && !!summary.group?.collective;
  return {
    mode: state.mode,
    title,
    subtitle,
    rows,
    rollLabel: i18n.localize("SE.TestCard.Roll"),
    assistLabel: i18n.localize("SE.TestCard.Assist"),
    result,
    resultClass,
    collective,
    collectiveClass,
    awardable,
    awardLabel: i18n.localize("SE.TestCard.Award"),
    awarded: state.awarded === "reward" || state.awarded === "consequence" ? i18n.localize("SE.TestCard.Awarded") : "",
  };
}

/**
 * View-model of seed 003's check card (`templates/chat/d12-roll.hbs`): the dice in, the context out,
 * with localisation keys the template localises (as the other roll cards). Pure; the kept dice,
 * total and special results come from `resolveD12Check`.
 */
import { checkQuality, resolveD12Check } from "../../rules/index.ts";
import type { D12CardInput } from "../../dice/render.ts";

export function d12CardContext(input: D12CardInput) {
  const r = resolveD12Check({ dice: input.dice, advantage: input.advantage, modifier: input.modifier, dc: input.dc ?? 0 });
  // Which of the rolled dice were kept: each kept value once, in the roll's order.
  const left = [...r.kept];
  const dice = input.dice.map((value) => {
    const i = left.indexOf(value);
    const kept = i >= 0;
    if (kept) left.splice(i, 1);
    const cssClass = [
      kept ? "" : "chat-card__die--discarded", kept && value === 12 ? "chat-card__die--max" : "", kept && value === 1 ? "chat-card__die--min" : "",
    ].filter(Boolean).join(" ");
    return { value, cssClass };
  });
  const judged = input.dc !== null;
  return {
    flavor: input.flavor ?? "",
    dice,
    advantageKey: input.advantage === 0 ? "" : input.advantage > 0 ? "SE.D12.Advantage" : "SE.D12.Disadvantage",
    modifier: input.modifier === 0 ? "" : (input.modifier > 0 ? `+${input.modifier}` : String(input.modifier)),
    total: r.total,
    dc: input.dc,
    verdictKey: judged ? (r.success ? "SE.D12.Success" : "SE.D12.Failure") : "",
    verdictClass: judged ? (r.success ? "success" : "failure") : "",
    badgeClass: r.success ? "success" : "disaster",
    qualityKey: `SE.D12.Quality.${checkQuality(r.total)}`,
    specialKey: r.special ? `SE.D12.Special.${r.special}` : "",
    specialClass: r.special ?? "",
    rank: r.exploitRank,
    edgeCard: r.edgeCard,
  };
}

/**
 * View-model of seed 003's check card (`templates/chat/d12-roll.hbs`): the dice in, the context out,
 * with localisation keys the template localises (as the other roll cards). Pure; the kept dice,
 * total and special results come from `resolveD12Check`.
 */
import { checkQuality, deathSaveTally, resolveD12Check } from "../../rules/d12.ts";
import type { DeathSaveEvent } from "../../rules/d12.ts";
import type { D12CardInput } from "../../dice/render.ts";
import type { I18n } from "./i18n.ts";
import { exploitsUpTo, D12_SETBACKS } from "../../data/d12-tables.ts";
import type { D12Exploit, D12Setback } from "../../data/d12-tables.ts";

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

/** The exploit or setback part of a 2d12 check's card: what was chosen, and the lists this viewer may choose from. */
export function d12ChoiceContext(
  input: {
    rank: number; chosen: { exploit: D12Exploit | null; setback: D12Setback | null }; rights: { exploit: boolean; setback: boolean };
  },
  i18n: I18n,
) {
  return {
    rank: input.rank,
    exploit: input.chosen.exploit, setback: input.chosen.setback,
    exploits: input.rights.exploit ? exploitsUpTo(input.rank).map((e) => ({
      value: `${e.kind}:${e.rank}`, text: e.text,
      label: i18n.format(`SE.D12.Choice.ExploitOption.${e.kind}`, { rank: e.rank, name: e.name }),
    })) : [],
    setbacks: input.rights.setback ? D12_SETBACKS.map((s) => ({ value: String(s.roll), text: s.text, label: `${s.roll}: ${s.name}` })) : [],
  };
}

/** The death-save tally card: pips for successes and failures, each event, and where it stands. */
export function deathSaveCardContext(state: { name: string; events: readonly DeathSaveEvent[] }, i18n: I18n) {
  const t = deathSaveTally(state.events);
  const pips = (n: number) => [0, 1, 2].map((i) => i < n);
  return {
    title: i18n.format("SE.D12.DeathSaves.Title", { name: state.name }),
    state: t.state, dying: t.state === "dying",
    successes: pips(t.successes), failures: pips(t.failures),
    log: state.events.map((e) => ("damage" in e ? i18n.localize("SE.D12.DeathSaves.Hit") : i18n.format("SE.D12.DeathSaves.Rolled", { roll: e.roll }))),
    stateText: i18n.localize(`SE.D12.DeathSaves.State.${t.state}`),
  };
}

/**
 * View-model of the negotiation tracker (`templates/apps/negotiation-tracker.hbs`) and its argument
 * dialog: the negotiation's state and who is looking in, the context out. Pure. The Director sees
 * everything; a player sees the motivations and pitfalls the heroes discovered, and interest and
 * patience only when the Director shares them (L7405).
 */
import { ARGUMENT_CHARACTERISTICS } from "../../data/negotiation.ts";
import type { NegotiationState } from "../../data/negotiation.ts";
import { SKILL_GROUPS } from "../../rules/catalogue.ts";
import { ATTITUDES } from "../../rules/negotiation.ts";
import { NEGOTIATION_MAX, negotiationOffer, renownInfluences, startingNegotiation } from "../../rules/negotiation-play.ts";
import type { I18n } from "./i18n.ts";

export interface NegotiationViewer {
  isGM: boolean;
  /** The hero this user argues with: their own character, if any. */
  hero: { uuid: string; name: string; renown: number } | null;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const pips = (value: number) => Array.from({ length: NEGOTIATION_MAX }, (_v, i) => ({ filled: i < value }));

export function negotiationTrackerContext(
  npc: { name: string; statBlock?: { interest: number; patience: number } } | null, state: NegotiationState | null,
  viewer: NegotiationViewer, i18n: I18n,
) {
  const attitudes = ATTITUDES.map((id) => {
    const start = startingNegotiation(id);
    const attitude = i18n.localize(`SE.Negotiation.Attitude.${id}`);
    const text = i18n.format("SE.Negotiation.AttitudeOption", { attitude, interest: String(start.interest), patience: String(start.patience) });
    return { id, label: text, selected: id === "neutral" };
  });
  if (!npc || !state) {
    const none = i18n.localize(viewer.isGM ? "SE.Negotiation.NoneGM" : "SE.Negotiation.None");
    const statBlock = npc?.statBlock
      ? i18n.format("SE.Negotiation.UseStatBlock", { interest: String(npc.statBlock.interest), patience: String(npc.statBlock.patience) })
      : "";
    return { active: false, isGM: viewer.isGM, name: npc?.name ?? "", attitudes, none, statBlock };
  }
  const seesStats = viewer.isGM || state.showStats;
  const label = (id: string) => i18n.localize(`SE.Motivation.${id}`);
  const known = (id: string) =>
    viewer.isGM || state.motivations.some((m) => m.id === id && m.discovered) || state.pitfalls.some((p) => p.id === id && p.discovered);
  const offer = state.ended?.offer ?? negotiationOffer(state.interest);
  return {
    active: true,
    isGM: viewer.isGM,
    name: npc.name,
    attitude: i18n.localize(`SE.Negotiation.Attitude.${state.attitude}`),
    seesStats,
    showStats: state.showStats,
    interest: { value: state.interest, pips: pips(state.interest) },
    patience: { value: state.patience, pips: pips(state.patience) },
    impression: state.impression,
    offer: seesStats ? { id: offer, label: i18n.localize(`SE.Negotiation.Offer.${offer}`) } : null,
    motivations: state.motivations.filter((m) => viewer.isGM || m.discovered)
      .map((m) => ({ id: m.id, label: label(m.id), used: m.used, discovered: m.discovered })),
    pitfalls: state.pitfalls.filter((p) => viewer.isGM || p.discovered)
      .map((p) => ({ id: p.id, label: label(p.id), discovered: p.discovered })),
    pending: state.pending
      ? {
          heroName: state.pending.heroName, total: state.pending.total, tier: state.pending.tier,
          text: i18n.format("SE.Negotiation.Pending", {
            name: state.pending.heroName, total: String(state.pending.total), tier: String(state.pending.tier),
          }),
        }
      : null,
    judgeOptions: viewer.isGM ? [
      ...state.motivations.map((m) => ({
        value: `motivation:${m.id}`,
        label: i18n.format(`SE.Negotiation.Judge.${m.used ? "reused" : "motivation"}`, { motivation: label(m.id) }),
      })),
      ...state.pitfalls.map((p) => ({ value: `pitfall:${p.id}`, label: i18n.format("SE.Negotiation.Judge.pitfall", { pitfall: label(p.id) }) })),
      { value: "no-motivation:", label: i18n.localize("SE.Negotiation.Judge.none") },
      { value: "repeated-argument:", label: i18n.localize("SE.Negotiation.Judge.repeated") },
    ] : [],
    log: state.log.map((e) => ({
      heroName: e.heroName,
      response: i18n.localize(`SE.Negotiation.Response.${e.response}`),
      responseClass: e.response,
      detail: seesStats
        ? i18n.format("SE.Negotiation.LogDetail", {
            kind: i18n.localize(`SE.Negotiation.Kind.${e.kind}`) + (e.subject && known(e.subject) ? ` (${label(e.subject)})` : ""),
            interest: signed(e.delta.interest), patience: signed(e.delta.patience),
          })
        : "",
      lie: e.caughtLying ? i18n.localize("SE.Negotiation.CaughtLying") : "",
    })).reverse(),
    canArgue: !!viewer.hero && !state.pending && !state.ended,
    ended: state.ended
      ? {
          closed: state.ended.closed,
          text: i18n.localize(`SE.Negotiation.${state.ended.closed ? "Closed" : state.ended.interest === 0 ? "Broken" : "FinalOffer"}`),
          victory: state.ended.closed && state.ended.victory ? i18n.localize("SE.Negotiation.VictoryAwarded") : "",
        }
      : null,
    suggestVictory: state.interest >= 3,
  };
}

/** The argument dialog for a hero: characteristic, skill, and the Renown edge when it can apply (L7634, L7656). */
export function argumentDialogContext(state: NegotiationState, hero: { renown: number }, i18n: I18n) {
  return {
    hint: i18n.localize("SE.Negotiation.ArgueHint"),
    characteristics: ARGUMENT_CHARACTERISTICS.map((id) => ({ id, label: i18n.localize(`SE.Characteristic.${id}`) })),
    skillGroups: (["interpersonal", "lore", "intrigue", "exploration", "crafting"] as const).map((group) => ({
      label: i18n.localize(`SE.SkillGroup.${group}`),
      skills: SKILL_GROUPS[group].map((id) => ({ id, label: i18n.localize(`SE.Skill.${id}`) })),
    })),
    renownEdge: renownInfluences(Math.max(0, Math.trunc(hero.renown)), Math.max(0, state.impression)),
  };
}

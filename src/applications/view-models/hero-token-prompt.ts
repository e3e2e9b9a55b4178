/** The dying hero's prompt (issue 33, L252): what a hero token would do, as her dialog shows it. Pure. */
import type { DyingTokenOffer } from "../../rules/combat-resources.ts";
import type { I18n } from "./i18n.ts";

/** What the prompt shows: the hero, the damage she took and what a token would do. */
export interface HeroTokenPromptView extends DyingTokenOffer {
  name: string;
  taken: number;
}

/** The prompt's text: what happened, what a token gives, whether it lifts her out of dying; the name escaped. */
export function heroTokenPromptContent(view: HeroTokenPromptView, i18n: I18n, escape: (s: string) => string): string {
  const p = (key: string, data: Record<string, string | number>, css: string) => `<p class="${css}">${escape(i18n.format(key, data))}</p>`;
  return `<div class="steel-echoes se-hero-token-prompt">${
    p("SE.RoundTools.HeroToken.Intro", { name: view.name, taken: view.taken }, "se-hero-token-prompt__intro")}${
    p("SE.RoundTools.HeroToken.Regain", { regain: view.regain, stamina: view.stamina }, "se-hero-token-prompt__regain")}${
    p(view.leavesDying ? "SE.RoundTools.HeroToken.LeavesDying" : "SE.RoundTools.HeroToken.StillDying", { name: view.name },
      view.leavesDying ? "se-hero-token-prompt__verdict se-hero-token-prompt__verdict--saved" : "se-hero-token-prompt__verdict")}</div>`;
}


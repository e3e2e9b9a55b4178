/**
 * Level up (issue 32; L581–628): a hero takes her next level, her Stamina maximum rises with it, and
 * a chat card lists what her class's advancement table gives at that level.
 *
 * Who may: her owner once her XP reaches the level (`system.levelUp.ready`, L585), and the Director
 * at any time (milestone, L620; "Director says so", L626). Both write the hero directly: the owner may
 * write her own actor anyway (Foundry's `Document#canUserModify`), so nothing here needs the GM's client.
 */
import { CSS_ROOT } from "../constants.ts";
import { levelGains, levelUpState } from "../rules/advancement.ts";
import { abilitySlots } from "../rules/hero-building.ts";
import type { LevelUpState } from "../rules/advancement.ts";
import { advancementMode } from "../settings/index.ts";
import { speakerOf } from "./persisted.ts";

/** The hero as levelling reads it: her stored and derived level, XP, Stamina and class. */
export interface LevelingHero {
  type: string;
  name: string;
  isOwner: boolean;
  items: Iterable<{ type: string; name: string }>;
  system: {
    level: number | null;
    xp?: number;
    stamina: { value: number; max: number };
    levelUp?: LevelUpState;
    staminaMaxAt?(level: number): number;
  };
  update(changes: object): Promise<unknown>;
}

export type LevelUpRefusal = "not-hero" | "not-owner" | "max-level" | "not-ready";

/** Why this user may not level the hero up now, or null when she may. */
export function levelUpRefusal(hero: LevelingHero, user: { isGM: boolean }): LevelUpRefusal | null {
  if (hero.type !== "hero") return "not-hero";
  if (!user.isGM && !hero.isOwner) return "not-owner";
  const level = hero.system.level ?? 1;
  const state = levelUpState(level, hero.system.xp ?? 0, advancementMode());
  if (state.next === null) return "max-level";
  if (!user.isGM && !state.ready) return "not-ready";
  return null;
}

/**
 * Take the next level: store it, add what the Stamina maximum gains to her current Stamina (the
 * increase is hers at once, as a maximum rising mid-rest would be), and post what the level gives.
 * Resolves to the new level, or null when refused (with a localised warning).
 */
export async function levelUp(hero: LevelingHero): Promise<number | null> {
  const user = game.user!;
  const refusal = levelUpRefusal(hero, user);
  if (refusal) {
    ui.notifications?.warn(`SE.LevelUp.Refusal.${refusal}`, { localize: true, format: { name: hero.name } });
    return null;
  }
  const from = hero.system.level ?? 1;
  const to = from + 1;
  const maxAt = (level: number) => hero.system.staminaMaxAt?.(level) ?? hero.system.stamina.max;
  const gain = Math.max(0, maxAt(to) - maxAt(from));
  await hero.update({ "system.level": to, "system.stamina.value": hero.system.stamina.value + gain });
  await ChatMessage.implementation.create({
    content: levelUpCard(hero, to, gain),
    // Type escape: the structural LevelingHero is the system's Actor at run time; getSpeaker reads its id, name and token.
    speaker: speakerOf({ actor: hero as unknown as Actor.Implementation }),
  });
  return to;
}

const esc = (s: string) => foundry.utils.escapeHTML(s);

/** The chat card: the new level, the Stamina gained, and the class's row for it, or why the seed has none (the gallery shows it too). */
export function levelUpCard(hero: LevelingHero, level: number, gain: number): string {
  const i18n = game.i18n!;
  const className = [...hero.items].find((i) => i.type === "class")?.name ?? "";
  const gains = levelGains(className, level);
  const lines: string[] = [`<p><strong>${esc(i18n.format("SE.LevelUp.Reached", { name: hero.name, level: String(level) }))}</strong></p>`];
  if (gain > 0) lines.push(`<p>${esc(i18n.format("SE.LevelUp.Stamina", { gain: String(gain) }))}</p>`);
  if (gains.row) {
    lines.push(`<p>${esc(i18n.format("SE.LevelUp.Features", { features: gains.row.features.join(", ") }))}</p>`);
    const slots = abilitySlots(gains.row.abilities).map((s) => (s === "signature" ? i18n.localize("SE.LevelUp.Signature") : String(s)));
    lines.push(`<p>${esc(i18n.format("SE.LevelUp.Abilities", { abilities: slots.join(", ") }))}</p>`);
    if (!gains.featureTextPrinted) lines.push(`<p><em>${esc(i18n.localize("SE.LevelUp.NamesOnly"))}</em></p>`);
  } else {
    lines.push(`<p><em>${esc(i18n.format("SE.LevelUp.NotPrinted", { className: className || i18n.localize("SE.LevelUp.NoClass") }))}</em></p>`);
  }
  return `<div class="${CSS_ROOT} se-level-up">${lines.join("")}</div>`;
}

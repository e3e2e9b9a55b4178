/**
 * A tier-3 Prayer's domain effects offered on its card. Loaded with the ability flow, not before
 * `ready` (issue 31).
 */
import { APPLIED_DOMAINS, FATE_OPTIONS, LIFE_OPTIONS, domainEffectNumbers, domainsOf, earnsDomainEffect } from "../rules/domain-effects.ts";
import type { Domain, DomainEffectNumbers } from "../rules/domain-effects.ts";
import type { DomainOption } from "../rules/domain-effect-targets.ts";
import { speakerOf } from "./persisted.ts";
import { FLAG_SCOPE } from "../constants.ts";

type AnyActor = Actor.Implementation;

/** The domains the hero's class item names in its subclass (a conduit's two, L2350). */
export function heroDomains(actor: AnyActor): ReturnType<typeof domainsOf> {
  const classes = [...(actor.items ?? [])].filter((i) => i.type === "class");
  return domainsOf(classes.map((c) => String((c.system as { subclass?: unknown }).subclass ?? "")).join(" "));
}

/** What the offer's text needs of Foundry's Localization (tests and the gallery pass the language file's). */
export interface OfferI18n {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}

/** One effect in words, its numbers filled in (`SE.Prayer.Domain.<domain>`). */
export function domainEffectText(n: DomainEffectNumbers, i18n: OfferI18n = game.i18n!): string {
  const data: Record<string, string> = {
    damage: String(n.damage?.amount ?? 0), temporary: String(n.temporaryStamina ?? 0), slide: String(n.slide ?? 0),
    immunity: String(n.immunity ?? 0), extra: String(n.extraDamage ?? 0), recoveries: String(n.recoveries ?? 0), wall: String(n.wall ?? 0),
  };
  return i18n.format(`SE.Prayer.Domain.${n.domain}`, data);
}

/** The buttons of one domain's effect: Life's two ways (L2417), Fate's two tiers (L2409), a slide's squares; Creation's wall's squares. */
function domainButtons(n: DomainEffectNumbers, i18n: OfferI18n, esc: (text: string) => string): string {
  const domain = n.domain;
  if (!APPLIED_DOMAINS.includes(domain)) return "";
  const options: (DomainOption | "")[] = domain === "life" ? [...LIFE_OPTIONS] : domain === "fate" ? [...FATE_OPTIONS] : [""];
  const slide = n.slide !== undefined ? ` data-se-domain-slide="${n.slide}"` : n.wall !== undefined ? ` data-se-domain-wall="${n.wall}"` : "";
  return options.map((o) => {
    const label = i18n.format(o ? `SE.Prayer.Apply.${domain}-${o}` : `SE.Prayer.Apply.${domain}`, { slide: String(n.slide ?? 0), wall: String(n.wall ?? 0) });
    return `<button type="button" data-se-domain="${domain}"${o ? ` data-se-domain-option="${o}"` : ""}${slide}>${esc(label)}</button>`;
  }).join("");
}

/**
 * The offer's HTML: the heading with the conduit's name, each domain's effect in words and, when the
 * Prayer's card is known (`buttons`), the buttons the system carries out. Everything typed is escaped.
 */
export function domainOfferHtml(
  input: { name: string; domains: readonly Domain[]; conduit: { level: number; intuition: number }; buttons: boolean },
  i18n: OfferI18n, esc: (text: string) => string,
): string {
  const heading = i18n.format("SE.Prayer.DomainChoice", { name: input.name });
  const items = input.domains.map((d) => {
    const n = domainEffectNumbers(d, input.conduit);
    return `<li>${esc(domainEffectText(n, i18n))}${input.buttons ? domainButtons(n, i18n, esc) : ""}</li>`;
  });
  const applied = input.buttons && input.domains.some((d) => APPLIED_DOMAINS.includes(d));
  const hint = applied ? `<p class="hint">${esc(i18n.localize("SE.Prayer.ApplyHint"))}</p>` : "";
  return `<div class="steel-echoes domain-offer"><p><strong>${esc(heading)}</strong></p><ul>${items.join("")}</ul>${hint}</div>`;
}

/**
 * After a Prayer card (the roller's own client): on its tier 3, post her domain effects to choose
 * from, with a button for each the system carries out. Resolves to the domains offered (none when the
 * tier is not 3 or her class names no domain).
 */
export async function offerDomainEffects(
  actor: AnyActor, abilityName: string, tier: number | null, prayerMessageId?: string | null,
): Promise<string[]> {
  if (actor.type !== "hero" || !/^prayer$/i.test(abilityName.trim()) || !earnsDomainEffect(tier)) return [];
  const domains = heroDomains(actor);
  if (!domains.length) return [];
  const system = actor.system as { level?: number; characteristics?: { intuition?: number } };
  const conduit = { level: Number(system.level) || 1, intuition: Number(system.characteristics?.intuition) || 0 };
  await ChatMessage.implementation.create({
    content: domainOfferHtml({ name: actor.name ?? "", domains, conduit, buttons: !!prayerMessageId }, game.i18n!, foundry.utils.escapeHTML),
    speaker: speakerOf({ actor }),
    ...(prayerMessageId ? { flags: { [FLAG_SCOPE]: { domainOffer: { prayer: prayerMessageId, domains } } } } : {}),
  });
  return domains;
}

/**
 * Prayer's tier 3 offers the conduit her domain effects (seed 004, L2391, L2397): after her Prayer
 * card, her own client posts the effects of her two domains (read from her class item's subclass
 * text) with their numbers worked out for her level and Intuition (src/rules/domain-effects.ts).
 * The effects the system carries out (`APPLIED_DOMAINS`: Death, Life, Love, Storm, Sun) get a button:
 * a click asks the active GM's client (the relay, `domainEffect`), which checks the Prayer card as it
 * checks any card, and applies the effect to the creatures the user targets (Love: every ally within
 * 10 squares). The others are the table's to carry out from the numbers the message states.
 * The buttons and the relay are domain-effect-relay.ts; carrying an effect out is
 * domain-effect-actions.ts, loaded with `import()` on the first request.
 */
import { APPLIED_DOMAINS, DOMAINS, LIFE_OPTIONS, domainEffectNumbers, domainsOf, earnsDomainEffect } from "../rules/domain-effects.ts";
import type { Domain, DomainEffectNumbers, LifeOption } from "../rules/domain-effects.ts";
import { speakerOf } from "./persisted.ts";
import { FLAG_SCOPE } from "../constants.ts";

type AnyActor = Actor.Implementation;

/** The relay request that asks the GM's client to carry out a domain effect. */
export const DOMAIN_EFFECT_RELAY = "domainEffect";

/** A domain effect request: the Prayer card, the domain, Life's way, and the creatures the user targets (token UUIDs). */
export interface DomainEffectRequest {
  prayer: string;
  domain: Domain;
  option?: LifeOption;
  targets: string[];
}

/** The domains the hero's class item names in its subclass (a conduit's two, L2350). */
export function heroDomains(actor: AnyActor): ReturnType<typeof domainsOf> {
  const classes = [...(actor.items ?? [])].filter((i) => i.type === "class");
  return domainsOf(classes.map((c) => String((c.system as { subclass?: unknown }).subclass ?? "")).join(" "));
}

/** One effect in words, its numbers filled in (`SE.Prayer.Domain.<domain>`). */
export function domainEffectText(n: DomainEffectNumbers): string {
  const i18n = game.i18n!;
  const data: Record<string, string> = {
    damage: String(n.damage?.amount ?? 0), temporary: String(n.temporaryStamina ?? 0), slide: String(n.slide ?? 0),
    immunity: String(n.immunity ?? 0), extra: String(n.extraDamage ?? 0), recoveries: String(n.recoveries ?? 0), wall: String(n.wall ?? 0),
  };
  return i18n.format(`SE.Prayer.Domain.${n.domain}`, data);
}

/** The buttons of one domain's effect: Life has two ways (L2417), the table's effects none. */
function domainButtons(domain: Domain): string {
  if (!APPLIED_DOMAINS.includes(domain)) return "";
  const i18n = game.i18n!;
  const esc = foundry.utils.escapeHTML;
  const options: (LifeOption | "")[] = domain === "life" ? [...LIFE_OPTIONS] : [""];
  return options.map((o) => {
    const label = i18n.localize(o ? `SE.Prayer.Apply.${domain}-${o}` : `SE.Prayer.Apply.${domain}`);
    return `<button type="button" data-se-domain="${domain}"${o ? ` data-se-domain-option="${o}"` : ""}>${esc(label)}</button>`;
  }).join("");
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
  const i18n = game.i18n!;
  const heading = i18n.format("SE.Prayer.DomainChoice", { name: actor.name ?? "" });
  const esc = foundry.utils.escapeHTML;
  const items = domains.map((d) => `<li>${esc(domainEffectText(domainEffectNumbers(d, conduit)))}${prayerMessageId ? domainButtons(d) : ""}</li>`);
  const applied = !!prayerMessageId && domains.some((d) => APPLIED_DOMAINS.includes(d));
  const hint = applied ? `<p class="hint">${esc(i18n.localize("SE.Prayer.ApplyHint"))}</p>` : "";
  await ChatMessage.implementation.create({
    content: `<div class="steel-echoes domain-offer"><p><strong>${esc(heading)}</strong></p><ul>${items.join("")}</ul>${hint}</div>`,
    speaker: speakerOf({ actor }),
    ...(prayerMessageId ? { flags: { [FLAG_SCOPE]: { domainOffer: { prayer: prayerMessageId, domains } } } } : {}),
  });
  return domains;
}

/** A request's shape, or null: what a player wrote is checked again on the GM's client. */
export function domainRequestOf(data: Record<string, unknown>): DomainEffectRequest | null {
  const prayer = data.prayer;
  const domain = data.domain;
  const option = data.option;
  const targets = data.targets;
  if (typeof prayer !== "string" || !/^[A-Za-z0-9]{1,64}$/.test(prayer)) return null;
  if (typeof domain !== "string" || !(DOMAINS as readonly string[]).includes(domain)) return null;
  if (option !== undefined && (typeof option !== "string" || !(LIFE_OPTIONS as readonly string[]).includes(option))) return null;
  // At most a scene's worth of creatures: no effect of the seed names more than a 3-cube holds.
  const keys = Array.isArray(targets) ? targets : null;
  if (!keys || keys.length > 24 || !keys.every((t) => typeof t === "string" && t.length > 0 && t.length <= 200)) return null;
  return { prayer, domain: domain as Domain, ...(option ? { option: option as LifeOption } : {}), targets: [...targets as string[]] };
}

/**
 * Prayer's tier 3 offers the conduit her domain effects (seed 004, L2391, L2397): after her Prayer
 * card, her own client posts the effects of her two domains (read from her class item's subclass
 * text) with their numbers worked out for her level and Intuition (src/rules/domain-effects.ts), to
 * choose from at the table. Nothing is applied from it: the targets, areas and the choice are hers and
 * the Director's. It writes only a chat message of her own.
 */
import { domainEffectNumbers, domainsOf, earnsDomainEffect } from "../rules/domain-effects.ts";
import type { DomainEffectNumbers } from "../rules/domain-effects.ts";
import { speakerOf } from "./persisted.ts";

type AnyActor = Actor.Implementation;

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

/**
 * After a Prayer card (the roller's own client): on its tier 3, post her domain effects to choose
 * from. Resolves to the domains offered (none when the tier is not 3 or her class names no domain).
 */
export async function offerDomainEffects(actor: AnyActor, abilityName: string, tier: number | null): Promise<string[]> {
  if (actor.type !== "hero" || !/^prayer$/i.test(abilityName.trim()) || !earnsDomainEffect(tier)) return [];
  const domains = heroDomains(actor);
  if (!domains.length) return [];
  const system = actor.system as { level?: number; characteristics?: { intuition?: number } };
  const conduit = { level: Number(system.level) || 1, intuition: Number(system.characteristics?.intuition) || 0 };
  const i18n = game.i18n!;
  const heading = i18n.format("SE.Prayer.DomainChoice", { name: actor.name ?? "" });
  const lines = domains.map((d) => domainEffectText(domainEffectNumbers(d, conduit)));
  const esc = foundry.utils.escapeHTML;
  await ChatMessage.implementation.create({
    content: `<p><strong>${esc(heading)}</strong></p><ul>${lines.map((l) => `<li>${esc(l)}</li>`).join("")}</ul>`,
    speaker: speakerOf({ actor }),
  });
  return domains;
}

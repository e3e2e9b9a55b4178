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
import { DOMAINS, LIFE_OPTIONS } from "../rules/domain-effects.ts";
import type { Domain } from "../rules/domain-effects.ts";
import type { LifeOption } from "../rules/domain-effect-targets.ts";

/** The relay request that asks the GM's client to carry out a domain effect. */
export const DOMAIN_EFFECT_RELAY = "domainEffect";

/** A domain effect request: the Prayer card, the domain, Life's way, and the creatures the user targets (token UUIDs). */
export interface DomainEffectRequest {
  prayer: string;
  domain: Domain;
  option?: LifeOption;
  targets: string[];
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

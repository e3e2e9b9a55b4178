/**
 * Prayer's tier 3 offers the conduit her domain effects (seed 004, L2391, L2397): after her Prayer
 * card, her own client posts the effects of her two domains (read from her class item's subclass
 * text) with their numbers worked out for her level and Intuition (src/rules/domain-effects.ts).
 * The effects the system carries out (`APPLIED_DOMAINS`: all but Creation's wall) get a button: a
 * click asks the active GM's client (the relay, `domainEffect`), which checks the Prayer card as it
 * checks any card, and applies the effect to the creatures the user targets (Love: every ally within
 * 10 squares; War: the conduit): damage, temporary Stamina and Recoveries at once; a next power roll's
 * modifier and Protection's and War's turn-long effects into the GM's record (./domain-lasting.ts); a
 * slide through the forced movement rules. Creation's wall is the table's, from the numbers stated.
 * The buttons and the relay are domain-effect-relay.ts; carrying an effect out is
 * domain-effect-actions.ts, loaded with `import()` on the first request.
 */
import { DOMAINS, DOMAIN_OPTIONS } from "../rules/domain-effects.ts";
import type { Domain } from "../rules/domain-effects.ts";
import type { DomainOption } from "../rules/domain-effect-targets.ts";

/** The relay request that asks the GM's client to carry out a domain effect. */
export const DOMAIN_EFFECT_RELAY = "domainEffect";

/** A slide's squares and direction (Nature, Trickery: L2425, L2441), as the card's slide takes them. */
export interface DomainSlide { squares: number; direction: { dx: number; dy: number } }

/** A domain effect request: the Prayer card, the domain, Life's or Fate's way, the creatures the user targets (token UUIDs), a slide. */
export interface DomainEffectRequest {
  prayer: string;
  domain: Domain;
  option?: DomainOption;
  targets: string[];
  slide?: DomainSlide;
}

/** The squares any slide may name: more than any conduit's (5 + level 10, 3 × Intuition 5). */
const SLIDE_MAX = 30;

/** A slide's shape, or null. */
function slideOf(value: unknown): DomainSlide | null {
  if (!value || typeof value !== "object") return null;
  const { squares, direction } = value as { squares?: unknown; direction?: { dx?: unknown; dy?: unknown } };
  const step = (n: unknown) => n === -1 || n === 0 || n === 1;
  if (!Number.isInteger(squares) || (squares as number) < 0 || (squares as number) > SLIDE_MAX) return null;
  if (!direction || !step(direction.dx) || !step(direction.dy) || (direction.dx === 0 && direction.dy === 0)) return null;
  return { squares: squares as number, direction: { dx: direction.dx as number, dy: direction.dy as number } };
}

/** A request's shape, or null: what a player wrote is checked again on the GM's client. */
export function domainRequestOf(data: Record<string, unknown>): DomainEffectRequest | null {
  const prayer = data.prayer;
  const domain = data.domain;
  const option = data.option;
  const targets = data.targets;
  const slide = data.slide === undefined ? undefined : slideOf(data.slide);
  if (typeof prayer !== "string" || !/^[A-Za-z0-9]{1,64}$/.test(prayer)) return null;
  if (typeof domain !== "string" || !(DOMAINS as readonly string[]).includes(domain)) return null;
  if (option !== undefined && (typeof option !== "string" || !(DOMAIN_OPTIONS as readonly string[]).includes(option))) return null;
  if (slide === null) return null;
  // At most a scene's worth of creatures: no effect of the seed names more than a 3-cube holds.
  const keys = Array.isArray(targets) ? targets : null;
  if (!keys || keys.length > 24 || !keys.every((t) => typeof t === "string" && t.length > 0 && t.length <= 200)) return null;
  return {
    prayer, domain: domain as Domain, ...(option ? { option: option as DomainOption } : {}),
    targets: [...targets as string[]], ...(slide ? { slide } : {}),
  };
}

/** A slide carried out (Nature, Trickery): squares moved, collision damage, whom it slammed into. */
export interface DomainSlideDone { squares: number; damage: number; slammed: string[] }

/**
 * Carrying out a domain effect's slide through the forced movement rules (src/canvas/domain-slide.ts,
 * above this layer): set by the applications at init. Resolves to what it did, or a refusal key
 * under `SE.ForcedMove.Error`.
 */
export const DOMAIN_SLIDER: {
  slide?: (token: TokenDocument.Implementation, distance: number, ignoreStability: boolean, slide: DomainSlide) =>
    Promise<DomainSlideDone | { refusal: string }>;
} = {};

/** A domain slide's squares and way, asked of the user (the applications set it: the card's slide dialog). */
export const DOMAIN_PROMPTS: { slide?: (max: number, title: string) => Promise<DomainSlide | null> } = {};

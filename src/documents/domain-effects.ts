/**
 * Prayer's tier 3 offers the conduit her domain effects (seed 004, L2391, L2397): after her Prayer
 * card, her own client posts the effects of her two domains (read from her class item's subclass
 * text) with their numbers worked out for her level and Intuition (src/rules/domain-effects.ts).
 * The effects the system carries out (`APPLIED_DOMAINS`: all twelve) get a button: a
 * click asks the active GM's client (the relay, `domainEffect`), which checks the Prayer card as it
 * checks any card, and applies the effect to the creatures the user targets (Love: every ally within
 * 10 squares; War: the conduit): damage, temporary Stamina and Recoveries at once; a next power roll's
 * modifier and Protection's and War's turn-long effects into the GM's record (./domain-lasting.ts); a
 * slide through the forced movement rules; Creation's wall raised from the squares the conduit places
 * (the area walls' placement, checked on the GM's client).
 * The buttons and the relay are domain-effect-relay.ts; carrying an effect out is
 * domain-effect-actions.ts, loaded with `import()` on the first request.
 */
import type { Domain } from "../rules/domain-effects.ts";
import { targetLockKey } from "./card-targets.ts";
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
  /** Creation's wall (L2401): its squares, in the order placed, in squares of the conduit's scene. */
  wall?: { x: number; y: number }[];
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

/** A domain slide's squares and way, asked of the user (the applications set it: the card's slide dialog); Creation's wall's squares (the map's wall placement). */
export const DOMAIN_PROMPTS: {
  slide?: (max: number, title: string) => Promise<DomainSlide | null>;
  wall?: (size: number, title: string) => Promise<{ x: number; y: number }[] | null>;
} = {};

/**
 * Raising Creation's wall (L2401) on the conduit's token's scene through the area walls' placement
 * (src/canvas/area-region-actions.ts `raiseDomainWall`, above this layer): set by the applications at
 * init. Checks the squares GM-side (`wallPlacement`) and resolves to the squares raised, or a refusal
 * key under `SE.Area.Error`.
 */
export const DOMAIN_WALL: {
  raise?: (
    token: TokenDocument.Implementation, prayer: Item.Implementation, squares: { x: number; y: number }[],
    area: { kind: "wall"; size: number; width: number; within: number }, userId: string | null,
  ) => Promise<{ squares: number } | { refusal: string }>;
} = {};

/** The locks of a domain effect: its Prayer card (one effect a card) and each creature named. */
export function domainLocks(request: { prayer?: unknown; targets?: unknown }): string[] {
  const targets = Array.isArray(request.targets) ? request.targets.slice(0, 24) : [];
  return [`domain:${String(request.prayer)}`, ...targets.map((t) => targetLockKey(t))];
}

/**
 * A domain effect's request checked and sent (seed 004, L2397): its shape, which the GM's client checks
 * again (`domainRequestOf`), and a click's request to the active GM's client, or carried out by a GM.
 * Loaded with `import()` by domain-effect-relay.ts on the first click or request.
 */
import { DOMAINS, DOMAIN_OPTIONS } from "../rules/domain-effects.ts";
import type { Domain } from "../rules/domain-effects.ts";
import type { DomainOption } from "../rules/domain-effect-targets.ts";
import { askGM, serialized, showNotice } from "./relay.ts";
import type { CardServices } from "./card-refusals.ts";
import { systemFlags } from "./system-flags.ts";
import { uuidOf } from "./persisted.ts";
import { DOMAIN_EFFECT_RELAY, DOMAIN_PROMPTS, domainLocks } from "./domain-effects.ts";
import type { DomainEffectRequest, DomainSlide } from "./domain-effects.ts";

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

/** The squares a wall may name: more than Creation's 5 (L2401), fewer than the relay lets through. */
const WALL_MAX = 24;

/** A wall's squares (whole squares, at most `WALL_MAX`), or null. */
function wallOf(value: unknown): { x: number; y: number }[] | null {
  if (!Array.isArray(value) || !value.length || value.length > WALL_MAX) return null;
  const squares = value.map((q) => ({ x: (q as { x?: unknown } | null)?.x, y: (q as { y?: unknown } | null)?.y }));
  const whole = (n: unknown) => Number.isInteger(n) && Math.abs(n as number) <= 100_000;
  return squares.every((q) => whole(q.x) && whole(q.y)) ? squares.map((q) => ({ x: q.x as number, y: q.y as number })) : null;
}

/** A request's shape, or null: what a player wrote is checked again on the GM's client. */
export function domainRequestOf(data: Record<string, unknown>): DomainEffectRequest | null {
  const prayer = data.prayer;
  const domain = data.domain;
  const option = data.option;
  const targets = data.targets;
  const slide = data.slide === undefined ? undefined : slideOf(data.slide);
  const wall = data.wall === undefined ? undefined : wallOf(data.wall);
  if (typeof prayer !== "string" || !/^[A-Za-z0-9]{1,64}$/.test(prayer)) return null;
  if (typeof domain !== "string" || !(DOMAINS as readonly string[]).includes(domain)) return null;
  if (option !== undefined && (typeof option !== "string" || !(DOMAIN_OPTIONS as readonly string[]).includes(option))) return null;
  if (slide === null || wall === null) return null;
  // At most a scene's worth of creatures: no effect of the seed names more than a 3-cube holds.
  const keys = Array.isArray(targets) ? targets : null;
  if (!keys || keys.length > 24 || !keys.every((t) => typeof t === "string" && t.length > 0 && t.length <= 200)) return null;
  return {
    prayer, domain: domain as Domain, ...(option ? { option: option as DomainOption } : {}),
    targets: [...targets as string[]], ...(slide ? { slide } : {}), ...(wall ? { wall } : {}),
  };
}

/** Carry out a domain effect as `user` (the GM; domain-effect-actions.ts, loaded the first time). */
export async function performRequest(request: DomainEffectRequest, user: { id: string | null; isGM: boolean }, services: CardServices) {
  return (await import("./domain-effect-actions.ts")).performDomainEffect(request, user, services);
}

/**
 * A click on a domain effect's button: the creatures this user targets (Life with no target: the
 * conduit herself), sent to the active GM's client, or carried out here by a GM.
 */
export async function requestDomainEffect(
  offer: ChatMessage.Implementation, domain: string, option: string | undefined, services: CardServices, slide?: DomainSlide,
  wall?: { x: number; y: number }[],
): Promise<boolean> {
  const record = systemFlags(offer).domainOffer as { prayer?: unknown } | undefined;
  const targets = [...(game.user?.targets ?? [])].map((t) => uuidOf(t.document));
  const request = domainRequestOf({
    prayer: record?.prayer, domain, ...(option ? { option } : {}), targets, ...(slide ? { slide } : {}), ...(wall ? { wall } : {}),
  });
  if (!request) {
    showNotice({ type: "error", key: "SE.Query.Invalid" });
    return false;
  }
  if (game.user?.isGM) {
    const outcome = await serialized(domainLocks(request), () => performRequest(request, game.user!, services));
    showNotice(outcome.notice);
    return outcome.ok;
  }
  return Boolean(await askGM(DOMAIN_EFFECT_RELAY, { ...request }));
}

/** A press of a domain effect's button: a slide's squares and way first (Nature, Trickery), Creation's wall's squares, then the request. */
export async function pressDomainButton(
  message: ChatMessage.Implementation, button: HTMLButtonElement, services: CardServices,
): Promise<boolean> {
  let slide: DomainSlide | undefined;
  if (button.dataset.seDomainSlide !== undefined) {
    const max = Math.max(0, Math.trunc(Number(button.dataset.seDomainSlide)) || 0);
    const asked = await DOMAIN_PROMPTS.slide?.(max, button.textContent ?? "");
    if (!asked) return false;
    slide = asked;
  }
  let wall: { x: number; y: number }[] | undefined;
  if (button.dataset.seDomainWall !== undefined) {
    const size = Math.max(0, Math.trunc(Number(button.dataset.seDomainWall)) || 0);
    const placed = await DOMAIN_PROMPTS.wall?.(size, button.textContent ?? "");
    if (!placed?.length) return false;
    wall = placed;
  }
  return requestDomainEffect(message, button.dataset.seDomain ?? "", button.dataset.seDomainOption, services, slide, wall);
}

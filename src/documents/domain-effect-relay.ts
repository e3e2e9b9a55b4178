/**
 * The domain effects' buttons and their relay (seed 004, L2397): a click on a button of the message
 * Prayer's tier 3 posts (src/documents/domain-effects.ts) sends the Prayer card, the domain and the
 * creatures the user targets to the active GM's client (`domainEffect`), whose server-vouched requester
 * domain-effect-actions.ts checks again, loaded with `import()` on the first request.
 */
import { askGM, registerRelayHandler, serialized, showNotice } from "./relay.ts";
import type { Notice } from "./relay.ts";
import { domainLasting, registerDomainEffectSettings } from "../settings/domain-effects.ts";
import { targetLockKey } from "./card-targets.ts";
import type { CardServices } from "./card-refusals.ts";
import { systemFlags } from "./system-flags.ts";
import { uuidOf } from "./persisted.ts";
import { DOMAIN_EFFECT_RELAY, DOMAIN_PROMPTS, domainRequestOf } from "./domain-effects.ts";
import type { DomainEffectRequest, DomainSlide } from "./domain-effects.ts";

/** Carry out a domain effect as `user` (the GM; domain-effect-actions.ts, loaded the first time). */
async function perform(request: DomainEffectRequest, user: { id: string | null; isGM: boolean }, services: CardServices) {
  return (await import("./domain-effect-actions.ts")).performDomainEffect(request, user, services);
}

/** The locks of a domain effect: its Prayer card (one effect a card) and each creature named. */
function domainLocks(request: { prayer?: unknown; targets?: unknown }): string[] {
  const targets = Array.isArray(request.targets) ? request.targets.slice(0, 24) : [];
  return [`domain:${String(request.prayer)}`, ...targets.map((t) => targetLockKey(t))];
}

/**
 * A click on a domain effect's button: the creatures this user targets (Life with none: the conduit
 * herself), sent to the active GM's client, or carried out here by a GM.
 */
export async function requestDomainEffect(
  offer: ChatMessage.Implementation, domain: string, option: string | undefined, services: CardServices, slide?: DomainSlide,
): Promise<boolean> {
  const record = systemFlags(offer).domainOffer as { prayer?: unknown } | undefined;
  const targets = [...(game.user?.targets ?? [])].map((t) => uuidOf(t.document));
  const request = domainRequestOf({ prayer: record?.prayer, domain, ...(option ? { option } : {}), targets, ...(slide ? { slide } : {}) });
  if (!request) {
    showNotice({ type: "error", key: "SE.Query.Invalid" });
    return false;
  }
  if (game.user?.isGM) {
    const outcome = await serialized(domainLocks(request), () => perform(request, game.user!, services));
    showNotice(outcome.notice);
    return outcome.ok;
  }
  return Boolean(await askGM(DOMAIN_EFFECT_RELAY, { ...request }));
}

/** `renderChatMessageHTML`: wire a domain-effect message's buttons. */
export function wireDomainEffectButtons(message: ChatMessage.Implementation, html: HTMLElement, services: CardServices): void {
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-se-domain]")) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      void (async () => {
        // A slide (Nature, Trickery): its squares and way first, in the card's slide dialog.
        let slide: DomainSlide | undefined;
        if (button.dataset.seDomainSlide !== undefined) {
          const max = Math.max(0, Math.trunc(Number(button.dataset.seDomainSlide)) || 0);
          const asked = await DOMAIN_PROMPTS.slide?.(max, button.textContent ?? "");
          if (!asked) return;
          slide = asked;
        }
        await requestDomainEffect(message, button.dataset.seDomain ?? "", button.dataset.seDomainOption, services, slide);
      })();
    });
  }
}

/**
 * A card with a power roll was posted: on the active GM's client, the roller's next-roll grants (Fate,
 * Knowledge, Love: src/documents/domain-lasting.ts) are used up by it. Resolves to the claim, or undefined.
 */
export function claimNextRollOnCard(message: ChatMessage.Implementation): Promise<unknown> | undefined {
  if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return undefined;
  const use = systemFlags(message).abilityUse as { actorUuid?: unknown; roll?: unknown } | undefined;
  const roller = use?.actorUuid;
  if (!use?.roll || typeof roller !== "string" || !domainLasting().nextRolls.some((g) => g.creature === roller)) return undefined;
  return import("./domain-lasting.ts").then((m) => m.claimCardRoll(message.id!, roller));
}

/** The GM's side: its record's setting, the relay's handler (the requester is the user the server names), next rolls used up. */
export function registerDomainEffectRelay(services: CardServices): void {
  registerDomainEffectSettings();
  // The promise is returned for the test harness to follow (Foundry ignores a hook's return value).
  Hooks.on("createChatMessage", (message: ChatMessage.Implementation) => claimNextRollOnCard(message));
  registerRelayHandler<Record<string, unknown>>(DOMAIN_EFFECT_RELAY, {
    locks: (data) => domainLocks(data),
    run: async (data, requester) => {
      const request = domainRequestOf(data);
      const outcome: { ok: boolean; notice?: Notice } = request
        ? await perform(request, requester, services)
        : { ok: false, notice: { type: "error", key: "SE.Query.Invalid" } };
      return { value: outcome.ok, ...(outcome.notice ? { notice: outcome.notice } : {}) };
    },
  });
}

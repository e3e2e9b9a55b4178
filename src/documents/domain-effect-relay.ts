/**
 * The domain effects' buttons and their relay (seed 004, L2397): a click on a button of the message
 * Prayer's tier 3 posts (src/documents/domain-effects.ts) sends the Prayer card, the domain and the
 * creatures the user targets to the active GM's client (`domainEffect`), whose server-vouched requester
 * domain-effect-actions.ts checks again, loaded with `import()` on the first request.
 */
import { registerRelayHandler } from "./relay.ts";
import type { Notice } from "./relay.ts";
import { registerDomainEffectSettings, storedDomainLasting } from "../settings/domain-effects.ts";
import type { CardServices } from "./card-refusals.ts";
import { systemFlags } from "./system-flags.ts";
import { PowerRoll } from "../dice/power-roll.ts";
import { DOMAIN_EFFECT_RELAY, domainLocks } from "./domain-effects.ts";
import type { DomainSlide } from "./domain-effects.ts";

/** The requests' code (domain-effect-requests.ts), loaded on the first click or request. */
const requests = () => import("./domain-effect-requests.ts");

/** A click on a domain effect's button (domain-effect-requests.ts): resolves to whether it was carried out. */
export async function requestDomainEffect(
  offer: ChatMessage.Implementation, domain: string, option: string | undefined, services: CardServices, slide?: DomainSlide,
  wall?: { x: number; y: number }[],
): Promise<boolean> {
  return (await requests()).requestDomainEffect(offer, domain, option, services, slide, wall);
}

/** `renderChatMessageHTML`: wire a domain-effect message's buttons. */
export function wireDomainEffectButtons(message: ChatMessage.Implementation, html: HTMLElement, services: CardServices): void {
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-se-domain]")) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      void requests().then((m) => m.pressDomainButton(message, button, services));
    });
  }
}

/**
 * A card with a power roll was posted: on the active GM's client, the roller's next-roll grants (Fate,
 * Knowledge, Love: src/documents/domain-lasting.ts) are used up by it. That is an ability card with a
 * power roll, or a power roll message (a test from a sheet, a test card, a montage or a negotiation; a
 * resistance roll: L2409 "their next power roll"), spoken as a creature its author owns (Foundry's
 * server names the author; a player cannot use up another creature's grant). Resolves to the claim, or undefined.
 */
export function claimNextRollOnCard(message: ChatMessage.Implementation): Promise<unknown> | undefined {
  if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return undefined;
  const use = systemFlags(message).abilityUse as { actorUuid?: unknown; roll?: unknown } | undefined;
  const roller = use ? (use.roll ? use.actorUuid : undefined) : powerRollRoller(message);
  // A cheap look first: the grants are checked where they are claimed.
  const grants = storedDomainLasting().nextRolls;
  if (typeof roller !== "string" || !Array.isArray(grants) || !grants.some((g) => (g as { creature?: unknown })?.creature === roller)) return undefined;
  return import("./domain-lasting.ts").then((m) => m.claimCardRoll(message.id!, roller));
}

/** The creature a power roll message is rolled for (its speaker, owned by its author), or null. */
function powerRollRoller(message: ChatMessage.Implementation): string | null {
  if (!(message.rolls?.[0] instanceof PowerRoll)) return null;
  const actor = ChatMessage.getSpeakerActor(message.speaker) as Actor.Implementation | null;
  const author = message.author as User.Implementation | null;
  if (!actor?.uuid || !author || !actor.testUserPermission(author, "OWNER")) return null;
  return actor.uuid;
}

/** The GM's side: its record's setting, the relay's handler (the requester is the user the server names), next rolls used up. */
export function registerDomainEffectRelay(services: CardServices): void {
  registerDomainEffectSettings();
  // The promise is returned for the test harness to follow (Foundry ignores a hook's return value).
  Hooks.on("createChatMessage", (message: ChatMessage.Implementation) => claimNextRollOnCard(message));
  registerRelayHandler<Record<string, unknown>>(DOMAIN_EFFECT_RELAY, {
    locks: (data) => domainLocks(data),
    run: async (data, requester) => {
      const m = await requests();
      const request = m.domainRequestOf(data);
      const outcome: { ok: boolean; notice?: Notice } = request
        ? await m.performRequest(request, requester, services)
        : { ok: false, notice: { type: "error", key: "SE.Query.Invalid" } };
      return { value: outcome.ok, ...(outcome.notice ? { notice: outcome.notice } : {}) };
    },
  });
}

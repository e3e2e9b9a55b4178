/**
 * What a negotiation does (loaded from negotiation.ts when the GM starts or changes one, a player
 * rolls an argument, or a request reaches the GM; docs/architecture.md, "Loading"). A negotiation in Foundry (src/data/negotiation.ts): the GM opens it from an NPC or monster with
 * negotiation data, judges each argument, reveals motivations and pitfalls, and closes it; a player
 * rolls their hero's argument through the GM relay. The negotiation lives in the NPC's flags
 * (`flags.steel-echoes.negotiation`), which only a GM writes, and a world setting names the NPC under
 * negotiation so every client shows it. Motivations and pitfalls are hidden in the players' view
 * until discovered; Foundry sends every actor's data to every client, so, as with a monster's stat
 * block, a player reading the data behind the screen could find them.
 */
import { FLAG_SCOPE, RELAY_REQUESTS, SETTINGS, SYSTEM_ID } from "../constants.ts";
import { CHARACTERISTICS } from "../rules/catalogue.ts";
import { ATTITUDES } from "../rules/negotiation.ts";
import type { Attitude } from "../rules/negotiation.ts";
import type { ArgumentKind } from "../rules/negotiation-play.ts";
import {
  ARGUMENT_CHARACTERISTICS, beginNegotiation, closeNegotiation, directNegotiation, dropPending, judgeArgument,
  recordArgumentRoll, setDiscovered,
} from "../data/negotiation.ts";
import type { NegotiationProblem, NegotiationState } from "../data/negotiation.ts";
import { NEGOTIATION_LOCK as LOCK, currentNegotiation, negotiationDataOf } from "./negotiation-state.ts";
import { escapeHTML } from "../parser/ability-block.ts";
import { actorFor, checkedRoll } from "./recorded-rolls.ts";
import { actOrAskGM, answerOf, serialized, showNotice } from "./relay.ts";
import type { Notice, RelayAnswer, RelayUser } from "./relay.ts";
import { updateDocument } from "./update.ts";
import { uuidOf } from "./persisted.ts";

type AnyActor = Actor.Implementation;
type Requester = { id: string | null; isGM: boolean };
const notice = (key: string, type: Notice["type"] = "warn"): Notice => ({ type, key: `SE.Negotiation.Error.${key}` });

function gmOnly(): boolean {
  if (game.user?.isGM) return true;
  showNotice(notice("GMOnly", "error"));
  return false;
}

async function save(actor: AnyActor, state: NegotiationState): Promise<void> {
  await updateDocument(actor, { [`flags.${FLAG_SCOPE}.negotiation`]: state });
}

/**
 * Begin a negotiation with an NPC (GM): `steelEchoes.negotiation.start(actor, { attitude: "neutral",
 * language: 1 })`. Interest and patience come from the attitude (L7561–7568) and the language bonus;
 * motivations, pitfalls and Impression from the actor's stat block.
 */
export async function startNegotiation(
  actor: AnyActor, o: { attitude: Attitude; language?: number; showStats?: boolean; statBlock?: boolean },
): Promise<NegotiationState | null> {
  if (!gmOnly()) return null;
  const data = negotiationDataOf(actor);
  if (!data || !ATTITUDES.includes(o?.attitude)) {
    showNotice(notice(data ? "Invalid" : "NoData", "error"));
    return null;
  }
  const i18n = game.i18n!;
  // The server stamps this message: arguments rolled before it do not count.
  const began = await ChatMessage.create({
    speaker: ChatMessage.getSpeaker(),
    content: `<div class="steel-echoes chat-card negotiation-began"><p>${escapeHTML(i18n.format("SE.Negotiation.Began", {
      name: actor.name ?? "", attitude: i18n.localize(`SE.Negotiation.Attitude.${o.attitude}`),
    }))}</p></div>`,
  }) as ChatMessage.Implementation | null;
  const { interest, patience, ...lists } = data;
  const state = beginNegotiation({
    ...lists, attitude: o.attitude, language: o.language ?? 0, showStats: o.showStats ?? true, startedAt: began?.timestamp ?? 0,
    ...(o.statBlock ? { start: { interest, patience } } : {}),
  });
  if (typeof state === "string") {
    showNotice(notice(state, "error"));
    return null;
  }
  await serialized([LOCK], async () => {
    await save(actor, state);
    await game.settings!.set(SYSTEM_ID, SETTINGS.negotiation, uuidOf(actor));
  });
  return state;
}

/** Change the current negotiation as the GM, one change at a time; a refusal is shown, nothing saved. */
async function change(fn: (s: NegotiationState) => NegotiationState | NegotiationProblem): Promise<NegotiationState | null> {
  if (!gmOnly()) return null;
  return serialized([LOCK], async () => {
    const { actor, state } = currentNegotiation();
    if (!actor || !state) {
      showNotice(notice("None"));
      return null;
    }
    const next = fn(state);
    if (typeof next === "string") {
      showNotice(notice(next));
      return null;
    }
    await save(actor, next);
    return next;
  });
}

/** The Director judges the pending argument (or one made without a test). */
export const judgeCurrentArgument = (o: { kind: ArgumentKind; subject?: string; caughtLying?: boolean; heroName?: string }) =>
  change((s) => judgeArgument(s, o));
export const dropCurrentArgument = () => change(dropPending);
export const discoverInNegotiation = (id: string, discovered: boolean) => change((s) => setDiscovered(s, id, discovered));
export const directCurrentNegotiation = (o: { showStats?: boolean; interest?: number; patience?: number }) =>
  change((s) => directNegotiation(s, o));

/**
 * The heroes accept the offer or walk away: the negotiation closes with the NPC's offer; with a
 * Victory (L305) each player's hero gains 1.
 */
export async function closeCurrentNegotiation(victory?: boolean): Promise<NegotiationState | null> {
  const closed = await change((s) => closeNegotiation(s, victory));
  if (closed?.ended?.victory) {
    for (const user of game.users ?? []) {
      const hero = user.isGM ? null : (user.character as AnyActor | null);
      if (hero?.type === "hero") await updateDocument(hero, { "system.victories": (hero.system.victories ?? 0) + 1 });
    }
  }
  return closed;
}

/** Stop showing a negotiation (GM): the NPC keeps its record. */
export async function clearNegotiation(): Promise<void> {
  if (gmOnly()) await serialized([LOCK], () => game.settings!.set(SYSTEM_ID, SETTINGS.negotiation, ""));
}

/** A hero's rolled argument on the current negotiation, for `requester` (the GM's client). */
export async function performArgumentRoll(data: Record<string, unknown>, requester: Requester): Promise<{ ok: boolean; notice?: Notice }> {
  const { actor: npc, state } = currentNegotiation();
  if (!npc || !state) return { ok: false, notice: notice("None") };
  const hero = await actorFor(data.heroUuid);
  if (!hero) return { ok: false, notice: notice("Invalid", "error") };
  if (!requester.isGM && !hero.testUserPermission(requester as User.Implementation, "OWNER")) {
    return { ok: false, notice: notice("NotYours", "error") };
  }
  const characteristic = CHARACTERISTICS.find((c) => c === data.characteristic && ARGUMENT_CHARACTERISTICS.includes(c));
  const message = game.messages?.get(String(data.rollMessageId)) as ChatMessage.Implementation | undefined;
  const roll = characteristic ? await checkedRoll(message, state.startedAt, requester, hero, characteristic) : null;
  if (!roll || !characteristic) return { ok: false, notice: notice("BadRoll", "error") };
  const skill = typeof data.skill === "string" ? data.skill : "";
  const next = recordArgumentRoll(state, { uuid: uuidOf(hero), name: hero.name ?? "" }, { characteristic, skill, roll });
  if (typeof next === "string") return { ok: false, notice: notice(next) };
  await save(npc, next);
  return { ok: true };
}

/** A rolled argument from a click: the GM records it at once, a player asks the GM. */
export function requestArgumentRoll(data: Record<string, unknown>): Promise<boolean> {
  return actOrAskGM(RELAY_REQUESTS.negotiationArgument, [LOCK], data, (user) => performArgumentRoll(data, user));
}

/** The GM's side of the relay: what negotiation.ts `registerNegotiationRelay` loads when a request arrives. */
export async function runNegotiationRelay(data: Record<string, unknown>, requester: RelayUser): Promise<RelayAnswer> {
  return answerOf(await performArgumentRoll(data, requester));
}

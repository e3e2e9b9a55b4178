/**
 * What the montage test does (loaded from montage.ts when the GM starts or directs one, a player acts,
 * or a request reaches the GM; docs/architecture.md, "Loading"). The montage test in Foundry (src/data/montage.ts): the GM starts, directs, ends and awards it; a
 * player acts for their own hero through the GM relay (a test or an assist rolled from the tracker,
 * an ability or item, or passing). The state is a world setting, so it survives reloads and every
 * client sees it live; only a GM's client writes it.
 *
 * The GM re-checks every action against the requester the server names: the hero must be theirs
 * and on the montage, and a roll must be the requester's own power roll for that hero, with the
 * hero's score, posted after the montage started and not counted before (src/documents/recorded-rolls.ts).
 */
import { RELAY_REQUESTS, SETTINGS, SYSTEM_ID } from "../constants.ts";
import { CHARACTERISTICS } from "../rules/catalogue.ts";
import { MONTAGE_DIFFICULTIES } from "../rules/montage.ts";
import type { Characteristic } from "../rules/catalogue.ts";
import type { MontageDifficulty } from "../rules/montage.ts";
import {
  directMontage, endMontage, recordMontageAssist, recordMontageDeclaration, recordMontageTest, startMontage,
} from "../data/montage.ts";
import type { MontageProblem, MontageState } from "../data/montage.ts";
import { assistTable } from "../settings/assist-table.ts";
import { MONTAGE_LOCK as LOCK, currentMontage } from "./montage-state.ts";
import { actorFor, checkedRoll } from "./recorded-rolls.ts";
import { actOrAskGM, answerOf, serialized, showNotice } from "./relay.ts";
import type { Notice, RelayAnswer, RelayUser } from "./relay.ts";
import { updateDocument } from "./update.ts";
import { escapeHTML } from "../parser/ability-block.ts";
import { uuidOf } from "./persisted.ts";

type Requester = { id: string | null; isGM: boolean };

const notice = (key: string, type: Notice["type"] = "warn"): Notice => ({ type, key: `SE.Montage.Error.${key}` });

async function save(state: MontageState | null): Promise<void> {
  await game.settings!.set(SYSTEM_ID, SETTINGS.montage, state ? { ...state } : {});
}

function gmOnly(): boolean {
  if (game.user?.isGM) return true;
  showNotice(notice("GMOnly", "error"));
  return false;
}

/** Apply a change to the montage as the GM, one at a time; a refusal is shown and nothing saved. */
async function change(fn: (s: MontageState) => MontageState | MontageProblem): Promise<MontageState | null> {
  return serialized([LOCK], async () => {
    const state = currentMontage();
    if (!state) {
      showNotice(notice("None"));
      return null;
    }
    const next = fn(state);
    if (typeof next === "string") {
      showNotice(notice(next));
      return null;
    }
    await save(next);
    return next;
  });
}

/**
 * Start a montage (GM): `steelEchoes.startMontage({ title, difficulty: "hard", actorUuids? })`.
 * Without UUIDs, the heroes are the GM's controlled tokens' actors, else every player's hero.
 */
export async function beginMontage(o: {
  title?: string; difficulty: MontageDifficulty; actorUuids?: string[]; limits?: { successes: number; failures: number }; rounds?: number;
}): Promise<MontageState | null> {
  if (!gmOnly()) return null;
  if (!MONTAGE_DIFFICULTIES.includes(o?.difficulty)) {
    showNotice(notice("Invalid", "error"));
    return null;
  }
  let actors: (Actor.Implementation | null)[];
  if (o.actorUuids?.length) actors = await Promise.all(o.actorUuids.map(actorFor));
  else {
    const controlled = (canvas?.tokens?.controlled ?? []).map((t) => t.actor as Actor.Implementation | null);
    const players = [...(game.users ?? [])].filter((u) => !u.isGM).map((u) => u.character as Actor.Implementation | null);
    actors = controlled.length ? controlled : players;
  }
  const heroes = [...new Map(actors.filter((a): a is Actor.Implementation => !!a).map((a) => [uuidOf(a), { actorUuid: uuidOf(a), name: a.name ?? "" }])).values()];
  const draft = startMontage({
    title: o.title ?? "", difficulty: o.difficulty, heroes, ...(o.limits ? { limits: o.limits } : {}), ...(o.rounds ? { rounds: o.rounds } : {}),
  });
  if (typeof draft === "string") {
    showNotice(notice(heroes.length ? "Invalid" : "NoHeroes", "error"));
    return null;
  }
  // The montage starts with a chat message, whose time the server stamps: rolls count from it (a
  // client's clock may differ from the server's, which stamps the rolls).
  const i18n = game.i18n!;
  const began = await ChatMessage.create({
    speaker: ChatMessage.getSpeaker(),
    content: `<div class="steel-echoes chat-card montage-began"><p>${escapeHTML(i18n.format("SE.Montage.Began", {
      title: draft.title || i18n.localize("SE.Montage.Title"), difficulty: i18n.localize(`SE.Montage.Difficulty.${draft.difficulty}`),
      successes: String(draft.limits.successes), failures: String(draft.limits.failures),
    }))}</p></div>`,
  }) as ChatMessage.Implementation | null;
  const state: MontageState = { ...draft, startedAt: began?.timestamp ?? Date.now() };
  await serialized([LOCK], () => save(state));
  return state;
}

/** The Director's changes (difficulty of the next tests, limits, rounds, adjustments, next round). */
export function directCurrentMontage(c: Parameters<typeof directMontage>[1]): Promise<MontageState | null> {
  if (!gmOnly()) return Promise.resolve(null);
  return change((s) => directMontage(s, c));
}

/**
 * End the montage and award its Victories to each hero on it (L6141, L6145): added to the hero's
 * Victories, once.
 */
export async function endCurrentMontage(): Promise<MontageState | null> {
  if (!gmOnly()) return null;
  const ended = await change(endMontage);
  if (!ended?.ended) return ended;
  const victories = ended.ended.victories;
  if (victories > 0) {
    for (const hero of ended.heroes) {
      const actor = await actorFor(hero.actorUuid);
      if (actor?.type === "hero") await updateDocument(actor, { "system.victories": (actor.system.victories ?? 0) + victories });
    }
  }
  showNotice({ type: "info", key: `SE.Montage.Ended.${ended.ended.outcome}`, format: { victories: String(victories) } });
  return ended;
}

/** Close the tracker's montage (GM): the setting is cleared. */
export async function clearMontage(): Promise<void> {
  if (gmOnly()) await serialized([LOCK], () => save(null));
}

/** What a player (or the GM) asks: an action for a hero on the montage. */
export interface MontageRequest extends Record<string, unknown> {
  kind: "test" | "assist" | "ability" | "pass";
  actorUuid: string;
  characteristic?: Characteristic;
  skill?: string;
  targetUuid?: string;
  note?: string;
  rollMessageId?: string;
}

/** Carry out an action for `requester` (the GM's client). */
export async function performMontageAction(data: Record<string, unknown>, requester: Requester): Promise<{ ok: boolean; notice?: Notice }> {
  const state = currentMontage();
  if (!state) return { ok: false, notice: notice("None") };
  const actor = await actorFor(data.actorUuid);
  if (!actor || !state.heroes.some((h) => h.actorUuid === actor.uuid)) return { ok: false, notice: notice("NoHero") };
  if (!requester.isGM && !actor.testUserPermission(requester as User.Implementation, "OWNER")) {
    return { ok: false, notice: notice("NotYours", "error") };
  }
  const skill = typeof data.skill === "string" ? data.skill : "";
  let next: MontageState | MontageProblem;
  if (data.kind === "test" || data.kind === "assist") {
    const characteristic = CHARACTERISTICS.find((c) => c === data.characteristic);
    const message = game.messages?.get(String(data.rollMessageId)) as ChatMessage.Implementation | undefined;
    const roll = characteristic ? await checkedRoll(message, state.startedAt, requester, actor, characteristic) : null;
    if (!roll || !characteristic) return { ok: false, notice: notice("BadRoll", "error") };
    next = data.kind === "test"
      ? recordMontageTest(state, uuidOf(actor), { characteristic, skill, roll })
      : recordMontageAssist(state, uuidOf(actor), { targetUuid: String(data.targetUuid), skill, roll, table: assistTable() });
  } else if (data.kind === "ability" || data.kind === "pass") {
    next = recordMontageDeclaration(state, uuidOf(actor), data.kind, typeof data.note === "string" ? data.note : "");
  } else return { ok: false, notice: notice("Invalid", "error") };
  if (typeof next === "string") return { ok: false, notice: notice(next) };
  await save(next);
  return { ok: true };
}

/** An action from a click: the GM carries it out at once, a player asks the GM. */
export function requestMontageAction(data: MontageRequest): Promise<boolean> {
  return actOrAskGM(RELAY_REQUESTS.montageAction, [LOCK], data, (user) => performMontageAction(data, user));
}

/** The GM's side of the relay: what montage.ts `registerMontageRelay` loads when a request arrives. */
export async function runMontageRelay(data: Record<string, unknown>, requester: RelayUser): Promise<RelayAnswer> {
  return answerOf(await performMontageAction(data, requester));
}

/**
 * The GM relay: how a player asks the active GM's client to do what only the GM may (damage a monster
 * from their ability card, take their turn, spend the party's hero token), under an identity that
 * Foundry's server vouches for. docs/relay-and-permissions.md explains the whole model.
 *
 * A v13 query handler (`CONFIG.queries`) is not told who sent the query, and anything a player puts in
 * the data can be forged. So requests travel through a document instead:
 *
 * 1. The player writes `flags.steel-echoes.relay.<id> = { name, data }` into their own User document.
 *    Only that user and GMs may write it (v13 common/documents/user.mjs `BaseUser.#canUpdate`).
 * 2. Every client's `updateUser` hook receives the `userId` the server attributes the write to. The
 *    active GM honours a request only when that writer is the user whose document holds it, and runs
 *    the named handler for that user, who is the requester. Handlers re-check everything the request
 *    implies for that user: nothing in `data` names who is asking.
 * 3. Requests that touch the same documents or pools run one after another (`serialized`).
 * 4. The GM deletes the request (`-=<id>`) and sends the answer in that update's options, which reach
 *    every client's `updateUser` hook (client/data/client-backend.mjs). The requester's client takes
 *    the answer only from an update a GM made to its own User.
 * 5. With no GM connected, or no answer in time, the player sees a localised message. A handler that
 *    waits for the Director's decision (the prompt about a changed ability) first says so
 *    (`tellRequesterWaiting`): the GM writes `flags.steel-echoes.relayWaiting.<id>` into the
 *    requester's User, and the requester's client then waits up to `RELAY.decisionTimeoutMs`, telling
 *    the player why.
 * 6. The GM runs at most `RELAY.limits.perUpdate` requests from one update and `perSecond` of one
 *    user a second (src/documents/relay-limits.ts); the rest are refused, in one update.
 */
import { SYSTEM_ID } from "../constants.ts";
import { admitRequests } from "./relay-limits.ts";
import type { RequesterState } from "./relay-limits.ts";
import { deletion } from "../compat/versions.ts";

/** A message for the requester: a localisation key, shown with `{ localize: true }`. */
export interface Notice {
  type: "info" | "warn" | "error";
  key: string;
  format?: Record<string, string>;
}

/** What a handler returns: a JSON-able value, and a notice for the requester. */
export interface RelayAnswer {
  value: unknown;
  notice?: Notice;
}

/** The few members of a User the relay uses. */
export interface RelayUser {
  id: string | null;
  name: string | null;
  isGM: boolean;
  update(changes: object, options?: object): Promise<unknown>;
}

export interface RelayHandler<D extends Record<string, unknown> = Record<string, unknown>> {
  /** Keys of the documents and pools the request touches: requests sharing a key run one after another. */
  locks(data: D): string[];
  /** Check the request for the requester and carry it out. `data` comes from a player: validate it. */
  run(data: D, requester: RelayUser): Promise<RelayAnswer>;
}

/** Tunables (tests shorten the timeout and step the clock). */
export const RELAY = {
  /** How long a player waits for the GM's answer. */
  timeoutMs: 30_000,
  /** How long a player waits once the GM's client says the Director is deciding (a person, not a machine). */
  decisionTimeoutMs: 600_000,
  /** The largest request accepted, in characters of JSON. */
  maxRequestLength: 4_000,
  /**
   * The most requests one update of a User may carry (the system's own client writes one an
   * update), and the most of one user the GM's client runs in any second (src/documents/relay-limits.ts).
   */
  limits: { perUpdate: 4, perSecond: 10, windowMs: 1_000 },
  /** The GM's clock for those limits, in milliseconds. */
  now: (): number => Date.now(),
};

/** The update option that carries the GM's answer back to every client. */
export const ANSWER_OPTION = "steelEchoesRelayAnswer";
/** The update option that carries the GM's refusals of several requests at once. */
export const ANSWERS_OPTION = "steelEchoesRelayAnswers";
const REQUESTS = `flags.${SYSTEM_ID}.relay`;
const WAITING = `flags.${SYSTEM_ID}.relayWaiting`;
const ID = /^[A-Za-z0-9]{16}$/;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler validates its own data shape
const handlers = new Map<string, RelayHandler<any>>();
/** Requests whose handlers load on first use (`registerLazyRelayHandlers`). */
const lazyHandlers = new Map<string, () => Promise<Readonly<Record<string, RelayHandler>>>>();
const pending = new Map<string, (answer: Answer | null) => void>();
/** On the requester's client: the timer of each pending request, restarted when the Director is deciding. */
const timers = new Map<string, { restart(ms: number): void }>();
/** On the GM's client: the requests being run, by requester id, and whether they were told of a wait. */
const running = new Map<string, Map<string, { told: boolean }>>();
const tails = new Map<string, Promise<unknown>>();
/** On the GM's client: each requester's recent requests, for the limits. */
const requesters = new Map<string, RequesterState>();

type Answer = { id: string; ok: boolean; value: unknown; notice?: Notice };

export function registerRelayHandler<D extends Record<string, unknown>>(name: string, handler: RelayHandler<D>): void {
  handlers.set(name, handler);
}

/**
 * Register requests whose handlers live in a module loaded with `import()` the first time the GM's
 * client runs one of them (issue 31: a player's client, and a GM's who is asked nothing, never loads
 * them). `load` resolves to the handlers by request name; every name must be in it.
 */
export function registerLazyRelayHandlers(names: readonly string[], load: () => Promise<Readonly<Record<string, RelayHandler>>>): void {
  // One load for all of them, however many requests arrive before it resolves.
  let loading: Promise<Readonly<Record<string, RelayHandler>>> | null = null;
  const once = () => (loading ??= load().catch((err: unknown) => {
    loading = null;
    throw err;
  }));
  for (const name of names) lazyHandlers.set(name, once);
}

export function relayHandlerNames(): string[] {
  return [...new Set([...handlers.keys(), ...lazyHandlers.keys()])];
}

/** The handler of a request registered lazily, its module loaded first. */
async function loadHandler(name: string): Promise<RelayHandler<Record<string, unknown>> | undefined> {
  const load = lazyHandlers.get(name);
  if (!load) return undefined;
  const table = await load();
  for (const [key, handler] of Object.entries(table)) if (lazyHandlers.get(key) === load) handlers.set(key, handler);
  return handlers.get(name);
}

/** What carrying out a request gives: whether it applied, and a notice for whoever asked. */
export interface ActionOutcome {
  ok: boolean;
  notice?: Notice;
}

/**
 * A request from a click: on the GM's client it is carried out at once (one at a time per `locks`)
 * and its notice shown; on a player's, it goes to the GM as the relay request `name`.
 */
export async function actOrAskGM(
  name: string, locks: readonly string[], data: Record<string, unknown>, perform: (user: RelayUser) => Promise<ActionOutcome>,
): Promise<boolean> {
  const user = game.user!;
  if (user.isGM) {
    const outcome = await serialized(locks, () => perform(user));
    showNotice(outcome.notice);
    return outcome.ok;
  }
  return Boolean(await askGM(name, data));
}

/** A relay handler's answer from an outcome: the value is whether it applied. */
export function answerOf(outcome: ActionOutcome): RelayAnswer {
  return { value: outcome.ok, ...(outcome.notice ? { notice: outcome.notice } : {}) };
}

/** Show a notice on this client, localised. */
export function showNotice(notice: Notice | undefined): void {
  if (!notice) return;
  const options = { localize: true, ...(notice.format ? { format: notice.format } : {}) };
  ui.notifications?.[notice.type](notice.key, options);
}

/**
 * Run `fn` after every earlier call that shares one of `keys` has finished (the GM's client handles
 * one request per document or pool at a time, so two requests in one save cannot both apply).
 */
export async function serialized<T>(keys: readonly string[], fn: () => Promise<T>): Promise<T> {
  const unique = [...new Set(keys)];
  const before = unique.map((k) => tails.get(k)).filter((p): p is Promise<unknown> => !!p);
  const run = Promise.allSettled(before).then(fn);
  const tail = run.catch(() => undefined);
  for (const k of unique) tails.set(k, tail);
  try {
    return await run;
  } finally {
    for (const k of unique) if (tails.get(k) === tail) tails.delete(k);
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

async function runHandler(name: string, data: Record<string, unknown>, requester: RelayUser): Promise<Answer & { id: "" }> {
  try {
    // A loaded handler is taken at once, so requests keep their order into `serialized`.
    const handler = handlers.get(name) ?? await loadHandler(name);
    if (!handler) return { id: "", ok: false, value: null, notice: { type: "error", key: "SE.Query.Unknown" } };
    const answer = await serialized(handler.locks(data), () => handler.run(data, requester));
    return { id: "", ok: true, value: answer.value ?? null, ...(answer.notice ? { notice: answer.notice } : {}) };
  } catch (err) {
    console.error(`${SYSTEM_ID} | relay ${name} failed`, err);
    return { id: "", ok: false, value: null, notice: { type: "error", key: "SE.Query.Failed" } };
  }
}

/**
 * Ask the active GM to run `name` with `data` for this user; a GM runs it directly. Resolves to the
 * handler's value (its notice is shown here), or null when no GM answers.
 */
export async function askGM(name: string, data: Record<string, unknown>): Promise<unknown> {
  const user: RelayUser | null = game.user ?? null;
  if (!user) return null;
  if (user.isGM) {
    const answer = await runHandler(name, data, user);
    showNotice(answer.notice);
    return answer.value;
  }
  if (!game.users?.activeGM) {
    ui.notifications?.error("SE.Query.NoGM", { localize: true });
    return null;
  }
  const id = foundry.utils.randomID(16);
  const answer = new Promise<Answer | null>((resolve) => pending.set(id, resolve));
  const expire = () => {
    const resolve = pending.get(id);
    if (!resolve) return;
    pending.delete(id);
    timers.delete(id);
    ui.notifications?.error("SE.Query.Timeout", { localize: true });
    // Withdraw the request, so a GM who connects later does not act on it; then give up.
    void user.update(deletion(`${REQUESTS}.${id}`)).catch(() => undefined).finally(() => resolve(null));
  };
  let timer = setTimeout(expire, RELAY.timeoutMs);
  timers.set(id, { restart: (ms) => { clearTimeout(timer); timer = setTimeout(expire, ms); } });
  try {
    await user.update({ [`${REQUESTS}.${id}`]: { name, data } });
  } catch (err) {
    clearTimeout(timer);
    timers.delete(id);
    pending.delete(id);
    console.error(`${SYSTEM_ID} | relay request ${name} could not be sent`, err);
    ui.notifications?.error("SE.Query.Failed", { localize: true });
    return null;
  }
  const result = await answer;
  clearTimeout(timer);
  timers.delete(id);
  if (!result) return null;
  showNotice(result.notice);
  return result.value;
}

/**
 * The `updateUser` hook, on every client. On the requester's client it takes the GM's answer; on the
 * active GM's client it handles the requests a player wrote into their own User document.
 */
export function onUpdateUser(
  user: RelayUser, changed: Record<string, unknown>, options: Record<string, unknown>, userId: string,
): Promise<void> | void {
  const me: RelayUser | null = game.user ?? null;
  if (!me) return;
  const writer: RelayUser | undefined = game.users?.get(userId);

  if (user.id === me.id && writer?.isGM) {
    // The Director is deciding: wait longer for these requests, and say why.
    const ours = (changed?.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as Record<string, unknown> | undefined;
    const waiting = ours?.relayWaiting;
    const waited = isPlainObject(waiting) ? Object.keys(waiting).filter((id) => waiting[id] === true && timers.has(id)) : [];
    for (const id of waited) timers.get(id)!.restart(RELAY.decisionTimeoutMs);
    if (waited.length) ui.notifications?.info("SE.Query.Waiting", { localize: true });
    const batch = options?.[ANSWERS_OPTION];
    for (const answer of [options?.[ANSWER_OPTION], ...(Array.isArray(batch) ? batch : [])] as (Answer | undefined)[]) {
      const resolve = answer && typeof answer.id === "string" ? pending.get(answer.id) : undefined;
      if (!resolve) continue;
      pending.delete(answer!.id);
      resolve(answer!);
    }
  }

  if (!me.isGM || game.users?.activeGM?.id !== me.id) return;
  const requests = ((changed?.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as Record<string, unknown> | undefined)?.relay;
  if (!isPlainObject(requests)) return;
  // Only a request a player wrote into their own User document names its requester.
  if (!writer || writer.id !== user.id || user.isGM) return;
  const entries = Object.entries(requests).filter(([id, request]) => ID.test(id) && isPlainObject(request));
  if (!entries.length) return;
  // Too many in one update, or in the last second: refused before any runs (src/documents/relay-limits.ts).
  const admitted = admitRequests(requesters.get(user.id!), entries.map(([id]) => id), RELAY.now(), RELAY.limits);
  requesters.set(user.id!, admitted.state);
  const handled: Promise<void>[] = entries.filter(([id]) => admitted.run.includes(id))
    .map(([id, request]) => handleRequest(user, id, request as Record<string, unknown>));
  if (admitted.answer && admitted.reason) handled.push(refuseRequests(user, admitted.refused, admitted.reason));
  // Foundry does not wait for a hook's promise; returning it lets tests wait for the answers.
  return Promise.all(handled).then(() => undefined);
}

/** Withdraw refused requests and tell their requester why, in one update. */
async function refuseRequests(requester: RelayUser, ids: readonly string[], reason: "perUpdate" | "perSecond"): Promise<void> {
  const { perUpdate, perSecond } = RELAY.limits;
  const notice: Notice = reason === "perUpdate"
    ? { type: "error", key: "SE.Query.TooMany", format: { max: String(perUpdate) } }
    : { type: "error", key: "SE.Query.TooFast", format: { max: String(perSecond) } };
  const answers: Answer[] = ids.map((id) => ({ id, ok: false, value: null, notice }));
  try {
    await requester.update(Object.assign({}, ...ids.map((id) => deletion(`${REQUESTS}.${id}`))), { [ANSWERS_OPTION]: answers });
  } catch (err) {
    console.error(`${SYSTEM_ID} | relay refusals could not be sent`, err);
  }
}

async function handleRequest(requester: RelayUser, id: string, request: Record<string, unknown>): Promise<void> {
  const { name, data } = request;
  let answer: Answer;
  const mine = running.get(requester.id!) ?? new Map<string, { told: boolean }>();
  running.set(requester.id!, mine);
  const state = { told: false };
  mine.set(id, state);
  try {
    if (typeof name !== "string" || !isPlainObject(data) || JSON.stringify(request).length > RELAY.maxRequestLength) {
      answer = { id, ok: false, value: null, notice: { type: "error", key: "SE.Query.Invalid" } };
    } else {
      answer = { ...(await runHandler(name, data, requester)), id };
    }
  } finally {
    mine.delete(id);
    if (!mine.size) running.delete(requester.id!);
  }
  try {
    await requester.update({ ...deletion(`${REQUESTS}.${id}`), ...(state.told ? deletion(`${WAITING}.${id}`) : {}) }, { [ANSWER_OPTION]: answer });
  } catch (err) {
    console.error(`${SYSTEM_ID} | relay answer could not be sent`, err);
  }
}

/**
 * On the GM's client, before waiting for the Director (a prompt a person answers): tell `userId`'s
 * client that its requests now being run wait for a decision, so it waits longer than a machine's
 * answer takes. Each request is told once; nothing happens for a user with no request running.
 */
export async function tellRequesterWaiting(userId: string | null | undefined): Promise<void> {
  const mine = userId ? running.get(userId) : undefined;
  const requester: RelayUser | undefined = userId ? game.users?.get(userId) : undefined;
  if (!mine || !requester) return;
  const untold = [...mine].filter(([, state]) => !state.told);
  if (!untold.length) return;
  for (const [, state] of untold) state.told = true;
  try {
    await requester.update(Object.fromEntries(untold.map(([id]) => [`${WAITING}.${id}`, true])));
  } catch (err) {
    console.error(`${SYSTEM_ID} | relay wait could not be sent`, err);
  }
}

/**
 * At start-up, withdraw requests this user left behind (a browser closed while waiting): no promise
 * waits for them any more, and a GM must not act on them later.
 */
export async function clearStaleRequests(): Promise<void> {
  const user: RelayUser | null = game.user ?? null;
  const flags = (game.user?.flags ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const stale = flags[SYSTEM_ID]?.relay;
  const waits = flags[SYSTEM_ID]?.relayWaiting;
  if (user && isPlainObject(stale) && Object.keys(stale).length) await user.update(deletion(`flags.${SYSTEM_ID}.relay`));
  if (user && isPlainObject(waits) && Object.keys(waits).length) await user.update(deletion(`flags.${SYSTEM_ID}.relayWaiting`));
}

/** Register the relay's hooks (index.ts at init). */
export function registerRelay(): void {
  Hooks.on("updateUser", (user, changed, options, userId) => onUpdateUser(user, changed as Record<string, unknown>, options as Record<string, unknown>, userId));
  Hooks.once("ready", () => void clearStaleRequests().catch(() => undefined));
}

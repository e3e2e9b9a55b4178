/**
 * How many relay requests the active GM's client runs for one player (src/documents/relay.ts): at
 * most `perUpdate` in one update of her User document, and at most `perSecond` in any `windowMs`.
 * One save of a User may carry thousands of requests, each of which the GM would run and answer
 * with an update broadcast to every client; the limits stop that at the first step.
 *
 * Pure: the per-user state goes in and comes out, and the time is passed in (the relay's clock), so
 * tests step it. Refused requests are answered with a refusal once per window; after that, further
 * refusals in the same window are dropped unanswered, so a flood costs the GM's client at most one
 * answering update per window (an honest client that is still waiting gives up at its timeout).
 */

export interface RelayLimits {
  /** The most requests one update of a User may carry; with more, none of them runs. */
  readonly perUpdate: number;
  /** The most requests of one user run in any `windowMs`; the rest are refused. */
  readonly perSecond: number;
  readonly windowMs: number;
}

/** What the GM's client remembers of one user's recent requests. */
export interface RequesterState {
  /** When each request run in the window arrived. */
  readonly times: readonly number[];
  /** When this user was last sent a refusal, or null. */
  readonly toldAt: number | null;
}

export interface Admission {
  /** The requests to run, in order. */
  run: string[];
  /** The requests refused, and why. */
  refused: string[];
  reason: "perUpdate" | "perSecond" | null;
  /** Whether to send the refusals (once per window); otherwise they are dropped unanswered. */
  answer: boolean;
  state: RequesterState;
}

export const EMPTY_REQUESTER: RequesterState = Object.freeze({ times: Object.freeze([]) as readonly number[], toldAt: null });

/**
 * Which of the request ids one update carries the GM's client runs, at `now` (milliseconds), given
 * what it remembers of this user (`state`). Too many in one update: none runs. Otherwise they run
 * while the user has run fewer than `perSecond` in the last `windowMs`; the rest are refused.
 */
export function admitRequests(state: RequesterState | undefined, ids: readonly string[], now: number, limits: RelayLimits): Admission {
  const since = now - limits.windowMs;
  const times = (state ?? EMPTY_REQUESTER).times.filter((t) => t > since && t <= now);
  const toldAt = state?.toldAt ?? null;
  let run: string[];
  let refused: string[];
  let reason: Admission["reason"] = null;
  if (ids.length > limits.perUpdate) {
    [run, refused, reason] = [[], [...ids], "perUpdate"];
  } else {
    const room = Math.max(0, limits.perSecond - times.length);
    [run, refused] = [ids.slice(0, room), ids.slice(room)];
    if (refused.length) reason = "perSecond";
  }
  const answer = refused.length > 0 && !(toldAt !== null && toldAt > since && toldAt <= now);
  return {
    run, refused, reason, answer,
    state: { times: [...times, ...run.map(() => now)], toldAt: answer ? now : toldAt },
  };
}

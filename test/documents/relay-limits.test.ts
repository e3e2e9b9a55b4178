// The relay's limits (src/documents/relay-limits.ts): how many of one player's requests the GM's
// client runs from one update and in one second, with the clock passed in; pure, so tested by
// example and by property over random streams of updates.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMPTY_REQUESTER, admitRequests } from "../../src/documents/relay-limits.ts";
import type { RequesterState } from "../../src/documents/relay-limits.ts";

const LIMITS = { perUpdate: 4, perSecond: 10, windowMs: 1_000 };
const ids = (n: number, prefix = "r") => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe("admitRequests", () => {
  it("runs a few requests of one update", () => {
    const a = admitRequests(undefined, ids(3), 0, LIMITS);
    expect(a).toMatchObject({ run: ids(3), refused: [], reason: null, answer: false });
    expect(a.state).toEqual({ times: [0, 0, 0], toldAt: null });
  });

  it("runs none of an update that carries more than perUpdate, and answers once", () => {
    const a = admitRequests(undefined, ids(3_000), 0, LIMITS);
    expect(a).toMatchObject({ run: [], reason: "perUpdate", answer: true });
    expect(a.refused).toHaveLength(3_000);
    expect(a.state).toEqual({ times: [], toldAt: 0 });
    // Another flood in the same second is dropped unanswered; a second later it is answered again.
    expect(admitRequests(a.state, ids(5), 500, LIMITS)).toMatchObject({ run: [], answer: false, reason: "perUpdate" });
    expect(admitRequests(a.state, ids(5), 1_000, LIMITS)).toMatchObject({ run: [], answer: true });
  });

  it("runs at most perSecond of a user in any window, refuses the rest once, and forgets after the window", () => {
    let state: RequesterState | undefined;
    const runs: string[] = [];
    const answered: string[] = [];
    for (let i = 0; i < 13; i++) {
      const a = admitRequests(state, [`r${i}`], 100 + i, LIMITS);
      state = a.state;
      runs.push(...a.run);
      if (a.answer) answered.push(...a.refused);
    }
    expect(runs).toEqual(ids(10));
    expect(answered).toEqual(["r10"]);
    expect(admitRequests(state, ["late"], 1_099, LIMITS).run).toEqual([]);
    expect(admitRequests(state, ["late"], 1_100, LIMITS).run).toEqual(["late"]);
    // Part of an update runs when the window has room for part of it.
    const part = admitRequests({ times: ids(8).map(() => 0), toldAt: null }, ids(4, "p"), 10, LIMITS);
    expect(part).toMatchObject({ run: ["p0", "p1"], refused: ["p2", "p3"], reason: "perSecond", answer: true });
  });

  it("a clock that goes back does not lock anyone out", () => {
    const full = { times: ids(10).map(() => 5_000), toldAt: 5_000 };
    expect(admitRequests(full, ["x"], 1_000, LIMITS)).toMatchObject({ run: ["x"], answer: false });
  });

  it("never runs more than perSecond in any window nor answers twice in one, whatever the stream", () => {
    const update = fc.record({ gap: fc.integer({ min: 0, max: 600 }), count: fc.integer({ min: 1, max: 8 }) });
    fc.assert(fc.property(fc.array(update, { maxLength: 60 }), (updates) => {
      let state = EMPTY_REQUESTER;
      let now = 0;
      const ran: number[] = [];
      const told: number[] = [];
      for (const [i, u] of updates.entries()) {
        now += u.gap;
        const a = admitRequests(state, ids(u.count, `u${i}-`), now, LIMITS);
        state = a.state;
        expect(a.run.length + a.refused.length).toBe(u.count);
        if (u.count > LIMITS.perUpdate) expect(a.run).toEqual([]);
        ran.push(...a.run.map(() => now));
        if (a.answer) told.push(now);
        expect(state.times.length).toBeLessThanOrEqual(LIMITS.perSecond);
      }
      for (const t of ran) expect(ran.filter((s) => s > t - LIMITS.windowMs && s <= t).length).toBeLessThanOrEqual(LIMITS.perSecond);
      for (const t of told) expect(told.filter((s) => s > t - LIMITS.windowMs && s <= t)).toEqual([t]);
    }));
  });
});

// Relay handlers that load with their first request (src/documents/relay.ts `registerLazyRelayHandlers`,
// issue 31): on the strict multi-client world, a request registered by name at init is answered by
// the Director's client, which loads the handler table once, with the first request; a loaded
// handler is taken at once, so requests keep their order into `serialized`.
import { describe, expect, it } from "vitest";
import { setupTable } from "../fixtures/world.ts";
import type { RelayHandler } from "../../src/documents/relay.ts";

const { world, gm, alice } = await setupTable();
const { askGM, registerLazyRelayHandlers, relayHandlerNames } = await import("../../src/documents/relay.ts");

describe("lazy relay handlers", () => {
  it("are listed at once, load on the GM's client with the first request, once, and keep the requests' order", async () => {
    const ran: string[] = [];
    let loads = 0;
    const handler = (name: string): RelayHandler => ({
      locks: () => ["lazy-test"],
      run: async (data, requester) => {
        ran.push(`${name}:${String(data.n)}:${requester.name}`);
        return { value: Number(data.n) * 2 };
      },
    });
    registerLazyRelayHandlers(["lazyA", "lazyB"], async () => {
      loads += 1;
      // As an `import()` resolves: after the current job.
      await Promise.resolve();
      return { lazyA: handler("lazyA"), lazyB: handler("lazyB") };
    });
    expect(relayHandlerNames()).toEqual(expect.arrayContaining(["lazyA", "lazyB"]));
    expect(loads).toBe(0);

    // Alice asks: the Director's client loads the table and answers as the server names her.
    expect(await world.as(alice, () => askGM("lazyA", { n: 2 }))).toBe(4);
    expect(loads).toBe(1);
    // Two more, the second before the first is answered: both run, in order, with no second load.
    const [b, a] = await Promise.all([
      world.as(alice, () => askGM("lazyB", { n: 3 })),
      world.as(alice, () => askGM("lazyA", { n: 5 })),
    ]);
    expect([b, a]).toEqual([6, 10]);
    expect(loads).toBe(1);
    expect(ran).toEqual([`lazyA:2:${alice.name}`, `lazyB:3:${alice.name}`, `lazyA:5:${alice.name}`]);
    // The Director's own request runs on his client, with the loaded handler.
    expect(await world.as(gm, () => askGM("lazyB", { n: 7 }))).toBe(14);
    expect(ran.at(-1)).toBe(`lazyB:7:${gm.name}`);
    expect(loads).toBe(1);
  });

  it("load once when several first requests arrive together, and run them in the order they came", async () => {
    const ran: number[] = [];
    let loads = 0;
    registerLazyRelayHandlers(["lazyC"], async () => {
      loads += 1;
      await Promise.resolve();
      return { lazyC: { locks: () => ["lazy-c"], run: async (data) => (ran.push(Number(data.n)), { value: Number(data.n) }) } };
    });
    expect(await Promise.all([1, 2, 3].map((n) => world.as(alice, () => askGM("lazyC", { n }))))).toEqual([1, 2, 3]);
    expect(loads).toBe(1);
    expect(ran).toEqual([1, 2, 3]);
  });

  it("answers a request with no handler, lazy or not, as unknown", async () => {
    expect(await world.as(alice, () => askGM("noSuchRequest", {}))).toBeNull();
  });
});

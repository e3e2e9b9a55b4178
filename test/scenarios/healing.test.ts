// Issue 29, items 15–18 at a table of clients (the Director, Alice, Bob, Mallory), each with their
// own game.user, on a server that refuses what Foundry v13's server refuses (test/harness/world.ts):
// hero tokens at the end of a session, knocking a creature out, the Heal action and temporary
// Stamina from an ability.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { harness, looksLikeRawKey } from "../harness/foundry.ts";
import { setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";

const t: Table = await setupTable();
const { world, gm, alice } = t;
const { RELAY } = await import("../../src/documents/relay.ts");
const { endSession } = await import("../../src/documents/pools.ts");

const shownTo = (user: { name: string }) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);

beforeAll(() => {
  RELAY.timeoutMs = 2_000;
});

afterEach(async () => {
  await world.settle();
  expect(world.refused).toEqual([]);
  expect(world.shown.filter((s) => looksLikeRawKey(s.shown))).toEqual([]);
  expect(harness.hooks.errors).toEqual([]);
  world.shown.length = 0;
});

describe("hero tokens at the end of a session (L254)", () => {
  const tokens = () => world.as(gm, () => game.settings!.get("steel-echoes", "heroTokens"));

  it("the Director's End session clears unused tokens to the world's hero tokens per session (0 by default)", async () => {
    await world.as(gm, () => game.settings!.set("steel-echoes", "heroTokens", 4));
    expect(await world.as(gm, () => endSession())).toBe(0);
    expect(tokens()).toBe(0);
    expect(shownTo(gm)).toEqual(["Session ended: 4 unused hero tokens gone, the party now has 0."]);
    await world.as(gm, () => game.settings!.set("steel-echoes", "heroTokensPerSession", 2));
    expect(await world.as(gm, () => endSession())).toBe(2);
    expect(tokens()).toBe(2);
    // Every client reads the new pool.
    expect(world.as(alice, () => game.settings!.get("steel-echoes", "heroTokens"))).toBe(2);
  });

  it("a player cannot end the session: refused on her client, and the server refuses a forged write", async () => {
    await world.as(gm, () => game.settings!.set("steel-echoes", "heroTokens", 3));
    expect(await world.as(alice, () => endSession())).toBeNull();
    expect(shownTo(alice)).toEqual(["Only the GM changes the pools."]);
    expect(tokens()).toBe(3);
    await expect(world.as(alice, () => game.settings!.set("steel-echoes", "heroTokensPerSession", 9))).rejects.toThrow();
    await expect(world.as(alice, () => game.settings!.set("steel-echoes", "heroTokens", 9))).rejects.toThrow();
    expect(world.refused).toEqual(["Alice update Setting [steel-echoes.heroTokensPerSession]", "Alice update Setting [steel-echoes.heroTokens]"]);
    world.refused.length = 0;
    expect(tokens()).toBe(3);
  });
});

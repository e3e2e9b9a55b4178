// A game's chunk that does not load (the network dropped it) must not stop the world from starting:
// `game.i18n.initialize()` still resolves (and runs Foundry's own), and at `ready` everyone is told,
// in words, to reload (src/games/loader.ts).
import { describe, expect, it, vi } from "vitest";
import { harness } from "../harness/foundry.ts";
import { installWorld, ROLES } from "../harness/world.ts";

const world = installWorld();
const gm = world.addUser("Director", ROLES.GAMEMASTER);
await import("../../src/index.ts");
const { GAME_CHUNKS, registeredGames } = await import("../../src/games/loader.ts");
// Type escape: the loaders are a const record; here Echoes' chunk fails as a dropped request would.
const loaders = GAME_CHUNKS as unknown as Record<string, () => Promise<unknown>>;
const echoes = loaders.echoes!;
loaders.echoes = () => Promise.reject(new Error("network error"));

describe("a game's chunk that fails to load", () => {
  it("lets the world start, logs it, and tells the user to reload at ready", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    world.as(gm, () => harness.hooks.callAll("init"));
    await expect(world.as(gm, () => game.i18n!.initialize())).resolves.toBeUndefined();
    expect(registeredGames().sort()).toEqual(["actionDice", "arc", "d12"]);
    world.as(gm, () => harness.hooks.callAll("setup"));
    expect(errors.mock.calls.map((c) => String(c[0])).join("\n")).toMatch(/not registered before setup: echoes/);
    world.as(gm, () => harness.hooks.callAll("ready"));
    const told = world.shown.filter((s) => s.type === "error").map((s) => s.shown);
    expect(told).toEqual([expect.stringContaining("did not finish loading before the world started")]);
    errors.mockRestore();
  });

  it("is fetched again the next time it is asked for, and then registers", async () => {
    loaders.echoes = echoes;
    await world.as(gm, () => globalThis.steelEchoes.games.load("echoes"));
    expect(registeredGames().sort()).toEqual(["actionDice", "arc", "d12", "echoes"]);
    expect(harness.sheets.map(([, cls]) => cls.name)).toEqual(expect.arrayContaining(["EchoesSheet", "EchoesAdversarySheet"]));
  });
});

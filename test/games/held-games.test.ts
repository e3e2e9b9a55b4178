// A world that no longer plays Echoes, seed 002 or seed 003 but still holds their actors, chat rolls or combats (issue 31):
// at start it loads those games' chunks, as it does a played game's, so the documents keep their data
// models and the messages their rolls (src/games/loader.ts `gamesHeldByWorld`, read from `game.data`,
// the world data the server sends before `init`: v13 client/game.mjs, the Game constructor).
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { installWorld, ROLES } from "../harness/world.ts";
import { echoesSystem } from "../fixtures/echoes.ts";

const world = installWorld();
for (const key of ["gameEchoes", "gameActionDice", "gameArc", "gameD12"]) world.storedSettings.set(`steel-echoes.${key}`, false);
const gm = world.addUser("Director", ROLES.GAMEMASTER);
const alice = world.addUser("Alice");
// Left from when the world played Echoes and seed 003: an Echoes character, and a 2d12 roll in chat.
world.addActor({ name: "Vessa", type: "echoes", system: echoesSystem() }, [alice]);
await world.as(alice, () => world.createMessage({ content: "<p>2d12</p>", rolls: [JSON.stringify({ class: "D12Roll", formula: "2d12", options: {}, evaluated: true, total: 14, dice: [] })] }));
// ...and an encounter of seed 002's engine, never finished (its flags name the engine: src/documents/engine-combat.ts).
world.addCombat([]).flags = { "steel-echoes": { engine: "arc" } };
await import("../../src/index.ts");
const { gamesHeldByWorld, registeredGames } = await import("../../src/games/loader.ts");

describe("the games a world holds data of", () => {
  it("are read from the world's actors, items and chat rolls, whatever the games switched on", () => {
    expect(gamesHeldByWorld(null)).toEqual([]);
    expect(gamesHeldByWorld({ actors: [{ type: "hero" }, { type: "monster" }], items: [{ type: "ability" }], messages: [] })).toEqual([]);
    expect(gamesHeldByWorld({ actors: [{ type: "echoesAdversary" }] })).toEqual(["echoes"]);
    expect(gamesHeldByWorld({ items: [{ type: "echoesWeapon" }] })).toEqual(["echoes"]);
    // A message's source stores each roll as JSON (common/documents/chat-message.mjs: `rolls` is an ArrayField of JSONFields).
    expect(gamesHeldByWorld({ messages: [{ rolls: ['{"class":"HarmonyRoll","formula":"1dt + 1dh"}'] }] })).toEqual(["echoes"]);
    expect(gamesHeldByWorld({ messages: [{ rolls: [{ class: "D12Roll" }] }, { rolls: ["not json", '{"class":"PowerRoll"}'] }] })).toEqual(["d12"]);
    // Seeds 001's and 002's rolls, and a combat that plays by an engine (issue 31: their rolls are in their chunks).
    expect(gamesHeldByWorld({ messages: [{ rolls: ['{"class":"ActionRoll"}'] }] })).toEqual(["actionDice"]);
    expect(gamesHeldByWorld({ messages: [{ rolls: ['{"class":"ReactionRoll"}'] }, { rolls: ['{"class":"ArcRoll"}'] }] })).toEqual(["arc"]);
    const engine = (e: unknown) => ({ flags: { "steel-echoes": { engine: e } } });
    expect(gamesHeldByWorld({ combats: [engine("actionDice"), engine("drawSteel"), engine("<b>"), engine(7), {}] })).toEqual(["actionDice"]);
    expect(gamesHeldByWorld({ combats: [engine("d12"), engine("arc")] })).toEqual(["arc", "d12"]);
  });

  it("load at start in a world that plays neither, with their data models and rolls registered before the documents are built", async () => {
    world.as(gm, () => harness.hooks.callAll("init"));
    await world.as(gm, () => game.i18n!.initialize());
    expect([...registeredGames()].sort()).toEqual(["arc", "d12", "echoes"]);
    expect(Object.keys(harness.CONFIG.Actor.dataModels)).toEqual(expect.arrayContaining(["hero", "monster", "echoes", "echoesAdversary"]));
    const rolls = (harness.CONFIG.Dice.rolls as { name: string }[]).map((c) => c.name);
    expect(rolls).toEqual(expect.arrayContaining(["HarmonyRoll", "D12Roll"]));
    expect(globalThis.steelEchoes.dice.D12Roll?.name).toBe("D12Roll");
    // The seed 002 combat's order is its chunk's (src/documents/game-hooks.ts ENGINE_ORDERS), there before the combats are built.
    const { ENGINE_ORDERS } = await import("../../src/documents/game-hooks.ts");
    expect(ENGINE_ORDERS.declarationCompare).toBeTypeOf("function");
    // The action dice engine's data is not in this world: its chunk stays unloaded.
    expect(registeredGames()).not.toContain("actionDice");
  });
});

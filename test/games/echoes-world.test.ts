// A world that plays only Echoes (issue 31): `init` starts loading Echoes' chunk and holds
// `game.i18n.initialize()` (which v13 `Game#initialize`, client/game.mjs, awaits before it builds the
// documents) until the chunk has registered; then an Echoes check is rolled and applied through the
// GM as in any world.
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { installWorld, ROLES } from "../harness/world.ts";
import type { WorldMessage } from "../harness/world.ts";
import { d0 } from "../fixtures/world.ts";
import { echoesSystem } from "../fixtures/echoes.ts";

const world = installWorld();
for (const key of ["gameDrawSteel", "gameActionDice", "gameArc", "gameD12"]) world.storedSettings.set(`steel-echoes.${key}`, false);
const gm = world.addUser("Director", ROLES.GAMEMASTER);
const alice = world.addUser("Alice");
await import("../../src/index.ts");
const { gameRegistered, registeredGames } = await import("../../src/games/loader.ts");

describe("an Echoes-only world", () => {
  it("registers Echoes' chunk before game.i18n.initialize() resolves, and no engine's", async () => {
    world.as(gm, () => harness.hooks.callAll("init"));
    expect(gameRegistered("echoes")).toBe(false);
    await world.as(gm, () => game.i18n!.initialize());
    expect(registeredGames()).toEqual(["echoes"]);
    const sheets = harness.sheets.map(([, cls, options]) => [cls.name, options.types ?? []]);
    expect(sheets).toEqual(expect.arrayContaining([["EchoesSheet", ["echoes"]], ["EchoesAdversarySheet", ["echoesAdversary"]]]));
    // Echoes' rules are on steelEchoes.rules before `ready`; Draw Steel's and the shared ones join at `ready`; no engine's are.
    const rules = globalThis.steelEchoes.rules;
    expect(typeof rules.resolveHarmonyCheck).toBe("function");
    expect(typeof rules.echoesAttackDamage).toBe("function");
    expect(rules.resolvePowerRoll).toBeUndefined();
    await globalThis.steelEchoes.games.rules("drawSteel");
    expect(typeof rules.resolvePowerRoll).toBe("function");
    expect(rules.resolveD12Check).toBeUndefined();
  });

  it("rolls an Echoes check for a player and applies it through the GM", async () => {
    const { rollEchoesCheck, requestEchoesApply } = await import("../../src/documents/echoes-checks.ts");
    const vessa = world.addActor({ name: "Vessa", type: "echoes", system: echoesSystem() }, [alice]);
    harness.fixRandom(d0(1, 2, 3, 4));
    const message = await world.as(alice, () => rollEchoesCheck(vessa as never, { kind: "behavior", key: "STR", label: "STR" },
      { motivation: "anger", trait: null, big: 2, small: 0 })) as unknown as WorldMessage;
    expect(message).toBeTruthy();
    // The GM applies it through the relay Echoes' chunk registered.
    expect(await world.as(alice, () => requestEchoesApply(message.id, "apply"))).toBe(true);
    await world.settle();
    const flag = (message.flags["steel-echoes"] as { echoesCheck: { applied: unknown } }).echoesCheck;
    expect(flag.applied).toBeTruthy();
  });
});

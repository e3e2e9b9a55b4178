// A world that plays only the engines, seeds 001, 002 and 003 (issue 31): `init` loads their chunks and
// holds `game.i18n.initialize()` (which v13 `Game#initialize`, client/game.mjs, awaits before it builds
// the documents) until they have registered their rolls; then a player's checks post through them, and
// a seed 002 combat orders its declarations by the State of Mind its chunk's rules give (S2:L83–87).
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { setupTable } from "../fixtures/world.ts";
import type { WorldCombat } from "../harness/world.ts";
import type { SteelEchoesCombat } from "../../src/documents/combat.ts";

const OFF = { "steel-echoes.gameDrawSteel": false, "steel-echoes.gameEchoes": false, "steel-echoes.combatEngine": "arc" };
const t = await setupTable(OFF);
const { world, gm, alice, tokens } = t;
const { registeredGames } = await import("../../src/games/loader.ts");

describe("an engines-only world", () => {
  it("registers the three engines' chunks and rolls before game.i18n.initialize() resolves, and not Echoes'", () => {
    expect([...registeredGames()].sort()).toEqual(["actionDice", "arc", "d12"]);
    const rolls = (harness.CONFIG.Dice.rolls as { name: string }[]).map((c) => c.name);
    expect(rolls).toEqual(expect.arrayContaining(["ActionRoll", "ArcRoll", "ReactionRoll", "D12Roll"]));
    expect(rolls).not.toContain("HarmonyRoll");
    for (const name of ["ActionRoll", "ArcRoll", "ReactionRoll", "D12Roll"] as const) expect(globalThis.steelEchoes.dice[name]?.name).toBe(name);
    // The played games' rules are on steelEchoes.rules before `ready` (src/games/loader.ts).
    expect(typeof globalThis.steelEchoes.rules.esAdjustment).toBe("function");
    expect(typeof globalThis.steelEchoes.rules.bonusDieFaces).toBe("function");
  });

  it("posts a player's Reaction check, whose card every client renders from the registered roll (S2:L49–81)", async () => {
    const before = world.messages.size;
    await world.as(alice, () => globalThis.steelEchoes.reactionCheck({ som: 10 }));
    expect(world.messages.size).toBe(before + 1);
    const posted = [...world.messages].at(-1)!;
    const roll = foundry.dice.Roll.fromJSON(posted.rollSources[0]!);
    expect(roll.constructor.name).toBe("ReactionRoll");
    // At SOM 10 the check always passes (S2:L79): the card, as a client renders the message's roll.
    expect(await roll.render()).toContain('data-verdict="success"');
  });

  it("orders a seed 002 combat's declarations by ascending SOM, by the rules its chunk registered (S2:L83–87)", async () => {
    // Type escape: the harness's WorldCombat is built from the configured class (our SteelEchoesCombat).
    const combat = world.addCombat([tokens.korva, tokens.ogre]) as unknown as SteelEchoesCombat & WorldCombat;
    expect(combat.engine).toBe("arc");
    const [korva, ogre] = [...combat.combatants];
    await world.as(gm, () => korva!.update({ "flags.steel-echoes.stats": { som: 7 } } as never));
    await world.as(gm, () => ogre!.update({ "flags.steel-echoes.stats": { som: 3 } } as never));
    await world.as(gm, () => combat.startCombat());
    await world.settle();
    // The lower State of Mind declares first; the SOM is the initiative shown.
    expect(combat.turns.map((c) => c.name)).toEqual([ogre!.name, korva!.name]);
    expect(combat.turns.map((c) => c.initiative)).toEqual([3, 7]);
    expect(combat.combatant?.name).toBe(ogre!.name);
  });
});

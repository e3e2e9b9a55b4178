// A world that plays only Draw Steel (issue 31): at start its clients load no other game's chunk
// (src/games/loader.ts), register only Draw Steel's sheets, rolls and data models; a macro of a game
// switched off loads that game's chunk when it is called.
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { dN, setupTable } from "../fixtures/world.ts";
import type { WorldCombat } from "../harness/world.ts";
import type { SteelEchoesCombat } from "../../src/documents/combat.ts";

const OFF = { "steel-echoes.gameEchoes": false, "steel-echoes.gameActionDice": false, "steel-echoes.gameArc": false, "steel-echoes.gameD12": false };
const t = await setupTable(OFF);
const { world, alice } = t;
const { gameRegistered, registeredGames } = await import("../../src/games/loader.ts");

describe("a Draw Steel world", () => {
  it("loads no other game's chunk at start, and registers only Draw Steel's sheets", () => {
    expect(registeredGames()).toEqual([]);
    expect(harness.sheets.map(([, cls]) => cls.name)).toEqual(["HeroSheet", "MonsterSheet", "PartySheet", "SteelEchoesItemSheet"]);
  });

  it("registers Draw Steel's rolls and data models, no other game's, which come with their chunks", () => {
    const rolls = (harness.CONFIG.Dice.rolls as { name: string }[]).map((c) => c.name);
    expect(rolls).toContain("PowerRoll");
    for (const other of ["HarmonyRoll", "D12Roll", "ArcRoll", "ReactionRoll", "ActionRoll"]) expect(rolls).not.toContain(other);
    // steelEchoes.dice has them once their game loads (docs/api.md).
    expect(globalThis.steelEchoes.dice.ActionRoll).toBeUndefined();
    expect(globalThis.steelEchoes.dice.ArcRoll).toBeUndefined();
    expect(Object.keys(harness.CONFIG.Actor.dataModels).sort()).toEqual(["hero", "monster", "party"]);
    expect(Object.keys(harness.CONFIG.Item.dataModels)).not.toContain("echoesWeapon");
    expect(globalThis.steelEchoes.dice.HarmonyRoll).toBeUndefined();
    // Nor Echoes' conditions in the token HUD (its chunk adds them, for its actor types).
    const hudTypes = (harness.CONFIG.statusEffects as { hud?: { actorTypes?: string[] } }[]).flatMap((s) => s.hud?.actorTypes ?? []);
    expect(hudTypes).not.toContain("echoes");
  });

  it("loads seed 003's chunk when a macro of it is called, and the macro works (death saves)", async () => {
    const before = world.messages.size;
    await world.as(alice, () => globalThis.steelEchoes.deathSaves("Mira"));
    expect(gameRegistered("d12")).toBe(true);
    expect(gameRegistered("echoes")).toBe(false);
    expect(world.messages.size).toBe(before + 1);
    const posted = [...world.messages].at(-1)!;
    expect((posted.flags["steel-echoes"] as { deathSaves: { name: string } }).deathSaves.name).toBe("Mira");
  });

  it("has Draw Steel's rules on steelEchoes.rules once `ready` fired, not before, and another game's once a macro loads them (docs/api.md)", async () => {
    const rules = globalThis.steelEchoes.rules;
    // Not loaded before `ready` (issue 31): the entry does not carry the rules only macros use.
    expect(rules.resolvePowerRoll).toBeUndefined();
    world.as(alice, () => harness.hooks.callAll("ready"));
    await globalThis.steelEchoes.games.rules("drawSteel");
    // Synchronous, as macros call them: a power roll (19 + 2 is 17 or higher: tier 3, L195) and a montage's limits (L6121–6127).
    expect(rules.resolvePowerRoll({ dice: [9, 10], characteristic: 2 }).tier).toBe(3);
    expect(rules.montageLimits("hard", 5)).toEqual({ successes: 7, failures: 3 });
    // Echoes and ARC are not played: their rules are not there until asked for.
    expect(rules.resolveHarmonyCheck).toBeUndefined();
    expect(rules.esAdjustment).toBeUndefined();
    const echoes = await world.as(alice, () => globalThis.steelEchoes.games.rules("echoes"));
    expect(echoes.resolveHarmonyCheck).toBe(rules.resolveHarmonyCheck);
    // Seed 000 (S0:L51): 00 on the tens and ones reads 100.
    expect(rules.resolveHarmonyCheck!({ dissonance: [0], harmony: [0], big: 0, small: 0, target: 50 }).value).toBe(100);
    await world.as(alice, () => globalThis.steelEchoes.games.rules("arc"));
    expect(typeof rules.esAdjustment).toBe("function");
    // Loading rules loads no chunk: the sheets and cards of those games stay unloaded.
    expect(gameRegistered("echoes")).toBe(false);
  });
  it("loads seed 002's chunk when the Director's macro sets a combat to its engine, and orders its declarations by SOM (S2:L83–87)", async () => {
    expect(gameRegistered("arc")).toBe(false);
    // Type escape: the harness's WorldCombat is built from the configured class (our SteelEchoesCombat).
    const combat = world.addCombat([t.tokens.korva, t.tokens.ogre]) as unknown as SteelEchoesCombat & WorldCombat;
    await world.as(t.gm, () => combat.setEngine("arc"));
    expect(gameRegistered("arc")).toBe(true);
    expect(combat.engine).toBe("arc");
    const [korva, ogre] = [...combat.combatants];
    await world.as(t.gm, () => korva!.update({ "flags.steel-echoes.stats": { som: 8 } } as never));
    await world.as(t.gm, () => ogre!.update({ "flags.steel-echoes.stats": { som: 2 } } as never));
    await world.as(t.gm, () => combat.startCombat());
    await world.settle();
    expect(combat.turns.map((c) => c.name)).toEqual([ogre!.name, korva!.name]);
    await world.as(t.gm, () => combat.delete());
    expect(gameRegistered("actionDice")).toBe(false);
  });

  it("loads seed 001's chunk when its check is called, and the check posts a rebuilt action roll (S1:L1, L55)", async () => {
    const before = world.messages.size;
    await world.as(alice, () => globalThis.steelEchoes.actionCheck({ bonusDice: 1, vs: 12 }));
    expect(gameRegistered("actionDice")).toBe(true);
    expect(gameRegistered("echoes")).toBe(false);
    expect(world.messages.size).toBe(before + 1);
    const posted = [...world.messages].at(-1)!;
    // Foundry rebuilds the message's roll by class name (Roll.fromData): the class is registered now.
    const ActionRoll = globalThis.steelEchoes.dice.ActionRoll!;
    expect(ActionRoll.name).toBe("ActionRoll");
    const roll = foundry.dice.Roll.fromJSON(posted.rollSources[0]!);
    expect(roll).toBeInstanceOf(ActionRoll);
    // No Charges or Challenges: the bonus dice are d10s (S1:L2–3, `bonusDieFaces`).
    expect(roll.formula).toBe("1d20 + 1d10");
    // Its card renders through the view-model its chunk registered (src/dice/render.ts ROLL_CARDS).
    expect(await roll.render()).toContain("check-card");
  });

  it("posts seed 002's checks through its chunk: the ARC totals by the seed's worked example (S2:L125)", async () => {
    harness.fixRandom([dN(8, 5)]);
    await world.as(alice, () => globalThis.steelEchoes.arcCheck({ ks: 7, us: 4, es: 5, esDie: 8, adjustment: 0, against: 9 }));
    harness.CONFIG.Dice.randomUniform = Math.random;
    expect(gameRegistered("arc")).toBe(true);
    const posted = [...world.messages].at(-1)!;
    const roll = foundry.dice.Roll.fromJSON(posted.rollSources[0]!);
    expect(roll).toBeInstanceOf(globalThis.steelEchoes.dice.ArcRoll!);
    expect(roll.total).toBe(16);
    expect(await roll.render()).toContain('data-total="16"');
    await world.as(alice, () => globalThis.steelEchoes.reactionCheck({ som: 6 }));
    expect(foundry.dice.Roll.fromJSON([...world.messages].at(-1)!.rollSources[0]!)).toBeInstanceOf(globalThis.steelEchoes.dice.ReactionRoll!);
    expect(gameRegistered("echoes")).toBe(false);
  });
});

// The other engines' combat on the strict multi-client world (src/documents/combat.ts,
// src/documents/engine-combat.ts): seed 001's order by action dice and its Recovery Phase, seed 002's
// declarations by State of Mind, seed 003's DEX order with Delay; what players may do through the GM,
// and what a hostile player cannot.
import { afterEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { answerDialog, dN, setupTable } from "../fixtures/world.ts";
import type { WorldCombat, WorldMessage, WorldToken, WorldUser } from "../harness/world.ts";
// Types only: the code under test is imported after the world is set up.
import type { SteelEchoesCombat, SteelEchoesCombatant } from "../../src/documents/combat.ts";

const { world, gm, alice, mallory, tokens } = await setupTable();
const { requestDelayTurn, requestEndTurn, requestEngineInitiative, requestTakeTurn } = await import("../../src/documents/combat-relay.ts");
const { openEngineStats } = await import("../../src/applications/combat/engine-stats.ts");
const { ActionRoll } = await import("../../src/dice/action-dice-roll.ts");
const { D12Roll } = await import("../../src/dice/d12-roll.ts");
const { postD12Check } = await import("../../src/applications/chat/post-rolls.ts");
const { chooseD12Result } = await import("../../src/documents/d12-choices.ts");
const { postReactionCheck } = await import("../../src/applications/chat/arc-checks.ts");

type Combat = SteelEchoesCombat;
type Combatant = SteelEchoesCombatant;

const settle = async () => {
  for (let i = 0; i < 6; i++) {
    await world.settle();
    await new Promise((r) => setTimeout(r, 0));
  }
};
const shownTo = (user: WorldUser) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);
const messages = () => [...world.messages] as WorldMessage[];

/** A combat of these tokens, its engine set by the GM, each creature's stats written by the GM. */
async function encounter(engine: "actionDice" | "arc" | "d12", list: [WorldToken, Record<string, unknown>][]) {
  for (const c of [...world.combats]) await world.as(gm, () => c.delete());
  // Type escape: the harness's WorldCombat is built from the configured class (our SteelEchoesCombat).
  const combat = world.addCombat(list.map(([t]) => t)) as unknown as Combat & WorldCombat;
  await world.as(gm, () => combat.setEngine(engine));
  for (const [t, stats] of list) {
    const c = byToken(combat, t);
    await world.as(gm, () => c.update({ [`flags.steel-echoes.stats`]: stats } as never));
  }
  return combat;
}
const byToken = (combat: Combat, t: WorldToken) => [...combat.combatants].find((c) => (c.token as unknown) === t)! as unknown as Combatant;
const names = (combat: Combat) => combat.turns.map((c) => c.name);
const acting = (combat: Combat) => combat.combatant?.name ?? null;

afterEach(async () => {
  await settle();
  expect(harness.hooks.errors).toEqual([]);
  world.shown.length = 0;
  harness.CONFIG.Dice.randomUniform = Math.random;
});

describe("seed 001: the order by action dice, and the Recovery Phase", () => {
  it("rolls 1d20 plus bonus dice for each creature, highest first, and starts the first turn", async () => {
    const combat = await encounter("actionDice", [
      [tokens.korva, { bonusDice: 1, stamina: 10, vigor: 3 }],
      [tokens.ogre, { bonusDice: 0, stamina: 15, vigor: 10, vigorMax: 12 }],
      [tokens.goblin, { bonusDice: 0 }],
    ]);
    // Korva: d20 5 + d10 4 = 9; Ogre: d20 17; Goblin: d20 2.
    harness.fixRandom([dN(20, 5), dN(10, 4), dN(20, 17), dN(20, 2)]);
    await world.as(gm, () => combat.startCombat());
    const rolls = messages().slice(-3).map((m) => m.rolls[0]);
    expect(rolls.every((r) => r instanceof ActionRoll)).toBe(true);
    expect(names(combat)).toEqual(["Ogre", "Korva", "Goblin"]);
    expect(byToken(combat, tokens.korva).initiative).toBe(9);
    expect(combat.round).toBe(1);
    expect(acting(combat)).toBe("Ogre");
    await world.as(gm, () => combat.nextTurn());
    expect(acting(combat)).toBe("Korva");
  });

  it("lets the acting creature's owner end its turn through the GM, and nobody else", async () => {
    const combat = [...world.combats][0] as unknown as Combat;
    await world.as(mallory, () => requestEndTurn(combat));
    await settle();
    expect(shownTo(mallory)).toEqual(["Only the acting creature's owner or the Director can end this turn."]);
    expect(acting(combat)).toBe("Korva");
    // Nobody picks in an order: the "take turn" request is refused.
    await world.as(alice, () => requestTakeTurn(combat, byToken(combat, tokens.goblin)));
    expect(shownTo(alice)).toEqual(["Another creature of this side is next in the initiative order."]);
    await world.as(alice, () => requestEndTurn(combat));
    await settle();
    expect(acting(combat)).toBe("Goblin");
  });

  it("after the last turn runs the Recovery Phase: Vigor per 5 Stamina, up to a maximum, then round 2 from the top", async () => {
    const combat = [...world.combats][0] as unknown as Combat;
    await world.as(gm, () => combat.nextTurn());
    expect(combat.round).toBe(2);
    expect(acting(combat)).toBe("Ogre");
    expect(byToken(combat, tokens.korva).engineStats.vigor).toBe(5);
    expect(byToken(combat, tokens.ogre).engineStats.vigor).toBe(12);
    const recovery = messages().find((m) => m.content.includes("Recovery Phase, end of round 1"))!;
    expect(recovery.content).toContain("Korva recovers 2 Vigor (5).");
    expect(recovery.content).toContain("Ogre recovers 2 Vigor (12).");
    expect(recovery.content).not.toContain("Goblin");
  });

  it("counts Shock down each round; the creature in Shock passes its turn and dies when it runs out", async () => {
    const combat = await encounter("actionDice", [[tokens.korva, { stamina: 2, vigor: 0, winded: true }], [tokens.goblin, { stamina: 5 }]]);
    harness.fixRandom([dN(20, 12), dN(20, 3)]);
    await world.as(gm, () => combat.startCombat());
    expect(acting(combat)).toBe("Korva");
    // Korva goes into Shock through the stats dialog (Stamina 2: two rounds), Winded still.
    answerDialog({ stamina: 2, vigor: 0, inShock: true, bonusDice: null, actions: null, vigorMax: null, opening: "none" });
    await world.as(alice, () => openEngineStats(combat, byToken(combat, tokens.korva)));
    expect(byToken(combat, tokens.korva).engineStats).toMatchObject({ shockRounds: 2, winded: true });
    while (combat.round < 2) await world.as(gm, () => combat.nextTurn());
    // Round 2: Korva, unconscious, passes; the Goblin acts; one round is left.
    expect(acting(combat)).toBe("Goblin");
    expect(combat.orderedTurns("actionDice").find((t) => t.id === byToken(combat, tokens.korva).id)?.skips).toBe(true);
    expect(byToken(combat, tokens.korva).engineStats.shockRounds).toBe(1);
    expect(messages().at(-1)!.content).toContain("Korva is in Shock, rounds left: 1.");
    expect(byToken(combat, tokens.korva).isDefeated).toBe(false);
    await world.as(gm, () => combat.nextTurn());
    expect(combat.round).toBe(3);
    const korva = byToken(combat, tokens.korva);
    expect(korva.defeated).toBe(true);
    expect(korva.actor!.statuses.has("dead")).toBe(true);
    expect(messages().some((m) => m.content.includes("Korva dies of Shock."))).toBe(true);
    await world.as(gm, () => korva.actor!.toggleStatusEffect("dead", { active: false }));
  });
});

describe("seed 002: declarations by State of Mind", () => {
  it("orders by ascending SOM, then Empathy and Perception; a full tie rolls a d10; the surprised skip the first turn", async () => {
    const combat = await encounter("arc", [
      [tokens.korva, { som: 6, empathy: 3, perception: 4 }],
      [tokens.ogre, { som: 3, empathy: 5, perception: 5 }],
      [tokens.goblin, { som: 3, empathy: 5, perception: 5 }],
      [tokens.ryn, { som: 2, surprised: true }],
    ]);
    // The Ogre and the Goblin roll off: 8 and 2 (lower declares first).
    harness.fixRandom([dN(10, 8), dN(10, 2)]);
    const before = world.messages.size;
    await world.as(gm, () => combat.startCombat());
    expect(names(combat)).toEqual(["Ryn", "Goblin", "Ogre", "Korva"]);
    expect(byToken(combat, tokens.ogre).initiative).toBe(3);
    expect(messages().slice(before).map((m) => m.content)).toEqual(["8", "2"]);
    expect(acting(combat)).toBe("Goblin");
    await world.as(gm, () => combat.nextTurn());
    await world.as(gm, () => combat.nextTurn());
    expect(acting(combat)).toBe("Korva");
    await world.as(gm, () => combat.nextTurn());
    expect(combat.round).toBe(2);
    expect(acting(combat)).toBe("Ryn");
  });

  it("re-orders when a player changes their SOM, and the acting creature keeps its turn", async () => {
    const combat = [...world.combats][0] as unknown as Combat;
    await world.as(gm, () => combat.nextTurn());
    expect(acting(combat)).toBe("Goblin");
    // Alice's Korva rises to SOM 1: it now declares first, but the Goblin still acts.
    answerDialog({ som: 1, empathy: 3, perception: 4, surprised: false, unconscious: false });
    await world.as(alice, () => openEngineStats(combat, byToken(combat, tokens.korva)));
    await settle();
    expect(names(combat)[0]).toBe("Korva");
    expect(acting(combat)).toBe("Goblin");
    await world.as(gm, () => combat.nextTurn());
    expect(acting(combat)).toBe("Ogre");
  });

  it("a failed Reaction check loses the roller's creature its turn: this one if not yet taken (S2:L59)", async () => {
    const combat = [...world.combats][0] as unknown as Combat;
    // Round 2, the Ogre acting; Korva moved to the top (SOM 1) after its place had passed: it loses the next turn.
    const korva = byToken(combat, tokens.korva);
    expect(acting(combat)).toBe("Ogre");
    expect(names(combat)[0]).toBe("Korva");
    harness.fixRandom([dN(10, 9)]);
    await world.as(alice, () => postReactionCheck({ som: 4 }));
    expect(korva.lostTurn).toBe(combat.round + 1);
    expect(messages().at(-1)!.content).toContain(`Korva fails the Reaction check and loses turn ${combat.round + 1}.`);
    // A pass loses nothing.
    harness.fixRandom([dN(10, 2)]);
    await world.as(alice, () => postReactionCheck({ som: 4 }));
    expect(korva.lostTurn).toBe(combat.round + 1);
    // Next round Korva passes over its turn; the one after, it declares again.
    const round = combat.round;
    while (combat.round === round) await world.as(gm, () => combat.nextTurn());
    const seen: string[] = [];
    while (combat.round === round + 1) {
      seen.push(acting(combat)!);
      await world.as(gm, () => combat.nextTurn());
    }
    expect(seen).not.toContain("Korva");
    expect(seen.length).toBeGreaterThan(0);
    expect(combat.orderedTurns("arc").find((t) => t.id === korva.id)!.skips).toBe(false);
  });

  it("lets Mallory change neither another's stats nor their initiative", async () => {
    const combat = [...world.combats][0] as unknown as Combat;
    const korva = byToken(combat, tokens.korva);
    answerDialog({ som: 10 });
    expect(await world.as(mallory, () => openEngineStats(combat, korva))).toBe(false);
    await expect(world.as(mallory, () => korva.update({ [`flags.steel-echoes.stats.som`]: 10 } as never))).rejects.toThrow(/lacks permission/);
    expect(korva.engineStats.som).toBe(1);
  });
});

describe("seed 003: the DEX order, Delay, late joiners", () => {
  it("rolls 2d12 + DEX and modifiers, highest first; ties roll off on a d12", async () => {
    const combat = await encounter("d12", [
      [tokens.korva, { dex: 2 }], [tokens.ogre, { dex: 0, initiativeModifier: 1 }], [tokens.goblin, { dex: 3 }],
    ]);
    // Korva 6+5+2 = 13, Ogre 7+5+1 = 13, Goblin 1+1+3 = 5; the roll-off: Korva 4, Ogre 9.
    harness.fixRandom([dN(12, 6), dN(12, 5), dN(12, 7), dN(12, 5), dN(12, 1), dN(12, 1), dN(12, 4), dN(12, 9)]);
    await world.as(gm, () => combat.startCombat());
    expect(messages().filter((m) => m.rolls[0] instanceof D12Roll)).toHaveLength(3);
    expect(names(combat)).toEqual(["Ogre", "Korva", "Goblin"]);
    expect(acting(combat)).toBe("Ogre");
  });

  it("a Delay sends the acting creature to the bottom for good; the next acts now, the delayed one last", async () => {
    const combat = [...world.combats][0] as unknown as Combat;
    await world.as(gm, () => combat.nextTurn());
    expect(acting(combat)).toBe("Korva");
    await world.as(mallory, () => requestDelayTurn(combat));
    await settle();
    expect(shownTo(mallory)).toEqual(["Only the acting creature's owner or the Director can end this turn."]);
    await world.as(alice, () => requestDelayTurn(combat));
    await settle();
    expect(names(combat)).toEqual(["Ogre", "Goblin", "Korva"]);
    expect(acting(combat)).toBe("Goblin");
    expect(messages().at(-1)!.content).toContain("Korva delays: last in the initiative order from now on.");
    await world.as(gm, () => combat.nextTurn());
    expect(acting(combat)).toBe("Korva");
    expect(combat.round).toBe(1);
    // The last in the order has nobody to let go first.
    await world.as(alice, () => requestDelayTurn(combat));
    await settle();
    expect(shownTo(alice)).toEqual(["This creature is already last in the order: there is nobody to let go first."]);
    await world.as(gm, () => combat.nextTurn());
    expect(names(combat)).toEqual(["Ogre", "Goblin", "Korva"]);
    expect(acting(combat)).toBe("Ogre");
  });

  it("a late joiner's owner rolls its initiative once through the GM; it fits into the order and waits if its place has passed", async () => {
    const combat = [...world.combats][0] as unknown as Combat;
    await world.as(gm, () => combat.nextTurn());
    expect(acting(combat)).toBe("Goblin");
    // Type escape: the harness adds a combatant the way Foundry's createEmbeddedDocuments would.
    const CombatantCls = harness.CONFIG.Combatant.documentClass as new (data: object) => object;
    (combat as unknown as WorldCombat).addCombatants([new CombatantCls({ token: tokens.vex }) as never]);
    const vex = byToken(combat, tokens.vex);
    await world.as(mallory, () => vex.update({ [`flags.steel-echoes.stats`]: { dex: 20, initiativeModifier: 20 } } as never));
    await world.as(alice, () => requestEngineInitiative(combat, vex));
    await settle();
    expect(shownTo(alice)).toEqual(["You can only start the turn of your own hero."]);
    harness.fixRandom([dN(12, 12), dN(12, 12)]);
    await world.as(mallory, () => requestEngineInitiative(combat, vex));
    await settle();
    expect(vex.initiative).toBe(64);
    expect(names(combat)[0]).toBe("Vex");
    expect(acting(combat)).toBe("Goblin");
    await world.as(mallory, () => requestEngineInitiative(combat, vex));
    await settle();
    expect(shownTo(mallory)).toEqual(["This creature has rolled its initiative: only the Director can roll again."]);
    await world.as(gm, () => combat.nextTurn());
    expect(acting(combat)).toBe("Korva");
    await world.as(gm, () => combat.nextTurn());
    expect(combat.round).toBe(3);
    expect(acting(combat)).toBe("Vex");
  });
});

describe("seed 003's exploit Climb the initiative (S3:L84)", () => {
  it("chosen on the roller's card, puts their creature first from the next round, for good", async () => {
    const combat = await encounter("d12", [[tokens.korva, { dex: 0 }], [tokens.ogre, { dex: 5 }], [tokens.goblin, { dex: 3 }]]);
    harness.fixRandom([dN(12, 1), dN(12, 1), dN(12, 6), dN(12, 6), dN(12, 4), dN(12, 4)]);
    await world.as(gm, () => combat.startCombat());
    expect(names(combat)).toEqual(["Ogre", "Goblin", "Korva"]);
    // Alice's check: 12 and 11 on a success, an exploit up to rank 11.
    harness.fixRandom([dN(12, 12), dN(12, 11)]);
    const m = await world.as(alice, () => postD12Check({ modifier: 0, dc: 10 })) as unknown as WorldMessage;
    expect(await world.as(alice, () => chooseD12Result(m.id, "exploit", "combat:11"))).toBe(true);
    expect(messages().at(-1)!.content).toContain("Korva climbs the initiative: first in the order from round 2.");
    // Not this round: the order holds until the next starts.
    expect(names(combat)).toEqual(["Ogre", "Goblin", "Korva"]);
    while (combat.round < 2) await world.as(gm, () => combat.nextTurn());
    expect(names(combat)).toEqual(["Korva", "Ogre", "Goblin"]);
    expect(acting(combat)).toBe("Korva");
    while (combat.round < 3) await world.as(gm, () => combat.nextTurn());
    expect(names(combat)[0]).toBe("Korva");
  });
  it("does nothing outside a 2d12 combat, on a player's client, or twice from one check", async () => {
    const combat = await encounter("arc", [[tokens.korva, { som: 3 }]]);
    await world.as(gm, () => combat.startCombat());
    expect(await world.as(gm, () => combat.climbNextRound(byToken(combat, tokens.korva), "m".repeat(16)))).toBe(false);
    const d12 = await encounter("d12", [[tokens.korva, { dex: 0 }], [tokens.goblin, { dex: 0 }]]);
    await world.as(gm, () => d12.startCombat());
    expect(await world.as(alice, () => d12.climbNextRound(byToken(d12, tokens.korva), "m".repeat(16)))).toBe(false);
    expect(await world.as(gm, () => d12.climbNextRound(byToken(d12, tokens.korva), "m".repeat(16)))).toBe(true);
    expect(await world.as(gm, () => d12.climbNextRound(byToken(d12, tokens.goblin), "m".repeat(16)))).toBe(false);
    expect(byToken(d12, tokens.goblin).climbRound).toBeNull();
  });
});

describe("seed 003's groups", () => {
  it("a group of creatures rolls once and rolls off as one (S3:L374)", async () => {
    const combat = await encounter("d12", [[tokens.korva, { dex: 2 }], [tokens.ogre, { dex: 2 }], [tokens.goblin, { dex: 9 }]]);
    // The Ogre and the Goblin are one Foundry combatant group (v13 Combatant#group).
    for (const t of [tokens.ogre, tokens.goblin]) (byToken(combat, t) as unknown as { group: string }).group = "pack";
    const before = world.messages.size;
    // Korva 5 + 6 + 2 = 13; the Ogre 5 + 6 + 2 = 13 for the group; the roll-off: Korva 3, the group 10.
    harness.fixRandom([dN(12, 5), dN(12, 6), dN(12, 5), dN(12, 6), dN(12, 3), dN(12, 10)]);
    await world.as(gm, () => combat.startCombat());
    expect(byToken(combat, tokens.goblin).initiative).toBe(13);
    const rolls = messages().slice(before).map((m) => m.rolls[0]);
    expect(rolls.filter((r) => r instanceof D12Roll)).toHaveLength(2);
    expect(rolls.filter((r) => !(r instanceof D12Roll))).toHaveLength(2);
    // The group's two members act one after the other, above Korva.
    expect(names(combat).at(-1)).toBe("Korva");
    expect(names(combat).slice(0, 2).sort()).toEqual(["Goblin", "Ogre"]);
  });

});

describe("Foundry's own initiative buttons (Roll All, Roll NPCs, a macro's rollInitiative)", () => {
  it("roll the engine's dice, not Draw Steel's formula, and only for the Director", async () => {
    const combat = await encounter("d12", [[tokens.korva, { dex: 4 }], [tokens.goblin, { dex: 1 }]]);
    const korva = byToken(combat, tokens.korva);
    harness.fixRandom([dN(12, 3), dN(12, 2)]);
    await world.as(gm, () => combat.rollInitiative([korva.id!]));
    expect(messages().at(-1)!.rolls[0]).toBeInstanceOf(D12Roll);
    expect(korva.initiative).toBe(9);
    const count = world.messages.size;
    await world.as(alice, () => combat.rollInitiative(korva.id!));
    expect(world.messages.size).toBe(count);
    expect(shownTo(alice)).toEqual(["Only the Director can do that."]);
  });
});

describe("ending an encounter of another engine", () => {
  it("is Foundry's own end: no Draw Steel Victories dialog", async () => {
    const combat = await encounter("d12", [[tokens.korva, { dex: 1 }]]);
    harness.fixRandom([dN(12, 3)]);
    await world.as(gm, () => combat.startCombat());
    const opened = answerDialog(null);
    await world.as(gm, () => combat.endCombat());
    expect(opened).toEqual([]);
    expect(world.combats.has(combat.id!)).toBe(false);
  });
});

describe("the engine of an encounter under way", () => {
  it("never changes with the world's setting, Draw Steel's included", async () => {
    for (const c of [...world.combats]) await world.as(gm, () => c.delete());
    // Type escape: the harness's WorldCombat is built from the configured class.
    const combat = world.addCombat([tokens.korva, tokens.goblin]) as unknown as Combat & WorldCombat;
    harness.fixRandom([dN(10, 7)]);
    await world.as(gm, () => combat.startCombat());
    await world.as(gm, () => game.settings!.set("steel-echoes", "combatEngine", "actionDice"));
    expect(combat.engine).toBe("drawSteel");
    expect(combat.firstSide).toBe("heroes");
    // A combat not started follows the setting.
    const next = world.addCombat([tokens.ogre]) as unknown as Combat;
    expect(next.engine).toBe("actionDice");
    await world.as(gm, () => game.settings!.set("steel-echoes", "combatEngine", "drawSteel"));
  });
  it("a deleted acting creature leaves nobody acting, and End turn goes on with the next in the order", async () => {
    const combat = await encounter("d12", [[tokens.korva, { dex: 9 }], [tokens.ogre, { dex: 5 }], [tokens.goblin, { dex: 0 }]]);
    harness.fixRandom([dN(12, 6)]);
    await world.as(gm, () => combat.startCombat());
    expect(names(combat)).toEqual(["Korva", "Ogre", "Goblin"]);
    await world.as(gm, () => combat.nextTurn());
    expect(acting(combat)).toBe("Ogre");
    await world.as(gm, () => byToken(combat, tokens.ogre).delete());
    await settle();
    expect(acting(combat)).toBeNull();
    await world.as(gm, () => combat.nextTurn());
    expect(acting(combat)).toBe("Goblin");
    expect(combat.round).toBe(1);
  });
});

describe("a hidden creature", () => {
  it("has its Recovery Phase lines whispered to the GMs; the others' are public", async () => {
    const combat = await encounter("actionDice", [[tokens.korva, { stamina: 5, vigor: 0 }], [tokens.goblin, { stamina: 10, vigor: 1 }]]);
    await world.as(gm, () => byToken(combat, tokens.goblin).update({ hidden: true }));
    harness.fixRandom([dN(20, 12), dN(20, 3)]);
    await world.as(gm, () => combat.startCombat());
    const before = world.messages.size;
    await world.as(gm, () => combat.nextTurn());
    await world.as(gm, () => combat.nextTurn());
    expect(combat.round).toBe(2);
    const [open, secret] = messages().slice(before);
    expect(open!.content).toContain("Korva recovers 1 Vigor (1).");
    expect(open!.content).not.toContain("Goblin");
    expect(open!.whisper).toEqual([]);
    expect(secret!.content).toContain("Goblin recovers 2 Vigor (3).");
    expect(secret!.whisper).toEqual([gm.id]);
  });
});

describe("what a hostile value in a creature's flags can do", () => {
  it("nothing: out-of-range stats are dropped before the GM rolls, and a hidden creature's roll stays with the GMs", async () => {
    const combat = await encounter("actionDice", [[tokens.vex, {}], [tokens.goblin, {}]]);
    await world.as(mallory, () => byToken(combat, tokens.vex).update({ [`flags.steel-echoes.stats`]: { bonusDice: 1e9, vigor: "lots", opening: "<b>" } } as never));
    await world.as(gm, () => byToken(combat, tokens.goblin).update({ hidden: true }));
    harness.fixRandom([dN(20, 9), dN(20, 4)]);
    await world.as(gm, () => combat.startCombat());
    const [vexRoll, goblinRoll] = messages().slice(-2);
    expect((vexRoll!.rolls[0] as InstanceType<typeof ActionRoll>).formula).toBe("1d20");
    expect(byToken(combat, tokens.vex).engineStats).toEqual({});
    expect(goblinRoll!.whisper).toEqual([gm.id]);
    expect(vexRoll!.whisper).toEqual([]);
  });
});

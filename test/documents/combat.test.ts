// A whole encounter with the Combat document over the harness: surprise, who goes first,
// alternating sides, the back-to-back finish, resource gains, EoT expiry and resistance-ends rolls.
import { beforeEach, describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "../harness/foundry.ts";
import { HarnessActor, HarnessCombatant } from "../harness/documents.ts";

installFoundryHarness();
const { SteelEchoesCombat, SteelEchoesCombatant } = await import("../../src/documents/combat.ts");
const { applyCondition } = await import("../../src/documents/conditions.ts");
type Combat = InstanceType<typeof SteelEchoesCombat>;
type Combatant = InstanceType<typeof SteelEchoesCombatant>;

const g = globalThis as unknown as { game: Record<string, unknown> };

/** Rebase the harness combatant on our subclass's prototype so its getters (side, hasActed) apply. */
function combatant(actor: HarnessActor, disposition: number, initiative: number | null = null): HarnessCombatant {
  const c = new HarnessCombatant({ actor, disposition, initiative });
  Object.setPrototypeOf(c, SteelEchoesCombatant.prototype);
  return c;
}

function hero(name: string, gain = "2", value = 0) {
  return new HarnessActor({ name, type: "hero", system: {
    characteristics: { might: 2, agility: 1, reason: 0, intuition: 0, presence: 0 },
    victories: 1, heroicResource: { value, name: "piety", gain },
    stamina: { value: 20, max: 30, temporary: 0, state: "healthy" },
  } });
}
function monster(name: string) {
  return new HarnessActor({ name, type: "monster", system: { characteristics: { might: 0, agility: 0 }, stamina: { value: 10, max: 10 } } });
}

interface Encounter { combat: Combat; byName: (name: string) => Combatant }
async function encounter(heroes: HarnessActor[], monsters: HarnessActor[]): Promise<Encounter> {
  const combat = new (SteelEchoesCombat as unknown as new () => Combat)();
  const list = [...heroes.map((a) => combatant(a, 1)), ...monsters.map((a) => combatant(a, -1))];
  (combat as unknown as { addCombatants(l: HarnessCombatant[]): void }).addCombatants(list);
  g.game.combat = combat;
  return { combat, byName: (name) => list.find((c) => c.name === name) as unknown as Combatant };
}

beforeEach(() => {
  harness.reset();
  (g.game.settings as { settings?: unknown }).settings = undefined;
});

describe("starting combat (L6748–6754)", () => {
  it("when every hero is surprised the Director's side goes first, with no die", async () => {
    const ash = hero("Ash");
    await ash.toggleStatusEffect("surprised", { active: true });
    const { combat } = await encounter([ash], [monster("Goblin")]);
    await combat.startCombat();
    expect(combat.round).toBe(1);
    expect(combat.turn).toBeNull();
    expect(combat.firstSide).toBe("director");
    expect(harness.messages.some((m) => "rolls" in m)).toBe(false);
  });
  it("otherwise rolls a d10: 6 or more, the heroes", async () => {
    harness.fixRandom([0.45]); // ceil(0.55 * 10) = 6
    let e = await encounter([hero("Ash")], [monster("Goblin")]);
    await e.combat.startCombat();
    expect(e.combat.firstSide).toBe("heroes");
    expect((harness.messages[0]!.rolls as { total: number }[])[0]!.total).toBe(6);
    harness.fixRandom([0.55]); // 5
    e = await encounter([hero("Ash")], [monster("Goblin")]);
    await e.combat.startCombat();
    expect(e.combat.firstSide).toBe("director");
  });
});

describe("a round of turns (L6756–6770)", () => {
  it("alternates sides, refuses the wrong side and double turns, finishes back to back, and starts a new round", async () => {
    harness.fixRandom([0]); // d10 = 10: heroes first; every later die rolls its maximum
    const { combat, byName } = await encounter([hero("Ash"), hero("Bo")], [monster("G1"), monster("G2"), monster("G3")]);
    await combat.startCombat();
    expect(combat.sideToAct).toBe("heroes");

    expect(await combat.takeTurn(byName("G1"))).toBe("other-side");
    await combat.nextTurn(); // nobody is acting: tells the heroes to pick, changes nothing
    expect([combat.turn, combat.round]).toEqual([null, 1]);
    expect(await combat.takeTurn(byName("Ash"))).toBeNull();
    expect(combat.combatant?.name).toBe("Ash");
    expect(await combat.takeTurn(byName("Bo"))).toBe("turn-in-progress");
    await combat.nextTurn();
    expect(combat.turn).toBeNull();
    expect(combat.sideToAct).toBe("director");
    expect(await combat.takeTurn(byName("Ash"))).toBe("already-acted");

    for (const name of ["G2", "Bo", "G1"]) {
      expect(await combat.takeTurn(byName(name)), name).toBeNull();
      await combat.nextTurn();
    }
    // The heroes have all acted: G3 acts back to back.
    expect(combat.remainingBySide()).toEqual({ heroes: 0, director: 1 });
    expect(combat.sideToAct).toBe("director");
    expect(await combat.takeTurn(byName("G3"))).toBeNull();
    await combat.nextTurn();
    // Everyone acted: round 2, the heroes (who went first) open it again.
    expect(combat.round).toBe(2);
    expect(combat.sideToAct).toBe("heroes");
    expect(byName("Ash").hasActed).toBe(false);
    // takeTurn returns its refusals for the asking client to show; ending a turn with nobody acting tells whose pick it is.
    expect(harness.notifications.map((n) => n.message)).toEqual(["SE.Combat.SideToAct.heroes"]);
  });

  it("a group of enemies acts as one pick: its members one after another (L6782–6784)", async () => {
    harness.fixRandom([0]);
    const { combat, byName } = await encounter([hero("Ash"), hero("Bo")], [monster("G1"), monster("G2"), monster("Ogre")]);
    for (const name of ["G1", "G2"]) (byName(name) as unknown as { group: string }).group = "goblins";
    await combat.startCombat();
    await combat.takeTurn(byName("Ash"));
    await combat.nextTurn();
    expect(await combat.takeTurn(byName("G2"))).toBeNull();
    await combat.nextTurn();
    // The goblins' pick is not over: G1 goes next, not a hero, not the ogre.
    expect(combat.sideToAct).toBe("director");
    expect(await combat.takeTurn(byName("Ogre"))).toBe("group-in-progress");
    expect(await combat.takeTurn(byName("G1"))).toBeNull();
    await combat.nextTurn();
    expect(combat.sideToAct).toBe("heroes");
  });

  it("defeated creatures are skipped when counting who is left", async () => {
    harness.fixRandom([0]);
    const goblin = monster("G1");
    const { combat, byName } = await encounter([hero("Ash")], [goblin, monster("G2")]);
    await combat.startCombat();
    await goblin.toggleStatusEffect("dead", { active: true });
    expect(combat.remainingBySide()).toEqual({ heroes: 1, director: 1 });
    expect(await combat.takeTurn(byName("Ash"))).toBeNull();
    await combat.nextTurn();
    expect(await combat.takeTurn(byName("G1"))).toBe("defeated");
  });

  it("surprise ends at the end of round 1", async () => {
    harness.fixRandom([0]);
    const bo = hero("Bo");
    await bo.toggleStatusEffect("surprised", { active: true });
    const { combat, byName } = await encounter([hero("Ash"), bo], [monster("G1")]);
    await combat.startCombat();
    expect(combat.firstSide).toBe("heroes"); // not every hero is surprised: the d10 decided
    for (const name of ["Ash", "G1", "Bo"]) {
      await combat.takeTurn(byName(name));
      expect(bo.statuses.has("surprised")).toBe(true);
      await combat.nextTurn();
    }
    expect(combat.round).toBe(2);
    expect(bo.statuses.has("surprised")).toBe(false);
  });
});

describe("resources and durations over turns", () => {
  it("a hero gains the class's resource at the start of each turn, 2 or 1d3, posted to chat", async () => {
    harness.fixRandom([0]); // d10 10, then 1d3 rolls 3
    const ash = hero("Ash", "2", 1);
    const fury = hero("Fury", "1d3", 0);
    const { combat, byName } = await encounter([ash, fury], [monster("G1"), monster("G2")]);
    await combat.startCombat();
    expect((ash.system.heroicResource as { value: number }).value).toBe(1); // kept at the start (L2373)
    await combat.takeTurn(byName("Ash"));
    expect((ash.system.heroicResource as { value: number }).value).toBe(3);
    expect(harness.messages.at(-1)!.flavor).toBe("SE.Combat.ResourceGained");
    await combat.nextTurn();
    await combat.takeTurn(byName("G1"));
    await combat.nextTurn();
    await combat.takeTurn(byName("Fury"));
    expect((fury.system.heroicResource as { value: number }).value).toBe(3);
  });

  it("EoT imposed on another's turn ends at the end of the creature's next turn; imposed on its own turn, one turn later", async () => {
    harness.fixRandom([0]);
    const ash = hero("Ash");
    const { combat, byName } = await encounter([ash], [monster("G1")]);
    await combat.startCombat();
    await applyCondition(ash as never, { id: "slowed", duration: "EoT" }); // before Ash's turn
    await combat.takeTurn(byName("Ash"));
    await applyCondition(ash as never, { id: "weakened", duration: "EoT" }); // during Ash's turn
    await combat.nextTurn();
    expect(ash.statuses.has("slowed")).toBe(false);
    expect(ash.statuses.has("weakened")).toBe(true);
    await combat.takeTurn(byName("G1"));
    await combat.nextTurn();
    await combat.takeTurn(byName("Ash"));
    expect(ash.statuses.has("weakened")).toBe(true);
    await combat.nextTurn();
    expect(ash.statuses.has("weakened")).toBe(false);
  });

  it("resistance ends: a roll at the end of each of the creature's turns, with the three outcomes", async () => {
    harness.fixRandom([0]);
    const ash = hero("Ash");
    const { combat, byName } = await encounter([ash], [monster("G1")]);
    await combat.startCombat();
    await applyCondition(ash as never, { id: "restrained", duration: "resistance", characteristic: "might" });
    await applyCondition(ash as never, { id: "frightened", duration: "resistance", characteristic: "presence" });
    const tiers = [1, 2, 1, 3];
    const rolled: string[] = [];
    const roller = async (_a: unknown, e: { name: string }) => { rolled.push(e.name); return tiers.shift() as 1 | 2 | 3; };
    const endTurn = () => combat.endTurn(roller as never);

    await combat.takeTurn(byName("Ash"));
    expect(await endTurn()).toEqual({ ended: [], rolled: [{ id: "restrained", outcome: "persists" }, { id: "frightened", outcome: "ends-at-end-of-next-turn" }] });
    await combat.takeTurn(byName("G1"));
    await endTurn(); // a monster's turn: nothing of Ash's is rolled
    expect(rolled).toHaveLength(2);
    await combat.takeTurn(byName("Ash"));
    // restrained rolls again (tier 1, persists); frightened ends without a roll.
    expect(await endTurn()).toEqual({ ended: ["frightened"], rolled: [{ id: "restrained", outcome: "persists" }] });
    await combat.takeTurn(byName("G1"));
    await endTurn();
    await combat.takeTurn(byName("Ash"));
    expect(await endTurn()).toEqual({ ended: ["restrained"], rolled: [{ id: "restrained", outcome: "ends-now" }] });
    expect(ash.statuses.size).toBe(0);
  });
});

describe("alternative initiative (L6776–6780)", () => {
  it("each side acts in descending order and the next creature starts automatically", async () => {
    harness.settings.set("steel-echoes.alternativeInitiative", true);
    (g.game.settings as { settings?: unknown }).settings = harness.settings;
    harness.fixRandom([0]);
    const combat = new (SteelEchoesCombat as unknown as new () => Combat)();
    const list = [combatant(hero("Ash"), 1, 12), combatant(hero("Bo"), 1, 17), combatant(monster("G1"), -1, 9), combatant(monster("G2"), -1, 14)];
    (combat as unknown as { addCombatants(l: HarnessCombatant[]): void }).addCombatants(list);
    g.game.combat = combat;
    const byName = (n: string) => list.find((c) => c.name === n) as unknown as Combatant;
    await combat.startCombat();
    expect(combat.turns.map((t) => t.name)).toEqual(["Bo", "Ash", "G2", "G1"]);
    expect(await combat.takeTurn(byName("Ash"))).toBe("not-next");
    expect(await combat.takeTurn(byName("Bo"))).toBeNull();
    const order: string[] = ["Bo"];
    for (let i = 0; i < 3; i++) {
      await combat.nextTurn();
      order.push(combat.combatant!.name!);
    }
    expect(order).toEqual(["Bo", "G2", "Ash", "G1"]);
    // Round 2 starts with nobody acting; "next turn" starts the heroes' first in order.
    await combat.nextTurn();
    expect([combat.round, combat.combatant]).toEqual([2, null]);
    await combat.nextTurn();
    expect(combat.combatant?.name).toBe("Bo");
  });
});

describe("alternative initiative ties", () => {
  it("creatures of a side tied on the Agility test reroll to break the tie; other sides are not compared", async () => {
    harness.settings.set("steel-echoes.alternativeInitiative", true);
    (g.game.settings as { settings?: unknown }).settings = harness.settings;
    harness.fixRandom([0.95, 0.05, 0]); // tie rerolls: 1 for Ash, 10 for Bo; then the d10 for the first side
    const combat = new (SteelEchoesCombat as unknown as new () => Combat)();
    const list = [combatant(hero("Ash"), 1, 12), combatant(hero("Bo"), 1, 12), combatant(monster("G1"), -1, 12)];
    (combat as unknown as { addCombatants(l: HarnessCombatant[]): void }).addCombatants(list);
    g.game.combat = combat;
    await combat.startCombat();
    expect(list.map((c) => c.initiative)).toEqual([12.01, 12.1, 12]);
    expect(combat.nextInInitiative("heroes")).toBe(list[1]!.id);
    expect(combat.turns.map((t) => t.name)).toEqual(["Bo", "Ash", "G1"]);
  });
});

describe("end of the encounter (L7257–7259)", () => {
  it("awards Victories, resets the resource to them, ends chosen effects and EoE, keeps winded and dying", async () => {
    harness.fixRandom([0]);
    const ash = hero("Ash", "2", 5);
    const { combat } = await encounter([ash], [monster("G1")]);
    await combat.startCombat();
    await applyCondition(ash as never, { id: "slowed", duration: "EoE" });
    await applyCondition(ash as never, { id: "prone" });
    await applyCondition(ash as never, { id: "bleeding", duration: "EoT" });
    await ash.toggleStatusEffect("winded", { active: true });
    const ending = combat.endingEffects();
    expect(ending.map((e) => [e.label, e.mandatory])).toEqual([
      ["SE.Condition.slowed", true], ["SE.Condition.prone", false], ["SE.Condition.bleeding", false]]);
    const prone = ending.find((e) => e.label === "SE.Condition.prone")!;
    const fallen = hero("Fallen", "2", 4);
    (fallen.system.stamina as { state: string }).state = "dead";
    (combat as unknown as { addCombatants(l: HarnessCombatant[]): void }).addCombatants([combatant(fallen, 1)]);
    await combat.finishEncounter({ victories: 2, endEffects: new Set([prone.key]) });
    expect(ash.system.victories).toBe(3);
    expect([fallen.system.victories, (fallen.system.heroicResource as { value: number }).value]).toEqual([1, 1]);
    expect((ash.system.heroicResource as { value: number }).value).toBe(3);
    expect([...ash.statuses].sort()).toEqual(["bleeding", "winded"]);
    expect((combat as unknown as { deleted: boolean }).deleted).toBe(true);
  });
});

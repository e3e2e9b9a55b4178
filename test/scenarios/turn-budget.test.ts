// The turn's budget at a table of separate clients (seed 004, L6790–6814; src/documents/turn-budget.ts):
// each creature's move action, maneuver and action on its turn and its triggered action in the round,
// kept in the combat's flags by the GM's client, warned to the player before the roll, flagged to the
// Director when a player goes on anyway.
import { beforeAll, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { abilityItem, answerDialog, checkAfterEach, d10, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage } from "../harness/world.ts";
import { ABILITIES } from "../fixtures/ability-use.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "../../src/documents/combat.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, mallory, ogre } = t;
const { useAbilityByUuid, useFreeStrike } = await import("../../src/applications/chat/ability-card.ts");
const { requestTakeTurn } = await import("../../src/documents/combat-relay.ts");
const { RELAY, askGM } = await import("../../src/documents/relay.ts");
const { applyCondition, removeCondition } = await import("../../src/documents/conditions.ts");
const { BUDGET_RELAY, combatantBudget, requestMoveAction } = await import("../../src/documents/turn-budget.ts");
const { budgetLeftOf } = await import("../../src/documents/turn-budget-checks.ts");
const { trackerInput } = await import("../../src/applications/combat/tracker-input.ts");

// Two heroes with an action, a maneuver, a triggered action and a free maneuver each.
const extra = (name: string, type: string) => abilityItem({ ...structuredClone(ABILITIES.brutalSlam!), name, type });
const hero = (name: string, owner: typeof alice) => world.addActor({
  name, type: "hero",
  system: {
    characteristics: { might: 2, agility: 1, reason: 2, intuition: 1, presence: 0 },
    stamina: { value: 20, max: 20, temporary: 0 }, recoveries: { value: 8, max: 8 },
    heroicResource: { value: 0, name: "Rage", gain: "2" }, victories: 0, xp: 0, stability: 0, skills: [],
  },
  items: [extra("Brutal Slam", "action"), extra("Shove", "maneuver"), extra("Parry", "triggered"), extra("Draw Blade", "freeManeuver")],
}, [owner]);
const tala = hero("Tala", alice);
const brom = hero("Brom", bob);
const tokens = { tala: world.addToken(tala, 1), brom: world.addToken(brom, 1), ogre: t.tokens.ogre };

const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
const shownTo = (user: { name: string }) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);
const flaggedToDirector = () => [...world.messages].filter((m: WorldMessage) => m.content.includes("se-budget-flag"));

let combat: SteelEchoesCombat;
const combatantOf = (actor: WorldActor) => [...combat.combatants].find((c) => (c.actor as unknown) === actor) as unknown as SteelEchoesCombatant;
const budgetOf = (actor: WorldActor) => combatantBudget(combat, combatantOf(actor).id!);

/** A user uses an ability of their creature, skipping the dialog (shift-click), against the ogre. */
async function use(user: typeof alice, actor: WorldActor, ability: string): Promise<unknown> {
  harness.fixRandom(d10(5, 5));
  return world.as(user, async () => {
    user.targets = new Set([tokens.ogre]);
    return useAbilityByUuid(item(actor, ability).uuid, true);
  });
}

beforeAll(() => {
  RELAY.timeoutMs = 2_000;
  combat = world.addCombat([tokens.tala, tokens.brom, tokens.ogre]) as unknown as SteelEchoesCombat;
});

checkAfterEach(world, { honest: true });

describe("surprise (L6748)", () => {
  it("a surprised hero is warned before a triggered action in round 1; the use is recorded and flagged to the Director", async () => {
    await world.as(gm, () => applyCondition(brom as never, { id: "surprised", duration: "" }));
    harness.fixRandom(d10(8)); // not everyone on a side is surprised: a d10 of 6 or more, the heroes first
    await world.as(gm, () => combat.startCombat());
    expect(combat.round).toBe(1);

    await use(bob, brom, "Parry");
    expect(shownTo(bob)).toEqual(["Brom is surprised and can't use triggered or free triggered actions until the end of the first round."]);
    expect(budgetOf(brom).triggered).toBe(1);
    const flags = flaggedToDirector();
    expect(flags).toHaveLength(1);
    expect(flags[0]!.whisper).toEqual([gm.id]);
    expect(flags[0]!.content).toContain("Triggered action, used by Bob");
    await world.as(gm, () => removeCondition(brom as never, "surprised"));
  });
});

describe("the turn's move action, maneuver and action (L6792)", () => {
  it("a turn starts with the whole budget; the action can become a second maneuver; a second action is warned", async () => {
    await world.as(alice, () => requestTakeTurn(combat, combatantOf(tala)));
    expect(combat.combatant?.actor as unknown).toBe(tala);
    expect(world.as(alice, () => budgetLeftOf(combat, combatantOf(tala)))).toEqual({ action: 1, maneuver: 2, move: 2, triggered: 1 });

    await use(alice, tala, "Shove");
    await use(alice, tala, "Shove"); // the action turned into a maneuver
    expect(shownTo(alice)).toEqual([]);
    expect(budgetOf(tala)).toEqual({ action: 0, maneuver: 2, move: 0, triggered: 0 });
    // Every client reads the same budget from the combat.
    expect(world.as(bob, () => budgetLeftOf(combat, combatantOf(tala)))).toEqual({ action: 0, maneuver: 0, move: 1, triggered: 1 });

    // The tracker's Move button records the move action; every client's tracker shows what is left.
    await world.as(alice, () => requestMoveAction(combat, combatantOf(tala)));
    expect(shownTo(alice)).toEqual([]);
    const row = world.as(bob, () => trackerInput(combat, bob)).combatants.find((c) => c.id === combatantOf(tala).id)!;
    expect(row.budget).toEqual({ action: 0, maneuver: 0, move: 0, triggered: 1 });
    await world.as(alice, () => requestMoveAction(combat, combatantOf(tala)));
    expect(shownTo(alice)).toEqual(["Tala has no move action left this turn (the action already went to something else)."]);
    expect(budgetOf(tala).move).toBe(2);
    world.shown.length = 0;

    await use(alice, tala, "Brutal Slam");
    expect(shownTo(alice)).toEqual(["Tala has no action left this turn."]);
    // Not silently blocked: the card is posted and the use recorded, and the Director sees it flagged.
    expect(budgetOf(tala).action).toBe(1);
    expect(flaggedToDirector()).toHaveLength(3);
  });

  it("free maneuvers are unlimited on the creature's turn", async () => {
    for (let i = 0; i < 3; i++) await use(alice, tala, "Draw Blade");
    expect(shownTo(alice)).toEqual([]);
  });

  it("the roll dialog shows the warning before the use", async () => {
    const opened = answerDialog(null);
    await world.as(alice, () => useAbilityByUuid(item(tala, "Brutal Slam").uuid, false));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toContain("Tala has no action left this turn.");
    expect(opened[0]).toContain("the Director is told if you go on.");
    // Closing the dialog uses nothing.
    expect(budgetOf(tala).action).toBe(1);
  });

  it("off its turn a creature's action is warned and not counted against its own turn", async () => {
    await use(bob, brom, "Brutal Slam");
    expect(shownTo(bob)).toEqual(["It is not Brom's turn: actions, maneuvers, move actions and free maneuvers are used on your own turn."]);
    expect(budgetOf(brom).action).toBe(0);
  });
});

describe("triggered actions (L6798–6800, L7103)", () => {
  it("one triggered action per round; free triggered actions (an opportunity attack's free strike) are not counted", async () => {
    // Brom's triggered action of round 1 was used while surprised.
    await use(bob, brom, "Parry");
    expect(shownTo(bob)).toEqual(["Brom has already used a triggered action this round."]);
    world.shown.length = 0;
    harness.fixRandom(d10(5, 5));
    await world.as(bob, () => useFreeStrike(brom as never, "melee", true, "freeTriggered"));
    expect(shownTo(bob)).toEqual([]);
    expect(budgetOf(brom).triggered).toBe(2);
  });

  it("a new round gives the triggered action back, and a new turn the whole budget", async () => {
    await world.as(alice, () => combat.nextTurn());
    await world.as(gm, () => combat.takeTurn(combatantOf(ogre)));
    await world.as(gm, () => combat.nextTurn());
    await world.as(bob, () => requestTakeTurn(combat, combatantOf(brom)));
    await world.as(bob, () => combat.nextTurn());
    expect(combat.round).toBe(2);
    expect(budgetOf(brom)).toEqual({ action: 0, maneuver: 0, move: 0, triggered: 0 });
    await use(bob, brom, "Parry");
    expect(shownTo(bob)).toEqual([]);
    await world.as(alice, () => requestTakeTurn(combat, combatantOf(tala)));
    expect(budgetOf(tala)).toEqual({ action: 0, maneuver: 0, move: 0, triggered: 0 });
  });
});

describe("dazed (L6666) and unconscious (L7224)", () => {
  it("a dazed creature does one thing on its turn and no free maneuver or triggered action", async () => {
    await world.as(gm, () => applyCondition(tala as never, { id: "dazed", duration: "EoE" }));
    await use(alice, tala, "Brutal Slam");
    expect(shownTo(alice)).toEqual([]);
    await use(alice, tala, "Shove");
    await use(alice, tala, "Draw Blade");
    await use(alice, tala, "Parry");
    expect(shownTo(alice)).toEqual([
      "Tala is dazed and has already acted this turn: only one action, maneuver or move action.",
      "Tala is dazed and can't use free maneuvers.",
      "Tala is dazed and can't use triggered or free triggered actions.",
    ]);
    expect(world.as(alice, () => budgetLeftOf(combat, combatantOf(tala)))).toEqual({ action: 0, maneuver: 0, move: 0, triggered: 0 });
    await world.as(gm, () => removeCondition(tala as never, "dazed"));
  });

  it("an unconscious creature can use nothing", async () => {
    await world.as(gm, () => applyCondition(tala as never, { id: "unconscious", duration: "" }));
    await use(alice, tala, "Draw Blade");
    expect(shownTo(alice)).toEqual(["Tala is unconscious and can't take actions, maneuvers, moves or triggered actions."]);
    await world.as(gm, () => removeCondition(tala as never, "unconscious"));
  });

  it("the Director's own over-budget use is warned to her and not flagged to herself", async () => {
    const before = flaggedToDirector().length;
    await world.as(gm, () => applyCondition(ogre as never, { id: "dazed", duration: "EoE" }));
    harness.fixRandom(d10(5, 5));
    await world.as(gm, () => useFreeStrike(ogre as never, "melee", true, "freeTriggered"));
    expect(shownTo(gm)).toEqual(["Ogre is dazed and can't use triggered or free triggered actions."]);
    expect(flaggedToDirector()).toHaveLength(before);
  });
});

describe("with no GM connected", () => {
  it("a use is still warned and rolled, and nothing is counted or nagged", async () => {
    const before = budgetOf(brom);
    gm.active = false;
    try {
      expect(await use(bob, brom, "Parry")).toBeTruthy(); // rolled; Brom's triggered action of round 2 is spent
      expect(shownTo(bob)).toEqual(["Brom has already used a triggered action this round."]);
    } finally {
      gm.active = true;
    }
    expect(budgetOf(brom)).toEqual(before);
  });
});

describe("trust: the budget is the GM's to write", () => {
  it("a player cannot write the budget into the combat, nor record uses for a creature she does not own", async () => {
    const before = budgetOf(tala);
    await expect(world.as(alice, () => combat.update({ [`flags.steel-echoes.budgets.${combatantOf(tala).id}.action`]: 0 }))).rejects.toThrow(/lacks permission/);
    expect(world.refused).toEqual([`Alice update Combat [${combat.id}]`]);
    world.refused.length = 0;
    expect(await world.as(mallory, () => askGM(BUDGET_RELAY, { combatId: combat.id, combatantId: combatantOf(tala).id, kind: "action" }))).toBeNull();
    expect(shownTo(mallory)).toEqual(["You can record a use only for a creature you own."]);
    expect(await world.as(bob, () => askGM(BUDGET_RELAY, { combatId: combat.id, combatantId: combatantOf(brom).id, kind: "villain" }))).toBeNull();
    expect(budgetOf(tala)).toEqual(before);
  });
});

// After an Echoes character's combat turn, the GM's client opens the enemy phase with the speed of
// the character's last attack, and the activation chosen there is paid in Dissonance Points.
import { describe, expect, it } from "vitest";
import { harness } from "../../harness/foundry.ts";
import { answerDialog, setupTable } from "../../fixtures/world.ts";
import { echoesSystem } from "../../fixtures/echoes.ts";

const { world, gm, alice } = await setupTable();
const { registerEnemyPhasePrompt } = await import("../../../src/applications/dialogs/echoes-activation.ts");

const opened: string[] = [];

describe("the enemy phase after an Echoes character's turn", () => {
  it("opens on the GM's client with the adversaries able to act, and pays for the activation chosen", async () => {
    const vessa = world.addActor({ name: "Vessa", type: "echoes", system: echoesSystem({ conditions: [] }) }, [alice]);
    const foe = (name: string, conditions: string[]) => world.addActor({ name, type: "echoesAdversary", system: { measure: "hp", hp: { value: 9, max: 9 }, damage: 3, speed: "fast", actionCost: 2, resistances: "", conditions, abilities: "", notes: "" } });
    const shade = foe("Shade", ["slowed"]);
    const dazed = foe("Dazed", ["stunned", "weakened"]);
    const combat = world.addCombat([world.addToken(vessa, 1), world.addToken(shade, -1), world.addToken(dazed, -1)]) as unknown as Combat & { takeTurn(c: unknown): Promise<unknown>; active: boolean };
    harness.fixRandom([0.1, 0.1]);
    await world.as(gm, () => combat.startCombat());
    Object.assign(combat, { active: true });
    await world.as(gm, () => game.settings!.set("steel-echoes", "dissonancePoints", 5));
    registerEnemyPhasePrompt();
    answerDialog({ speed: "fast", first: shade.uuid, firstActions: "1", second: "" }, opened);
    await world.as(gm, () => combat.takeTurn([...combat.combatants].find((c) => (c.actor as unknown) === vessa)));
    await world.as(gm, () => combat.nextTurn());
    await world.settle();
    await new Promise((r) => setTimeout(r, 0));
    await world.settle();
    expect(opened).toHaveLength(1);
    expect(opened[0]).toContain("Shade (2 DP an action)");
    expect(opened[0]).not.toContain("Dazed"); // stunned: not offered
    expect(world.settings.get("steel-echoes.dissonancePoints")!.value).toBe(3);
    expect([...world.messages.values()].at(-1)!.content).toContain("Shade acts: 1 action(s).");
    // The phase is over: Shade's conditions ended with its activation, and Dazed sat this one out.
    expect((shade.system as { conditions: string[] }).conditions).toEqual([]);
    expect((dazed.system as { conditions: string[] }).conditions).toEqual(["weakened"]);
  });

  it("runs an Echoes combat on the characters' turns alone: adversaries take none, and the round ends when every character has acted", async () => {
    const pc = (name: string) => world.addActor({ name, type: "echoes", system: echoesSystem({ conditions: [] }) }, [alice]);
    const lira = pc("Lira");
    const oren = pc("Oren");
    const wisp = world.addActor({ name: "Wisp", type: "echoesAdversary", system: { measure: "hp", hp: { value: 4, max: 4 }, damage: 2, speed: "fast", actionCost: 1, resistances: "", conditions: [], abilities: "", notes: "" } });
    type C = Combat & { takeTurn(c: unknown): Promise<unknown>; turnRefusal(c: unknown): string | null; remainingBySide(): Record<string, number>; active: boolean };
    const combat = world.addCombat([world.addToken(lira, 1), world.addToken(oren, 1), world.addToken(wisp, -1)]) as unknown as C;
    const of = (a: unknown) => [...combat.combatants].find((c) => (c.actor as unknown) === a);
    harness.fixRandom([0.9]);
    await world.as(gm, () => combat.startCombat());
    answerDialog(null, opened); // the GM closes each enemy phase
    const before = opened.length;
    expect(combat.remainingBySide()).toEqual({ heroes: 2, director: 0 });
    expect(combat.turnRefusal(of(wisp))).toBe("enemy-phase");
    // Either character may go first, and the other follows: the Director's side never has to pick.
    expect(combat.turnRefusal(of(oren))).toBeNull();
    await world.as(gm, () => combat.takeTurn(of(oren)));
    await world.as(gm, () => combat.nextTurn());
    expect(combat.round).toBe(1);
    expect(combat.turnRefusal(of(lira))).toBeNull();
    await world.as(gm, () => combat.takeTurn(of(lira)));
    await world.as(gm, () => combat.nextTurn());
    await world.settle();
    expect(combat.round).toBe(2);
    expect(opened.length).toBe(before + 2); // an enemy phase after each character's turn
    // With Echoes switched off, no enemy phase opens.
    await world.as(gm, () => game.settings!.set("steel-echoes", "gameEchoes", false));
    await world.as(gm, () => combat.takeTurn(of(oren)));
    await world.as(gm, () => combat.nextTurn());
    await world.settle();
    await new Promise((r) => setTimeout(r, 0));
    expect(opened.length).toBe(before + 2);
    await world.as(gm, () => game.settings!.set("steel-echoes", "gameEchoes", true));
  });

  it("begins the enemy phase by hurting each Harmed adversary by the character's Wound Threshold (S0:L194)", async () => {
    const lira = world.addActor({ name: "Lira", type: "echoes", system: echoesSystem({ conditions: [], woundThreshold: 4 }) }, [alice]);
    const burning = world.addActor({ name: "Burning", type: "echoesAdversary", system: { measure: "hp", hp: { value: 9, max: 9 }, damage: 2, speed: "fast", actionCost: 1, resistances: "", conditions: ["harmed"], abilities: "", notes: "" } });
    type C = Combat & { takeTurn(c: unknown): Promise<unknown>; active: boolean };
    const combat = world.addCombat([world.addToken(lira, 1), world.addToken(burning, -1)]) as unknown as C;
    for (const c of [...world.combats]) if ((c as unknown) !== combat) (c as { active: boolean }).active = false;
    harness.fixRandom([0.1]);
    await world.as(gm, () => combat.startCombat());
    answerDialog(null, opened);
    await world.as(gm, () => combat.takeTurn([...combat.combatants].find((c) => (c.actor as unknown) === lira)));
    await world.as(gm, () => combat.nextTurn());
    for (let i = 0; i < 3; i++) {
      await world.settle();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect((burning.system as { hp: { value: number } }).hp.value).toBe(5);
    expect([...(burning.system as { conditions: Iterable<string> }).conditions]).toEqual([]);
    expect([...world.messages.values()].some((m) => m.content.includes("Burning is Harmed: 4 damage at the start of the enemy phase (5 HP left)."))).toBe(true);
  });
});


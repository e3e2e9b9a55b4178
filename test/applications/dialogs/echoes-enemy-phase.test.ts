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
});

// An Echoes character's combat turn: Harmed deals the Wound Threshold at its start (S0:L192–193),
// and its conditions end with it (S0:L168).
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { setupTable } from "../fixtures/world.ts";
import { echoesSystem } from "../fixtures/echoes.ts";

const { world, gm, alice } = await setupTable();

describe("an Echoes character's turn", () => {
  it("starts with Harmed's damage, the Wound Threshold, past AR and RES, and then Harmed is gone", async () => {
    const vessa = world.addActor({ name: "Vessa", type: "echoes", system: echoesSystem({ conditions: ["harmed", "warded"], stamina: { value: 3, max: 12 } }) }, [alice]);
    const combat = world.addCombat([world.addToken(vessa, 1)]) as unknown as Combat & { takeTurn(c: unknown): Promise<unknown> };
    harness.fixRandom([0.1]);
    await world.as(gm, () => combat.startCombat());
    const before = world.messages.size;
    await world.as(gm, () => combat.takeTurn([...combat.combatants][0]));
    // Type escape: the harness keeps the system as plain data; this is its shape.
    const s = vessa.system as unknown as ReturnType<typeof echoesSystem>;
    // WT 5 against Stamina 3: 2 left over, under the threshold: a minor wound (one already: two).
    expect(s.stamina.value).toBe(0);
    expect(s.wounds).toEqual({ minor: 2, serious: 0 });
    expect([...s.conditions]).toEqual(["warded"]);
    expect(world.messages.size).toBe(before + 1);
    expect([...world.messages.values()].at(-1)!.content).toContain("Vessa is Harmed: 5 damage (the Wound Threshold), Stamina now 0. A minor wound.");
    expect(harness.hooks.errors).toEqual([]);
  });
});

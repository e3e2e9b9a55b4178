// Seed 001's Defense reaction from an action check's card (S1:L18, L22, L31): the defender answers
// the attack's total with their own action check; only a higher total evades.
import { afterEach, describe, expect, it } from "vitest";
import { harness } from "../../harness/foundry.ts";
import { answerDialog, dN, setupTable } from "../../fixtures/world.ts";
import type { WorldMessage } from "../../harness/world.ts";

const { world, alice, bob } = await setupTable();
const { postActionCheck } = await import("../../../src/applications/chat/post-rolls.ts");
const { defendAgainst } = await import("../../../src/applications/chat/defense-reaction.ts");

afterEach(() => answerDialog(null));

describe("Defense reaction (seed 001)", () => {
  it("the defender rolls their action die and Speed bonus dice against the attack's total; a tie is a hit", async () => {
    harness.fixRandom([dN(20, 14), dN(10, 6)]);
    const attack = await world.as(alice, () => postActionCheck({ bonusDice: 1, guard: { guard: 10, behind: false, sizeSteps: 0, cover: "none" } })) as unknown as WorldMessage;
    expect((attack.rolls[0] as { total: number }).total).toBe(20);
    answerDialog({ bonusDice: 1, defending: true, wounded: false });
    harness.fixRandom([dN(20, 12), dN(10, 8)]);
    const tie = await world.as(bob, () => defendAgainst(attack as never)) as unknown as WorldMessage;
    const options = (tie.rolls[0] as { checkOptions: object; total: number });
    expect(options.checkOptions).toMatchObject({ target: 20, targetKind: "defense", vigor: 3, bonusDice: 1 });
    expect(options.total).toBe(20);
    expect(tie.author).toBe(bob);
    // A reaction cannot be answered in turn; a closed dialog rolls nothing.
    const count = world.messages.size;
    answerDialog({ bonusDice: 0 });
    expect(await world.as(alice, () => defendAgainst(tie as never))).toBeNull();
    answerDialog(null);
    expect(await world.as(bob, () => defendAgainst(attack as never))).toBeNull();
    expect(world.messages.size).toBe(count);
    // A task against a victory sum is no attack.
    harness.fixRandom([dN(20, 14)]);
    const task = await world.as(alice, () => postActionCheck({ bonusDice: 0, vs: 10 })) as unknown as WorldMessage;
    answerDialog({ bonusDice: 1 });
    expect(await world.as(bob, () => defendAgainst(task as never))).toBeNull();
  });
});

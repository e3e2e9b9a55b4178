// Seed 003's death-save tally card (S3:L587–590): its author or the GM rolls each d12 from it or marks
// damage at 0 VP, until three of a kind settle it; nobody else can add to it.
import { describe, expect, it } from "vitest";
import { typedAsHookSees } from "../../harness/chat.ts";
import { harness } from "../../harness/foundry.ts";
import { dN, setupTable } from "../../fixtures/world.ts";
import type { WorldMessage } from "../../harness/world.ts";

const { world, gm, alice, bob } = await setupTable();
const { onChatMessage } = await import("../../../src/applications/chat/chat-commands.ts");
const { addDeathSave, deathSavesOf } = await import("../../../src/documents/death-saves.ts");
const { deathSaveServices } = await import("../../../src/applications/chat/death-saves.ts");

const latest = () => [...world.messages.values()].at(-1)! as WorldMessage;

describe("death saves (seed 003)", () => {
  it("/deathsave posts a tally the author rolls on until three of a kind; the GM may add, another player not", async () => {
    world.as(alice, () => onChatMessage({}, typedAsHookSees("/deathsave Mira <b>")));
    await world.settle();
    await new Promise((r) => setTimeout(r, 0));
    const m = latest();
    expect(deathSavesOf(m as never)).toEqual({ name: "Mira <b>", events: [] });
    expect(m.content).toContain("Death saves: Mira &lt;b&gt;");
    harness.fixRandom([dN(12, 8)]);
    expect(await world.as(alice, () => addDeathSave(m.id, "roll", deathSaveServices))).toBe(true);
    expect(await world.as(bob, () => addDeathSave(m.id, "roll", deathSaveServices))).toBe(false);
    expect(await world.as(gm, () => addDeathSave(m.id, "damage", deathSaveServices))).toBe(true);
    harness.fixRandom([dN(12, 1)]);
    expect(await world.as(alice, () => addDeathSave(m.id, "roll", deathSaveServices))).toBe(true); // two failures: three, dead
    expect(deathSavesOf(m as never)!.events).toEqual([{ roll: 8 }, { damage: true }, { roll: 1 }]);
    expect(m.content).toContain("Dead.");
    expect(m.content).not.toContain("data-se-death-save=");
    expect(await world.as(alice, () => addDeathSave(m.id, "roll", deathSaveServices))).toBe(false);
  });

  it("a 12 stabilises at once", async () => {
    world.as(alice, () => onChatMessage({}, typedAsHookSees("/deathsave")));
    await world.settle();
    await new Promise((r) => setTimeout(r, 0));
    const m = latest();
    expect(deathSavesOf(m as never)!.name).toBe("Korva"); // Alice's character
    harness.fixRandom([dN(12, 12)]);
    await world.as(alice, () => addDeathSave(m.id, "roll", deathSaveServices));
    expect(m.content).toContain("Stable");
  });
});

// The Echoes Dissonance Roll (S0:L9): a player rolls; the tens digit is the GM's starting Dissonance
// Points, which only the GM sets from the card, once.
import { describe, expect, it } from "vitest";
import { typedAsHookSees } from "../../harness/chat.ts";
import { harness } from "../../harness/foundry.ts";
import { d0, setupTable } from "../../fixtures/world.ts";
import type { WorldMessage } from "../../harness/world.ts";

const { world, gm, alice } = await setupTable();
const { onChatMessage } = await import("../../../src/applications/chat/chat-commands.ts");
const { setDissonanceFromRoll, dissonanceRollOf } = await import("../../../src/documents/dissonance-roll.ts");
const { dissonanceRollServices } = await import("../../../src/applications/chat/dissonance-roll.ts");

const dp = () => world.settings.get("steel-echoes.dissonancePoints")!.value as number;

describe("/dissonance", () => {
  it("rolls the two dice; the GM sets the starting points to the tens digit, once; a player cannot", async () => {
    harness.fixRandom(d0(6, 2));
    world.as(alice, () => onChatMessage({}, typedAsHookSees("/dissonance")));
    await world.settle();
    await new Promise((r) => setTimeout(r, 0));
    const m = [...world.messages.values()].at(-1)! as WorldMessage;
    expect(dissonanceRollOf(m as never)).toEqual({ tens: 6, ones: 2, points: 6, set: false });
    expect(m.content).toContain("Starting Dissonance Points: 6");
    expect(await world.as(alice, () => setDissonanceFromRoll(m.id, dissonanceRollServices))).toBe(false);
    expect(await world.as(gm, () => setDissonanceFromRoll(m.id, dissonanceRollServices))).toBe(true);
    expect(dp()).toBe(6);
    expect(m.content).toContain("set to 6");
    expect(await world.as(gm, () => setDissonanceFromRoll(m.id, dissonanceRollServices))).toBe(false);
  });
  it("00 gives 10", async () => {
    harness.fixRandom(d0(0, 0));
    world.as(alice, () => onChatMessage({}, typedAsHookSees("/dissonance")));
    await world.settle();
    await new Promise((r) => setTimeout(r, 0));
    expect(dissonanceRollOf([...world.messages.values()].at(-1) as never)?.points).toBe(10);
  });
});

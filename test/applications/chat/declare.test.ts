// Seed 002's order of declarations from chat (S2:L85–87): `/declare` lists the participants from the
// lowest State of Mind up, ties by Empathy, then Perception, then a d10.
import { describe, expect, it } from "vitest";
import { typedAsHookSees } from "../../harness/chat.ts";
import { harness } from "../../harness/foundry.ts";
import { setupTable } from "../../fixtures/world.ts";

const { world, gm } = await setupTable();
const { onChatMessage } = await import("../../../src/applications/chat/chat-commands.ts");
const { parseDeclareCommand } = await import("../../../src/parser/command-args.ts");

describe("/declare", () => {
  it("reads names and three scores 1–10 per participant, and refuses anything else", () => {
    expect(parseDeclareCommand("Ann 6 4 5; Bo the Tall 3 7 2")).toEqual({ ok: true, value: [
      { name: "Ann", som: 6, empathy: 4, perception: 5 }, { name: "Bo the Tall", som: 3, empathy: 7, perception: 2 },
    ] });
    for (const bad of ["", "Ann 6 4", "Ann 11 4 5", "Ann 0 4 5", "6 4 5", "Ann six 4 5"]) expect(parseDeclareCommand(bad).ok, bad).toBe(false);
  });

  it("posts the order: lowest State of Mind first, ties by Empathy, then Perception, then the d10", async () => {
    harness.fixRandom([0.95, 0.05, 0.5, 0.5]); // d10s: 1, 10, 6, 6
    world.as(gm, () => onChatMessage({}, typedAsHookSees("/declare Ann 6 4 5; Bo 3 7 2; Cy 3 5 9; <b>Di</b> 3 5 1")));
    await world.settle();
    await new Promise((r) => setTimeout(r, 0));
    const content = [...world.messages.values()].at(-1)!.content;
    const order = [...content.matchAll(/<li>([^:]+):/g)].map((m) => m[1]);
    expect(order).toEqual(["&lt;b&gt;Di&lt;/b&gt;", "Cy", "Bo", "Ann"]);
  });
});

// `/help` at a table: every command of every game, with its usage in the user's language, whispered
// to the one who asked and to nobody else.
import { describe, expect, it } from "vitest";
import { typedAsHookSees } from "../../harness/chat.ts";
import { harness } from "../../harness/foundry.ts";
import { setupTable } from "../../fixtures/world.ts";

const { world, alice } = await setupTable();
const { onChatMessage } = await import("../../../src/applications/chat/chat-commands.ts");

describe("/help", () => {
  it("whispers every command of every game with its usage, localised, to the one who asked", async () => {
    const before = world.messages.size;
    expect(world.as(alice, () => onChatMessage({}, typedAsHookSees("/help")))).toBe(false);
    await world.settle();
    await new Promise((r) => setTimeout(r, 0));
    expect(world.messages.size).toBe(before + 1);
    const m = [...world.messages.values()].at(-1)!;
    expect(m.whisper).toEqual([alice.id]);
    for (const word of ["/pr", "/hd", "/rt", "/gt", "/ot", "/montage", "/negotiate", "/d12", "/arc", "/react", "/ad"]) expect(m.content).toContain(`<code>${word}</code>`);
    for (const game of ["Draw Steel", "Echoes", "Action Dice", "Action Resolution Check", "2d12 Exploits"]) expect(m.content).toContain(game);
    expect(m.content).toContain("Usage: /d12 &lt;modifier&gt;");
    expect(m.content).not.toMatch(/SE\.[A-Z]/);
    expect(harness.hooks.errors).toEqual([]);
  });
});

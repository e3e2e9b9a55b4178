// The v13/v14 differences (src/compat/versions.ts), each on the harness as v13 and as v14 (this file
// runs in both Vitest projects; test/harness/generation.ts): what the system writes and reads is
// v13's way on v13 and v14's own way on v14, so v14 logs no compatibility warning.
import { describe, expect, it } from "vitest";
import { GENERATION, _del, deprecations, isV14 } from "../harness/generation.ts";
import { setupTable } from "../fixtures/world.ts";
import { typedAsHookSees } from "../harness/chat.ts";
import type { WorldMessage } from "../harness/world.ts";

const t = await setupTable();
const { world, gm, alice } = t;
const {
  chatCommandText, currentMessageMode, deletion, foundryGeneration, rollMessageOptions, targetTokens, withMessageMode,
} = await import("../../src/compat/versions.ts");

describe(`Foundry v${GENERATION}`, () => {
  it("is the generation game.release reports", () => {
    expect(foundryGeneration()).toBe(GENERATION);
  });

  it("reads a typed command as the chatMessage hook receives it", () => {
    const typed = "/declare Ann 6 4 5; <b>Di</b> & co";
    expect(typedAsHookSees(typed)).toBe(isV14() ? "<p>/declare Ann 6 4 5; &lt;b&gt;Di&lt;/b&gt; &amp; co</p>" : typed);
    expect(chatCommandText(typedAsHookSees(typed))).toBe(typed);
  });

  it("deletes a key the way this Foundry does, and the update removes it", async () => {
    const vex = t.vex;
    await world.as(gm, () => vex.update({ "flags.steel-echoes.scratch": { a: 1, b: 2 } }));
    const change = deletion("flags.steel-echoes.scratch.a");
    expect(change).toEqual(isV14() ? { "flags.steel-echoes.scratch.a": _del } : { "flags.steel-echoes.scratch.-=a": null });
    await world.as(gm, () => vex.update(change));
    expect((vex.flags["steel-echoes"] as Record<string, unknown> | undefined)?.scratch).toEqual({ b: 2 });
    await world.as(gm, () => vex.update(deletion("flags.steel-echoes.scratch")));
    expect(vex.flags["steel-echoes"]).not.toHaveProperty("scratch");
    expect(deprecations).toEqual([]);
  });

  it("reads the chat log's mode from this Foundry's setting", async () => {
    expect(world.as(alice, () => currentMessageMode())).toBe("public");
    await world.as(alice, () => game.settings!.set("core", isV14() ? "messageMode" : "rollMode", (isV14() ? "gm" : "gmroll") as never));
    expect(world.as(alice, () => currentMessageMode())).toBe("gm");
    await world.as(alice, () => game.settings!.set("core", isV14() ? "messageMode" : "rollMode", (isV14() ? "public" : "publicroll") as never));
  });

  it("posts a roll and a message only the GMs see, in this Foundry's terms", async () => {
    expect(rollMessageOptions("gm")).toEqual(isV14() ? { messageMode: "gm" } : { rollMode: "gmroll" });
    const roll = await world.as(alice, () => new foundry.dice.Roll("1d10").evaluate());
    const rolled = await world.as(alice, () => roll.toMessage({}, rollMessageOptions("gm"))) as unknown as WorldMessage;
    expect(rolled.whisper).toEqual([gm.id]);
    const data = world.as(alice, () => withMessageMode({ content: "<p>secret</p>" }, "blind"));
    expect(data).toMatchObject({ content: "<p>secret</p>", whisper: [gm.id], blind: true });
    expect(world.as(alice, () => withMessageMode({ content: "x" }, "self"))).toMatchObject({ whisper: [alice.id] });
    expect(deprecations).toEqual([]);
  });

  it("targets tokens with TokenLayer#setTargets where there is one, once, else token by token", () => {
    const calls: unknown[] = [];
    const g = globalThis as Record<string, unknown>;
    const before = g.canvas;
    const token = (id: string) => ({ document: { id }, setTarget: (on: boolean, o: unknown) => calls.push(["setTarget", id, on, o]) });
    try {
      g.canvas = { tokens: { placeables: [token("a"), token("b")], setTargets: (ids: Iterable<string>, o: unknown) => calls.push(["setTargets", [...ids], o]) } };
      targetTokens(new Set(["b"]));
      expect(calls).toEqual([["setTargets", ["b"], { mode: "replace" }]]);
      calls.length = 0;
      g.canvas = { tokens: { placeables: [token("a"), token("b")] } };
      targetTokens(new Set(["b"]));
      expect(calls).toEqual([["setTarget", "a", false, { releaseOthers: false }], ["setTarget", "b", true, { releaseOthers: false }]]);
    } finally {
      g.canvas = before;
    }
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { harness, installFoundryHarness, processChatMessage } from "../../harness/foundry.ts";
import { typedAsHookSees } from "../../harness/chat.ts";

installFoundryHarness();
const { api } = await import("../../../src/index.ts");
await harness.initialize();
const { onChatMessage } = await import("../../../src/applications/chat/chat-commands.ts");
const { PowerRoll } = await import("../../../src/dice/power-roll.ts");
const { HarmonyRoll } = await import("../../../src/dice/harmony-roll.ts");

beforeEach(() => harness.reset());
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("registration at init", () => {
  it("registers both roll classes and both percentile dice, keeping their class names", () => {
    expect(harness.CONFIG.Dice.rolls).toContain(PowerRoll);
    expect(harness.CONFIG.Dice.rolls).toContain(HarmonyRoll);
    expect((harness.CONFIG.Dice.terms.t as { name: string }).name).toBe("DissonanceDie");
    expect((harness.CONFIG.Dice.terms.h as { name: string }).name).toBe("HarmonyDie");
    expect(PowerRoll.name).toBe("PowerRoll");
    expect(HarmonyRoll.name).toBe("HarmonyRoll");
  });
  it("registers the Echoes outcome world setting, matched digits by default", () => {
    expect(harness.settings.get("steel-echoes.harmonyOutcomeRule")).toBe("matched-digits");
  });
  it("exposes the rules API on globalThis.steelEchoes", async () => {
    const g = globalThis as unknown as { steelEchoes: typeof api };
    expect(g.steelEchoes).toBe(api);
    // Draw Steel's rules load when `ready` fires (src/index.ts); a macro that runs earlier awaits them.
    await g.steelEchoes.games.rules("drawSteel");
    expect(typeof g.steelEchoes.rules.resolvePowerRoll).toBe("function");
    expect(typeof g.steelEchoes.rules.resolveHarmonyCheck).toBe("function");
  });
});

describe("chat commands", () => {
  it("/pr posts one power roll card and stops Foundry's own handling", async () => {
    expect(harness.call("chatMessage", {}, typedAsHookSees("/pr 2 e +2"), {})).toBe(false);
    await settle();
    expect(harness.messages).toHaveLength(1);
    const roll = (harness.messages[0]!.rolls as unknown[])[0];
    expect(roll).toBeInstanceOf(PowerRoll);
    expect((roll as InstanceType<typeof PowerRoll>).options).toMatchObject({ characteristic: 2, edges: 1, bonuses: 2 });
    expect(harness.messages[0]!.html).toContain("power-roll-card");
    expect(harness.notifications).toHaveLength(0);
  });
  it("/pr with a dice formula is left to Foundry's own public roll", async () => {
    for (const line of ["/pr 1d20", "/pr 2d6+3", "/pr @abilities.str.mod", "/pr (1d4)"]) expect(processChatMessage(line), line).toBe("core");
    await settle();
    expect(harness.messages).toEqual([
      { core: "pr", args: "1d20" }, { core: "pr", args: "2d6+3" }, { core: "pr", args: "@abilities.str.mod" }, { core: "pr", args: "(1d4)" }]);
    expect(harness.notifications).toHaveLength(0);
    expect(processChatMessage("/pr 2 e")).toBe("system");
  });
  it("/hd posts one Harmony card with the world's outcome rule", async () => {
    harness.settings.set("steel-echoes.harmonyOutcomeRule", "pass-fail");
    expect(onChatMessage({}, typedAsHookSees("/hd 45 B+1 S-2"))).toBe(false);
    await settle();
    const roll = (harness.messages[0]!.rolls as unknown[])[0] as InstanceType<typeof HarmonyRoll>;
    expect(roll).toBeInstanceOf(HarmonyRoll);
    expect(roll.options).toMatchObject({ target: 45, big: 1, small: -2, outcomeRule: "pass-fail" });
    expect(roll.faces.dissonance).toHaveLength(2);
    expect(roll.faces.harmony).toHaveLength(3);
    harness.settings.set("steel-echoes.harmonyOutcomeRule", "matched-digits");
  });
  it("bad input shows a localised error and posts nothing", async () => {
    for (const line of ["/pr", "/pr x", "/pr 9", "/pr 1 q", "/hd", "/hd 200", "/hd 50 B+9", "/hd 50 Z+1"]) {
      expect(onChatMessage({}, typedAsHookSees(line))).toBe(false);
    }
    await settle();
    expect(harness.messages).toHaveLength(0);
    expect(harness.notifications).toHaveLength(8);
    for (const n of harness.notifications) {
      expect(n.type).toBe("error");
      expect(n.message).toMatch(/^SE\.Command\.Error\./);
      expect(n.options).toMatchObject({ escape: true });
    }
  });
  it("leaves other chat lines to Foundry", () => {
    expect(onChatMessage({}, typedAsHookSees("hello"))).toBeUndefined();
    expect(onChatMessage({}, typedAsHookSees("/roll 1d20"))).toBeUndefined();
  });
});

describe("macro API", () => {
  it("posts a power roll with flavour and tier texts", async () => {
    const message = await api.powerRoll({ characteristic: 1, flavor: "Test", tierTexts: ["low", "mid", "high"] });
    expect(message).not.toBeNull();
    expect(harness.messages[0]!.html).toContain("chat-card__tiers");
  });
  it("rejects bad macro input with a notification and no message", async () => {
    expect(await api.powerRoll({ characteristic: 12 })).toBeNull();
    expect(await api.harmonyCheck({ target: 50, big: 5, small: 0 })).toBeNull();
    expect(await api.powerRoll(undefined as never)).toBeNull();
    expect(harness.messages).toHaveLength(0);
    expect(harness.notifications).toHaveLength(3);
  });
});

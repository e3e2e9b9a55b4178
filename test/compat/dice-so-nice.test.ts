// Dice So Nice, the optional 3D dice module: nothing runs unless the module calls its hooks; when it
// does, our percentile dice get d10 models labelled as their faces, and a Harmony roll is shown with
// the faces the module's d10 can show.
import { beforeEach, describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "../harness/foundry.ts";

installFoundryHarness();
await import("../../src/index.ts");
await harness.initialize();
const { registerDiceSoNice, onDiceSoNiceRollStart, PERCENTILE_DIE_LABELS } = await import("../../src/compat/dice-so-nice.ts");
const { PowerRoll } = await import("../../src/dice/power-roll.ts");
const { HarmonyRoll } = await import("../../src/dice/harmony-roll.ts");
const { ActionRoll } = await import("../../src/dice/action-dice-roll.ts");

beforeEach(() => harness.reset());

describe("Dice So Nice", () => {
  it("is set up when the module says it is ready, through the hooks the system registers at load", () => {
    const presets: string[] = [];
    harness.call("diceSoNiceReady", { addDicePreset: (preset: { type: string }) => presets.push(preset.type) });
    expect(presets).toEqual(["dt", "dh"]);
  });
  it("registers d10-shaped presets for both percentile dice, labelled 1–9 and 0", () => {
    const presets: unknown[] = [];
    registerDiceSoNice({ addDicePreset: (preset, shape) => presets.push({ ...preset, shape }) });
    expect(presets).toEqual([
      { type: "dt", labels: PERCENTILE_DIE_LABELS, system: "standard", shape: "d10" },
      { type: "dh", labels: PERCENTILE_DIE_LABELS, system: "standard", shape: "d10" },
    ]);
    expect(PERCENTILE_DIE_LABELS[9]).toBe("0");
  });
  it("swaps a Harmony roll for its Dice So Nice copy and leaves other rolls alone", async () => {
    const harmony = await HarmonyRoll.fromOptions({ target: 50, big: 0, small: 0 }).evaluate();
    const context: { roll?: unknown } = { roll: harmony };
    onDiceSoNiceRollStart("id", context);
    expect(context.roll).not.toBe(harmony);
    expect(context.roll).toBeInstanceOf(HarmonyRoll);
    const power = await PowerRoll.fromOptions({ characteristic: 0 }).evaluate();
    const other = { roll: power };
    onDiceSoNiceRollStart("id", other);
    expect(other.roll).toBe(power);
  });
  it("shows an action check's bursting bonus dice (S1:L55) with every burst, not only their first faces", async () => {
    // d20 10; the bonus d4 shows 4 and bursts into 4, then 2 (Die#mapRandomFace: ceil((1 - u) × faces)).
    const u = (face: number, faces: number) => 1 - (face - 0.5) / faces;
    harness.fixRandom([u(10, 20), u(4, 4), u(4, 4), u(2, 4)]);
    const roll = await ActionRoll.fromOptions({ bonusDice: 1, faces: 4, target: null, targetKind: "" }).evaluate();
    expect(roll.chains).toEqual([[4, 4, 2]]);
    const context: { roll?: unknown } = { roll };
    onDiceSoNiceRollStart("id", context);
    const shown = context.roll as InstanceType<typeof ActionRoll>;
    expect(shown).not.toBe(roll);
    expect(shown.dice.map((d) => d.results.map((r) => r.result))).toEqual([[10], [4, 4, 2]]);
    // The message's own roll keeps its faces (the card reads the chains from it).
    expect(roll.dice[1]!.results.map((r) => r.result)).toEqual([4]);
    harness.fixRandom([u(10, 20), u(3, 4)]);
    const calm = await ActionRoll.fromOptions({ bonusDice: 1, faces: 4, target: null, targetKind: "" }).evaluate();
    const other = { roll: calm };
    onDiceSoNiceRollStart("id", other);
    expect(other.roll).toBe(calm);
  });
});

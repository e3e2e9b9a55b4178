// The other engines' check dialogs (src/applications/dialogs/engine-checks.ts): `/ad`, `/arc`,
// `/react` and `/d12` typed alone open a form with every option of the command; Roll posts the same
// card, through the same checks; bad values post nothing and say the usage.
import { afterEach, describe, expect, it } from "vitest";
import { typedAsHookSees } from "../../harness/chat.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { harness } from "../../harness/foundry.ts";
import { registerFoundryHelpers } from "../../harness/handlebars-helpers.ts";
import { answerDialog, dN, setupTable } from "../../fixtures/world.ts";
import type { WorldMessage, WorldUser } from "../../harness/world.ts";

const { world, alice } = await setupTable();
const { onChatMessage } = await import("../../../src/applications/chat/chat-commands.ts");
const { api } = await import("../../../src/api.ts");
const { ActionRoll } = await import("../../../src/dice/action-dice-roll.ts");
const { ArcRoll, ReactionRoll } = await import("../../../src/dice/arc-rolls.ts");
const { D12Roll } = await import("../../../src/dice/d12-roll.ts");
const { engineCheckContext, engineCheckFields, engineCheckOptions, CHECK_DIALOGS } = await import("../../../src/applications/view-models/engine-check-dialog.ts");

const say = async (user: WorldUser, line: string) => {
  const handled = world.as(user, () => onChatMessage({}, typedAsHookSees(line)));
  for (let i = 0; i < 6; i++) {
    await world.settle();
    await new Promise((r) => setTimeout(r, 0));
  }
  return handled;
};
const last = () => [...world.messages].at(-1) as WorldMessage;

afterEach(() => {
  answerDialog(null);
  world.shown.length = 0;
});

describe("the check dialogs' view-model", () => {
  it("offers every option of each command, with the commands' ranges", () => {
    expect(engineCheckFields("actionDice").map((f) => f.name))
      .toEqual(["bonusDice", "charges", "challenges", "wounded", "against", "target", "behind", "sizeSteps", "cover"]);
    expect(engineCheckFields("arc").find((f) => f.name === "esDie")!.options!.map((o) => o.label)).toEqual(["d4", "d6", "d8", "d10", "d12", "d20"]);
    expect(engineCheckFields("react")).toEqual([expect.objectContaining({ name: "som", min: 1, max: 10 })]);
    expect(engineCheckFields("d12").map((f) => [f.name, f.optional ?? false])).toEqual([["modifier", false], ["dc", true], ["advantages", false], ["disadvantages", false]]);
  });
  it("turns a form into the command's options: blank counts are 0, a blank target or DC is none", () => {
    expect(engineCheckOptions("actionDice", { bonusDice: 2, charges: null, challenges: 1, wounded: true, against: "guard", target: 15, behind: true, sizeSteps: null, cover: "partial" }).options)
      .toEqual({ bonusDice: 2, charges: 0, challenges: 1, wounded: true, vs: null, guard: { guard: 15, behind: true, sizeSteps: 0, cover: "partial" } });
    // Numeric text (a select's value) reads as a number.
    expect(engineCheckOptions("actionDice", { bonusDice: "1", against: "vs", target: "12", wounded: true }).options)
      .toMatchObject({ bonusDice: 1, wounded: true, vs: 12, guard: null });
    expect(engineCheckOptions("actionDice", { bonusDice: 1, against: "vs", target: null }).options).toMatchObject({ vs: Number.NaN });
    expect(engineCheckOptions("arc", { ks: 7, us: 4, es: 5, esDie: "8", adjustment: -1, against: "" }).options)
      .toEqual({ ks: 7, us: 4, es: 5, esDie: 8, adjustment: -1, against: null });
    expect(engineCheckOptions("d12", { modifier: "+3", dc: 17, advantages: 1 }).options).toEqual({ modifier: 3, dc: 17, advantages: 1, disadvantages: 0 });
    expect(engineCheckOptions("d12", { modifier: "three" }).options).toMatchObject({ modifier: Number.NaN });
  });
  it("renders each dialog with every key localised", () => {
    const lang = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../lang/en.json"), "utf8"));
    const source = readFileSync(path.resolve(import.meta.dirname, "../../../templates/dialog/engine-check.hbs"), "utf8");
    for (const kind of CHECK_DIALOGS) {
      const hbs = Handlebars.create();
      const missing = registerFoundryHelpers(hbs, lang);
      const html = hbs.compile(source)(engineCheckContext(kind));
      expect([...missing], kind).toEqual([]);
      expect(html.match(/name="/g)?.length).toBe(engineCheckFields(kind).length);
    }
  });
});

describe("typed alone, the commands open their dialog", () => {
  it("/ad: the dialog's answer rolls the same action check as the command", async () => {
    const opened = answerDialog({ bonusDice: 1, charges: 1, challenges: 0, wounded: false, against: "guard", target: 15, behind: true, sizeSteps: 0, cover: "none" });
    harness.fixRandom([dN(20, 5), dN(12, 4)]);
    expect(await say(alice, "/ad")).toBe(false);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toContain('name="bonusDice"');
    const roll = last().rolls[0] as InstanceType<typeof ActionRoll>;
    expect(roll).toBeInstanceOf(ActionRoll);
    // One Charge: d12. From behind: Guard 15 becomes 8. 5 + 4 = 9 beats it.
    expect(roll.checkOptions).toMatchObject({ faces: 12, target: 8, targetKind: "guard" });
    expect(roll.total).toBe(9);
  });
  it("/arc, /react and /d12 post their own cards", async () => {
    answerDialog({ ks: 7, us: 4, es: 5, esDie: 8, adjustment: 0, against: 9 });
    harness.fixRandom([dN(8, 8)]);
    await say(alice, "/arc");
    expect(last().rolls[0]).toBeInstanceOf(ArcRoll);
    expect((last().rolls[0] as { total: number }).total).toBe(7 + 4 - 3);
    answerDialog({ som: 6 });
    await say(alice, "/react ");
    expect(last().rolls[0]).toBeInstanceOf(ReactionRoll);
    answerDialog({ modifier: 3, dc: 17, advantages: 0, disadvantages: 0 });
    harness.fixRandom([dN(12, 6), dN(12, 9)]);
    await say(alice, "/d12");
    expect(last().rolls[0]).toBeInstanceOf(D12Roll);
    expect((last().rolls[0] as { total: number }).total).toBe(18);
  });
  it("a closed dialog posts nothing; a bad value posts nothing and says the usage", async () => {
    const count = world.messages.size;
    answerDialog(null);
    await say(alice, "/d12");
    answerDialog({ som: 11 });
    await say(alice, "/react");
    expect(world.messages.size).toBe(count);
    expect(world.shown.map((s) => s.shown)).toEqual(["Usage: /react <State of Mind 1–10>, for example /react 6. Alone, /react opens a dialog."]);
  });
  it("is a macro call too: steelEchoes.checkDialog(kind)", async () => {
    answerDialog({ som: 10 });
    await world.as(alice, () => api.checkDialog("react"));
    expect(last().rolls[0]).toBeInstanceOf(ReactionRoll);
    await expect(world.as(alice, () => api.checkDialog("tarot" as never))).rejects.toThrow(/kind/);
  });
});

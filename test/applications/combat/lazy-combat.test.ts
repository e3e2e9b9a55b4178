// The combat UI loads when it is first needed (issue 31, src/applications/combat/lazy-combat.ts): the
// tracker's view-model on its first render, the end-of-encounter dialog and Persistent Magic's choice
// when they open. Each is played on the client that would see it.
import { describe, expect, it } from "vitest";
import { answerDialog, setupTable } from "../../fixtures/world.ts";
import type { SteelEchoesCombat } from "../../../src/documents/combat.ts";

const { world, gm, bob, korva, tokens } = await setupTable();
const { SteelEchoesCombatTracker } = await import("../../../src/applications/combat/combat-tracker.ts");
const { SteelEchoesCombat: CombatClass } = await import("../../../src/documents/combat.ts");
const { MAINTENANCE } = await import("../../../src/documents/heroic-resources.ts");

type Tracker = { viewed: unknown; _prepareTrackerContext(context: object, options: object): Promise<void> };
type Side = { key?: string; combatants?: { name: string }[] };

describe("the combat UI's chunk", () => {
  it("gives Bob's tracker both sides of the combat on its first render", async () => {
    const combat = world.addCombat([tokens.korva, tokens.ryn, tokens.ogre]) as unknown as SteelEchoesCombat;
    // Type escape: the harness's CombatTracker stand-in under the League's tracker type.
    const tracker = new (SteelEchoesCombatTracker as unknown as new () => Tracker)();
    tracker.viewed = combat;
    const context: { se?: { engine: string; sides: Side[] } } = {};
    await world.as(bob, () => tracker._prepareTrackerContext(context, {}));
    expect(context.se!.engine).toBe("drawSteel");
    expect(JSON.stringify(context.se!.sides)).toContain("Korva");
    expect(JSON.stringify(context.se!.sides)).toContain("Ogre");
  });

  it("shows the Director the end-of-encounter dialog, whose answer ends the combat", async () => {
    const combat = world.addCombat([tokens.korva, tokens.ogre]) as unknown as SteelEchoesCombat;
    const shown: string[] = [];
    // v13 DialogV2.prompt resolves to the ok button's callback's value (client/applications/api/dialog.mjs); here the form's answer.
    (foundry.applications.api.DialogV2 as unknown as { prompt: (o: { content: string }) => Promise<unknown> }).prompt = async (o) => {
      shown.push(o.content);
      return null;
    };
    expect(await world.as(gm, () => (CombatClass as unknown as { endEncounterDialog: (c: unknown) => Promise<boolean> }).endEncounterDialog(combat))).toBe(false);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain("Korva");
  });

  it("asks which maintained ability ends (L2887) through the chunk's dialog, and takes the choice", async () => {
    const opened = answerDialog({ ability: "b" });
    const abilities = [{ id: "a", name: "Ward", persistent: 1 }, { id: "b", name: "Blaze", persistent: 2 }];
    expect(await world.as(bob, () => MAINTENANCE.choose!(korva as never, abilities as never))).toBe("b");
    expect(opened[0]).toContain("Blaze (Persistent 2)");
  });
});

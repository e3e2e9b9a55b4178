// The document stand-ins are used by the combat and condition tests, so their behaviour is pinned here.
import { describe, expect, it } from "vitest";
import { applyDotted, HarnessActor, HarnessCombat, HarnessCombatant } from "./documents.ts";

describe("document stand-ins", () => {
  it("update merges dotted keys and nested objects like Foundry", () => {
    const o: Record<string, unknown> = { system: { stamina: { value: 3, max: 9 } } };
    applyDotted(o, { "system.stamina.value": 5, "flags.steel-echoes.x": 1, system: { xp: 2 } });
    expect(o).toEqual({ system: { stamina: { value: 5, max: 9 }, xp: 2 }, flags: { "steel-echoes": { x: 1 } } });
  });
  it("actor statuses come from its effects; toggleStatusEffect adds and removes; keepId keeps the _id", async () => {
    const a = new HarnessActor({ name: "A", type: "hero", system: {} });
    await a.toggleStatusEffect("prone", { active: true });
    await a.toggleStatusEffect("prone", { active: true });
    expect(a.effects.size).toBe(1);
    expect(a.statuses).toEqual(new Set(["prone"]));
    await a.toggleStatusEffect("prone", { active: false });
    expect(a.statuses.size).toBe(0);
    const [e] = await a.createEmbeddedDocuments("ActiveEffect", [{ _id: "abcdefghijklmnop", statuses: ["slowed"] }], { keepId: true });
    expect(e!.id).toBe("abcdefghijklmnop");
    await expect(a.createEmbeddedDocuments("ActiveEffect", [{ _id: "abcdefghijklmnop" }], { keepId: true })).rejects.toThrow();
  });
  it("combat: started is round > 0, combatant is turns[turn] or null, defeated follows the dead status", async () => {
    const c = new HarnessCombat();
    const actor = new HarnessActor({ name: "A", type: "monster", system: {} });
    const a = new HarnessCombatant({ actor, disposition: -1, initiative: 5 });
    const b = new HarnessCombatant({ actor: new HarnessActor({ name: "B", type: "hero", system: {} }), disposition: 1, initiative: 9 });
    c.addCombatants([a, b]);
    expect(c.started).toBe(false);
    expect(c.turns.map((t) => t.name)).toEqual(["B", "A"]);
    await c.update({ round: 1, turn: 1 });
    expect(c.started).toBe(true);
    expect(c.combatant).toBe(a);
    await c.update({ turn: 0 });
    await c.update({ turn: null });
    expect(c.combatant).toBeNull();
    await a.update({ initiative: 20 });
    expect(c.turns.map((t) => t.name)).toEqual(["A", "B"]);
    expect(a.isDefeated).toBe(false);
    await actor.toggleStatusEffect("dead", { active: true });
    expect(a.isDefeated).toBe(true);
  });
});

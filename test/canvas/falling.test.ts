// Falling (L6188–6192): `/fall` drops the user's selected creatures or character: damage by the
// effective height (less Agility, less 4 into liquid) and prone; nobody else's creatures.
import { afterEach, describe, expect, it } from "vitest";
import { typedAsHookSees } from "../harness/chat.ts";
import { harness } from "../harness/foundry.ts";
import { setupTable, staminaOf } from "../fixtures/world.ts";

const t = await setupTable();
const { world, alice, bob, korva, ogre, tokens } = t;
const { onChatMessage } = await import("../../src/applications/chat/chat-commands.ts");
const { parseFallCommand } = await import("../../src/parser/command-args.ts");

const settle = async () => { await world.settle(); await new Promise((r) => setTimeout(r, 0)); await world.settle(); };
const shownTo = (name: string) => world.shown.filter((s) => s.user === name).map((s) => s.shown);

afterEach(() => {
  (globalThis as Record<string, unknown>).canvas = null;
  world.shown.length = 0;
  expect(harness.hooks.errors).toEqual([]);
});

describe("/fall", () => {
  it("reads the squares and a liquid's depth, and refuses anything else", () => {
    expect(parseFallCommand("5")).toEqual({ ok: true, value: { squares: 5, liquidDepth: 0 } });
    expect(parseFallCommand("8 liquid 2")).toEqual({ ok: true, value: { squares: 8, liquidDepth: 2 } });
    for (const bad of ["", "x", "5 water 2", "5 liquid", "-3", "5 liquid 2 more"]) expect(parseFallCommand(bad).ok, bad).toBe(false);
  });

  it("drops the player's character: 2 damage a square of effective height, less Agility, then prone", async () => {
    const before = staminaOf(korva).value;
    world.as(alice, () => onChatMessage({}, typedAsHookSees("/fall 5"))); // Agility 1: effective 4, 8 damage
    await settle();
    expect(staminaOf(korva).value).toBe(before - 8);
    expect(korva.statuses.has("prone")).toBe(true);
    expect([...world.messages.values()].at(-1)!.content).toContain("Korva falls 5 squares: 8 damage, and lands prone.");
  });

  it("into deep enough liquid, or from low enough, nothing happens", async () => {
    const before = staminaOf(korva).value;
    world.as(alice, () => onChatMessage({}, typedAsHookSees("/fall 6 liquid 1"))); // 6 − 1 − 4 = 1: under 2
    await settle();
    expect(staminaOf(korva).value).toBe(before);
    expect([...world.messages.values()].at(-1)!.content).toContain("lands unhurt");
  });

  it("drops only the user's own selected creatures", async () => {
    (globalThis as Record<string, unknown>).canvas = { ready: true, tokens: { controlled: [tokens.ogre] } };
    const before = staminaOf(ogre);
    world.as(bob, () => onChatMessage({}, typedAsHookSees("/fall 10")));
    await settle();
    expect(staminaOf(ogre)).toEqual(before);
    expect(shownTo("Bob")).toContain("Select the creatures that fall (your own), or have a character.");
  });

  it("a flying creature knocked prone or grabbed falls to the ground, once (L6882)", async () => {
    const { gm } = t;
    await world.as(gm, () => korva.toggleStatusEffect("prone", { active: false })); // from the falls above
    const before = staminaOf(korva).value;
    Object.assign(tokens.korva, { movementAction: "fly", elevation: 25 }); // 5 squares up
    await world.as(gm, () => korva.toggleStatusEffect("prone", { active: true }));
    await settle();
    expect(tokens.korva.elevation).toBe(0);
    expect(staminaOf(korva).value).toBe(before - 8); // 5 − Agility 1 = 4: 8 damage
    expect([...world.messages.values()].at(-1)!.content).toContain("Knocked out of the air: Korva falls 5 squares: 8 damage, and lands prone.");
    await world.as(gm, () => korva.toggleStatusEffect("prone", { active: false }));
    // Grabbed while flying: it falls and lands prone too.
    Object.assign(tokens.korva, { elevation: 15 });
    await world.as(gm, () => korva.toggleStatusEffect("grabbed", { active: true }));
    await settle();
    expect(tokens.korva.elevation).toBe(0);
    expect(korva.statuses.has("prone")).toBe(true);
    for (const id of ["grabbed", "prone"]) await world.as(gm, () => korva.toggleStatusEffect(id, { active: false }));
    // Standing on a ledge (walking at an elevation) is not flying: nothing falls.
    const held = staminaOf(korva).value;
    Object.assign(tokens.korva, { movementAction: "walk", elevation: 25 });
    await world.as(gm, () => korva.toggleStatusEffect("prone", { active: false }));
    await world.as(gm, () => korva.toggleStatusEffect("prone", { active: true }));
    await settle();
    expect([tokens.korva.elevation, staminaOf(korva).value]).toEqual([25, held]);
    Object.assign(tokens.korva, { elevation: 0 });
    await world.as(gm, () => korva.toggleStatusEffect("prone", { active: false }));
  });

  it("a creature falling onto another hurts it as much and lands in the nearest free space (L6194–6196)", async () => {
    const { gm } = t;
    await world.as(gm, () => korva.toggleStatusEffect("prone", { active: false }));
    Object.assign(tokens.korva, { x: 500, y: 500, movementAction: "fly", elevation: 25 });
    Object.assign(tokens.goblin, { x: 500, y: 500, elevation: 0 });
    const goblinBefore = staminaOf(t.goblin).value;
    await world.as(gm, () => korva.toggleStatusEffect("prone", { active: true }));
    await settle();
    expect(staminaOf(t.goblin).value).toBe(goblinBefore - 8);
    // Korva (size 1) is not larger than the goblin's Might 2: the goblin stays on its feet.
    expect(t.goblin.statuses.has("prone")).toBe(false);
    expect([tokens.korva.x, tokens.korva.y]).not.toEqual([500, 500]);
    expect([...world.messages.values()].at(-1)!.content).toContain("It lands on Goblin, who takes 8 damage too.");
    Object.assign(tokens.korva, { movementAction: "walk" });
    await world.as(gm, () => korva.toggleStatusEffect("prone", { active: false }));
  });
});


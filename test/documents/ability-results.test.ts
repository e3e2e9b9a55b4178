// The ability card's controls on the document layer, played on the strict multi-client world
// (test/harness/world.ts): downgrades, healing and its undo, resistance rolls, cards from before
// version 2, and refusals shown to the user who clicked. The whole encounter and the attacks are in
// test/scenarios/.
import { afterEach, describe, expect, it } from "vitest";
import { harness, looksLikeRawKey } from "../harness/foundry.ts";
import { d10, setupTable, staminaOf } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage } from "../harness/world.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, korva, ryn, ogre, tokens } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestCardAction, performCardAction, cardProblem } = await import("../../src/documents/ability-results.ts");

const useOf = (m: WorldMessage) => (m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse;
const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
const shownTo = (user: { name: string }) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);
const click = (user: typeof alice, m: WorldMessage, action: "apply" | "heal" | "undo" | "downgrade" | "resist", key: string, tier?: number) =>
  world.as(user, () => requestCardAction({ messageId: m.id, action, key, ...(tier ? { tier } : {}) }, cardServices));

async function attack(user: typeof alice, actor: WorldActor, ability: string, target: keyof Table["tokens"], faces: number[]): Promise<WorldMessage> {
  harness.fixRandom(d10(...faces));
  return await world.as(user, async () => {
    user.targets = new Set([tokens[target]]);
    return useAbilityByUuid(item(actor, ability).uuid, true);
  }) as unknown as WorldMessage;
}

afterEach(async () => {
  await world.settle();
  expect(world.shown.filter((s) => looksLikeRawKey(s.shown))).toEqual([]);
  expect(world.refused).toEqual([]);
  expect(harness.hooks.errors).toEqual([]);
  world.shown.length = 0;
});

describe("downgrades (L197–201)", () => {
  it("the roller lowers a target's tier (or takes it back to the rolled one) before applying, not after", async () => {
    const m = await attack(alice, korva, "Brutal Slam", "ogre", [9, 8]); // 19: tier 3 (12 + kit 1)
    expect(await click(bob, m, "downgrade", tokens.ogre.uuid, 1)).toBe(false);
    expect(await click(alice, m, "downgrade", tokens.ogre.uuid, 1)).toBe(true);
    expect(useOf(m).targets[0]).toMatchObject({ rolledTier: 3, tier: 1 });
    expect(await click(alice, m, "downgrade", tokens.ogre.uuid, 3)).toBe(true);
    expect(await click(alice, m, "downgrade", tokens.ogre.uuid, 1)).toBe(true);
    expect(await click(alice, m, "apply", tokens.ogre.uuid)).toBe(true);
    expect(staminaOf(ogre)).toMatchObject({ value: 28, temporary: 0 }); // tier 1: 3 + kit 1 = 4, 2 from temporary
    expect(await click(alice, m, "downgrade", tokens.ogre.uuid, 2)).toBe(false);
    expect(shownTo(bob)).toEqual(["You may not apply results to Ogre."]);
    expect(shownTo(alice)).toEqual(["This was already applied to Ogre."]);
    await click(gm, m, "undo", tokens.ogre.uuid);
    expect(staminaOf(ogre)).toMatchObject({ value: 30, temporary: 2 });
  });
});

describe("healing from a card", () => {
  it("is the Director's ruling: a player's attack is not turned into healing, even on her own hero", async () => {
    (ryn.system.stamina as { value: number }).value = 5;
    const m = await attack(alice, korva, "Brutal Slam", "ryn", [6, 5]); // tier 2: 9
    expect(await click(alice, m, "heal", tokens.ryn.uuid)).toBe(false);
    expect(staminaOf(ryn).value).toBe(5);
    expect(shownTo(alice).at(-1)).toBe("You may not apply results to Ryn.");
    (ryn.system.stamina as { value: number }).value = 20;
  });
  it("the Director heals with a tier's amount, and undo takes exactly that back", async () => {
    (ryn.system.stamina as { value: number }).value = 5;
    const m = await attack(alice, korva, "Brutal Slam", "ryn", [6, 5]); // tier 2: 9 as healing
    expect(await click(gm, m, "heal", tokens.ryn.uuid)).toBe(true);
    expect(staminaOf(ryn).value).toBe(14);
    expect(useOf(m).targets[0]!.applied).toMatchObject({ dealt: -9 });
    (ryn.system.stamina as { value: number }).value = 10; // Ryn takes 4 damage meanwhile
    expect(await click(gm, m, "undo", tokens.ryn.uuid)).toBe(true);
    expect(staminaOf(ryn).value).toBe(1);
    (ryn.system.stamina as { value: number }).value = 20;
  });
});

describe("cards written before version 2", () => {
  it("show what they applied from the old record, and a new application replaces it on the target", async () => {
    const m = await attack(alice, korva, "Brutal Slam", "goblin", [6, 5]);
    const { targets, ...rest } = useOf(m);
    const legacy = { ...rest, version: 1, targets: targets.map(({ applied: _a, ...x }) => x) } as AbilityUseData;
    await world.as(alice, () => m.update({ "flags.steel-echoes.abilityUse": legacy }));
    expect(await click(alice, m, "apply", tokens.goblin.uuid)).toBe(true);
    expect(useOf(m).targets[0]!.applied).toMatchObject({ dealt: 9 });
    await click(gm, m, "undo", tokens.goblin.uuid);
  });
});

describe("the card check", () => {
  it("trusts the GM's cards, and checks a player's against the ability their actor owns", async () => {
    const m = await attack(alice, korva, "Brutal Slam", "ogre", [6, 5]);
    expect(await cardProblem(m as never, useOf(m))).toBeNull();
    expect(await cardProblem(m as never, { ...useOf(m), itemUuid: item(ryn, "Dread Gaze").uuid })).toBe("item");
    expect(await cardProblem(m as never, { ...useOf(m), actorUuid: ryn.uuid })).toBe("actor");
    const gmCard = await world.as(gm, () => ChatMessage.create({ content: "" } as never)) as unknown as WorldMessage;
    expect(await cardProblem(gmCard as never, { ...useOf(m), actorUuid: "Actor.nothing" })).toBeNull();
  });

  it("performCardAction refuses a malformed request without touching anything", async () => {
    const m = await attack(alice, korva, "Brutal Slam", "ogre", [6, 5]);
    const outcome = await world.as(gm, () => performCardAction({ messageId: m.id, action: "explode" as never, key: tokens.ogre.uuid }, gm, cardServices));
    expect(outcome).toEqual({ ok: false, notice: { type: "error", key: "SE.Query.Invalid" } });
    expect(staminaOf(ogre).value).toBe(30);
  });
});

describe("messages a user sees are localised", () => {
  it("a gone card, a target no longer on the scene, an ability that no longer exists", async () => {
    const m = await attack(alice, korva, "Brutal Slam", "goblin", [6, 5]);
    const goblin = tokens.goblin.actor;
    world.tokens.delete(tokens.goblin.uuid);
    world.actors.delete(goblin.id);
    try {
      expect(await world.as(gm, () => requestCardAction({ messageId: m.id, action: "apply", key: tokens.goblin.uuid }, cardServices))).toBe(false);
    } finally {
      world.tokens.set(tokens.goblin.uuid, tokens.goblin);
      world.actors.set(goblin.id, goblin);
    }
    expect(await world.as(alice, () => requestCardAction({ messageId: "nothing", action: "apply", key: tokens.goblin.uuid }, cardServices))).toBe(false);
    expect(await world.as(alice, () => useAbilityByUuid("Actor.nothing.Item.nothing", true))).toBeNull();
    expect(shownTo(gm)).toEqual(["That target is no longer in the scene."]);
    expect(shownTo(alice)).toEqual(["The ability's message or actor no longer exists.", "The ability's message or actor no longer exists."]);
  });
});

describe("hotbar macros", () => {
  it("roll at once while Shift is held (v13 gives a macro no click event)", async () => {
    const g = globalThis as unknown as { game: Record<string, unknown> };
    g.game.keyboard = { isModifierActive: (modifier: string) => modifier === "Shift" };
    try {
      harness.fixRandom(d10(6, 5));
      const before = world.messages.size;
      const message = await world.as(alice, async () => {
        alice.targets = new Set();
        return useAbilityByUuid(item(korva, "Brutal Slam").uuid);
      });
      expect(message).not.toBeNull();
      expect(world.messages.size).toBe(before + 1);
    } finally {
      delete g.game.keyboard;
    }
  });
});

describe("free strikes", () => {
  it("a hero's melee free strike (no cost fields, as the sheet's button passes it) rolls and posts its card", async () => {
    const { useAbilityWithUI } = await import("../../src/applications/chat/ability-card.ts");
    const { freeStrikeSource } = await import("../../src/data/basic-actions.ts");
    harness.fixRandom(d10(6, 5));
    const before = world.messages.size;
    const message = await world.as(alice, async () => {
      alice.targets = new Set([tokens.goblin]);
      return useAbilityWithUI(korva as never, { ...freeStrikeSource("melee"), uuid: "" } as never, true);
    }) as unknown as WorldMessage | null;
    expect(message).not.toBeNull();
    expect(world.messages.size).toBe(before + 1);
    expect(useOf(message!).targets.map((t) => t.tier)).toEqual([2]);
  });
});

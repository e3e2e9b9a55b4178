// A whole encounter at a table of three clients (the Director, Alice, Bob), each with their own
// game.user, on a server that refuses what Foundry v13's server refuses (test/harness/world.ts).
// Honest play never needs a write the server refuses: every change to another's document goes
// through the GM relay, whose requester is the user the server names.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { harness, looksLikeRawKey } from "../harness/foundry.ts";
import { d10, setupTable, staminaOf } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage } from "../harness/world.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "../../src/documents/combat.ts";
import { heroTokensSeenBy, setHeroTokens } from "../fixtures/party.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, korva, ryn, ogre, goblin, tokens } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestCardAction } = await import("../../src/documents/ability-results.ts");
const { requestTakeTurn } = await import("../../src/documents/combat-relay.ts");
const { RELAY } = await import("../../src/documents/relay.ts");
const { requestHeroTokenFor } = await import("../../src/documents/hero-tokens.ts");
type Combat = SteelEchoesCombat;
type Combatant = SteelEchoesCombatant;

const useOf = (m: WorldMessage) => (m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse;
const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
const shownTo = (user: { name: string }) => world.shown.filter((s) => s.user === user.name);

async function attack(user: typeof alice, actor: WorldActor, ability: string, targets: (keyof Table["tokens"])[], faces: number[]): Promise<WorldMessage> {
  harness.fixRandom(d10(...faces));
  const message = await world.as(user, async () => {
    user.targets = new Set(targets.map((k) => tokens[k]));
    return useAbilityByUuid(item(actor, ability).uuid, true);
  }) as unknown as WorldMessage;
  expect(message.author).toBe(user);
  return message;
}

beforeAll(() => {
  RELAY.timeoutMs = 2_000;
});

afterEach(async () => {
  await world.settle();
  // Honest clients never attempt a write Foundry's server would refuse, never show a raw key, and
  // no hook or relay promise rejects.
  expect(world.refused).toEqual([]);
  expect(world.shown.filter((s) => looksLikeRawKey(s.shown))).toEqual([]);
  expect(harness.hooks.errors).toEqual([]);
  world.shown.length = 0;
});

describe("a player's ability against the Director's monster", () => {
  let message: WorldMessage;
  const key = () => tokens.ogre.uuid;

  it("applies the roll's damage and conditions through the GM, once", async () => {
    // Flame Burst, 9 + 8 + Reason 2 = 19: tier 3, 6 fire damage, bleeding (EoT). Ogre: weakness magic 1 → 7,
    // immunity fire 3 → 4, of which 2 come off its temporary Stamina.
    message = await attack(alice, korva, "Flame Burst", ["ogre"], [9, 8]);
    expect(await world.as(alice, () => requestCardAction({ messageId: message.id, action: "apply", key: key() }, cardServices))).toBe(true);
    expect(staminaOf(ogre)).toMatchObject({ value: 28, temporary: 0 });
    expect(ogre.statuses).toEqual(new Set(["bleeding"]));
    expect(useOf(message).targets[0]!.applied).toMatchObject({ dealt: 4, userId: alice.id });
    expect(message.content).toContain("Applied");

    expect(await world.as(alice, () => requestCardAction({ messageId: message.id, action: "apply", key: key() }, cardServices))).toBe(false);
    expect(staminaOf(ogre)).toMatchObject({ value: 28, temporary: 0 });
    expect(shownTo(alice).map((s) => s.shown)).toEqual(["This was already applied to Ogre."]);
    // The player's own request document is clean again.
    expect(alice.flags["steel-echoes"]).toEqual({ relay: {} });
  });

  it("undoes in storage: Stamina, temporary Stamina and the condition come back, the records are deleted, undo works once", async () => {
    expect(await world.as(alice, () => requestCardAction({ messageId: message.id, action: "undo", key: key() }, cardServices))).toBe(true);
    expect(staminaOf(ogre)).toMatchObject({ value: 30, temporary: 2 });
    expect(ogre.statuses.size).toBe(0);
    expect(useOf(message).targets[0]!.applied).toBeNull();
    expect((ogre.flags["steel-echoes"] as { cardApplied: Record<string, object> }).cardApplied[message.id]).toEqual({});
    expect(message.content).not.toContain("Applied");
    expect(await world.as(alice, () => requestCardAction({ messageId: message.id, action: "undo", key: key() }, cardServices))).toBe(false);
    expect(staminaOf(ogre)).toMatchObject({ value: 30, temporary: 2 });
    expect(shownTo(alice).map((s) => s.shown)).toEqual(["Nothing to undo for Ogre."]);
  });

  it("two clicks in one save apply once", async () => {
    const m = await attack(alice, korva, "Brutal Slam", ["goblin"], [6, 5]); // 6 + 5 + 2 = 13: tier 2, 8 + kit 1 = 9
    const click = () => world.as(alice, () => requestCardAction({ messageId: m.id, action: "apply", key: tokens.goblin.uuid }, cardServices));
    const results = await Promise.all([click(), click()]);
    expect(results.sort()).toEqual([false, true]);
    expect(staminaOf(goblin).value).toBe(1);
    await world.as(gm, () => requestCardAction({ messageId: m.id, action: "undo", key: tokens.goblin.uuid }, cardServices));
    expect(staminaOf(goblin).value).toBe(10);
  });

  it("a target's owner makes its resistance roll through the GM; the roller cannot make it for them", async () => {
    // Ryn's Dread Gaze targets Korva (Alice's): Korva resists with Intuition.
    const m = await attack(bob, ryn, "Dread Gaze", ["korva"], []);
    expect(useOf(m).targets[0]!.rolledTier).toBeNull();
    expect(await world.as(bob, () => requestCardAction({ messageId: m.id, action: "resist", key: tokens.korva.uuid }, cardServices))).toBe(false);
    harness.fixRandom(d10(10, 10));
    expect(await world.as(alice, () => requestCardAction({ messageId: m.id, action: "resist", key: tokens.korva.uuid }, cardServices))).toBe(true);
    expect(useOf(m).targets[0]).toMatchObject({ rolledTier: 3, tier: 3 });
    expect(shownTo(bob).map((s) => s.shown)).toEqual(["You may not apply results to Korva."]);
  });
});

describe("turns at the table", () => {
  let combat: Combat;
  const combatantOf = (actor: WorldActor) => [...combat.combatants].find((c) => (c.actor as unknown) === actor) as unknown as Combatant;

  it("the Director starts the encounter; a player takes their hero's turn and ends it from the core tracker's control", async () => {
    combat = world.addCombat([tokens.korva, tokens.ryn, tokens.ogre]) as unknown as Combat;
    harness.fixRandom(d10(8)); // 6 or higher: the heroes go first
    await world.as(gm, () => combat.startCombat());
    expect(combat.round).toBe(1);
    expect(combat.sideToAct).toBe("heroes");

    await world.as(alice, () => requestTakeTurn(combat, combatantOf(korva)));
    expect(combat.combatant?.actor as unknown).toBe(korva);
    expect((korva.system.heroicResource as { value: number }).value).toBe(2);
    // The core tracker's "next turn" control calls combat.nextTurn() on the player's client.
    await world.as(alice, () => combat.nextTurn());
    expect(combat.combatant).toBeNull();
    expect(combatantOf(korva).hasActed).toBe(true);
    expect(combat.sideToAct).toBe("director");
  });

  it("the Director takes the monster's turn; Bob takes his; the round turns over when all have acted", async () => {
    await world.as(gm, () => combat.takeTurn(combatantOf(ogre)));
    await world.as(gm, () => combat.nextTurn());
    await world.as(bob, () => requestTakeTurn(combat, combatantOf(ryn)));
    expect(combat.combatant?.actor as unknown).toBe(ryn);
    await world.as(bob, () => combat.nextTurn());
    expect(combat.round).toBe(2);
  });

  it("a player's refusal is shown to that player, localised", async () => {
    await world.as(gm, () => combat.takeTurn(combatantOf(korva)));
    await world.as(bob, () => requestTakeTurn(combat, combatantOf(ryn)));
    expect(shownTo(bob).map((s) => s.shown)).toEqual(["Another creature is taking its turn."]);
    expect(combat.combatant?.actor as unknown).toBe(korva);
    await world.as(alice, () => combat.nextTurn());
  });
});

describe("the party's hero tokens", () => {
  it("two heroes spending the last token at once: one gets it", async () => {
    await setHeroTokens(world, gm, 1);
    (korva.system.stamina as { value: number }).value = 5;
    (ryn.system.stamina as { value: number }).value = 5;
    const spend = (user: typeof alice, actor: WorldActor) => world.as(user, () => requestHeroTokenFor(actor));
    const [a, b] = await Promise.all([spend(alice, korva), spend(bob, ryn)]) as { ok: boolean }[];
    expect([a!.ok, b!.ok].sort()).toEqual([false, true]);
    expect(await heroTokensSeenBy(world, gm)).toBe(0);
    const refusedTo = a!.ok ? bob : alice;
    expect(shownTo(refusedTo).map((s) => s.shown)).toEqual(["The party has no hero tokens."]);
  });
});

describe("when the GM does not answer", () => {
  it("a player's request times out with a localised message and is withdrawn; with no GM at all it is not sent", async () => {
    gm.frozen = true;
    RELAY.timeoutMs = 50;
    try {
      expect(await world.as(alice, () => requestHeroTokenFor(korva))).toBeNull();
      expect(alice.flags["steel-echoes"]).toEqual({ relay: {} });
      expect(shownTo(alice).map((s) => s.shown)).toEqual(["The GM's client did not answer in time; nothing was changed. Try again."]);
      gm.active = false;
      world.shown.length = 0;
      expect(await world.as(alice, () => requestHeroTokenFor(korva))).toBeNull();
      expect(shownTo(alice).map((s) => s.shown)).toEqual(["No GM is connected: this needs the GM's client."]);
    } finally {
      gm.frozen = false;
      gm.active = true;
      RELAY.timeoutMs = 2_000;
    }
  });
});

describe("requests left behind", () => {
  it("are withdrawn when the player's client starts again, so no GM acts on them later", async () => {
    const { clearStaleRequests } = await import("../../src/documents/relay.ts");
    gm.frozen = true;
    await world.as(bob, () => bob.update({ "flags.steel-echoes.relay.zzzzzzzzzzzzzzzz": { name: "spendHeroToken", data: { actorUuid: ryn.uuid } } }));
    gm.frozen = false;
    expect(Object.keys((bob.flags["steel-echoes"] as { relay: object }).relay)).toEqual(["zzzzzzzzzzzzzzzz"]);
    await world.as(bob, () => clearStaleRequests());
    expect((bob.flags["steel-echoes"] as { relay?: object }).relay).toBeUndefined();
    await world.as(bob, () => clearStaleRequests());
  });
});

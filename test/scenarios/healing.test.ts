// Issue 29, items 15–18 at a table of clients (the Director, Alice, Bob, Mallory), each with their
// own game.user, on a server that refuses what Foundry v13's server refuses (test/harness/world.ts):
// hero tokens at the end of a session, knocking a creature out, the Heal action and temporary
// Stamina from an ability.
import { beforeAll, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { checkAfterEach, d10, setupTable, staminaOf } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage } from "../harness/world.ts";
import type { Table } from "../fixtures/world.ts";
import { heroTokensSeenBy, primaryPartyOf, setHeroTokens } from "../fixtures/party.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, korva, goblin, tokens } = t;
const { RELAY } = await import("../../src/documents/relay.ts");
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestCardAction } = await import("../../src/documents/ability-results.ts");
const { endSession } = await import("../../src/documents/pools.ts");

const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
async function attack(user: typeof alice, actor: WorldActor, ability: string, targets: (keyof Table["tokens"])[], faces: number[]): Promise<WorldMessage> {
  harness.fixRandom(d10(...faces));
  return await world.as(user, async () => {
    user.targets = new Set(targets.map((k) => tokens[k]));
    return useAbilityByUuid(item(actor, ability).uuid, true);
  }) as unknown as WorldMessage;
}
const shownTo = (user: { name: string }) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);

beforeAll(() => {
  RELAY.timeoutMs = 2_000;
});

checkAfterEach(world, { honest: true });

describe("hero tokens at the end of a session (L254)", () => {
  // The tokens are the primary party's (issue 32), which the GM's client makes on first use.
  const tokens = () => heroTokensSeenBy(world, gm);

  it("the Director's End session clears unused tokens to the world's hero tokens per session (0 by default)", async () => {
    await setHeroTokens(world, gm, 4);
    expect(await world.as(gm, () => endSession())).toBe(0);
    expect(await tokens()).toBe(0);
    expect(shownTo(gm)).toEqual(["Session ended: 4 unused hero tokens gone, the party now has 0."]);
    await world.as(gm, () => game.settings!.set("steel-echoes", "heroTokensPerSession", 2));
    expect(await world.as(gm, () => endSession())).toBe(2);
    expect(await tokens()).toBe(2);
    // Every client reads the new pool.
    expect(await heroTokensSeenBy(world, alice)).toBe(2);
  });

  it("a player cannot end the session: refused on her client, and the server refuses a forged write", async () => {
    await setHeroTokens(world, gm, 3);
    expect(await world.as(alice, () => endSession())).toBeNull();
    expect(shownTo(alice)).toEqual(["Only the GM changes the pools."]);
    expect(await tokens()).toBe(3);
    const party = (await primaryPartyOf(world, alice))!;
    await expect(world.as(alice, () => game.settings!.set("steel-echoes", "heroTokensPerSession", 9))).rejects.toThrow();
    await expect(world.as(alice, () => party.update({ "system.heroTokens": 9 }))).rejects.toThrow();
    expect(world.refused).toEqual(["Alice update Setting [steel-echoes.heroTokensPerSession]", `Alice update Actor [${party.id}]`]);
    world.refused.length = 0;
    expect(await tokens()).toBe(3);
  });
});

describe("knocking a creature out (L7216–7218)", () => {
  const act = (user: typeof alice, message: WorldMessage, action: "apply" | "knockOut" | "undo") =>
    world.as(user, () => requestCardAction({ messageId: message.id, action, key: tokens.goblin.uuid }, cardServices));
  const knockedOut = () => (goblin.flags["steel-echoes"] as { knockedOut?: boolean } | undefined)?.knockedOut === true;
  let finisher: WorldMessage;

  it("the attacker knocks the monster out instead of killing it: 0 Stamina, unconscious, not dead", async () => {
    // Brutal Slam, 9 + 8 + Might 2 = 19: tier 3, 12 damage (with the kit) against a 10-Stamina goblin.
    finisher = await attack(alice, korva, "Brutal Slam", ["goblin"], [9, 8]);
    // Only the attacker (or the Director) chooses: the goblin's damage is not Bob's to soften.
    expect(await act(bob, finisher, "knockOut")).toBe(false);
    expect(shownTo(bob)).toEqual(["You may not apply results to Goblin."]);
    expect(await act(alice, finisher, "knockOut")).toBe(true);
    expect(staminaOf(goblin).value).toBe(0);
    expect(knockedOut()).toBe(true);
    expect(goblin.statuses.has("unconscious")).toBe(true);
    // The card says what the attacker chose, on every client (Bob's included), and offers it no more.
    const shown = world.as(bob, () => game.messages!.get(finisher.id)!.content);
    expect(shown).toContain("Applied: 10 damage, knocked out instead of killed (unconscious; any damage now kills)");
    expect(shown).not.toContain('data-se-action="knockOut"');
  });

  it("any damage to the knocked-out creature kills it; undo brings the knock-out back", async () => {
    const jab = await attack(alice, korva, "Brutal Slam", ["goblin"], [1, 1]);
    expect(await act(alice, jab, "apply")).toBe(true);
    // At 0 Stamina without the marker the monster is dead (its data model: monsterStaminaState, L7210).
    expect(knockedOut()).toBe(false);
    expect(staminaOf(goblin).value).toBe(-9);
    expect(world.as(bob, () => game.messages!.get(jab.id)!.content)).toContain("which killed it: it was knocked out");
    expect(await act(alice, jab, "undo")).toBe(true);
    expect(knockedOut()).toBe(true);
    expect(staminaOf(goblin).value).toBe(0);
    // Undoing the knock-out itself gives the Stamina back and ends the unconsciousness it caused.
    expect(await act(alice, finisher, "undo")).toBe(true);
    expect(knockedOut()).toBe(false);
    expect(staminaOf(goblin).value).toBe(10);
    expect(goblin.statuses.has("unconscious")).toBe(false);
  });

  it("is for attacks only (L7218): Flame Burst (an area, not an attack) offers no Knock out, and a request for one is refused", async () => {
    const burst = await attack(alice, korva, "Flame Burst", ["goblin"], [9, 8]);
    expect(burst.content).not.toContain('data-se-action="knockOut"');
    expect(burst.content).toContain('data-se-action="apply"');
    expect(await act(alice, burst, "knockOut")).toBe(false);
    expect(shownTo(alice)).toEqual(["Only an attack can knock Goblin out instead of killing it; this ability is not an attack."]);
    expect(staminaOf(goblin).value).toBe(10);
    expect(knockedOut()).toBe(false);
    world.shown.length = 0;
  });

  it("is refused when the damage would not kill, and nothing changes", async () => {
    const jab = await attack(alice, korva, "Brutal Slam", ["goblin"], [1, 1]);
    expect(await act(alice, jab, "knockOut")).toBe(false);
    expect(shownTo(alice)).toEqual(["This damage would not kill Goblin: apply it instead of knocking them out."]);
    expect(staminaOf(goblin).value).toBe(10);
    expect(knockedOut()).toBe(false);
  });
});

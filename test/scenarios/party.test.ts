// Issue 32, the party actor at a table of clients (the Director, Alice, Bob, and Mallory, who attacks),
// each with their own game.user, on a server that refuses what Foundry v13's server refuses
// (test/harness/world.ts): the Director makes the party and adds heroes; their owners see it
// (Observer) and write nothing; the hero tokens (L250: shared by all players) are the primary party's
// and spent only through the GM's client; the Director places the members' tokens on the scene.
import { describe, expect, it } from "vitest";
import { checkAfterEach, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldToken } from "../harness/world.ts";
import { heroTokensSeenBy } from "../fixtures/party.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, mallory, korva, ryn, vex, ogre } = t;
const party = { ...await import("../../src/documents/party.ts"), ...await import("../../src/documents/party-actions.ts") };
const { changePoolValue } = await import("../../src/documents/pools.ts");
const { requestHeroTokenFor } = await import("../../src/documents/hero-tokens.ts");

type Party = Parameters<typeof party.addToParty>[0];
const P = (a: WorldActor) => a as unknown as Party;
const shownTo = (user: { name: string }) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);
const members = (p: WorldActor) => (p.system as { members: string[] }).members;
const pool = (p: WorldActor) => (p.system as { heroTokens: number }).heroTokens;

checkAfterEach(world, { honest: false });

// The Director makes the party (v13 Actor.create; players lack ACTOR_CREATE by default).
const theParty = await world.as(gm, () => (globalThis as unknown as { Actor: { create(d: object): Promise<WorldActor> } }).Actor.create({ name: "The Wardens", type: "party" }));
await world.settle();

describe("the first party is the world's primary party", () => {
  it("the GM's client records it in the world setting; every client finds it", async () => {
    expect(world.as(gm, () => game.settings!.get("steel-echoes", "primaryParty"))).toBe(theParty.id);
    expect(world.as(alice, () => party.primaryParty()) as unknown).toBe(theParty);
    expect(world.as(mallory, () => party.primaryParty()) as unknown).toBe(theParty);
  });
  it("a player cannot make a party of her own", async () => {
    await expect(world.as(mallory, () => (globalThis as unknown as { Actor: { create(d: object): Promise<unknown> } }).Actor.create({ name: "Mine", type: "party" })))
      .rejects.toThrow(/lacks permission/);
    expect(world.as(gm, () => party.parties()).length).toBe(1);
  });
});

describe("members and who sees the party", () => {
  it("the Director adds heroes; their owners get Observer, others nothing", async () => {
    expect(await world.as(gm, () => party.addToParty(P(theParty), P(korva)))).toBe(true);
    expect(await world.as(gm, () => party.addToParty(P(theParty), P(vex)))).toBe(true);
    expect(members(theParty)).toEqual([korva.id, vex.id]);
    expect(theParty.testUserPermission(alice, "OBSERVER", { exact: true })).toBe(true);
    expect(theParty.testUserPermission(mallory, "OBSERVER", { exact: true })).toBe(true);
    expect(theParty.testUserPermission(bob, "LIMITED")).toBe(false);
    expect(theParty.getFlag("steel-echoes", "partyObservers")).toEqual([alice.id, mallory.id].sort());
  });
  it("a monster does not join, nor a hero twice", async () => {
    expect(await world.as(gm, () => party.addToParty(P(theParty), P(ogre)))).toBe(false);
    expect(await world.as(gm, () => party.addToParty(P(theParty), P(korva)))).toBe(false);
    expect(shownTo(gm)).toEqual(["Only heroes join a party; Ogre is not a hero.", "Korva is already in The Wardens."]);
    expect(members(theParty)).toEqual([korva.id, vex.id]);
  });
  it("a hero's new owner sees the party; a removed member's owner no longer does", async () => {
    await world.as(gm, () => party.addToParty(P(theParty), P(ryn)));
    expect(theParty.testUserPermission(bob, "OBSERVER")).toBe(true);
    expect(await world.as(gm, () => party.removeFromParty(P(theParty), ryn.id))).toBe(true);
    expect(theParty.testUserPermission(bob, "LIMITED")).toBe(false);
    // The Director gives Bob Korva too: the GM's client gives him Observer on her party.
    await world.as(gm, () => korva.update({ [`ownership.${bob.id}`]: 3 }));
    await world.settle();
    expect(theParty.testUserPermission(bob, "OBSERVER", { exact: true })).toBe(true);
    await world.as(gm, () => korva.update({ [`ownership.${bob.id}`]: 0 }));
    await world.settle();
    expect(theParty.testUserPermission(bob, "LIMITED")).toBe(false);
  });
  it("a level the Director set by hand stays when members change", async () => {
    await world.as(gm, () => theParty.update({ [`ownership.${bob.id}`]: 2 }));
    await world.as(gm, () => party.removeFromParty(P(theParty), korva.id));
    await world.as(gm, () => party.addToParty(P(theParty), P(korva)));
    expect(theParty.testUserPermission(bob, "OBSERVER", { exact: true })).toBe(true);
    await world.as(gm, () => theParty.update({ [`ownership.${bob.id}`]: 0 }));
  });
});

describe("Mallory (a member's owner, Observer on the party) cannot change it", () => {
  it("adding or removing a member: refused on her client, and the server refuses a forged write", async () => {
    expect(await world.as(mallory, () => party.addToParty(P(theParty), P(ryn)))).toBe(false);
    expect(await world.as(mallory, () => party.removeFromParty(P(theParty), korva.id))).toBe(false);
    expect(shownTo(mallory)).toEqual(["Only the owner of The Wardens (the Director) changes its members.", "Only the owner of The Wardens (the Director) changes its members."]);
    await expect(world.as(mallory, () => theParty.update({ "system.members": [vex.id] }))).rejects.toThrow(/lacks permission/);
    await expect(world.as(mallory, () => theParty.update({ [`ownership.${mallory.id}`]: 3 }))).rejects.toThrow(/lacks permission/);
    await expect(world.as(mallory, () => theParty.update({ name: "Mallory's gang" }))).rejects.toThrow(/lacks permission/);
    expect(members(theParty)).toEqual([vex.id, korva.id]);
    expect(theParty.name).toBe("The Wardens");
  });
  it("adding hero tokens: refused on her client and by the server; the pool is unchanged", async () => {
    await world.as(gm, () => changePoolValue("heroTokens", 2));
    expect(await world.as(mallory, () => changePoolValue("heroTokens", 5))).toBeNull();
    expect(await world.as(mallory, () => party.changePartyTokens(P(theParty), 5))).toBeNull();
    expect(await world.as(mallory, () => party.setPartyHeroTokens(9))).toBe(false);
    await expect(world.as(mallory, () => theParty.update({ "system.heroTokens": 99 }))).rejects.toThrow(/lacks permission/);
    expect(pool(theParty)).toBe(2);
    expect(await heroTokensSeenBy(world, mallory)).toBe(2);
    expect(shownTo(mallory)).toEqual(["Only the GM changes the pools.", "Only the GM changes the pools."]);
  });
  it("spending a token for another's hero is refused by the GM's client; for her own it is spent from the party", async () => {
    (korva.system.stamina as { value: number }).value = 5;
    (vex.system.stamina as { value: number }).value = 5;
    expect(await world.as(mallory, () => requestHeroTokenFor(korva))).toBeNull();
    expect(shownTo(mallory)).toEqual(["You don't own Korva."]);
    expect(pool(theParty)).toBe(2);
    expect(await world.as(mallory, () => requestHeroTokenFor(vex))).toMatchObject({ ok: true });
    expect(pool(theParty)).toBe(1);
    expect(await heroTokensSeenBy(world, alice)).toBe(1);
    (korva.system.stamina as { value: number }).value = 20;
    (vex.system.stamina as { value: number }).value = 20;
  });
});

describe("the party sheet's pool buttons (the Director)", () => {
  it("change the party's tokens, never below 0", async () => {
    expect(await world.as(gm, () => party.changePartyTokens(P(theParty), 1))).toBe(2);
    expect(await world.as(gm, () => party.changePartyTokens(P(theParty), -3))).toBeNull();
    expect(shownTo(gm)).toEqual(["There is not enough in the pool."]);
    expect(pool(theParty)).toBe(2);
  });
});

describe("placing the members on the scene (the Director)", () => {
  const area = { x: 0, y: 0, width: 1000, height: 1000 };
  const scene = world.scene as unknown as Parameters<typeof party.placePartyMembers>[1];
  const tokensOf = (a: WorldActor) => [...world.tokens.values()].filter((tk: WorldToken) => tk.actor === a);

  it("only members without a token on the scene, each from its prototype token, on free squares near the view", async () => {
    const sela = world.addActor({ name: "Sela", type: "hero", system: {}, prototypeToken: { name: "Sela", actorLink: true, disposition: 1 } }, [alice]);
    await world.as(gm, () => party.addToParty(P(theParty), P(sela)));
    // The fixture's tokens stand at the scene's corner; the view is on square (5, 5).
    for (const tk of tokensOf(korva)) Object.assign(tk, { x: 500, y: 500 });
    const placed = await world.as(gm, () => party.placePartyMembers(P(theParty), scene, { x: 550, y: 550 }, area));
    expect(placed).toEqual(["Sela"]);
    const [token] = tokensOf(sela);
    expect(token).toMatchObject({ name: "Sela", x: 400, y: 400, actorLink: true, disposition: 1 });
    expect(tokensOf(korva)).toHaveLength(1);
    expect(tokensOf(vex)).toHaveLength(1);
    // Placing again: everyone is there.
    expect(await world.as(gm, () => party.placePartyMembers(P(theParty), scene, { x: 550, y: 550 }, area))).toEqual([]);
    expect(shownTo(gm)).toContain("Every hero of the party already has a token on this scene.");
    for (const tk of tokensOf(korva)) Object.assign(tk, { x: 0, y: 0 });
  });
  it("Mallory cannot place them: refused on her client, and the server refuses a forged token", async () => {
    const before = world.tokens.size;
    const lone = world.addActor({ name: "Lone", type: "hero", system: {} }, [mallory]);
    await world.as(gm, () => party.addToParty(P(theParty), P(lone)));
    expect(await world.as(mallory, () => party.placePartyMembers(P(theParty), scene, { x: 0, y: 0 }, area))).toEqual([]);
    expect(shownTo(mallory)).toEqual(["Only the Director places the heroes' tokens."]);
    await expect(world.as(mallory, () => world.scene.createEmbeddedDocuments("Token", [{ actorId: lone.id, x: 0, y: 0 }]))).rejects.toThrow(/lacks permission/);
    expect(world.tokens.size).toBe(before);
  });
});

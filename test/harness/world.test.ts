// The multi-client world stands in for Foundry v13's server and clients in the scenario tests, so
// its own behaviour is pinned here (each rule cites its v13 source in test/harness/world.ts).
import { describe, expect, it } from "vitest";
import { harness } from "./foundry.ts";
import { installWorld, ROLES, WorldCombat, WorldCombatant } from "./world.ts";

const world = installWorld();
const gm = world.addUser("GM", ROLES.GAMEMASTER);
const assistant = world.addUser("Assistant", ROLES.ASSISTANT);
const ann = world.addUser("Ann");
const ben = world.addUser("Ben");
const hero = world.addActor({ name: "Hero", type: "hero", system: { stamina: { value: 10 } } }, [ann]);
const monster = world.addActor({ name: "Monster", type: "monster", system: { stamina: { value: 10 } } });

describe("clients", () => {
  it("each client sees its own game.user, through awaits", async () => {
    const seen = await world.as(ann, async () => {
      await Promise.resolve();
      return (globalThis as unknown as { game: { user: { name: string } } }).game.user.name;
    });
    expect(seen).toBe("Ann");
  });
  it("activeGM is the active GM with the lowest id; none when no GM is connected", () => {
    const users = (globalThis as unknown as { game: { users: { activeGM: unknown } } }).game.users;
    expect(users.activeGM).toBe(gm);
    gm.active = false;
    expect(users.activeGM).toBe(assistant);
    assistant.active = false;
    expect(users.activeGM).toBeNull();
    gm.active = assistant.active = true;
  });
});

describe("the server's permission checks", () => {
  it("actors and their effects need OWNER", async () => {
    await world.as(ann, () => hero.update({ "system.stamina.value": 5 }));
    await expect(world.as(ben, () => hero.update({ "system.stamina.value": 1 }))).rejects.toThrow("Ben lacks permission to update Actor");
    await expect(world.as(ann, () => monster.createEmbeddedDocuments("ActiveEffect", [{ statuses: ["prone"] }]))).rejects.toThrow(/lacks permission/);
    await world.as(gm, () => monster.createEmbeddedDocuments("ActiveEffect", [{ statuses: ["prone"] }]));
    await expect(world.as(ann, () => [...monster.effects][0]!.delete())).rejects.toThrow(/lacks permission/);
    expect(hero.system.stamina).toEqual({ value: 5 });
    expect(monster.statuses).toEqual(new Set(["prone"]));
    expect(world.refused.map((l) => l.replace(/ \[.*\]$/, ""))).toEqual(["Ben update Actor", "Ann create ActiveEffect", "Ann delete ActiveEffect"]);
    world.refused.length = 0;
  });
  it("an actor's update must fit its data model, or nothing changes", async () => {
    const { ACTOR_MODELS } = await import("../../src/data/index.ts");
    Object.assign(harness.CONFIG.Actor.dataModels, ACTOR_MODELS);
    try {
      await expect(world.as(ann, () => hero.update({ "system.stamina.value": 1e20 }))).rejects.toThrow(/validation errors: stamina.value: must be at most 9999/);
      await expect(world.as(gm, () => monster.update({ "system.characteristics.might": 9 }))).rejects.toThrow(/must be at most 5/);
      expect(hero.system.stamina).toEqual({ value: 5 });
    } finally {
      for (const k of Object.keys(ACTOR_MODELS)) delete harness.CONFIG.Actor.dataModels[k];
    }
  });
  it("a user changes only their own User document, and not their role", async () => {
    await world.as(ann, () => ann.update({ "flags.x.y": 1 }));
    await expect(world.as(ann, () => ben.update({ "flags.x.y": 1 }))).rejects.toThrow(/lacks permission/);
    await expect(world.as(ann, () => ann.update({ role: ROLES.GAMEMASTER }))).rejects.toThrow(/lacks permission/);
    await world.as(gm, () => ben.update({ "flags.x.y": 2 }));
    expect([ann.flags, ben.flags]).toEqual([{ x: { y: 1 } }, { x: { y: 2 } }]);
  });
  it("a chat message is created only in its author's name and changed only by its author or a GM", async () => {
    const ChatMessage = (globalThis as unknown as { ChatMessage: { create(d: object): Promise<{ update(c: object): Promise<unknown>; author: unknown }> } }).ChatMessage;
    const m = await world.as(ann, () => ChatMessage.create({ content: "hi" }));
    expect(m.author).toBe(ann);
    await expect(world.as(ann, () => ChatMessage.create({ author: ben.id, content: "forged" }))).rejects.toThrow(/lacks permission/);
    await expect(world.as(ben, () => m.update({ content: "edited" }))).rejects.toThrow(/lacks permission/);
    await expect(world.as(ann, () => m.update({ author: ben.id }))).rejects.toThrow(/lacks permission/);
    await world.as(gm, () => m.update({ content: "moderated" }));
  });
  it("a player changes a combat's turn and round only while their combatant acts, and nothing else of it", async () => {
    const combat = new WorldCombat({});
    const mine = new WorldCombatant({ actor: hero, initiative: 2 });
    const theirs = new WorldCombatant({ actor: monster, initiative: 1 });
    combat.addCombatants([mine, theirs]);
    await world.as(gm, () => combat.update({ round: 1, turn: 1 }));
    await expect(world.as(ann, () => combat.update({ turn: 0 }))).rejects.toThrow(/lacks permission/);
    await world.as(gm, () => combat.update({ turn: 0 }));
    await world.as(ann, () => combat.update({ turn: 1 }));
    await expect(world.as(ann, () => combat.update({ "flags.x": 1 }))).rejects.toThrow(/lacks permission/);
    await world.as(ann, () => mine.update({ initiative: 5, "flags.x": 1 }));
    await expect(world.as(ann, () => mine.update({ name: "Renamed" }))).rejects.toThrow(/lacks permission/);
    await expect(world.as(ann, () => theirs.update({ initiative: 9 }))).rejects.toThrow(/lacks permission/);
    expect(combat.turns.map((c) => c.name)).toEqual(["Hero", "Monster"]);
  });
  it("world settings are the GM's to change", async () => {
    world.settings.set("s.world", { scope: "world", value: 0, registration: { scope: "world" } });
    await expect(world.as(ann, () => world.setSetting("s.world", 1))).rejects.toThrow(/lacks permission/);
    await world.as(gm, () => world.setSetting("s.world", 2));
    expect(world.settings.get("s.world")!.value).toBe(2);
  });
});

describe("scenes (v13 Scenes#active, Scene#tokens)", () => {
  it("game.scenes holds the world's scene, active until a test clears it; its tokens iterate and are found by id", () => {
    const scenes = (globalThis as unknown as { game: { scenes: Iterable<unknown> & { active?: unknown; viewed?: unknown } } }).game.scenes;
    const token = world.addToken(monster, -1);
    expect([...scenes]).toEqual([world.scene]);
    expect(scenes.active).toBe(world.scene);
    expect(scenes.viewed).toBeUndefined();
    expect(world.scene.tokens.get(token.id)).toBe(token);
    expect([...world.scene.tokens]).toContain(token);
    expect(token.actorLink).toBe(true);
    world.scene.active = false;
    expect(scenes.active).toBeUndefined();
    world.scene.active = true;
  });
  it("a hand's owner may change its flags, as any OWNER may update a Cards stack (BaseCards: update is OWNER)", async () => {
    const hand = await world.as(gm, () => world.createCards({ name: "Hand", type: "hand", ownership: { default: 0, [ann.id]: 3 } }));
    await world.as(ann, () => hand.update({ "flags.x.y": ben.id }));
    await expect(world.as(ben, () => hand.update({ "flags.x.y": "other" }))).rejects.toThrow(/lacks permission/);
    expect(hand.flags).toEqual({ x: { y: ben.id } });
    world.refused.length = 0;
  });
});

describe("hooks and queries", () => {
  it("every connected client gets the update hook with the diff, the options and the writer's id", async () => {
    const calls: [string, unknown, unknown, string][] = [];
    const id = harness.hooks.on("updateActor", (_doc: unknown, changed: unknown, options: { custom?: number }, userId: string) => {
      calls.push([world.user.name, changed, options.custom, userId]);
    });
    ben.active = false;
    await world.as(ann, () => hero.update({ "system.stamina.value": 4 }, { custom: 7 }));
    await world.as(ann, () => hero.update({ "system.stamina.value": 4 }));
    harness.hooks.off("updateActor", id);
    ben.active = true;
    expect(calls).toEqual(["GM", "Assistant", "Ann"].map((name) => [name, { system: { stamina: { value: 4 } } }, 7, ann.id]));
  });
  it("a query runs the recipient's handler with only the data; throws, unknown names and timeouts reject", async () => {
    const queries = harness.CONFIG.queries as Record<string, unknown>;
    queries["t.echo"] = (data: unknown, options: unknown) => ({ who: world.user.name, data, options });
    queries["t.fail"] = () => { throw new Error("no"); };
    queries["t.slow"] = () => new Promise(() => undefined);
    expect(await world.as(ann, () => gm.query("t.echo", { a: 1 }))).toEqual({ who: "GM", data: { a: 1 }, options: {} });
    await expect(world.as(ann, () => gm.query("t.fail", {}))).rejects.toThrow("no");
    await expect(world.as(ann, () => gm.query("t.none", {}))).rejects.toThrow(/Unknown query/);
    await expect(world.as(ann, () => gm.query("t.slow", {}, { timeout: 10 }))).rejects.toThrow(/timed out/);
    ben.active = false;
    await expect(world.as(ann, () => ben.query("t.echo", {}))).rejects.toThrow(/inactive/);
    ben.active = true;
  });
});

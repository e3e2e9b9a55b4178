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
  it("any player sets a combat's turn and round (v13 BaseCombat #canUpdate), and nothing else of it", async () => {
    const combat = new WorldCombat({});
    const mine = new WorldCombatant({ actor: hero, initiative: 2 });
    const theirs = new WorldCombatant({ actor: monster, initiative: 1 });
    combat.addCombatants([mine, theirs]);
    await world.as(gm, () => combat.update({ round: 1, turn: 1 }));
    // Ben owns no combatant and Ann's is not acting: v13's `_canChangeTurn`/`_canChangeRound` say yes all the same.
    await world.as(ann, () => combat.update({ turn: 0 }));
    await world.as(ben, () => combat.update({ turn: 1, round: 7 }));
    expect([combat.round, combat.turn]).toEqual([7, 1]);
    await expect(world.as(ann, () => combat.update({ "flags.x": 1 }))).rejects.toThrow(/lacks permission/);
    await expect(world.as(ann, () => combat.update({ turn: 0, "flags.x": 1 }))).rejects.toThrow(/lacks permission/);
    // `combatants` through the combat: each entry as that combatant's own update check allows.
    expect(combat.canUserModify(ann, "update", { combatants: [{ _id: mine.id, initiative: 3 }] })).toBe(true);
    expect(combat.canUserModify(ann, "update", { combatants: [{ _id: theirs.id, initiative: 3 }] })).toBe(false);
    expect(combat.canUserModify(ann, "update", { combatants: [{ _id: "nobody", initiative: 3 }] })).toBe(false);
    await world.as(ann, () => mine.update({ initiative: 5, "flags.x": 1, "system.note": "mine" }));
    await expect(world.as(ann, () => mine.update({ name: "Renamed" }))).rejects.toThrow(/lacks permission/);
    await expect(world.as(ann, () => theirs.update({ initiative: 9 }))).rejects.toThrow(/lacks permission/);
    expect(combat.turns.map((c) => c.name)).toEqual(["Hero", "Monster"]);
    expect((mine as unknown as { system: unknown }).system).toEqual({ note: "mine" });
  });
  it("the writer's client runs _preUpdate on the diff before sending: it may add changes or cancel", async () => {
    const combat = new WorldCombat({});
    const seen: unknown[] = [];
    combat._preUpdate = async (changed, _options, user) => {
      seen.push([user.name, structuredClone(changed)]);
      if (changed.round === 99) return false;
      changed.flags = { ...(changed.flags as object | undefined), mirror: { turn: changed.turn ?? null } };
    };
    await world.as(gm, () => combat.update({ round: 1, turn: 0, "flags.keep": 1 }));
    await world.as(gm, () => combat.update({ round: 1 }));
    await world.as(gm, () => combat.update({ round: 99 }));
    expect(seen).toEqual([["GM", { round: 1, turn: 0, flags: { keep: 1 } }], ["GM", { round: 99 }]]);
    expect([combat.round, combat.flags]).toEqual([1, { keep: 1, mirror: { turn: 0 } }]);
  });
  it("world settings are the GM's to change", async () => {
    world.settings.set("s.world", { scope: "world", value: 0, registration: { scope: "world" } });
    await expect(world.as(ann, () => world.setSetting("s.world", 1))).rejects.toThrow(/lacks permission/);
    await world.as(gm, () => world.setSetting("s.world", 2));
    expect(world.settings.get("s.world")!.value).toBe(2);
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

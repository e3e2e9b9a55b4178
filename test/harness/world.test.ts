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
  it("an actor's update is cleaned by its data model first: clamped, cast, undeclared keys dropped", async () => {
    const { ACTOR_MODELS } = await import("../../src/data/index.ts");
    Object.assign(harness.CONFIG.Actor.dataModels, ACTOR_MODELS);
    try {
      // v13 DataModel#updateSource cleans the changes (NumberField#_cleanType clamps and rounds), then validates.
      expect(await world.as(ann, () => hero.update({ "system.stamina.value": 1e20 }))).toBe(hero);
      await world.as(gm, () => monster.update({ "system.characteristics.might": 9, "system.stability": "3" }));
      expect([(hero.system.stamina as { value: number }).value, monster.system.characteristics, monster.system.stability])
        .toEqual([9999, { might: 5 }, 3]);
      // SchemaField#_cleanType drops what the schema does not define: nothing is written, no hook fires.
      const calls: unknown[] = [];
      const id = harness.hooks.on("updateActor", (_d: unknown, changed: unknown) => calls.push(changed));
      expect(await world.as(ann, () => hero.update({ "system.stamina.max": 30, "system.madeUp": 1 }))).toBe(hero);
      harness.hooks.off("updateActor", id);
      expect([calls, hero.system.stamina, "madeUp" in hero.system]).toEqual([[], { value: 9999 }, false]);
    } finally {
      for (const k of Object.keys(ACTOR_MODELS)) delete harness.CONFIG.Actor.dataModels[k];
    }
  });
  it("an update cleaning cannot mend is dropped: the writer sees the error, nothing changes, update resolves undefined", async () => {
    const { ACTOR_MODELS } = await import("../../src/data/index.ts");
    Object.assign(harness.CONFIG.Actor.dataModels, ACTOR_MODELS);
    world.shown.length = 0;
    try {
      // v13 #preUpdateDocumentArray catches the DataModelValidationError: ui.notifications.error, no request.
      expect(await world.as(ann, () => hero.update({ "system.skills": ["climb", "brewing"], "system.xp": 3 }))).toBeUndefined();
      expect([hero.system.skills, hero.system.xp]).toEqual([undefined, undefined]);
      expect(world.shown).toEqual([{
        user: "Ann", type: "error", message: "validation errors:\n  system: \n    skills: \n      1: brewing is not a valid choice",
        shown: "validation errors:\n  system: \n    skills: \n      1: brewing is not a valid choice",
      }]);
    } finally {
      world.shown.length = 0;
      for (const k of Object.keys(ACTOR_MODELS)) delete harness.CONFIG.Actor.dataModels[k];
    }
  });
  it("a new actor's system data is cleaned and strictly validated by constructing its model", async () => {
    const { ACTOR_MODELS, ITEM_MODELS } = await import("../../src/data/index.ts");
    Object.assign(harness.CONFIG.Actor.dataModels, ACTOR_MODELS);
    Object.assign(harness.CONFIG.Item.dataModels, ITEM_MODELS);
    try {
      const made = world.addActor({ name: "M", type: "monster", system: { characteristics: { might: 9 }, ev: 1e20 }, items: [{ type: "ability", name: "A", system: { distance: { primary: 1e9 } } }] });
      expect([made.system.characteristics, made.system.ev, (made.system.negotiation as { interest: number }).interest]).toEqual([{ might: 5, agility: 0, reason: 0, intuition: 0, presence: 0 }, 9999, 2]);
      expect(([...made.items][0]!.system.distance as { primary: number }).primary).toBe(9999);
      expect(() => world.addActor({ name: "N", type: "monster", system: { size: { letter: "Q" } } })).toThrow(/validation errors:\n {2}size: \n {4}letter: Q is not a valid choice/);
    } finally {
      for (const k of Object.keys(ACTOR_MODELS)) delete harness.CONFIG.Actor.dataModels[k];
      for (const k of Object.keys(ITEM_MODELS)) delete harness.CONFIG.Item.dataModels[k];
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
  it("an update's dotted keys are paths at every depth, as v13's client backend expands the whole update (client-backend.mjs #preUpdateDocumentArray: expandObject)", async () => {
    await world.as(gm, () => monster.update({ system: { "stamina.value": 7 }, flags: { "x.y.z": 1 } }));
    expect(monster.system).toMatchObject({ stamina: { value: 7 } });
    expect(monster.system).not.toHaveProperty(["stamina.value"]);
    expect(monster.flags).toMatchObject({ x: { y: { z: 1 } } });
  });
  it("a token's _onUpdateMovement runs after _onUpdate and the updateToken hook, on every client (client-backend.mjs #handleUpdateDocuments, then TokenDocument._onUpdateOperation)", async () => {
    const token = world.addToken(monster, -1);
    const order: string[] = [];
    token._onUpdate = () => { order.push(`_onUpdate ${world.user.name}`); };
    token._onUpdateMovement = () => { order.push(`_onUpdateMovement ${world.user.name}`); };
    const id = harness.hooks.on("updateToken", () => { order.push(`updateToken ${world.user.name}`); });
    ben.active = false;
    await world.as(gm, () => token.update({ x: 300 }));
    harness.hooks.off("updateToken", id);
    ben.active = true;
    expect(order).toEqual(["GM", "Assistant", "Ann"].flatMap((name) => [`_onUpdate ${name}`, `updateToken ${name}`, `_onUpdateMovement ${name}`]));
  });
  it("the update does not wait for what _onUpdateMovement starts (v13 TokenDocument.#onUpdateOperationMovement ignores its return); settle() does, and records a rejection", async () => {
    const token = world.addToken(monster, -1);
    const done: string[] = [];
    // Work that finishes only after a macrotask, as a module loaded with import() does.
    token._onUpdateMovement = () => new Promise<void>((resolve) => setTimeout(() => { done.push(world.user.name); resolve(); }, 5)) as never;
    ben.active = false;
    await world.as(gm, () => token.update({ x: 360 }));
    expect(done).toEqual([]);
    await world.settle();
    expect(done.sort()).toEqual(["Ann", "Assistant", "GM"]);
    token._onUpdateMovement = () => Promise.reject(new Error("lost")) as never;
    ann.active = false;
    assistant.active = false;
    await world.as(gm, () => token.update({ x: 420 }));
    await world.settle();
    expect(harness.hooks.errors.splice(0)).toEqual([new Error("lost")]);
    ben.active = true;
    ann.active = true;
    assistant.active = true;
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

describe("compendium packs (v13 CompendiumCollection#getUserLevel, WorldCollection#fromCompendium)", () => {
  it("name their documents Compendium.<pack>.Item.<id>, resolve them by UUID, and give each role its pack level", async () => {
    const item = world.addPackItem("steel-echoes.abilities", { name: "Strike", type: "ability", system: {} });
    expect(item.uuid).toBe(`Compendium.steel-echoes.abilities.Item.${item.id}`);
    expect(await world.as(ann, () => fromUuid(item.uuid))).toBe(item);
    const pack = world.packs.get("steel-echoes.abilities")!;
    expect([ann, assistant, gm].map((u) => pack.testUserPermission(u, "OWNER"))).toEqual([false, true, true]);
    expect(pack.testUserPermission(ann, "OBSERVER")).toBe(true);
    expect(await pack.getDocuments()).toEqual([item]);
  });
});

describe("placing an encounter's documents (v13 Actor#getTokenDocument, Combatant#_prepareGroup, the create permissions)", () => {
  it("makes a token from the prototype token; only a GM creates tokens, combats and groups; an owner her combatant", async () => {
    const wolf = world.addActor({ name: "Wolf", type: "monster", system: {}, prototypeToken: { name: "Grey wolf", width: 2 } });
    const unsaved = await world.as(gm, () => wolf.getTokenDocument({ x: 200, y: 100, hidden: true }));
    expect(unsaved.toObject()).toMatchObject({ name: "Grey wolf", actorId: wolf.id, x: 200, y: 100, hidden: true, width: 2, disposition: -1, actorLink: false });
    await expect(world.as(ann, () => world.scene.createEmbeddedDocuments("Token", [unsaved.toObject()]))).rejects.toThrow(/lacks permission/);
    const [token] = await world.as(gm, () => world.scene.createEmbeddedDocuments("Token", [unsaved.toObject()]));
    expect(token).toMatchObject({ name: "Grey wolf", x: 200, y: 100, width: 2, hidden: true });
    const Cls = WorldCombat as unknown as { implementation: { create(d: object): Promise<WorldCombat> } };
    await expect(world.as(ann, () => Cls.implementation.create({}))).rejects.toThrow(/lacks permission/);
    const combat = await world.as(gm, () => Cls.implementation.create({ scene: world.scene.id }));
    await expect(world.as(ann, () => combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Pack" }]))).rejects.toThrow(/lacks permission/);
    const [group] = await world.as(gm, () => combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Pack", initiative: 12 }]));
    const [member] = await world.as(gm, () => combat.createEmbeddedDocuments("Combatant", [{ tokenId: token!.id, group: group!.id }])) as WorldCombatant[];
    // The group's initiative is its members' (Combatant#_prepareGroup).
    expect(member!.group).toBe(group);
    expect(member!.initiative).toBe(12);
    const heroToken = world.addToken(hero, 1);
    await expect(world.as(ben, () => combat.createEmbeddedDocuments("Combatant", [{ tokenId: heroToken.id }]))).rejects.toThrow(/lacks permission/);
    const [own] = await world.as(ann, () => combat.createEmbeddedDocuments("Combatant", [{ tokenId: heroToken.id }])) as WorldCombatant[];
    expect(own!.actor).toBe(hero);
    world.refused.length = 0;
  });

  it("imports a compendium actor as a new world actor naming its source; only a GM creates actors", async () => {
    const boar = world.addPackActor("steel-echoes.monsters", { name: "Boar", type: "monster", system: {} });
    expect(boar.uuid).toBe(`Compendium.steel-echoes.monsters.Actor.${boar.id}`);
    expect(await world.as(ann, () => fromUuid(boar.uuid))).toBe(boar);
    const data = (game.actors as unknown as { fromCompendium(d: unknown): Record<string, unknown> }).fromCompendium(boar);
    expect(data._id).toBeUndefined();
    expect(data._stats).toMatchObject({ compendiumSource: boar.uuid });
    const create = (Actor as unknown as { implementation: { create(d: object): Promise<{ id: string; pack: string | null }> } }).implementation.create;
    await expect(world.as(ann, () => create(data))).rejects.toThrow(/lacks permission/);
    const made = await world.as(gm, () => create(data));
    expect(made.id).not.toBe(boar.id);
    expect(made.pack).toBeNull();
    expect(world.actors.get(made.id)).toBe(made);
    world.refused.length = 0;
  });
});

// The ability card's controls on the document layer: damage through weakness and immunity, once
// only; undo; downgrades; resistance rolls; and the GM query re-checking the requester's permission.
// Messages, actors and users are small fakes with the few members the workflow touches.
import { beforeEach, describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "../harness/foundry.ts";
import { ABILITIES, goblin, use } from "../fixtures/ability-use.ts";
import type { AbilityUseData } from "../../src/documents/ability-use-data.ts";

installFoundryHarness();
const { performCardAction, cardQueryHandler, requestCardAction } = await import("../../src/documents/ability-results.ts");

interface FakeUser { id: string; isGM: boolean; query?: (name: string, data: object) => Promise<unknown> }
class FakeActor {
  effects = new Map<string, object>();
  updates: object[] = [];
  statuses = new Set<string>();
  constructor(public uuid: string, public system: Record<string, unknown>, public owners: string[]) {}
  testUserPermission(user: FakeUser) {
    return user.isGM || this.owners.includes(user.id);
  }
  async update(changes: Record<string, number>) {
    this.updates.push(changes);
    const stamina = this.system.stamina as { value: number; temporary: number };
    if ("system.stamina.value" in changes) stamina.value = changes["system.stamina.value"]!;
    if ("system.stamina.temporary" in changes) stamina.temporary = changes["system.stamina.temporary"]!;
  }
  async deleteEmbeddedDocuments(_type: string, ids: string[]) {
    ids.forEach((id) => this.effects.delete(id));
  }
}
class FakeMessage {
  updates = 0;
  constructor(public id: string, public author: FakeUser, public flags: { "steel-echoes": { abilityUse: AbilityUseData } }) {}
  async update(changes: Record<string, unknown>) {
    this.updates++;
    this.flags["steel-echoes"].abilityUse = changes["flags.steel-echoes.abilityUse"] as AbilityUseData;
  }
}

const gm: FakeUser = { id: "gm", isGM: true };
const alice: FakeUser = { id: "alice", isGM: false };
const bob: FakeUser = { id: "bob", isGM: false };
const g = globalThis as Record<string, unknown>;
const services = {
  renderCard: async () => "<div class=\"ability-card\"></div>",
  applyConditions: async (actor: FakeActor, conditions: { id: string }[]) => conditions.map((c) => {
    const id = `effect-${c.id}`;
    actor.effects.set(id, {});
    return id;
  }),
  heal: async () => 0,
};

let ogre: FakeActor;
let message: FakeMessage;
let currentUse: () => AbilityUseData;

function setup(u: AbilityUseData, target: FakeActor, current: FakeUser) {
  message = new FakeMessage("m1", alice, { "steel-echoes": { abilityUse: u } });
  currentUse = () => message.flags["steel-echoes"].abilityUse;
  const users = new Map([[gm.id, gm], [alice.id, alice], [bob.id, bob]]);
  (g.game as Record<string, unknown>).user = current;
  (g.game as Record<string, unknown>).users = { get: (id: string) => users.get(id), activeGM: gm };
  (g.game as Record<string, unknown>).messages = { get: (id: string) => (id === "m1" ? message : undefined) };
  g.fromUuid = async (uuid: string) => (uuid === u.targets[0]!.key ? { actor: target } : null);
}

beforeEach(() => {
  harness.reset();
  ogre = new FakeActor("Actor.ogre", { stamina: { value: 30, temporary: 2 }, immunities: [{ key: "fire", value: 3 }], weaknesses: [{ key: "magic", value: 1 }], characteristics: { intuition: 1 } }, []);
});

describe("applying an ability card", () => {
  it("deals the target's tier damage through weakness, immunity and temporary Stamina, once", async () => {
    // Flame Burst, tier 3 (9 + 8 + 2 = 19): 6 fire damage, bleeding (EoT). Weakness magic 1 → 7, immunity fire 3 → 4; 2 temporary first.
    const u = use(ABILITIES.fireball!, { targets: [goblin([], 0, "Ogre")], dice: [9, 8] });
    setup(u, ogre, gm);
    const key = u.targets[0]!.key;
    expect(await performCardAction({ messageId: "m1", action: "apply", key }, gm as never, services as never)).toBe(true);
    expect(ogre.system.stamina).toEqual({ value: 28, temporary: 0 });
    expect(currentUse().applied[key]).toMatchObject({ before: { stamina: 30, temporary: 2 }, dealt: 4, effectIds: ["effect-bleeding"] });
    expect(ogre.effects.has("effect-bleeding")).toBe(true);

    expect(await performCardAction({ messageId: "m1", action: "apply", key }, gm as never, services as never)).toBe(false);
    expect(ogre.system.stamina).toEqual({ value: 28, temporary: 0 });
    expect(harness.notifications.at(-1)?.message).toBe("SE.AbilityCard.Error.AlreadyApplied");
  });

  it("undo restores Stamina, temporary Stamina and removes the conditions it added", async () => {
    const u = use(ABILITIES.fireball!, { targets: [goblin([], 0, "Ogre")], dice: [9, 8] });
    setup(u, ogre, gm);
    const key = u.targets[0]!.key;
    await performCardAction({ messageId: "m1", action: "apply", key }, gm as never, services as never);
    expect(await performCardAction({ messageId: "m1", action: "undo", key }, gm as never, services as never)).toBe(true);
    expect(ogre.system.stamina).toEqual({ value: 30, temporary: 2 });
    expect(ogre.effects.size).toBe(0);
    expect(currentUse().applied[key]).toBeUndefined();
    expect(await performCardAction({ messageId: "m1", action: "undo", key }, gm as never, services as never)).toBe(false);
  });

  it("applies a downgraded tier", async () => {
    const u = use(ABILITIES.brutalSlam!, { targets: [goblin([], 0, "Ogre")], dice: [9, 8] });
    setup(u, ogre, alice);
    const key = u.targets[0]!.key;
    expect(await performCardAction({ messageId: "m1", action: "downgrade", key, tier: 1 }, alice as never, services as never)).toBe(true);
    await performCardAction({ messageId: "m1", action: "apply", key }, gm as never, services as never);
    expect(currentUse().applied[key]!.dealt).toBe(4); // tier 1: 3 + kit 1, no weakness to weapons
    expect(await performCardAction({ messageId: "m1", action: "downgrade", key, tier: 3 }, alice as never, services as never)).toBe(false);
  });

  it("lets the target's owner make the resistance roll, and nobody else", async () => {
    const u = use(ABILITIES.dread!, { targets: [goblin([], 0, "Ogre")], characteristics: { intuition: 2 }, choices: { characteristic: "intuition", edges: 0, banes: 0, bonuses: 0, perTarget: {} } });
    ogre.owners = ["bob"];
    setup(u, ogre, bob);
    const key = u.targets[0]!.key;
    expect(await performCardAction({ messageId: "m1", action: "resist", key }, alice as never, services as never)).toBe(false);
    harness.fixRandom([0.05, 0.05]); // two 10s: natural 20 → tier 3
    expect(await performCardAction({ messageId: "m1", action: "resist", key }, bob as never, services as never)).toBe(true);
    expect(currentUse().targets[0]).toMatchObject({ rolledTier: 3, tier: 3, total: 21 });
  });

  it("refuses a player who neither rolled nor owns the target, on their client and on the GM's", async () => {
    const u = use(ABILITIES.brutalSlam!, { targets: [goblin([], 0, "Ogre")], dice: [9, 8] });
    setup(u, ogre, bob);
    const key = u.targets[0]!.key;
    expect(await requestCardAction({ messageId: "m1", action: "apply", key }, services as never)).toBe(false);
    (g.game as Record<string, unknown>).user = gm;
    const handler = cardQueryHandler(services as never);
    expect(await handler({ messageId: "m1", action: "apply", key, userId: "bob" })).toBe(false);
    expect(await handler({ messageId: "m1", action: "apply", key })).toBe(false);
    expect(ogre.updates).toEqual([]);
    expect(await handler({ messageId: "m1", action: "apply", key, userId: "alice" })).toBe(true);
    expect(ogre.system.stamina).toEqual({ value: 19, temporary: 0 });
  });

  it("sends the roller's request to the GM when the target is not theirs", async () => {
    const u = use(ABILITIES.brutalSlam!, { targets: [goblin([], 0, "Ogre")], dice: [9, 8] });
    setup(u, ogre, alice);
    const sent: [string, object][] = [];
    gm.query = async (name, data) => {
      sent.push([name, data]);
      return true;
    };
    expect(await requestCardAction({ messageId: "m1", action: "apply", key: u.targets[0]!.key }, services as never)).toBe(true);
    expect(sent).toEqual([["steel-echoes.abilityCard", { messageId: "m1", action: "apply", key: u.targets[0]!.key, userId: "alice" }]]);
    expect(ogre.updates).toEqual([]);
    (g.game as Record<string, unknown>).users = { get: () => undefined, activeGM: null };
    expect(await requestCardAction({ messageId: "m1", action: "apply", key: u.targets[0]!.key }, services as never)).toBe(false);
    expect(harness.notifications.at(-1)?.message).toBe("SE.Query.NoGM");
  });
});

// Issue 33 at a table of clients (the Director, a second GM, Alice, Bob, Mallory), each with their
// own game.user, on a server that refuses what Foundry v13's server refuses (test/harness/world.ts):
// Villain Power each round, the hero token prompt when a hero is dying, and the end of the encounter.
import { beforeAll, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { ROLES } from "../harness/world.ts";
import { checkAfterEach, d10, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor } from "../harness/world.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "../../src/documents/combat.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, korva, ryn, ogre, tokens } = t;
// A second GM (an assistant Director at the same table): not the active GM (v13 `Users#activeGM`, the lowest id).
const coGM = world.addUser("Co-Director", ROLES.GAMEMASTER);
const { RELAY } = await import("../../src/documents/relay.ts");
const { ACTOR_MODELS } = await import("../../src/data/index.ts");
type Combat = SteelEchoesCombat;

/**
 * The world harness keeps an actor's system as its source data and does not run the model's
 * `prepareDerivedData`; Foundry prepares it when the update is applied, before `_onUpdate` and the
 * update hooks (v13 client/data/client-backend.mjs `#handleUpdateDocuments` → `updateSource`, which
 * resets and prepares the document). A hero's Stamina maximum, recovery value and state are derived:
 * here each update of a hero derives them as the hero model does (as test/scenarios/movement.test.ts
 * does). This hook runs after the system's own on each client, whose work waits for the actor's
 * queue (src/documents/relay.ts `serialized`) and so reads the derived data.
 */
function derive(actor: WorldActor): void {
  if (actor.type !== "hero") return;
  const Hero = ACTOR_MODELS.hero as unknown as new (source: object, options: object) => { stamina: object; prepareDerivedData(): void };
  const model = new Hero(structuredClone(actor.system), { parent: actor });
  model.prepareDerivedData();
  Object.assign(actor.system, { stamina: { ...model.stamina } });
}
for (const hero of [korva, ryn, t.vex]) derive(hero);
Hooks.on("updateActor", (actor: unknown) => derive(actor as WorldActor));
type Combatant = SteelEchoesCombatant;

const vp = () => world.as(gm, () => game.settings!.get("steel-echoes", "villainPower"));
const setting = (key: "villainPowerRule" | "villainPowerFixed" | "villainPower" | "heroTokens", value: unknown) =>
  world.as(gm, () => game.settings!.set("steel-echoes", key, value as never));
const chat = () => [...world.messages].map((m) => m.content);
const shownTo = (user: { name: string }) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);

beforeAll(() => {
  RELAY.timeoutMs = 2_000;
});

checkAfterEach(world, { honest: true });

describe("Villain Power each round (issue 33, our proposal)", () => {
  let combat: Combat;
  const combatantOf = (actor: WorldActor) => [...combat.combatants].find((c) => (c.actor as unknown) === actor) as unknown as Combatant;
  /** Each creature takes its turn as the sides alternate (L6770) until the round turns over; run by `director`'s client. */
  async function playRound(director = gm): Promise<void> {
    const round = combat.round;
    for (let i = 0; i < 6 && combat.round === round; i++) {
      const next = [korva, ryn, ogre].map(combatantOf).find((c) => combat.turnRefusal(c) === null)!;
      await world.as(director, () => combat.takeTurn(next));
      await world.as(director, () => combat.nextTurn());
    }
    await world.settle();
  }

  it("the Director gains 1 VP per hero not dead as round 1 starts (the default rule), posted to chat", async () => {
    expect(world.as(alice, () => game.settings!.get("steel-echoes", "villainPowerRule"))).toBe("heroes");
    combat = world.addCombat([tokens.korva, tokens.ryn, tokens.ogre]) as unknown as Combat;
    harness.fixRandom(d10(8));
    await world.as(gm, () => combat.startCombat());
    await world.settle();
    expect(vp()).toBe(2);
    expect(chat().at(-1)).toContain("Round 1: the Director gains 2 Villain Power (2).");
    // Every client reads the pool (the pools panel).
    expect(world.as(bob, () => game.settings!.get("steel-echoes", "villainPower"))).toBe(2);
  });

  it("once per round: a second GM, a reload (the catch-up at ready) and the active GM again grant nothing more", async () => {
    expect(await world.as(coGM, () => combat.gainRoundVillainPower())).toBeNull();
    expect(await world.as(gm, () => combat.gainRoundVillainPower())).toBeNull();
    expect(vp()).toBe(2);
    expect((combat.flags as Record<string, unknown>)["steel-echoes"]).toMatchObject({ villainPowerRound: 1 });
  });

  it("the next round gives again; test consequences add on top; a dead hero does not count", async () => {
    await setting("villainPower", 5);
    await playRound();
    expect(combat.round).toBe(2);
    expect(vp()).toBe(7);
    await world.as(gm, () => ryn.update({ "system.stamina.value": -30 }));
    expect((ryn.system as { stamina: { state: string } }).stamina.state).toBe("dead");
    await playRound();
    expect(combat.round).toBe(3);
    expect(vp()).toBe(8);
    await world.as(gm, () => ryn.update({ "system.stamina.value": 20 }));
    await world.settle();
  });

  it("going back a round and forward again gives nothing twice", async () => {
    await world.as(gm, () => combat.update({ round: 2, turn: null }));
    await world.as(gm, () => combat.update({ round: 3, turn: null }));
    await world.settle();
    expect(vp()).toBe(8);
  });

  it("the fixed rule gives its number, the second GM's round counts once; off gives none", async () => {
    await setting("villainPowerRule", "fixed");
    await setting("villainPowerFixed", 3);
    // The second GM ends the round: the active GM's client grants it.
    await playRound(coGM);
    expect(combat.round).toBe(4);
    expect(vp()).toBe(11);
    await setting("villainPowerRule", "off");
    await playRound();
    expect(combat.round).toBe(5);
    expect(vp()).toBe(11);
    await setting("villainPowerRule", "heroes");
  });

  it("a round a player writes into the combat is no new round: put back, and no VP", async () => {
    const before = vp();
    await world.as(alice, () => combat.update({ round: 9 }));
    await world.settle();
    expect(combat.round).toBe(5);
    expect(vp()).toBe(before);
    // Alice's write is one Foundry allows any player (BaseCombat#canUpdate: round and turn); the GM's client undid it.
    expect(chat().at(-1)).toContain("Alice");
    world.shown.length = 0;
  });

  it("a player cannot change the rule or the pool: the server refuses", async () => {
    await expect(world.as(alice, () => game.settings!.set("steel-echoes", "villainPowerRule", "fixed"))).rejects.toThrow();
    await expect(world.as(alice, () => game.settings!.set("steel-echoes", "villainPower", 0))).rejects.toThrow();
    expect(world.refused).toEqual(["Alice update Setting [steel-echoes.villainPowerRule]", "Alice update Setting [steel-echoes.villainPower]"]);
    world.refused.length = 0;
    await world.as(gm, () => combat.delete());
  });
});

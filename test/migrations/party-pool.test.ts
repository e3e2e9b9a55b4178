// 0.2.0 (issue 32): a world's hero tokens move from the world setting into the primary party, made
// when the world has none; nothing is lost, and a second run changes nothing (src/migrations/party-pool.ts).
import { describe, expect, it } from "vitest";
import { setupTable } from "../fixtures/world.ts";
import type { WorldActor } from "../harness/world.ts";

// A world from before: 4 hero tokens in the setting, migrated last to 0.1.0, no party.
const t = await setupTable({ "steel-echoes.heroTokens": 4, "steel-echoes.systemMigrationVersion": "0.1.0" });
const { world, gm, alice, korva, ryn, vex } = t;
const { runMigrations } = await import("../../src/migrations/index.ts");
const { migratePartyPool } = await import("../../src/migrations/party-pool.ts");
const { poolValue } = await import("../../src/documents/pools.ts");

const legacy = () => world.as(gm, () => game.settings!.get("steel-echoes", "heroTokens"));
const partiesNow = () => [...world.actors].filter((a) => a.type === "party");
const sys = (p: WorldActor) => p.system as { members: string[]; heroTokens: number };

describe("the world's hero tokens move into the primary party", () => {
  it("a world without a party gets one, with the players' heroes, holding the world's tokens; the setting goes to 0", async () => {
    expect(await world.as(gm, () => runMigrations())).toBe(0);
    const [party] = partiesNow();
    expect(partiesNow()).toHaveLength(1);
    expect(party!.name).toBe("The party");
    expect(sys(party!)).toMatchObject({ heroTokens: 4, members: [korva.id, ryn.id, vex.id] });
    expect(world.as(gm, () => game.settings!.get("steel-echoes", "primaryParty"))).toBe(party!.id);
    expect(legacy()).toBe(0);
    // Every client reads the pool from the party now.
    expect(world.as(alice, () => poolValue("heroTokens"))).toBe(4);
  });

  it("run again, it changes nothing", async () => {
    await world.as(gm, () => migratePartyPool());
    expect(partiesNow()).toHaveLength(1);
    expect(sys(partiesNow()[0]!).heroTokens).toBe(4);
  });

  it("a party that has tokens of its own keeps them and takes the world's", async () => {
    await world.as(gm, () => game.settings!.set("steel-echoes", "heroTokens", 3));
    await world.as(gm, () => migratePartyPool());
    expect(sys(partiesNow()[0]!).heroTokens).toBe(7);
    expect(legacy()).toBe(0);
  });

  it("when the party cannot take them, the setting keeps them (nothing is dropped) and the next run tries again", async () => {
    // A party's pool holds at most 9,999 (PARTY_MAX_HERO_TOKENS): 7 + 9,995 is more, so nothing is written.
    await world.as(gm, () => game.settings!.set("steel-echoes", "heroTokens", 9_995));
    await expect(world.as(gm, () => migratePartyPool())).rejects.toThrow(/setting keeps them/);
    expect(legacy()).toBe(9_995);
    expect(sys(partiesNow()[0]!).heroTokens).toBe(7);
    world.shown.length = 0;
    // The Director spends the party's tokens; the next run moves the world's.
    await world.as(gm, () => world.update(partiesNow()[0]!, { "system.heroTokens": 0 }));
    await world.as(gm, () => migratePartyPool());
    expect(sys(partiesNow()[0]!).heroTokens).toBe(9_995);
    expect(legacy()).toBe(0);
  });

  it("only a GM's client runs it", async () => {
    await world.as(gm, () => game.settings!.set("steel-echoes", "heroTokens", 2));
    await expect(world.as(alice, () => migratePartyPool())).rejects.toThrow();
    expect(legacy()).toBe(2);
  });
});

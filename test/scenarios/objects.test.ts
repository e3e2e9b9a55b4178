// Issue 29, items 39 and 31 at a table of clients (the Director, Alice, Bob), each with their own
// game.user, on a server that refuses what Foundry v13's server refuses (test/harness/world.ts):
// object tiles with Stamina by material and size, damaged from an ability card by the Director
// (L7236–7245, L6544); object actors that take an ability's damage but not its conditions (L6544); an
// object force moved into creatures and into an object tile, its damage and the tile's tracked and
// undone (L6942–6952).
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { checkAfterEach, d10, setupTable, staminaOf } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage, WorldToken, WorldTile, WorldUser } from "../harness/world.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, korva, ryn, ogre, goblin, tokens } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestCardAction } = await import("../../src/documents/ability-results.ts");
const { requestForcedMove } = await import("../../src/canvas/forced-movement.ts");
const { damageObjectsFromCard } = await import("../../src/documents/object-damage.ts");
const { forcedMovesOf } = await import("../../src/settings/forced-moves.ts");

const GRID = world.scene.grid.size;
const place = (token: WorldToken, x: number, y: number) => Object.assign(token, { x: x * GRID, y: y * GRID });
const at = (token: WorldToken) => [token.x / GRID, token.y / GRID];
const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
const useOf = (m: WorldMessage) => (m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse;
const flagsOf = (tile: WorldTile) => (tile.flags["steel-echoes"] ?? {}) as Record<string, unknown>;
const i18n = { localize: (k: string) => ({ "SE.Object.Material.metal": "Metal", "SE.Object.Material.glass": "Glass", "SE.Object.Material.wood": "Wood" })[k] ?? k };

async function attack(user: WorldUser, ability: string, targets: WorldToken[], faces: number[], actor: WorldActor = korva): Promise<WorldMessage> {
  harness.fixRandom(d10(...faces));
  return await world.as(user, async () => {
    user.targets = new Set(targets);
    return useAbilityByUuid(item(actor, ability).uuid, true);
  }) as unknown as WorldMessage;
}
const damageObjects = (user: WorldUser, m: WorldMessage, tiles: WorldTile[], action: "apply" | "undo" = "apply") =>
  world.as(user, () => damageObjectsFromCard({ messageId: m.id, tileUuids: tiles.map((x) => x.uuid), action }, user, cardServices, i18n));
const material = (m: string) => ({ flags: { "steel-echoes": { material: m } } });
const asObject = (actor: WorldActor, yes: boolean) => world.as(gm, () => actor.update({ "system.keywords": yes ? ["Object"] : [] }));
const clearTiles = () => { world.scene.tileList.length = 0; };

checkAfterEach(world, { honest: true });

describe("object tiles damaged from an ability card (L7236–7245, L6544)", () => {
  it("the Director applies the card's tier damage to the selected tiles: Stamina by material and squares, destroyed (hidden) at 0; undo mends", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.goblin, 5, 5);
    const metal = world.addTile({ x: 10, y: 10, width: 2, height: 1 }, material("metal")); // 18 Stamina
    const glass = world.addTile({ x: 12, y: 10, width: 1, height: 1 }, material("glass")); // 1 Stamina
    const painting = world.addTile({ x: 13, y: 10, width: 1, height: 1 }); // no material: not an object
    try {
      const m = await attack(alice, "Brutal Slam", [tokens.goblin], [9, 8]); // tier 3 on its own roll
      const tier3 = useOf(m).tiers[2]!.damage.value!;
      expect(tier3).toBe(13); // 12 + the kit's 1
      const out = await damageObjects(gm, m, [metal, glass, painting]);
      expect(out.ok).toBe(true);
      expect(out.notices.map((n) => [n.key, n.format])).toEqual([
        ["SE.ObjectDamage.Took", { name: "Metal (10, 10)", damage: "13", stamina: "5" }],
        ["SE.ObjectDamage.DestroyedBy", { name: "Glass (12, 10)", damage: "13", stamina: "0" }],
      ]);
      expect(flagsOf(metal).damage).toBe(13);
      expect(metal.hidden).toBe(false);
      expect(glass.hidden).toBe(true); // destroyed (L7238)
      expect(flagsOf(painting).damage).toBeUndefined();
      // Once per card and tile.
      const again = await damageObjects(gm, m, [metal]);
      expect(again.notices.map((n) => n.key)).toEqual(["SE.ObjectDamage.AlreadyDamaged"]);
      expect(flagsOf(metal).damage).toBe(13);
      // Undo gives the damage back and puts the destroyed pane back up.
      expect((await damageObjects(gm, m, [metal, glass], "undo")).ok).toBe(true);
      expect(flagsOf(metal).damage).toBe(0);
      expect(glass.hidden).toBe(false);
      expect(flagsOf(glass).damage).toBe(0);
      expect(flagsOf(metal).cardDamage).toEqual({});
      // Once undone, the card can be applied again.
      const second = await damageObjects(gm, m, [metal]);
      expect(second.notices[0]!.format).toMatchObject({ stamina: "5" });
    } finally {
      clearTiles();
    }
  });

  it("a player cannot damage a tile: her client is told the Director does it, and the server refuses her own write of its damage", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.goblin, 5, 5);
    const wood = world.addTile({ x: 10, y: 10, width: 1, height: 1 }, material("wood"));
    try {
      const m = await attack(alice, "Brutal Slam", [tokens.goblin], [9, 8]);
      const out = await damageObjects(alice, m, [wood]);
      expect(out).toEqual({ ok: false, notices: [{ type: "error", key: "SE.ObjectDamage.Error.GmOnly" }] });
      await expect(world.as(alice, () => wood.update({ "flags.steel-echoes.damage": 0, hidden: true }))).rejects.toThrow();
      expect(world.refused).toEqual([`Alice update Tile [${wood.id}]`]);
      world.refused.length = 0;
      expect(flagsOf(wood).damage).toBeUndefined();
      expect(wood.hidden).toBe(false);
    } finally {
      clearTiles();
    }
  });

  it("a player's card whose damage she rewrote is refused before it touches a tile", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.goblin, 5, 5);
    const wood = world.addTile({ x: 10, y: 10, width: 3, height: 1 }, material("wood"));
    try {
      const m = await attack(alice, "Brutal Slam", [tokens.goblin], [9, 8]);
      const use = useOf(m);
      const forged = { ...use, tiers: use.tiers.map((x) => ({ ...x, damage: { ...x.damage, value: x.damage.value === null ? null : x.damage.value + 5 } })) };
      await world.as(alice, () => m.update({ "flags.steel-echoes.abilityUse": forged }));
      const out = await damageObjects(gm, m, [wood]);
      expect(out.ok).toBe(false);
      expect(out.notices[0]!.key).toBe("SE.AbilityCard.Error.Tampered");
      expect(flagsOf(wood).damage).toBeUndefined();
    } finally {
      clearTiles();
    }
  });

  it("a resistance card has no roll of its own to apply to an object; nothing selected is named", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.goblin, 5, 5);
    const wood = world.addTile({ x: 10, y: 10, width: 1, height: 1 }, material("wood"));
    try {
      const m = await attack(alice, "Brutal Slam", [tokens.goblin], [9, 8]);
      expect((await damageObjects(gm, m, [])).notices.map((n) => n.key)).toEqual(["SE.ObjectDamage.Error.NoTile"]);
      const gaze = await attack(bob, "Dread Gaze", [tokens.goblin], [9, 8], ryn);
      expect((await damageObjects(gm, gaze, [wood])).notices.map((n) => n.key)).toEqual(["SE.ObjectDamage.Error.NoTier"]);
      expect(flagsOf(wood).damage).toBeUndefined();
    } finally {
      clearTiles();
    }
  });
});

describe("an object actor takes an ability's damage, not its other effects (L6544)", () => {
  it("Flame Burst's tier 3 on the Ogre as an object: 6 fire (weakness applies), no bleeding; the same on the Goblin bleeds", async () => {
    await asObject(ogre, true);
    try {
      const before = staminaOf(ogre);
      const m = await attack(alice, "Flame Burst", [tokens.ogre, tokens.goblin], [9, 8]);
      expect(await world.as(alice, () => requestCardAction({ messageId: m.id, action: "apply", key: tokens.ogre.uuid }, cardServices))).toBe(true);
      expect(await world.as(alice, () => requestCardAction({ messageId: m.id, action: "apply", key: tokens.goblin.uuid }, cardServices))).toBe(true);
      const after = staminaOf(ogre);
      // 6 fire + magic weakness 1 − fire immunity 3 = 4, 2 of it from temporary Stamina.
      expect(before.value + before.temporary - (after.value + after.temporary)).toBe(4);
      expect(ogre.statuses.has("bleeding")).toBe(false);
      expect(goblin.statuses.has("bleeding")).toBe(true);
      // An object is never knocked out.
      const slam = await attack(alice, "Brutal Slam", [tokens.ogre], [9, 8]);
      expect(await world.as(alice, () => requestCardAction({ messageId: slam.id, action: "knockOut", key: tokens.ogre.uuid }, cardServices))).toBe(false);
      expect(world.shown.filter((s) => s.user === "Alice").map((s) => s.shown)).toContain("Ogre is an object: it is destroyed at 0 Stamina, never knocked out.");
      await world.as(alice, () => requestCardAction({ messageId: m.id, action: "undo", key: tokens.goblin.uuid }, cardServices));
      await world.as(alice, () => requestCardAction({ messageId: m.id, action: "undo", key: tokens.ogre.uuid }, cardServices));
      expect(staminaOf(ogre)).toEqual(before);
    } finally {
      await asObject(ogre, false);
    }
  });
});

describe("an object force moved (L6942–6952)", () => {
  const move = (m: WorldMessage, squares: number, action: "move" | "undo" = "move") =>
    world.as(alice, () => requestForcedMove({ messageId: m.id, key: tokens.ogre.uuid, action, squares }, cardServices));

  it("into a creature: the creature takes 1 damage per square left (L6942), the object too (L6952); undo heals both", async () => {
    await asObject(ogre, true);
    place(tokens.korva, 4, 5);
    place(tokens.ogre, 5, 5);
    place(tokens.goblin, 7, 5);
    try {
      const [ogreBefore, goblinBefore] = [staminaOf(ogre), staminaOf(goblin)];
      const m = await attack(alice, "Brutal Slam", [tokens.ogre], [9, 8]); // push 4
      expect(await move(m, 4)).toBe(true);
      expect(at(tokens.ogre)).toEqual([6, 5]);
      expect(staminaOf(goblin).value).toBe(goblinBefore.value - 3);
      const ogreAfter = staminaOf(ogre);
      expect(ogreBefore.value + ogreBefore.temporary - (ogreAfter.value + ogreAfter.temporary)).toBe(3);
      expect(m.content).toContain("Moved 1 square, then slammed into Goblin: 3 damage to each.");
      expect(await move(m, 0, "undo")).toBe(true);
      expect(staminaOf(goblin)).toEqual(goblinBefore);
      expect(staminaOf(ogre)).toEqual(ogreBefore);
    } finally {
      await asObject(ogre, false);
    }
  });

  it("into an object tile: not hurled through (a creature's, L6968): the tile takes the damage against its Stamina (L6952, L7238); undo mends it", async () => {
    await asObject(ogre, true);
    place(tokens.korva, 4, 5);
    place(tokens.ogre, 5, 5);
    place(tokens.goblin, 20, 20);
    const wood = world.addTile({ x: 7, y: 4, width: 1, height: 2 }, material("wood")); // 2 squares: 6 Stamina
    try {
      const before = staminaOf(ogre);
      const m = await attack(alice, "Brutal Slam", [tokens.ogre], [9, 8]);
      expect(await move(m, 4)).toBe(true);
      expect(at(tokens.ogre)).toEqual([6, 5]); // stopped by the wood
      expect(flagsOf(wood)).toMatchObject({ damage: 3 }); // 3 squares left: 3 of its 6
      expect(wood.hidden).toBe(false);
      expect(flagsOf(wood).broken ?? []).toEqual([]);
      const after = staminaOf(ogre);
      expect(before.value + before.temporary - (after.value + after.temporary)).toBe(3);
      // The GM's record (a world setting) holds the tile's damage before, for undo.
      expect(Object.values(world.as(gm, () => forcedMovesOf(m.id)))[0]).toMatchObject({ brokenTiles: [{ tileUuid: wood.uuid, damage: 0 }] });
      expect(await move(m, 0, "undo")).toBe(true);
      expect(flagsOf(wood).damage).toBe(0);
      expect(staminaOf(ogre)).toEqual(before);
      expect(at(tokens.ogre)).toEqual([5, 5]);
    } finally {
      clearTiles();
      await asObject(ogre, false);
    }
  });

  it("into a glass tile, which its damage destroys (hidden); a creature pushed the same way breaks through and goes on", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.ogre, 5, 5);
    place(tokens.goblin, 20, 20);
    const glass = world.addTile({ x: 7, y: 5, width: 1, height: 1 }, material("glass"));
    try {
      await asObject(ogre, true);
      const m = await attack(alice, "Brutal Slam", [tokens.ogre], [9, 8]);
      expect(await move(m, 4)).toBe(true);
      expect(at(tokens.ogre)).toEqual([6, 5]);
      expect(glass.hidden).toBe(true);
      expect(flagsOf(glass).damage).toBe(3);
      expect(await move(m, 0, "undo")).toBe(true);
      expect(glass.hidden).toBe(false);
      expect(flagsOf(glass).damage).toBe(0);
      // The Ogre as a creature: the glass costs 1 square (L6970), the Ogre goes on to 9,5.
      await asObject(ogre, false);
      const c = await attack(alice, "Brutal Slam", [tokens.ogre], [9, 8]);
      expect(await world.as(alice, () => requestForcedMove({ messageId: c.id, key: tokens.ogre.uuid, action: "move", squares: 4 }, cardServices))).toBe(true);
      expect(at(tokens.ogre)).toEqual([8, 5]);
      expect(flagsOf(glass).broken).toEqual(["7,5"]);
    } finally {
      clearTiles();
      await asObject(ogre, false);
    }
  });
});

// Underwater combat (seed 004, L7249), objects (L6544) and forced move damage immunity (L7172) on the
// strict multi-client world: the Director or a creature's owner marks it underwater from the Token
// HUD's status (an Active Effect on its actor), the GM's client reads the mark when it applies a card
// or a collision, and a player cannot mark her target.
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { abilityItem, checkAfterEach, d10, setupTable, staminaOf } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage, WorldToken, WorldUser } from "../harness/world.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";

const t: Table = await setupTable();
const GRID = t.world.scene.grid.size;
const place = (token: WorldToken, x: number, y: number) => Object.assign(token, { x: x * GRID, y: y * GRID });
const { world, gm, alice, korva, ogre, goblin, tokens } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestCardAction } = await import("../../src/documents/ability-results.ts");
const { requestForcedMove } = await import("../../src/canvas/forced-movement.ts");
const { creatureState } = await import("../../src/documents/ability-use.ts");
const { rollModifiers } = await import("../../src/rules/index.ts");

// The Director's Storm Eel, whose abilities deal lightning and poison damage (the table's own have none).
const typed = (name: string, type: string, damage: number[]) => abilityItem({
  name, keywords: ["attack", "magic", "ranged"], type: "action", power: { kind: "ability", characteristics: ["might"] },
  tiers: damage.map((n) => ({ damage: { value: String(n), type }, forced: [], conditions: [], text: "" })), effect: "",
});
const eel = world.addActor({
  name: "Storm Eel", type: "monster",
  system: { characteristics: { might: 2, agility: 1, reason: -1, intuition: 1, presence: 0 }, stamina: { value: 20, max: 20, temporary: 0 }, stability: 0 },
  items: [typed("Storm Lash", "lightning", [2, 3, 4]), typed("Venom Spit", "poison", [3, 5, 7])],
});
const eelToken = world.addToken(eel, -1);
place(eelToken, 40, 40);

const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
const useOf = (m: WorldMessage) => (m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse;

async function use(user: WorldUser, actor: WorldActor, ability: string, target: WorldToken, faces: number[]): Promise<WorldMessage> {
  harness.fixRandom(d10(...faces));
  return await world.as(user, async () => {
    user.targets = new Set([target]);
    return useAbilityByUuid(item(actor, ability).uuid, true);
  }) as unknown as WorldMessage;
}
const apply = (user: WorldUser, m: WorldMessage, target: WorldToken) =>
  world.as(user, () => requestCardAction({ messageId: m.id, action: "apply", key: target.uuid }, cardServices));
const undo = (m: WorldMessage, target: WorldToken) =>
  world.as(gm, () => requestCardAction({ messageId: m.id, action: "undo", key: target.uuid }, cardServices));
const mark = (user: WorldUser, actor: WorldActor, status: string, active: boolean) =>
  world.as(user, () => actor.toggleStatusEffect(status, { active }));

checkAfterEach(world, { honest: false });

describe("underwater combat (L7249)", () => {
  it("is a Token HUD status on Draw Steel's creatures, with a localised name", () => {
    const entry = (harness.CONFIG.statusEffects as { id: string; name: string; hud?: unknown }[]).find((s) => s.id === "underwater");
    expect(entry).toMatchObject({ name: "SE.Environment.underwater", hud: { actorTypes: ["hero", "monster"] } });
    expect(world.as(gm, () => game.i18n!.localize(entry!.name))).toBe("Underwater");
  });

  it("gives a submerged creature fire immunity 5 when the GM applies a player's fire card; a player cannot mark her target", async () => {
    // Alice may not mark the Director's goblin: the server refuses her Active Effect on it.
    await expect(mark(alice, goblin, "underwater", true)).rejects.toThrow();
    expect(world.refused.length).toBeGreaterThan(0);
    expect(goblin.statuses.has("underwater")).toBe(false);
    world.refused.length = 0;
    const before = staminaOf(goblin);
    // Flame Burst, 5 + 5 + Reason 2 = 12: tier 2, 4 fire damage.
    const dry = await use(alice, korva, "Flame Burst", tokens.goblin, [5, 5]);
    expect(await apply(alice, dry, tokens.goblin)).toBe(true);
    expect(staminaOf(goblin).value).toBe(before.value - 4);
    await undo(dry, tokens.goblin);
    await mark(gm, goblin, "underwater", true);
    const wet = await use(alice, korva, "Flame Burst", tokens.goblin, [5, 5]);
    expect(await apply(alice, wet, tokens.goblin)).toBe(true);
    expect(staminaOf(goblin).value).toBe(before.value); // 4 fire - immunity 5 = 0
    expect(useOf(wet).targets[0]!.applied).toMatchObject({ dealt: 0 });
    await undo(wet, tokens.goblin);
    await mark(gm, goblin, "underwater", false);
  });

  it("gives lightning weakness 5 (L7249)", async () => {
    await mark(gm, goblin, "underwater", true);
    const before = staminaOf(goblin);
    // The eel's Might 2 + 3 + 3 = 8: tier 1, 2 lightning, +5 underwater = 7.
    const m = await use(gm, eel, "Storm Lash", tokens.goblin, [3, 3]);
    expect(await apply(gm, m, tokens.goblin)).toBe(true);
    expect(staminaOf(goblin).value).toBe(before.value - 7);
    await undo(m, tokens.goblin);
    await mark(gm, goblin, "underwater", false);
  });

  it("puts a bane on every power roll of a creature without a swim speed, none with one", async () => {
    await mark(alice, korva, "underwater", true); // her own hero: Alice may mark it
    const test = world.as(alice, () => rollModifiers({ kind: "test", roller: creatureState(korva.uuid, korva as never) }));
    expect(test).toMatchObject({ banes: 1, reasons: [{ reason: "underwater", edges: 0, banes: 1 }] });
    await mark(alice, korva, "underwater", false);
    await mark(gm, goblin, "underwater", true);
    (goblin.system as { movement: Set<string> }).movement = new Set(["walk", "swim"]);
    expect(world.as(gm, () => rollModifiers({ kind: "test", roller: creatureState(goblin.uuid, goblin as never) })).banes).toBe(0);
    (goblin.system as { movement: Set<string> }).movement = new Set(["walk"]);
    expect(world.as(gm, () => rollModifiers({ kind: "test", roller: creatureState(goblin.uuid, goblin as never) })).banes).toBe(1);
    await mark(gm, goblin, "underwater", false);
  });
});

describe("a hero's climb and swim speeds (L6858)", () => {
  it("are hers to set; swimming then costs a square a square and takes no bane underwater", async () => {
    const actions = (harness.CONFIG.Token as { movement: { actions: Record<string, { getCostFunction?: (t: unknown) => (c: number) => number }> } })
      .movement.actions;
    const cost = (kind: string) => actions[kind]!.getCostFunction!({ actor: korva })(5);
    expect([cost("swim"), cost("climb")]).toEqual([10, 10]);
    await world.as(alice, () => korva.update({ "system.movement": ["walk", "swim", "climb"] }));
    expect([...(korva.system.movement as Iterable<string>)].sort()).toEqual(["climb", "swim", "walk"]);
    expect([cost("swim"), cost("climb")]).toEqual([5, 5]);
    await mark(alice, korva, "underwater", true);
    expect(world.as(alice, () => rollModifiers({ kind: "test", roller: creatureState(korva.uuid, korva as never) })).banes).toBe(0);
    await mark(alice, korva, "underwater", false);
    // Only the movement types the rules know are kept.
    await world.as(alice, () => korva.update({ "system.movement": ["warp"] })).catch(() => undefined);
    expect([...(korva.system.movement as Iterable<string>)]).not.toContain("warp");
    await world.as(alice, () => korva.update({ "system.movement": [] }));
  });
});

describe("objects (L6544)", () => {
  it("a monster the Director keys as an Object takes no poison or psychic damage", async () => {
    await world.as(gm, () => goblin.update({ "system.keywords": ["Object"] }));
    const before = staminaOf(goblin);
    const m = await use(gm, eel, "Venom Spit", tokens.goblin, [3, 3]);
    expect(await apply(gm, m, tokens.goblin)).toBe(true);
    expect(staminaOf(goblin).value).toBe(before.value);
    await world.as(gm, () => goblin.update({ "system.keywords": [] }));
    const creature = await use(gm, eel, "Venom Spit", tokens.goblin, [3, 3]);
    expect(await apply(gm, creature, tokens.goblin)).toBe(true);
    expect(staminaOf(goblin).value).toBe(before.value - 3);
    await undo(creature, tokens.goblin);
    await undo(m, tokens.goblin);
  });
});

describe("forced move damage immunity (L7172)", () => {
  it("reduces the collision damage the GM applies to a creature that has it, and only that", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.ogre, 5, 5);
    place(tokens.goblin, 7, 5);
    await world.as(gm, () => goblin.update({ "system.immunities": [{ key: "forced", value: 2 }] }));
    expect(goblin.system.immunities).toEqual([{ key: "forced", value: 2 }]);
    const goblinBefore = staminaOf(goblin);
    const ogreBefore = staminaOf(ogre);
    harness.fixRandom(d10(9, 8));
    const m = await world.as(alice, async () => {
      alice.targets = new Set([tokens.ogre]);
      return useAbilityByUuid(item(korva, "Brutal Slam").uuid, true);
    }) as unknown as WorldMessage;
    expect(await world.as(alice, () => requestForcedMove({ messageId: m.id, key: tokens.ogre.uuid, action: "move", squares: 4 }, cardServices))).toBe(true);
    // One square, then the goblin: 3 damage to each; the goblin's forced move immunity 2 leaves 1.
    expect(useOf(m).targets[0]!.moved).toMatchObject({ squares: 1, damage: 3, slammed: ["Goblin"] });
    expect(staminaOf(goblin).value).toBe(goblinBefore.value - 1);
    const ogreAfter = staminaOf(ogre);
    expect(ogreAfter.value + ogreAfter.temporary).toBe(ogreBefore.value + ogreBefore.temporary - 3);
    expect(await world.as(alice, () => requestForcedMove({ messageId: m.id, key: tokens.ogre.uuid, action: "undo" }, cardServices))).toBe(true);
    expect(staminaOf(goblin)).toEqual(goblinBefore);
    // It does not reduce other damage: Flame Burst's 4 fire lands whole.
    const fire = await use(alice, korva, "Flame Burst", tokens.goblin, [5, 5]);
    expect(await apply(alice, fire, tokens.goblin)).toBe(true);
    expect(staminaOf(goblin).value).toBe(goblinBefore.value - 4);
    await undo(fire, tokens.goblin);
    await world.as(gm, () => goblin.update({ "system.immunities": [] }));
  });
});

// Forced movement from an ability card on the strict multi-client world: the roller pushes a target
// through the GM, the token moves on the scene's grid by the rules (stability, collisions), a
// collision hurts both creatures, undo puts everything back, and nobody else can move it.
import { afterEach, describe, expect, it } from "vitest";
import { harness, looksLikeRawKey } from "../harness/foundry.ts";
import { answerApprovals, d10, setupTable, staminaOf } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage, WorldToken, WorldUser } from "../harness/world.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, korva, ogre, goblin, tokens } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestForcedMove } = await import("../../src/canvas/forced-movement.ts");

const GRID = world.scene.grid.size;
const place = (token: WorldToken, x: number, y: number) => Object.assign(token, { x: x * GRID, y: y * GRID });
const at = (token: WorldToken) => [token.x / GRID, token.y / GRID];
const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
const useOf = (m: WorldMessage) => (m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse;
const shownTo = (user: WorldUser) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);

/** Korva's Brutal Slam on the Ogre with these faces (tier 3: push 4; tier 2: push 2). */
async function slam(faces: number[]): Promise<WorldMessage> {
  harness.fixRandom(d10(...faces));
  return await world.as(alice, async () => {
    alice.targets = new Set([tokens.ogre]);
    return useAbilityByUuid(item(korva, "Brutal Slam").uuid, true);
  }) as unknown as WorldMessage;
}
const move = (user: WorldUser, m: WorldMessage, squares: number, action: "move" | "undo" = "move") =>
  world.as(user, () => requestForcedMove({ messageId: m.id, key: tokens.ogre.uuid, action, squares }, cardServices));

afterEach(async () => {
  await world.settle();
  expect(world.shown.filter((s) => looksLikeRawKey(s.shown))).toEqual([]);
  expect(harness.hooks.errors).toEqual([]);
  world.shown.length = 0;
  world.refused.length = 0;
  for (const token of world.tokens.values()) place(token, 30, 30);
});

describe("forced movement from a card (L6920–6950)", () => {
  it("pushes the target straight away from the roller, the squares the roller chooses, through the GM", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.ogre, 5, 5);
    place(tokens.goblin, 20, 20);
    const m = await slam([9, 8]); // 17 + 2 + kit: tier 3, push 4
    expect(await move(bob, m, 3)).toBe(false); // not Bob's card
    expect(shownTo(bob)).toEqual(["You may not move Ogre."]);
    expect(at(tokens.ogre)).toEqual([5, 5]);
    expect(await move(alice, m, 5)).toBe(false); // more than the tier allows
    expect(await move(alice, m, 3)).toBe(true);
    expect(at(tokens.ogre)).toEqual([8, 5]);
    expect(useOf(m).targets[0]!.moved).toEqual({ squares: 3, damage: 0, slammed: [] });
    expect(m.content).toContain("Moved 3 squares");
    // Once: a second push is refused; undo puts the Ogre back.
    expect(await move(alice, m, 1)).toBe(false);
    expect(await move(alice, m, 0, "undo")).toBe(true);
    expect(at(tokens.ogre)).toEqual([5, 5]);
    expect(useOf(m).targets[0]!.moved).toBeNull();
  });

  it("stops at a creature in the way and hurts both, 1 per square left (L6946); undo heals both", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.ogre, 5, 5);
    place(tokens.goblin, 7, 5);
    const ogreBefore = staminaOf(ogre);
    const goblinBefore = staminaOf(goblin);
    const m = await slam([9, 8]);
    // Nothing to put back yet: the GM is told so.
    expect(await world.as(gm, () => requestForcedMove({ messageId: m.id, key: tokens.ogre.uuid, action: "undo" }, cardServices))).toBe(false);
    expect(shownTo(gm)).toEqual(["Ogre was not moved from this card."]);
    world.shown.length = 0;
    expect(await move(alice, m, 4)).toBe(true);
    expect(at(tokens.ogre)).toEqual([6, 5]); // one square, then the goblin
    expect(useOf(m).targets[0]!.moved).toEqual({ squares: 1, damage: 3, slammed: ["Goblin"] });
    expect(m.content).toContain("Moved 1 square, then slammed into Goblin: 3 damage to each.");
    expect(staminaOf(goblin).value).toBe(goblinBefore.value - 3);
    const ogreAfter = staminaOf(ogre);
    expect(ogreAfter.value + ogreAfter.temporary).toBe(ogreBefore.value + ogreBefore.temporary - 3);
    expect(await move(alice, m, 0, "undo")).toBe(true);
    expect(at(tokens.ogre)).toEqual([5, 5]);
    expect(staminaOf(goblin)).toEqual(goblinBefore);
    expect(staminaOf(ogre)).toEqual(ogreBefore);
  });

  it("a larger creature pushed into two smaller ones hurts each of them once; undo gives each back what it took (L6948)", async () => {
    // Korva and the Ogre are size 2 for this push; the Goblin and Ryn stand side by side in the Ogre's way.
    Object.assign(tokens.korva, { width: 2, height: 2 });
    Object.assign(tokens.ogre, { width: 2, height: 2 });
    try {
      place(tokens.korva, 3, 5);
      place(tokens.ogre, 5, 5);
      place(tokens.goblin, 8, 5);
      place(tokens.ryn, 8, 6);
      const before = { ogre: staminaOf(ogre), goblin: staminaOf(goblin), ryn: staminaOf(t.ryn) };
      const m = await slam([9, 8]); // push 4: one square, then 3 left
      expect(await move(alice, m, 4)).toBe(true);
      expect(at(tokens.ogre)).toEqual([6, 5]);
      // Both named, in the scene's token order.
      const moved = useOf(m).targets[0]!.moved!;
      expect({ ...moved, slammed: [...(moved.slammed as string[])].sort() }).toEqual({ squares: 1, damage: 3, slammed: ["Goblin", "Ryn"] });
      expect(m.content).toMatch(/Moved 1 square, then slammed into (Goblin and Ryn|Ryn and Goblin): 3 damage to each\./);
      expect(staminaOf(goblin).value).toBe(before.goblin.value - 3);
      const ryn = staminaOf(t.ryn);
      expect(ryn.value + ryn.temporary).toBe(before.ryn.value + before.ryn.temporary - 3);
      const ogreAfter = staminaOf(ogre);
      expect(ogreAfter.value + ogreAfter.temporary).toBe(before.ogre.value + before.ogre.temporary - 3); // once, not per creature
      expect(await move(alice, m, 0, "undo")).toBe(true);
      expect([staminaOf(ogre), staminaOf(goblin), staminaOf(t.ryn)]).toEqual([before.ogre, before.goblin, before.ryn]);
    } finally {
      Object.assign(tokens.korva, { width: 1, height: 1 });
      Object.assign(tokens.ogre, { width: 1, height: 1 });
    }
  });

  it("undo still reads a record written before the list, with one creature slammed into", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.ogre, 5, 5);
    place(tokens.goblin, 7, 5);
    const goblinBefore = staminaOf(goblin);
    const m = await slam([9, 8]);
    expect(await move(alice, m, 4)).toBe(true);
    expect(staminaOf(goblin).value).toBe(goblinBefore.value - 3);
    // The GM's record as the code before the list wrote it: one object.
    const { forcedMovesOf, setForcedMoveRecord } = await import("../../src/settings/forced-moves.ts");
    const [[key, record]] = Object.entries(world.as(gm, () => forcedMovesOf(m.id))) as [[string, { slammed: unknown[] }]];
    expect(record.slammed).toHaveLength(1);
    await world.as(gm, () => setForcedMoveRecord(m.id, key, { ...record, slammed: record.slammed[0] }));
    expect(await move(alice, m, 0, "undo")).toBe(true);
    expect(staminaOf(goblin)).toEqual(goblinBefore);
  });

  it("a grabbed or restrained target is not moved: the GM refuses, the roller is told, the card says why (L6674, L6686)", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.ogre, 5, 5);
    for (const condition of ["grabbed", "restrained"] as const) {
      const effect = await world.as(gm, () => ogre.toggleStatusEffect(condition, { active: true }));
      const m = await slam([9, 8]); // push 4
      expect(await move(alice, m, 3)).toBe(false);
      expect(at(tokens.ogre)).toEqual([5, 5]);
      expect(shownTo(alice)).toEqual([`Ogre is ${condition} and can't be force moved.`]);
      expect(useOf(m).targets[0]!.moved ?? null).toBeNull();
      expect(m.content).toContain(`Ogre is ${condition} and can&#x27;t be force moved.`); // escaped by Handlebars
      // Freed, the same card moves it, and the note goes.
      await world.as(gm, () => (effect as { delete(): Promise<unknown> }).delete());
      world.shown.length = 0;
      expect(await move(alice, m, 3)).toBe(true);
      expect(at(tokens.ogre)).toEqual([8, 5]);
      expect(m.content).not.toContain("be force moved");
      await move(alice, m, 0, "undo");
    }
  });

  it("a grab ends when the grabber is force moved to a space not adjacent to the grabbed creature; undo grabs again (L6676)", async () => {
    // The harness actors stand in for Foundry's (as in test/scenarios/attacker.test.ts).
    const { applyCondition } = await import("../../src/documents/conditions.ts");
    place(tokens.korva, 4, 5);
    place(tokens.ogre, 5, 5);
    place(tokens.goblin, 5, 6); // the Ogre grabs the Goblin below it
    place(tokens.vex, 20, 20);
    await world.as(gm, () => applyCondition(goblin as never, { id: "grabbed", duration: "", sourceUuid: ogre.uuid }));
    await world.as(gm, () => applyCondition(t.vex as never, { id: "grabbed", duration: "", sourceUuid: t.korva.uuid })); // Korva's grab, elsewhere
    // Pushed 1 square, the Ogre still stands diagonally next to the Goblin: the grab holds.
    const near = await slam([9, 8]);
    expect(await move(alice, near, 1)).toBe(true);
    expect(goblin.statuses.has("grabbed")).toBe(true);
    expect(await move(alice, near, 0, "undo")).toBe(true);
    // Pushed 3 squares, it no longer does: the grab ends; another creature's grab does not.
    const far = await slam([9, 8]);
    expect(await move(alice, far, 3)).toBe(true);
    expect(at(tokens.ogre)).toEqual([8, 5]);
    expect(goblin.statuses.has("grabbed")).toBe(false);
    expect(t.vex.statuses.has("grabbed")).toBe(true);
    // Put back, the Ogre holds the Goblin again, by the same effect.
    expect(await move(alice, far, 0, "undo")).toBe(true);
    const again = [...goblin.effects].filter((e) => e.statuses.has("grabbed"));
    expect(again).toHaveLength(1);
    expect((again[0]!.flags["steel-echoes"] as { sourceUuid?: string }).sourceUuid).toBe(ogre.uuid);
    for (const a of [goblin, t.vex]) await world.as(gm, () => a.toggleStatusEffect("grabbed", { active: false }));
  });

  it("subtracts the target's stability from the distance (L6987)", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.ogre, 5, 5);
    (ogre.system as { stability: number }).stability = 3;
    const m = await slam([9, 8]); // push 4, stability 3: 1 square at most
    expect(await move(alice, m, 4)).toBe(true);
    expect(at(tokens.ogre)).toEqual([6, 5]);
    (ogre.system as { stability: number }).stability = 0;
    await move(alice, m, 0, "undo");
  });

  it("stops at a wall that blocks movement, 1 damage per square left (L6956), and undo heals it", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.ogre, 5, 5);
    place(tokens.goblin, 20, 20);
    // A wall down x = 8; a wall that blocks sight only (a curtain, move NONE) at x = 7 does not stop it.
    world.addWall([8, 0, 8, 10]);
    world.addWall([7, 0, 7, 10], { move: 0 });
    try {
      const before = staminaOf(ogre);
      const m = await slam([9, 8]); // push 4
      expect(await move(alice, m, 4)).toBe(true);
      expect(at(tokens.ogre)).toEqual([7, 5]);
      expect(useOf(m).targets[0]!.moved).toEqual({ squares: 2, damage: 2, slammed: [] });
      expect(m.content).toContain("Moved 2 squares, then struck a wall or object: 2 damage.");
      const after = staminaOf(ogre);
      expect(after.value + after.temporary).toBe(before.value + before.temporary - 2);
      expect(await move(alice, m, 0, "undo")).toBe(true);
      expect(staminaOf(ogre)).toEqual(before);
    } finally {
      world.scene.wallList.length = 0;
    }
  });

  it("moves a vertical push up a square a square; a creature left in the air falls and lands prone, and undo puts all back (L6932–6938)", async () => {
    const slamItem = item(korva, "Brutal Slam");
    const system = slamItem.system as { tiers: { forced: { vertical: boolean }[] }[] };
    const tiers = structuredClone(system.tiers);
    system.tiers = tiers.map((t) => ({ ...t, forced: t.forced.map((f) => ({ ...f, vertical: true })) }));
    // A vertical push is not the pack's Brutal Slam: the Director approves the change.
    const approvals = answerApprovals(cardServices, true);
    try {
      place(tokens.korva, 4, 5);
      place(tokens.ogre, 5, 5);
      place(tokens.goblin, 20, 20);
      const before = staminaOf(ogre);
      const m = await slam([9, 8]); // tier 3: vertical push 4
      expect(m.content).toContain("data-se-move-vertical");
      expect(await world.as(alice, () => requestForcedMove({ messageId: m.id, key: tokens.ogre.uuid, action: "move", squares: 4, rise: 1 }, cardServices))).toBe(true);
      expect(at(tokens.ogre)).toEqual([9, 5]);
      expect(tokens.ogre.elevation).toBe(0); // 4 squares up, then it fell
      const after = staminaOf(ogre);
      const agility = Number((ogre.system as { characteristics?: { agility?: number } }).characteristics?.agility) || 0;
      const fall = Math.max(0, 4 - agility) >= 2 ? 2 * (4 - agility) : 0;
      expect(before.value + before.temporary - (after.value + after.temporary)).toBe(fall);
      expect(ogre.statuses.has("prone")).toBe(fall > 0);
      expect(await move(alice, m, 0, "undo")).toBe(true);
      expect([...at(tokens.ogre), tokens.ogre.elevation]).toEqual([5, 5, 0]);
      expect(staminaOf(ogre)).toEqual(before);
      expect(ogre.statuses.has("prone")).toBe(false);
    } finally {
      approvals.restore();
      system.tiers = tiers;
    }
  });

  it("a vertical push that drops the target onto a creature hurts it too, and undo gives it back", async () => {
    const slamItem = item(korva, "Brutal Slam");
    const system = slamItem.system as { tiers: { forced: { vertical: boolean }[] }[] };
    const tiers = structuredClone(system.tiers);
    system.tiers = tiers.map((t) => ({ ...t, forced: t.forced.map((f) => ({ ...f, vertical: true })) }));
    // A vertical push is not the pack's Brutal Slam: the Director approves the change.
    const approvals = answerApprovals(cardServices, true);
    try {
      place(tokens.korva, 4, 5);
      place(tokens.ogre, 5, 5);
      place(tokens.goblin, 9, 5); // where the ogre comes down
      const goblinBefore = staminaOf(goblin);
      const m = await slam([9, 8]);
      expect(await world.as(alice, () => requestForcedMove({ messageId: m.id, key: tokens.ogre.uuid, action: "move", squares: 4, rise: 1 }, cardServices))).toBe(true);
      expect(staminaOf(goblin).value).toBe(goblinBefore.value - 6); // the ogre's fall: 4 − Agility 1 = 3 squares, 6
      expect(at(tokens.ogre)).not.toEqual([9, 5]); // moved off the goblin
      expect(await move(alice, m, 0, "undo")).toBe(true);
      expect(staminaOf(goblin)).toEqual(goblinBefore);
      expect(at(tokens.ogre)).toEqual([5, 5]);
    } finally {
      approvals.restore();
      system.tiers = tiers;
    }
  });

  it("hurls the target through a glass tile, which breaks, and slams it into a stone one; undo mends the glass (L6952–6969)", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.ogre, 5, 5);
    place(tokens.goblin, 20, 20);
    const glass = world.addTile({ x: 6, y: 5, width: 1, height: 1 }, { flags: { "steel-echoes": { material: "glass" } } });
    const stone = world.addTile({ x: 8, y: 4, width: 1, height: 3 }, { flags: { "steel-echoes": { material: "stone" } } });
    try {
      const before = staminaOf(ogre);
      const m = await slam([9, 8]); // push 4
      expect(await move(alice, m, 4)).toBe(true);
      // Glass costs 1 square and 1 damage (3 left), the ogre moves into it (2 left), then on (1 left),
      // then stone holds: 1 damage for the square left.
      expect(at(tokens.ogre)).toEqual([7, 5]);
      const after = staminaOf(ogre);
      expect(before.value + before.temporary - (after.value + after.temporary)).toBe(2);
      expect(glass.flags["steel-echoes"]).toMatchObject({ broken: ["6,5"] });
      expect(glass.hidden).toBe(true); // its only square is broken
      expect(stone.hidden).toBe(false);
      expect(await move(alice, m, 0, "undo")).toBe(true);
      expect(glass.flags["steel-echoes"]).toMatchObject({ broken: [] });
      expect(glass.hidden).toBe(false);
      expect(staminaOf(ogre)).toEqual(before);
    } finally {
      world.scene.tileList.length = 0;
    }
  });

  it("after a level push of a creature standing high, the card offers its fall over the edge; undo puts it back up (L6977–6979)", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.ogre, 5, 5);
    place(tokens.goblin, 20, 20);
    Object.assign(tokens.ogre, { elevation: 15 }); // 3 squares up, walking: on a ledge
    try {
      const before = staminaOf(ogre);
      const m = await slam([9, 8]);
      expect(await move(alice, m, 2)).toBe(true);
      expect(useOf(m).targets[0]!.moved).toMatchObject({ squares: 2, ledge: 3 });
      expect(m.content).toContain("data-se-move-fall");
      const fall = () => world.as(alice, () => requestForcedMove({ messageId: m.id, key: tokens.ogre.uuid, action: "fall" }, cardServices));
      expect(await fall()).toBe(true);
      expect(tokens.ogre.elevation).toBe(0);
      const after = staminaOf(ogre);
      expect(before.value + before.temporary - (after.value + after.temporary)).toBe(4); // 3 − Agility 1 = 2 squares: 4
      expect(ogre.statuses.has("prone")).toBe(true);
      expect(m.content).toContain("It fell 3 squares: 4 damage.");
      expect(m.content).not.toContain("data-se-move-fall");
      expect(await fall()).toBe(false); // once
      expect(await move(alice, m, 0, "undo")).toBe(true);
      expect([...at(tokens.ogre), tokens.ogre.elevation]).toEqual([5, 5, 15]);
      expect(staminaOf(ogre)).toEqual(before);
      expect(ogre.statuses.has("prone")).toBe(false);
      // A flying creature pushed level is not offered a fall.
      tokens.ogre.movementAction = "fly";
      const m2 = await slam([9, 8]);
      expect(await move(alice, m2, 2)).toBe(true);
      expect(useOf(m2).targets[0]!.moved!.ledge).toBeUndefined();
      await move(alice, m2, 0, "undo");
    } finally {
      Object.assign(tokens.ogre, { elevation: 0, movementAction: "walk" });
    }
  });
});


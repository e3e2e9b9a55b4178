// Placing a cube by clicking its centre square (src/canvas/area-placement.ts), on the strict
// multi-client world with a canvas stand-in: the click's square, the creatures targeted in the cube,
// the region the GM draws, and a cube too far or behind a wall placing nothing.
import { afterEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { answerApprovals, answerDialog, d10, setupTable } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage, WorldToken } from "../harness/world.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";

const { world, gm, alice, korva, tokens } = await setupTable();
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
// These tests give Korva's Flame Burst areas the pack's version does not have: the Director
// approves each changed version when asked (src/documents/ability-approval.ts).
answerApprovals(cardServices, true);
const { pickSquare } = await import("../../src/canvas/area-placement.ts");

const GRID = 100;
type Handler = (event: { button?: number; getLocalPosition?: () => { x: number; y: number } }) => void;
/**
 * v13's canvas as the placement reads it (client/canvas/board.mjs): ready, the grid's pixel size, the
 * token layer's placeables, and the stage, a PIXI 7 container whose `on`/`off` register federated
 * pointer-event handlers (eventemitter3). `click` fires them as PIXI would.
 */
function installCanvas() {
  const handlers = new Map<string, Set<Handler>>();
  const stage = {
    on: (type: string, fn: Handler) => handlers.set(type, (handlers.get(type) ?? new Set()).add(fn)),
    off: (type: string, fn: Handler) => handlers.get(type)?.delete(fn),
  };
  (globalThis as Record<string, unknown>).canvas = {
    ready: true, grid: { size: GRID }, scene: { grid: { distance: 5 } }, stage,
    tokens: { placeables: [...world.tokens.values()], controlled: [] },
  };
  return {
    count: (type: string) => handlers.get(type)?.size ?? 0,
    /**
     * A redraw as v13 makes it (client/canvas/board.mjs): `Canvas#tearDown` calls the
     * `canvasTearDown` hook, then the new draw's `Canvas#addListeners` begins with
     * `this.stage.removeAllListeners()`.
     */
    redraw: () => {
      harness.hooks.callAll("canvasTearDown", (globalThis as Record<string, unknown>).canvas);
      handlers.clear();
    },
    click: (x: number, y: number, button = 0) => {
      for (const fn of [...(handlers.get("pointerdown") ?? [])]) fn({ button, getLocalPosition: () => ({ x, y }) });
      if (button === 2) for (const fn of [...(handlers.get("rightdown") ?? [])]) fn({ button });
    },
  };
}
/**
 * A tick, then until the placement listens for clicks: using the ability first loads the chat cards'
 * chunk (src/applications/chat/lazy-chat.ts) and the placement's, so the listener may come a few ticks on.
 */
async function untilListening(board: ReturnType<typeof installCanvas>): Promise<void> {
  await new Promise((r) => setTimeout(r, 0));
  for (let i = 0; i < 500 && !board.count("pointerdown"); i++) await new Promise((r) => setTimeout(r, 0));
}
const place = (token: WorldToken, x: number, y: number) => Object.assign(token, { x: x * GRID, y: y * GRID });
const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
const fireball = item(korva, "Flame Burst");
Object.assign(fireball.system as object, { distance: { kind: "cube", primary: 3, secondary: 0, within: 5, text: "3 cube within 5" }, target: "Each enemy in the area" });
const namesOf = (m: WorldMessage) => (m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse.targets.map((t) => t.name).sort();
/** Run `fn` with Flame Burst given this area, then put its own back. */
async function withArea(distance: object, fn: () => Promise<void>): Promise<void> {
  const own = structuredClone((fireball.system as { distance: object }).distance);
  Object.assign(fireball.system as object, { distance });
  try {
    await fn();
  } finally {
    Object.assign(fireball.system as object, { distance: own });
  }
}

afterEach(async () => {
  await world.settle();
  for (const r of [...world.scene.regions.contents]) await world.as(gm, () => r.delete());
  world.scene.wallList.length = 0;
  (globalThis as Record<string, unknown>).canvas = null;
  alice.targets = new Set();
  world.shown.length = 0;
  expect(harness.hooks.errors).toEqual([]);
});

describe("pickSquare", () => {
  it("resolves to the clicked square, or null on a right click, and stops listening either way", async () => {
    const board = installCanvas();
    const left = pickSquare();
    board.click(250, 730);
    expect(await left).toEqual({ x: 2, y: 7 });
    const right = pickSquare();
    board.click(250, 730, 2);
    expect(await right).toBeNull();
    expect([board.count("pointerdown"), board.count("rightdown")]).toEqual([0, 0]);
  });

  it("a redraw of the canvas ends the pick as cancelled (its listeners are gone), and a later redraw finds nothing of it", async () => {
    const board = installCanvas();
    const pending = pickSquare();
    board.redraw();
    expect(await Promise.race([pending, new Promise((r) => setTimeout(() => r("still waiting"), 20))])).toBeNull();
    board.redraw();
    expect(harness.hooks.errors).toEqual([]);
  });
});

describe("placing a cube", () => {
  const useFireball = async (board: ReturnType<typeof installCanvas>, x: number, y: number) => {
    harness.fixRandom(d10(5, 5));
    const using = world.as(alice, () => useAbilityByUuid(fireball.uuid, true));
    await untilListening(board);
    board.click(x * GRID + 50, y * GRID + 50);
    const m = await using as unknown as WorldMessage;
    await world.settle();
    return m;
  };

  it("targets the enemies in the cube around the clicked square and the GM draws it", async () => {
    const board = installCanvas();
    place(tokens.korva, 2, 2);
    place(tokens.goblin, 6, 6);
    place(tokens.ogre, 7, 5);
    place(tokens.ryn, 6, 5); // an ally in the cube
    place(tokens.vex, 20, 20);
    const m = await useFireball(board, 6, 6);
    expect(namesOf(m)).toEqual(["Goblin", "Ogre"]);
    const [region] = world.scene.regions.contents;
    expect(region!.shapes).toEqual([{ type: "rectangle", x: 500, y: 500, width: 300, height: 300, rotation: 0, hole: false }]);
    expect(region!.flags["steel-echoes"]).toMatchObject({ area: { kind: "cube", distance: 3 } });
  });

  it("places nothing out of its distance or behind a wall, and says why", async () => {
    const board = installCanvas();
    place(tokens.korva, 2, 2);
    place(tokens.goblin, 12, 12);
    const far = await useFireball(board, 12, 12);
    expect(namesOf(far)).toEqual([]);
    expect(world.shown.map((s) => s.shown)).toContain("Flame Burst's area must be within 5 of you.");
    world.addWall([4, 0, 4, 20]);
    const walled = await useFireball(board, 6, 2);
    expect(namesOf(walled)).toEqual([]);
    expect(world.shown.map((s) => s.shown)).toContain("You have no line of effect to that square: a wall stands in the way.");
    expect(world.scene.regions.contents).toEqual([]);
  });

  it("places a line by its first square and a square it points toward, within its distance", async () => {
    const board = installCanvas();
    const cube = structuredClone((fireball.system as { distance: object }).distance);
    Object.assign(fireball.system as object, { distance: { kind: "line", primary: 5, secondary: 1, within: 1, text: "5 × 1 line within 1" } });
    try {
      place(tokens.korva, 2, 2);
      place(tokens.goblin, 5, 3);
      place(tokens.ogre, 7, 3);
      place(tokens.vex, 5, 5);
      harness.fixRandom(d10(5, 5));
      const using = world.as(alice, () => useAbilityByUuid(fireball.uuid, true));
      await untilListening(board);
      board.click(3 * GRID + 10, 3 * GRID + 10); // the first square, diagonally beside Korva
      await new Promise((r) => setTimeout(r, 0));
      board.click(12 * GRID + 10, 3 * GRID + 10); // eastward
      const m = await using as unknown as WorldMessage;
      await world.settle();
      expect(namesOf(m)).toEqual(["Goblin", "Ogre"]);
      const [region] = world.scene.regions.contents;
      expect(region!.shapes).toEqual([{ type: "rectangle", x: 300, y: 300, width: 500, height: 100, rotation: 0, hole: false }]);
      expect(region!.flags["steel-echoes"]).toMatchObject({ area: { kind: "line", distance: 5 } });
    } finally {
      Object.assign(fireball.system as object, { distance: cube });
    }
  });

  it("reaches farther with the kit's distance bonus when the ability is Ranged and Magic (L4687–4693)", async () => {
    const board = installCanvas();
    const system = fireball.system as { keywords: Set<string> | string[] };
    const keywords = system.keywords;
    const kit = [...korva.items].find((i) => i.type === "kit")!.system as { bonuses: { distance: number } };
    const before = kit.bonuses;
    system.keywords = [...keywords, "ranged"];
    kit.bonuses = { ...before, distance: 5 };
    try {
      place(tokens.korva, 2, 2);
      place(tokens.goblin, 12, 12);
      const m = await useFireball(board, 12, 12); // 9 squares away: within 5 + 5
      expect(namesOf(m)).toEqual(["Goblin"]);
    } finally {
      system.keywords = keywords;
      kit.bonuses = before;
    }
  });

  it("a redraw in the middle of a wall ends it unbuilt, with the squares chosen so far", async () => {
    const board = installCanvas();
    await withArea({ kind: "wall", primary: 3, secondary: 0, within: 5, text: "3 wall within 5" }, async () => {
      place(tokens.korva, 2, 2);
      harness.fixRandom(d10(5, 5));
      const using = world.as(alice, () => useAbilityByUuid(fireball.uuid, true));
      await untilListening(board);
      board.click(5 * GRID + 50, 1 * GRID + 50);
      await new Promise((r) => setTimeout(r, 0));
      board.redraw();
      expect(await Promise.race([using.then(() => "used"), new Promise((r) => setTimeout(() => r("still waiting"), 50))])).toBe("used");
      await world.settle();
      expect(world.scene.regions.contents).toEqual([]);
      expect(world.scene.wallList).toEqual([]);
    });
  });

  it("builds a wall square by square beside the last, raises walls on its outline, and takes them away with its region (L6527)", async () => {
    const board = installCanvas();
    const before = structuredClone((fireball.system as { distance: object }).distance);
    Object.assign(fireball.system as object, { distance: { kind: "wall", primary: 3, secondary: 0, within: 5, text: "3 wall within 5" } });
    try {
      place(tokens.korva, 2, 2);
      place(tokens.goblin, 20, 20);
      harness.fixRandom(d10(5, 5));
      const using = world.as(alice, () => useAbilityByUuid(fireball.uuid, true));
      const click = async (x: number, y: number, button = 0) => {
        await untilListening(board);
        board.click(x * GRID + 50, y * GRID + 50, button);
      };
      await click(5, 1);
      await click(6, 3); // only a corner away from nothing chosen beside it: ignored
      await click(5, 2);
      await click(5, 3);
      await using;
      await world.settle();
      expect(world.shown.map((s) => s.shown)).toContain("Flame Burst's wall is at most 3 squares, each sharing a side with another.");
      const [region] = world.scene.regions.contents;
      expect(region!.shapes).toEqual([{ type: "rectangle", x: 500, y: 100, width: 100, height: 300, rotation: 0, hole: false }]);
      expect(world.scene.wallList).toHaveLength(8);
      expect(world.scene.wallList.every((w) => (w.flags["steel-echoes"] as { areaRegion?: string }).areaRegion === region!.id)).toBe(true);
      // The wall blocks line of effect: beyond it, a target is flagged in the roll dialog.
      place(tokens.ogre, 8, 2);
      const opened = answerDialog({ characteristic: "might" });
      alice.targets = new Set([tokens.ogre]);
      harness.fixRandom(d10(5, 5));
      await world.as(alice, () => useAbilityByUuid(item(korva, "Brutal Slam").uuid, false));
      expect(opened.at(-1)).toContain("No line of effect: a wall stands in the way.");
      // The Director deletes the region: its walls go with it.
      await world.as(gm, () => region!.delete());
      await world.settle();
      expect(world.scene.wallList).toEqual([]);
    } finally {
      Object.assign(fireball.system as object, { distance: before });
    }
  });
});

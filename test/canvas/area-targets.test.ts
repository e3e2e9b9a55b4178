// A burst or aura used with nothing targeted targets the creatures its line names around the user's
// token (src/canvas/area-targets.ts), on a canvas stand-in; the kit's area bonus widens it.
import { afterEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { answerDialog, d10, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage, WorldToken } from "../harness/world.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";

const t: Table = await setupTable();
const { world, alice, korva, tokens } = t;
const { useAbilityByUuid } = await import("../../src/applications/chat/ability-card.ts");

const GRID = 100;
/** v13's canvas as the workflow reads it (client/canvas/board.mjs): ready, the grid's pixel size, the token layer's placeables. */
function installCanvas() {
  (globalThis as Record<string, unknown>).canvas = {
    ready: true, grid: { size: GRID }, scene: { grid: { distance: 5 } },
    tokens: { placeables: [...world.tokens.values()], controlled: [] },
  };
}
const place = (token: WorldToken, x: number, y: number) => Object.assign(token, { x: x * GRID, y: y * GRID });
const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
const flameBurst = item(korva, "Flame Burst");
Object.assign(flameBurst.system as object, { distance: { kind: "burst", primary: 1, secondary: 0, within: 0, text: "1 burst" }, target: "Each enemy in the burst" });

afterEach(async () => {
  await world.settle();
  (globalThis as Record<string, unknown>).canvas = null;
  alice.targets = new Set();
  expect(harness.hooks.errors).toEqual([]);
});

describe("area targeting", () => {
  it("targets each enemy within the burst when nothing is targeted, and the card lists them", async () => {
    installCanvas();
    place(tokens.korva, 5, 5);
    place(tokens.goblin, 6, 6); // adjacent diagonally: in a 1 burst
    place(tokens.ogre, 8, 5); // 3 squares away: in the burst only with the kit's area bonus
    place(tokens.ryn, 4, 5); // an ally: not an enemy
    place(tokens.vex, 20, 20);
    harness.fixRandom(d10(5, 5));
    const m = await world.as(alice, () => useAbilityByUuid(flameBurst.uuid, true)) as unknown as WorldMessage;
    const use = (m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse;
    expect(use.targets.map((x) => x.name)).toEqual(["Goblin"]);
    expect(world.shown.filter((s) => s.user === alice.name).map((s) => s.shown)).toContain("Targeted 1 in the area (distance 1); target by hand to change them.");
  });

  it("leaves the user's own targets alone", async () => {
    installCanvas();
    place(tokens.korva, 5, 5);
    place(tokens.goblin, 6, 6);
    alice.targets = new Set([tokens.ogre]);
    harness.fixRandom(d10(5, 5));
    const m = await world.as(alice, () => useAbilityByUuid(flameBurst.uuid, true)) as unknown as WorldMessage;
    expect((m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse.targets.map((x) => x.name)).toEqual(["Ogre"]);
  });
  it("widens the burst by the kit's area bonus", async () => {
    installCanvas();
    place(tokens.korva, 5, 5);
    place(tokens.goblin, 6, 6);
    place(tokens.ogre, 8, 5);
    const kit = item(korva, "Mountain").system as { bonuses: object };
    const before = kit.bonuses;
    kit.bonuses = { ...before, area: 2 };
    harness.fixRandom(d10(5, 5));
    const m = await world.as(alice, () => useAbilityByUuid(flameBurst.uuid, true)) as unknown as WorldMessage;
    kit.bonuses = before;
    expect((m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse.targets.map((x) => x.name).sort()).toEqual(["Goblin", "Ogre"]);
  });

  it("does not reach a creature behind a wall, and a door that stands open lets it through (L6519)", async () => {
    installCanvas();
    place(tokens.korva, 5, 5);
    place(tokens.goblin, 6, 6);
    place(tokens.ogre, 4, 4);
    // A wall down the line x = 5 from y = 0 to y = 10 stands between Korva and the ogre.
    const wall = world.addWall([5, 0, 5, 10], { door: 1, ds: 0 });
    try {
      harness.fixRandom(d10(5, 5));
      const shut = await world.as(alice, () => useAbilityByUuid(flameBurst.uuid, true)) as unknown as WorldMessage;
      expect((shut.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse.targets.map((x) => x.name)).toEqual(["Goblin"]);
      alice.targets = new Set();
      wall.ds = 1;
      harness.fixRandom(d10(5, 5));
      const open = await world.as(alice, () => useAbilityByUuid(flameBurst.uuid, true)) as unknown as WorldMessage;
      expect((open.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse.targets.map((x) => x.name).sort()).toEqual(["Goblin", "Ogre"]);
    } finally {
      world.scene.wallList.length = 0;
    }
  });

  it("warns in the roll dialog of a target behind a wall (L6646), and the user may still roll against it", async () => {
    installCanvas();
    place(tokens.korva, 5, 5);
    place(tokens.ogre, 2, 5);
    place(tokens.goblin, 7, 5);
    world.addWall([4, 0, 4, 10]);
    try {
      const opened = answerDialog({ characteristic: "might" });
      alice.targets = new Set([tokens.ogre, tokens.goblin]);
      harness.fixRandom(d10(5, 5));
      const m = await world.as(alice, () => useAbilityByUuid(item(korva, "Brutal Slam").uuid, false)) as unknown as WorldMessage;
      const rows = opened.at(-1)!.split("<tr>").slice(2);
      expect(rows[0]).toContain("Ogre");
      expect(rows[0]).toContain("No line of effect: a wall stands in the way.");
      expect(rows[1]).toContain("Goblin");
      expect(rows[1]).not.toContain("No line of effect");
      expect((m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse.targets.map((x) => x.name)).toEqual(["Ogre", "Goblin"]);
    } finally {
      world.scene.wallList.length = 0;
    }
  });
});

// A burst's or an aura's area on the map as a Scene Region (src/canvas/area-regions.ts), on the
// strict multi-client world: the GM's client draws it for a player through the relay, exactly the
// seed's squares; an aura used again replaces its region and follows its token; nobody draws an
// area for a creature they do not own; the world setting turns it off.
import { afterEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { answerApprovals, d10, setupTable } from "../fixtures/world.ts";
import type { WorldActor, WorldToken } from "../harness/world.ts";

const { world, gm, alice, mallory, korva, tokens } = await setupTable();
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
// These tests give Korva's Flame Burst areas the pack's version does not have: the Director
// approves each changed version when asked (src/documents/ability-approval.ts).
answerApprovals(cardServices, true);
const { askGM } = await import("../../src/documents/relay.ts");
const { AREA_REGION_RELAY } = await import("../../src/canvas/area-regions.ts");

const GRID = world.scene.grid.size;
const place = (token: WorldToken, x: number, y: number) => Object.assign(token, { x: x * GRID, y: y * GRID });
const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
const flameBurst = item(korva, "Flame Burst");
const setArea = (kind: string, primary: number) =>
  Object.assign(flameBurst.system as object, { distance: { kind, primary, secondary: 0, within: 0, text: `${primary} ${kind}` }, target: "Each enemy in the area" });
const regions = () => world.scene.regions.contents;
const squaresOf = (shapes: Record<string, number | string | boolean>[]) => {
  const out: string[] = [];
  for (const s of shapes) {
    for (let y = Number(s.y) / GRID; y < (Number(s.y) + Number(s.height)) / GRID; y++) {
      for (let x = Number(s.x) / GRID; x < (Number(s.x) + Number(s.width)) / GRID; x++) out.push(`${x},${y}`);
    }
  }
  return out.sort();
};
const use = async () => {
  harness.fixRandom(d10(5, 5));
  await world.as(alice, () => useAbilityByUuid(flameBurst.uuid, true));
  await world.settle();
};

afterEach(async () => {
  await world.settle();
  for (const r of [...regions()]) await world.as(gm, () => r.delete());
  alice.targets = new Set();
  world.shown.length = 0;
  expect(harness.hooks.errors).toEqual([]);
});

describe("ability areas as regions", () => {
  it("draws a player's burst through the GM: every square within the distance of the user's space, seen by all", async () => {
    setArea("burst", 1);
    place(tokens.korva, 5, 5);
    await use();
    const [region, ...more] = regions();
    expect(more).toEqual([]);
    expect(region!.name).toBe("Flame Burst (Korva)");
    expect(region!.visibility).toBe(2);
    expect(region!.flags["steel-echoes"]).toEqual({ area: { kind: "burst", distance: 1, tokenUuid: tokens.korva.uuid, itemUuid: flameBurst.uuid } });
    const ring = ["4,4", "5,4", "6,4", "4,5", "6,5", "4,6", "5,6", "6,6"].sort();
    expect(squaresOf(region!.shapes as never)).toEqual(ring);
    // Each use of a burst draws its own region.
    await use();
    expect(regions()).toHaveLength(2);
  });

  it("replaces an aura's region when it is used again, and moves it with its token", async () => {
    setArea("aura", 2);
    place(tokens.korva, 5, 5);
    await use();
    await use();
    expect(regions()).toHaveLength(1);
    await world.as(alice, () => tokens.korva.update({ x: 8 * GRID, y: 5 * GRID }));
    await world.settle();
    const squares = squaresOf(regions()[0]!.shapes as never);
    expect(squares).toHaveLength(24); // a 5 × 5 block less Korva's own square
    expect(squares).toContain("10,7");
    expect(squares).not.toContain("8,5");
    expect(squares).not.toContain("5,5");
  });

  it("draws nothing for a player who does not own the creature, whatever they ask", async () => {
    setArea("aura", 2);
    place(tokens.korva, 5, 5);
    expect(await world.as(mallory, () => askGM(AREA_REGION_RELAY, { itemUuid: flameBurst.uuid, tokenUuid: tokens.korva.uuid }))).toBe(false);
    await world.settle();
    expect(world.shown.filter((s) => s.user === mallory.name).map((s) => s.shown)).toEqual(["You may not place Flame Burst's area."]);
    // A player cannot create a region on their own either.
    await expect(world.as(alice, () => world.scene.createEmbeddedDocuments("Region", [{ name: "x" }]))).rejects.toThrow(/lacks permission/);
    expect(regions()).toEqual([]);
  });

  it("draws nothing when the world setting is off", async () => {
    setArea("burst", 1);
    place(tokens.korva, 5, 5);
    await world.as(gm, () => game.settings!.set("steel-echoes", "areaRegions", false));
    await use();
    await world.as(gm, () => game.settings!.set("steel-echoes", "areaRegions", true));
    expect(regions()).toEqual([]);
  });
});

// Moving without sneaking ends hiding (seed 004, L6212), on the strict multi-client world: a player
// moves her own hidden hero, and the active GM's client ends the hidden status once; sneaking, or a
// forced movement, keeps it (src/canvas/hidden-movement.ts).
import { afterEach, describe, expect, it, vi } from "vitest";
import { harness } from "../harness/foundry.ts";
import { setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldToken, WorldUser } from "../harness/world.ts";

const t: Table = await setupTable();
const { world, gm, alice, korva, ogre, tokens } = t;

const GRID = world.scene.grid.size;
const moveTo = (user: WorldUser, token: WorldToken, x: number, y: number, options?: Record<string, unknown>) =>
  world.as(user, () => token.update({ x: x * GRID, y: y * GRID }, options));
const hidden = (who: typeof korva) => who.statuses.has("hidden");

afterEach(async () => {
  await world.settle();
  expect(harness.hooks.errors).toEqual([]);
  for (const token of world.tokens.values()) token.movementAction = "walk";
  for (const a of [korva, ogre]) await world.as(gm, () => a.toggleStatusEffect("hidden", { active: false }));
});

describe("moving without sneaking ends hidden (L6212)", () => {
  it("a player's hidden hero keeps hiding while she sneaks, and stops hiding once she walks", async () => {
    await world.as(alice, () => korva.toggleStatusEffect("hidden", { active: true }));
    tokens.korva.movementAction = "sneak";
    await moveTo(alice, tokens.korva, 3, 4);
    await world.settle();
    expect(hidden(korva)).toBe(true);
    tokens.korva.movementAction = "walk";
    await moveTo(alice, tokens.korva, 4, 4);
    // _onUpdateMovement returns nothing to wait on (v13), so the GM's removal is waited for.
    await vi.waitFor(() => expect(hidden(korva)).toBe(false));
  });

  it("the Director walking a hidden monster ends its hiding; a forced movement does not", async () => {
    await world.as(gm, () => ogre.toggleStatusEffect("hidden", { active: true }));
    await moveTo(gm, tokens.ogre, 12, 12, { "steel-echoes": { forced: true } });
    await world.settle();
    expect(hidden(ogre)).toBe(true);
    await moveTo(gm, tokens.ogre, 13, 12);
    await vi.waitFor(() => expect(hidden(ogre)).toBe(false));
  });
});

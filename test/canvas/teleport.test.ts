// Teleporting ends grabbed and restrained (seed 004, L6676, L6686, L6910), on the strict
// multi-client world: a player teleports her own hero (v13's Blink movement action), and the active
// GM's client ends the conditions once; walking, or a forced movement, ends nothing.
import { afterEach, describe, expect, it, vi } from "vitest";
import { harness } from "../harness/foundry.ts";
import { setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldToken, WorldUser } from "../harness/world.ts";

const t: Table = await setupTable();
const { world, gm, alice, korva, ogre, tokens } = t;
// The harness actors stand in for Foundry's (as in test/scenarios/attacker.test.ts).
const { applyCondition } = await import("../../src/documents/conditions.ts");

const GRID = world.scene.grid.size;
const moveTo = (user: WorldUser, token: WorldToken, x: number, y: number) => world.as(user, () => token.update({ x: x * GRID, y: y * GRID }));
const conditions = (who: typeof korva) => [...who.statuses].sort();

afterEach(async () => {
  await world.settle();
  expect(harness.hooks.errors).toEqual([]);
  for (const token of world.tokens.values()) token.movementAction = "walk";
  for (const a of [korva, ogre]) for (const id of ["grabbed", "restrained", "prone"]) await world.as(gm, () => a.toggleStatusEffect(id, { active: false }));
});

describe("teleporting ends grabbed and restrained (L6910)", () => {
  it("a player's blink ends her hero's grabbed and restrained, not prone; walking ends nothing", async () => {
    for (const id of ["grabbed", "restrained", "prone"] as const) {
      await world.as(gm, () => applyCondition(korva as never, { id, duration: "", ...(id === "grabbed" ? { sourceUuid: ogre.uuid } : {}) }));
    }
    tokens.korva.movementAction = "walk";
    await moveTo(alice, tokens.korva, 3, 3);
    await world.settle();
    expect(conditions(korva)).toEqual(["grabbed", "prone", "restrained"]);
    tokens.korva.movementAction = "blink";
    await moveTo(alice, tokens.korva, 8, 3);
    // _onUpdateMovement returns nothing to wait on (v13), so the GM's deletions are waited for.
    await vi.waitFor(() => expect(conditions(korva)).toEqual(["prone"]));
  });

  it("the Director teleporting a monster (displace) ends its restrained", async () => {
    await world.as(gm, () => applyCondition(ogre as never, { id: "restrained", duration: "EoE" }));
    tokens.ogre.movementAction = "displace";
    await moveTo(gm, tokens.ogre, 12, 12);
    await vi.waitFor(() => expect(conditions(ogre)).toEqual([]));
  });
});

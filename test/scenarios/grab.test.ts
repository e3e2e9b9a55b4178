// Grab (seed 004, L7013–7030) on the strict multi-client world: Alice's hero grabs the Goblin with
// the basic maneuver; its tier 3 applies grabbed with Korva as the source, and the grabbed Goblin
// then can't be force moved (L6674).
import { afterEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { WorldItem } from "../harness/world.ts";
import type { WorldMessage } from "../harness/world.ts";
import { d10, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import { basicActionSources } from "../../src/data/basic-actions.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, korva, ryn, goblin, tokens } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestCardAction } = await import("../../src/documents/ability-results.ts");
const { requestForcedMove } = await import("../../src/canvas/forced-movement.ts");
const { applyCondition } = await import("../../src/documents/conditions.ts");

const GRID = world.scene.grid.size;
const place = (token: typeof tokens.korva, x: number, y: number) => Object.assign(token, { x: x * GRID, y: y * GRID });

// Korva's Grab, dragged from the abilities pack (so its card applies without the Director's approval).
const source = basicActionSources().find((a) => a.name === "Grab")!;
const packed = world.addPackItem("steel-echoes.abilities", structuredClone(source) as unknown as Record<string, unknown>);
const grab = new WorldItem({ ...structuredClone(source), _stats: { compendiumSource: packed.uuid } } as unknown as Record<string, unknown>, korva);
korva.items.set(grab.id, grab);

afterEach(async () => {
  await world.settle();
  expect(harness.hooks.errors).toEqual([]);
});

describe("Grab (L7013–7030)", () => {
  it("tier 3 grabs the target, with the grabber as its source; the grabbed Goblin can't then be pushed (L6674)", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.goblin, 5, 5);
    harness.fixRandom(d10(9, 8)); // 17 + Might: tier 3
    const card = await world.as(alice, async () => {
      alice.targets = new Set([tokens.goblin]);
      return useAbilityByUuid(grab.uuid, true);
    }) as unknown as WorldMessage;
    expect(await world.as(alice, () => requestCardAction({ messageId: card.id, action: "apply", key: tokens.goblin.uuid }, cardServices))).toBe(true);
    const grabbed = [...goblin.effects].filter((e) => e.statuses.has("grabbed"));
    expect(grabbed).toHaveLength(1);
    expect((grabbed[0]!.flags["steel-echoes"] as { sourceUuid?: string }).sourceUuid).toBe(korva.uuid);
    // Korva's Brutal Slam then cannot push it.
    harness.fixRandom(d10(9, 8));
    const slam = await world.as(alice, async () => {
      alice.targets = new Set([tokens.goblin]);
      return useAbilityByUuid([...korva.items].find((i) => i.name === "Brutal Slam")!.uuid, true);
    }) as unknown as WorldMessage;
    expect(await world.as(alice, () => requestForcedMove({ messageId: slam.id, key: tokens.goblin.uuid, action: "move", squares: 2 }, cardServices))).toBe(false);
    expect(tokens.goblin.x / GRID).toBe(5);
    await world.as(gm, () => goblin.toggleStatusEffect("grabbed", { active: false }));
  });
});

describe("Stand Up (L7065)", () => {
  const standUp = new WorldItem(structuredClone(basicActionSources().find((a) => a.name === "Stand Up")!) as unknown as Record<string, unknown>, korva);
  korva.items.set(standUp.id, standUp);
  const use = (targets: (typeof tokens.korva)[]) => world.as(alice, async () => {
    alice.targets = new Set(targets);
    return useAbilityByUuid(standUp.uuid, true);
  });

  it("ends the user's own prone; on an adjacent prone ally she does not own, its owner is told to", async () => {
    await world.as(alice, () => applyCondition(korva as never, { id: "prone", duration: "" }));
    expect(korva.statuses.has("prone")).toBe(true);
    await use([]);
    expect(korva.statuses.has("prone")).toBe(false);
    // Ryn is Bob's: Alice's Stand Up on him leaves his prone to Bob or the Director, and says so.
    place(tokens.korva, 4, 5);
    place(tokens.ryn, 5, 5);
    await world.as(bob, () => applyCondition(ryn as never, { id: "prone", duration: "" }));
    await use([tokens.ryn]);
    expect(ryn.statuses.has("prone")).toBe(true);
    expect(world.shown.filter((s) => s.user === "Alice").map((s) => s.shown)).toContain("Ryn is prone: its owner (or the Director) ends it, as your Stand Up says.");
    await world.as(bob, () => ryn.toggleStatusEffect("prone", { active: false }));
    world.shown.length = 0;
  });
});

describe("Escape Grab (L7003–7011)", () => {
  const escape = new WorldItem(structuredClone(basicActionSources().find((a) => a.name === "Escape Grab")!) as unknown as Record<string, unknown>, korva);
  korva.items.set(escape.id, escape);
  const act = (card: WorldMessage, action: "resist" | "apply" | "undo") =>
    world.as(alice, () => requestCardAction({ messageId: card.id, action, key: tokens.korva.uuid }, cardServices));
  const grabbedBy = () => [...korva.effects].filter((e) => e.statuses.has("grabbed")).map((e) => (e.flags["steel-echoes"] as { sourceUuid?: string }).sourceUuid);

  async function tryEscape(faces: number[]): Promise<WorldMessage> {
    const card = await world.as(alice, async () => {
      alice.targets = new Set();
      return useAbilityByUuid(escape.uuid, true);
    }) as unknown as WorldMessage;
    harness.fixRandom(d10(...faces));
    expect(await act(card, "resist")).toBe(true);
    expect(await act(card, "apply")).toBe(true);
    return card;
  }

  it("tier 3 ends the user's grabbed (L7011), and undo grabs it again; tier 2 leaves the escape to the table (L7010)", async () => {
    await world.as(gm, () => applyCondition(korva as never, { id: "grabbed", duration: "", sourceUuid: goblin.uuid }));
    expect(grabbedBy()).toEqual([goblin.uuid]);
    const middling = await tryEscape([6, 6]); // 12 + Might 2: tier 2
    expect(grabbedBy()).toEqual([goblin.uuid]);
    expect(await act(middling, "undo")).toBe(true);
    const free = await tryEscape([9, 9]); // tier 3
    expect(grabbedBy()).toEqual([]);
    expect(await act(free, "undo")).toBe(true);
    expect(grabbedBy()).toEqual([goblin.uuid]);
    await world.as(gm, () => korva.toggleStatusEffect("grabbed", { active: false }));
  });
});

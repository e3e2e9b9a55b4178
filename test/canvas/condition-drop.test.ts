// Condition items (the conditions pack): dropped on an actor or a token, they apply their status.
import { beforeEach, describe, expect, it } from "vitest";
import { harness, installFoundryHarness } from "../harness/foundry.ts";
import { HarnessActor } from "../harness/documents.ts";

installFoundryHarness();
const { SteelEchoesItem } = await import("../../src/documents/item.ts");
const { onDropCanvasData, tokenAt } = await import("../../src/canvas/condition-drop.ts");
const { STATUS_ROWS } = await import("../../src/documents/status-effects.ts");

const g = globalThis as Record<string, unknown>;
const slowed = { type: "condition", name: "Slowed", system: { statusId: "slowed", description: "<p>…</p>" } };
beforeEach(() => harness.reset());

describe("a condition item dropped on an actor", () => {
  it("applies its status and is not added as an item", async () => {
    const actor = new HarnessActor({ name: "Ash", type: "hero", system: {} });
    const item = new SteelEchoesItem(slowed as never, { parent: actor } as never) as unknown as { _preCreate(...a: unknown[]): Promise<boolean | void> };
    expect(await item._preCreate(slowed, {}, {})).toBe(false);
    expect(actor.statuses).toEqual(new Set(["slowed"]));
    expect([...actor.effects][0]!.id).toBe(STATUS_ROWS.slowed._id);
    expect(harness.notifications.map((n) => n.shown)).toEqual(["Slowed applied to Ash."]);
  });
  it("is refused with the owner-only message on a creature the user does not own", async () => {
    const actor = new HarnessActor({ name: "Ogre", type: "monster", system: {} });
    actor.isOwner = false;
    const item = new SteelEchoesItem(slowed as never, { parent: actor } as never) as unknown as { _preCreate(...a: unknown[]): Promise<boolean | void> };
    expect(await item._preCreate(slowed, {}, {})).toBe(false);
    expect(actor.statuses.size).toBe(0);
    expect(harness.notifications.map((n) => n.shown)).toEqual(["Only the creature's owner or the Director can change its conditions. Use the ability's card to impose them."]);
  });
});

describe("a condition item dropped on the canvas", () => {
  const square = (x: number, y: number) => ({ contains: (px: number, py: number) => px >= x && px < x + 100 && py >= y && py < y + 100 });
  it("applies its status to the topmost token under the drop point, and stops Foundry's own handling", async () => {
    const below = new HarnessActor({ name: "Below", type: "monster", system: {} });
    const top = new HarnessActor({ name: "Top", type: "monster", system: {} });
    const canvas = { tokens: { placeables: [{ bounds: square(0, 0), actor: below }, { bounds: square(50, 50), actor: top }, { bounds: square(60, 60), actor: below, visible: false }] } };
    g.fromUuidSync = () => ({ type: "condition", name: "Slowed" });
    g.fromUuid = async () => slowed;
    expect(tokenAt(canvas, 70, 70)?.actor).toBe(top);
    expect(onDropCanvasData(canvas, { type: "Item", uuid: "Compendium.steel-echoes.conditions.Item.x", x: 70, y: 70 })).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(top.statuses).toEqual(new Set(["slowed"]));
    expect(below.statuses.size).toBe(0);
    // Other items, and drops beside every token, are left to Foundry or do nothing.
    g.fromUuidSync = () => ({ type: "ability", name: "Strike" });
    expect(onDropCanvasData(canvas, { type: "Item", uuid: "Item.y", x: 70, y: 70 })).toBeUndefined();
    g.fromUuidSync = () => ({ type: "condition", name: "Slowed" });
    expect(onDropCanvasData(canvas, { type: "Item", uuid: "Item.z", x: 500, y: 500 })).toBe(false);
    expect(onDropCanvasData(canvas, { type: "Actor", uuid: "Actor.a", x: 70, y: 70 })).toBeUndefined();
  });
});

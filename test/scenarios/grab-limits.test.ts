// What grabbing limits beyond sizes (seed 004), on the strict multi-client world with Alice's hero
// Korva and the Director's monsters on their own clients:
// - a grabbed creature can't use the Knockback maneuver (L6674): warned, in the dialog or at once;
// - Impaling Strike's grab is harder to escape (L3469): the GM's card marks the grab, and Korva's
//   Escape Grab takes the bane whoever's client rolls it;
// - Grab and Knockback take one target, two adjacent ones with the time raider's Four Arms (L1987).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { harness } from "../harness/foundry.ts";
import { WorldItem } from "../harness/world.ts";
import type { WorldMessage } from "../harness/world.ts";
import { answerDialog, d10, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import { basicActionSources } from "../../src/data/basic-actions.ts";

const t: Table = await setupTable();
const { world, gm, alice, korva, goblin, ogre, tokens } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestCardAction } = await import("../../src/documents/ability-results.ts");
const { applyCondition } = await import("../../src/documents/conditions.ts");

const GRID = world.scene.grid.size;
const place = (token: typeof tokens.korva, x: number, y: number) => Object.assign(token, { x: x * GRID, y: y * GRID });
const shownTo = (name: string) => world.shown.filter((x) => x.user === name).map((x) => x.shown);

/** A basic action as Korva's, dragged from the abilities pack. */
function basic(name: string, owner = korva) {
  const source = basicActionSources().find((a) => a.name === name)!;
  const packed = world.addPackItem("steel-echoes.abilities", structuredClone(source) as unknown as Record<string, unknown>);
  const item = new WorldItem({ ...structuredClone(source), _stats: { compendiumSource: packed.uuid } } as unknown as Record<string, unknown>, owner);
  owner.items.set(item.id, item);
  return item;
}
const knockback = basic("Knockback");
const grab = basic("Grab");
const escape = basic("Escape Grab");

afterEach(async () => {
  await world.settle();
  expect(harness.hooks.errors).toEqual([]);
});

describe("a grabbed creature can't use the Knockback maneuver (L6674)", () => {
  it("Alice's Knockback while Korva is grabbed: the dialog warns, shift-click warns her at once; the Director decides", async () => {
    Object.assign(korva.system, { size: { value: 1, letter: "M" } });
    place(tokens.korva, 4, 5);
    place(tokens.goblin, 5, 5);
    await world.as(gm, () => applyCondition(korva as never, { id: "grabbed", duration: "", sourceUuid: goblin.uuid }));
    const opened = answerDialog({});
    harness.fixRandom(d10(9, 8));
    const card = await world.as(alice, async () => {
      alice.targets = new Set([tokens.goblin]);
      return useAbilityByUuid(knockback.uuid, false);
    });
    expect(opened[0]).toContain("Korva is grabbed and can&#x27;t use the Knockback maneuver.");
    expect(card).toBeTruthy();
    world.shown.length = 0;
    harness.fixRandom(d10(9, 8));
    await world.as(alice, async () => {
      alice.targets = new Set([tokens.goblin]);
      return useAbilityByUuid(knockback.uuid, true);
    });
    expect(shownTo("Alice")).toContain("Korva is grabbed and can't use the Knockback maneuver.");
    expect(shownTo("Director")).toEqual([]);
    // Grab is not barred while grabbed; free again, Knockback is not warned.
    world.shown.length = 0;
    harness.fixRandom(d10(9, 8));
    await world.as(alice, async () => {
      alice.targets = new Set([tokens.goblin]);
      return useAbilityByUuid(grab.uuid, true);
    });
    expect(shownTo("Alice")).toEqual([]);
    await world.as(gm, () => korva.toggleStatusEffect("grabbed", { active: false }));
    harness.fixRandom(d10(9, 8));
    await world.as(alice, async () => {
      alice.targets = new Set([tokens.goblin]);
      return useAbilityByUuid(knockback.uuid, true);
    });
    expect(shownTo("Alice")).toEqual([]);
  });
});

describe("Impaling Strike's grab is harder to escape (L3469)", () => {
  // The Goblin's Impaling Strike, as the abilities pack holds it.
  const packPath = path.resolve(import.meta.dirname, "../../packs/_source/abilities/fury/impaling-strike.json");
  const impalingSource = JSON.parse(readFileSync(packPath, "utf8")) as { name: string; type: string; system: Record<string, unknown> };
  const impaling = new WorldItem({ name: impalingSource.name, type: impalingSource.type, system: structuredClone(impalingSource.system) }, goblin);
  goblin.items.set(impaling.id, impaling);
  const grabEffects = () => [...korva.effects].filter((e) => e.statuses.has("grabbed"));

  async function escapeRoll(faces: number[]) {
    const card = await world.as(alice, async () => {
      alice.targets = new Set();
      return useAbilityByUuid(escape.uuid, true);
    }) as unknown as WorldMessage;
    harness.fixRandom(d10(...faces));
    expect(await world.as(alice, () => requestCardAction({ messageId: card.id, action: "resist", key: tokens.korva.uuid }, cardServices))).toBe(true);
    const use = (world.messages.get(card.id) as unknown as WorldMessage).flags["steel-echoes"] as {
      abilityUse: { targets: { reasons: string[]; tier: number; resistance?: { banes?: number } }[] };
    };
    return use.abilityUse.targets[0]!;
  }

  const records = () => (world.settings.get("steel-echoes.grabs")?.value ?? []) as Record<string, unknown>[];
  const GRID_MOVE = (token: typeof tokens.korva, user: typeof gm, x: number, y: number, options?: Record<string, unknown>) =>
    world.as(user, () => token.update({ x: x * GRID, y: y * GRID }, options));

  it("the Director's Goblin impales and grabs Korva: the GM records the grab, and Alice's escape takes the bane (18 falls to tier 2)", async () => {
    Object.assign(korva.system, { size: { value: 1, letter: "M" } });
    await world.as(gm, () => goblin.update({ "system.size": { value: 1, letter: "M" } }));
    place(tokens.korva, 4, 5);
    place(tokens.goblin, 5, 5);
    harness.fixRandom(d10(9, 8)); // 17 + Might 2: tier 3, 12 damage and grabbed
    const strike = await world.as(gm, async () => {
      gm.targets = new Set([tokens.korva]);
      return useAbilityByUuid(impaling.uuid, true);
    }) as unknown as WorldMessage;
    expect(await world.as(gm, () => requestCardAction({ messageId: strike.id, action: "apply", key: tokens.korva.uuid }, cardServices))).toBe(true);
    expect(grabEffects()).toHaveLength(1);
    expect(grabEffects()[0]!.flags["steel-echoes"]).toMatchObject({ sourceUuid: goblin.uuid });
    // The GM's world setting holds the grab and both L3469 clauses, read from the Goblin's item.
    expect(records()).toEqual([{ grabbed: korva.uuid, grabber: goblin.uuid, escapeBane: true, dragDamage: 1, message: strike.id, key: tokens.korva.uuid }]);
    // Alice owns Korva and the effect: what she writes there no longer lifts the bane, and she can't write the record.
    await world.as(alice, () => grabEffects()[0]!.update({ "flags.steel-echoes.escapeBane": false, "flags.steel-echoes.sourceUuid": "" }));
    await expect(world.as(alice, () => game.settings!.set("steel-echoes", "grabs", []))).rejects.toThrow(/lacks permission/);
    const held = await escapeRoll([8, 8]); // 16 + Might 2 = 18, a bane: 16
    expect(held).toMatchObject({ tier: 2, reasons: ["escapeBane"], resistance: { banes: 1 } });
    // Undo of the strike takes the grab away, and its record.
    expect(await world.as(gm, () => requestCardAction({ messageId: strike.id, action: "undo", key: tokens.korva.uuid }, cardServices))).toBe(true);
    expect(grabEffects()).toHaveLength(0);
    expect(records()).toEqual([]);
  });

  it("the Goblin walks 3 squares holding Korva: the Director's client deals Korva 3 damage (L3469); a forced move, or Korva free, deals none", async () => {
    place(tokens.korva, 4, 5);
    place(tokens.goblin, 5, 5);
    harness.fixRandom(d10(9, 8));
    const strike = await world.as(gm, async () => {
      gm.targets = new Set([tokens.korva]);
      return useAbilityByUuid(impaling.uuid, true);
    }) as unknown as WorldMessage;
    expect(await world.as(gm, () => requestCardAction({ messageId: strike.id, action: "apply", key: tokens.korva.uuid }, cardServices))).toBe(true);
    const before = (korva.system.stamina as { value: number }).value;
    // Alice takes the mark off her own effect first: the GM's record decides, not the effect.
    await world.as(alice, () => grabEffects()[0]!.update({ "flags.steel-echoes.escapeBane": false }));
    await GRID_MOVE(tokens.goblin, gm, 8, 5);
    await vi.waitFor(() => expect((korva.system.stamina as { value: number }).value).toBe(before - 3));
    const posted = () => [...world.messages.values()].map((m) => String((m as unknown as { content: string }).content));
    await vi.waitFor(() => expect(posted()).toContain("<p>Goblin moved 3 squares holding Korva grabbed: 3 damage to Korva (Impaling Strike).</p>"));
    // Forced: not the Goblin's own move.
    await GRID_MOVE(tokens.goblin, gm, 10, 5, { "steel-echoes": { forced: true } });
    await world.settle();
    expect((korva.system.stamina as { value: number }).value).toBe(before - 3);
    // Korva escapes (her grabbed status goes): the record no longer holds, the Goblin's walk hurts nobody.
    await world.as(alice, () => korva.toggleStatusEffect("grabbed", { active: false }));
    await GRID_MOVE(tokens.goblin, gm, 12, 5);
    await world.settle();
    expect((korva.system.stamina as { value: number }).value).toBe(before - 3);
    await world.as(gm, () => korva.update({ "system.stamina.value": 20 }));
  });

  it("a grab from the basic Grab maneuver has no such mark: the same roll escapes (tier 3)", async () => {
    const goblinGrab = new WorldItem(structuredClone(basicActionSources().find((a) => a.name === "Grab")!) as unknown as Record<string, unknown>, goblin);
    goblin.items.set(goblinGrab.id, goblinGrab);
    harness.fixRandom(d10(9, 8));
    const grabbing = await world.as(gm, async () => {
      gm.targets = new Set([tokens.korva]);
      return useAbilityByUuid(goblinGrab.uuid, true);
    }) as unknown as WorldMessage;
    expect(await world.as(gm, () => requestCardAction({ messageId: grabbing.id, action: "apply", key: tokens.korva.uuid }, cardServices))).toBe(true);
    expect(grabEffects()).toHaveLength(1);
    expect(records()).toContainEqual(expect.objectContaining({ grabbed: korva.uuid, grabber: goblin.uuid, escapeBane: false, dragDamage: 0 }));
    const free = await escapeRoll([8, 8]);
    expect(free).toMatchObject({ tier: 3, reasons: [], resistance: { banes: 0 } });
    await world.as(gm, () => korva.toggleStatusEffect("grabbed", { active: false }));
    goblin.items.delete(goblinGrab.id);
  });
});

describe("Grab and Knockback: one target, two adjacent ones with Four Arms (L7022, L7045, L1987)", () => {
  const fourArms = new WorldItem({
    name: "Four Arms", type: "feature", system: { description: "", source: "ancestry", level: 1 }, flags: { "steel-echoes": { seedLine: 1985 } },
  }, korva);

  async function use(item: WorldItem, targets: (typeof tokens.goblin)[]) {
    const opened = answerDialog({});
    harness.fixRandom(d10(9, 8));
    await world.as(alice, async () => {
      alice.targets = new Set(targets);
      return useAbilityByUuid(item.uuid, false);
    });
    return opened[0] ?? "";
  }

  it("without Four Arms a second target is warned; with it two adjacent targets are not, a far one or a third is", async () => {
    Object.assign(korva.system, { size: { value: 1, letter: "L" } });
    await world.as(gm, () => goblin.update({ "system.size": { value: 1, letter: "M" } }));
    await world.as(gm, () => ogre.update({ "system.size": { value: 1, letter: "M" } }));
    place(tokens.korva, 4, 5);
    place(tokens.goblin, 5, 5);
    place(tokens.ogre, 3, 5);
    expect(await use(grab, [tokens.goblin])).not.toContain("targets only one creature");
    expect(await use(grab, [tokens.goblin, tokens.ogre])).toContain("Grab targets only one creature.");
    expect(await use(knockback, [tokens.goblin, tokens.ogre])).toContain("Knockback targets only one creature.");
    korva.items.set(fourArms.id, fourArms);
    const two = await use(grab, [tokens.goblin, tokens.ogre]);
    expect(two).not.toContain("targets only one creature");
    expect(two).not.toContain("Four Arms");
    place(tokens.ogre, 8, 5);
    expect(await use(knockback, [tokens.goblin, tokens.ogre])).toContain("With Four Arms, Knockback takes a second target only when both are adjacent to you.");
    place(tokens.ogre, 3, 5);
    place(tokens.ryn, 4, 4);
    expect(await use(grab, [tokens.goblin, tokens.ogre, tokens.ryn])).toContain("Grab targets at most two creatures, with Four Arms.");
    korva.items.delete(fourArms.id);
    await world.as(gm, () => ogre.update({ "system.size": { value: 2, letter: "" } }));
  });
});

describe("holding grabs: one at a time, two with Four Arms (L7030, L1987)", () => {
  const fourArms = new WorldItem({
    name: "Four Arms", type: "feature", system: { description: "", source: "ancestry", level: 1 }, flags: { "steel-echoes": { seedLine: 1985 } },
  }, korva);
  const records = () => (world.settings.get("steel-echoes.grabs")?.value ?? []) as Record<string, unknown>[];

  async function grabWith(targets: (typeof tokens.goblin)[], apply: boolean) {
    const opened = answerDialog({});
    harness.fixRandom(d10(9, 8)); // 17 + Might: tier 3, grabbed
    const card = await world.as(alice, async () => {
      alice.targets = new Set(targets);
      return useAbilityByUuid(grab.uuid, false);
    }) as unknown as WorldMessage;
    if (apply) {
      // Alice cannot write the monsters: each apply goes to the Director's client through the relay.
      for (const t of targets) expect(await world.as(alice, () => requestCardAction({ messageId: card.id, action: "apply", key: t.uuid }, cardServices))).toBe(true);
    }
    return opened[0] ?? "";
  }

  it("Korva with Four Arms holds the Goblin and the Ogre at once, both recorded by the GM; a third grab is warned", async () => {
    Object.assign(korva.system, { size: { value: 1, letter: "L" } });
    await world.as(gm, () => goblin.update({ "system.size": { value: 1, letter: "M" } }));
    await world.as(gm, () => ogre.update({ "system.size": { value: 1, letter: "M" } }));
    place(tokens.korva, 4, 5);
    place(tokens.goblin, 5, 5);
    place(tokens.ogre, 3, 5);
    korva.items.set(fourArms.id, fourArms);
    const first = await grabWith([tokens.goblin, tokens.ogre], true);
    expect(first).not.toContain("already holds");
    expect(goblin.statuses.has("grabbed") && ogre.statuses.has("grabbed")).toBe(true);
    const mine = records().filter((r) => r.grabber === korva.uuid).map((r) => r.grabbed);
    expect(mine.sort()).toEqual([goblin.uuid, ogre.uuid].sort());
    // Grabbing the Goblin again is no new grab; a third creature is one too many.
    expect(await grabWith([tokens.goblin], false)).not.toContain("already holds");
    place(tokens.ryn, 4, 4);
    expect(await grabWith([tokens.ryn], false)).toContain("Korva already holds Goblin, Ogre grabbed");
    // Without Four Arms, holding the two is already beyond: any grab of another is warned, the Director decides.
    korva.items.delete(fourArms.id);
    await world.as(gm, () => ogre.toggleStatusEffect("grabbed", { active: false }));
    expect(await grabWith([tokens.ryn], false)).toContain("Korva already holds Goblin grabbed");
    await world.as(gm, () => goblin.toggleStatusEffect("grabbed", { active: false }));
    expect(await grabWith([tokens.ryn], false)).not.toContain("already holds");
    await world.as(gm, () => ogre.update({ "system.size": { value: 2, letter: "" } }));
  });
});

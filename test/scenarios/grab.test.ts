// Grab (seed 004, L7013–7030) on the strict multi-client world: Alice's hero grabs the Goblin with
// the basic maneuver; its tier 3 applies grabbed with Korva as the source, and the grabbed Goblin
// then can't be force moved (L6674).
import { afterEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { WorldItem } from "../harness/world.ts";
import type { WorldMessage } from "../harness/world.ts";
import { answerDialog, d10, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import { basicActionSources } from "../../src/data/basic-actions.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, korva, ryn, ogre, goblin, tokens } = t;
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

// Sizes (L7003–7053). The harness has no prepared data (test/harness/world.ts `createdSystem`): a
// hero's size is what HeroModel#prepareDerivedData gives her (her ancestry's, else 1M), set here as
// the fixtures set her other derived numbers. A monster's size is its stat block's, which the GM writes.
describe("Sizes in Grab, Knockback and Escape Grab (L7003–7053)", () => {
  const heroSize = (value: number, letter: string) => Object.assign(korva.system, { size: { value, letter } });
  const monsterSize = (actor: typeof goblin, value: number, letter: string) =>
    world.as(gm, () => actor.update({ "system.size": { value, letter } }));
  const knockbackSource = basicActionSources().find((a) => a.name === "Knockback")!;
  const knockback = new WorldItem(structuredClone(knockbackSource) as unknown as Record<string, unknown>, korva);
  korva.items.set(knockback.id, knockback);
  const shownTo = (name: string) => world.shown.filter((x) => x.user === name).map((x) => x.shown);
  const rowOf = (card: WorldMessage, token: typeof tokens.goblin) =>
    (card.flags["steel-echoes"] as { abilityUse: { targets: { key: string; edges: number; banes: number; reasons: string[]; tier: number }[] } })
      .abilityUse.targets.find((x) => x.key === token.uuid)!;

  it("Grab gains an edge on a smaller target (L7030), named in Alice's dialog and on the card; the GM applies the tier it gives", async () => {
    heroSize(1, "M");
    await monsterSize(goblin, 1, "S");
    place(tokens.korva, 4, 5);
    place(tokens.goblin, 5, 5);
    const opened = answerDialog({});
    harness.fixRandom(d10(6, 6)); // 12 + Might 2 = 14, tier 2; the edge makes it 16, still tier 2
    const card = await world.as(alice, async () => {
      alice.targets = new Set([tokens.goblin]);
      return useAbilityByUuid(grab.uuid, false);
    }) as unknown as WorldMessage;
    expect(opened).toHaveLength(1);
    expect(opened[0]).toContain("target smaller than you");
    expect(opened[0]).not.toContain("is larger than you");
    expect(rowOf(card, tokens.goblin)).toMatchObject({ edges: 1, banes: 0, reasons: ["targetSmaller"] });
    // The edge decides the tier: 5 + 4 + Might 2 = 11 is tier 1, 13 with the edge tier 2.
    answerDialog({});
    harness.fixRandom(d10(5, 4));
    const edged = await world.as(alice, async () => {
      alice.targets = new Set([tokens.goblin]);
      return useAbilityByUuid(grab.uuid, false);
    }) as unknown as WorldMessage;
    expect(rowOf(edged, tokens.goblin).tier).toBe(2);
    // A same-size goblin: no edge, tier 1.
    await monsterSize(goblin, 1, "M");
    harness.fixRandom(d10(5, 4));
    const even = await world.as(alice, async () => {
      alice.targets = new Set([tokens.goblin]);
      return useAbilityByUuid(grab.uuid, true);
    }) as unknown as WorldMessage;
    expect(rowOf(even, tokens.goblin)).toMatchObject({ edges: 0, reasons: [], tier: 1 });
    // The GM's client accepts the card's edge (its tier is what the recorded roll gives): Alice's apply
    // on the Goblin, which she does not own, goes through the relay and lands.
    harness.fixRandom(d10(9, 6)); // 15 + 2 + the edge = 19: tier 3
    await monsterSize(goblin, 1, "T");
    const grabbing = await world.as(alice, async () => {
      alice.targets = new Set([tokens.goblin]);
      return useAbilityByUuid(grab.uuid, true);
    }) as unknown as WorldMessage;
    expect(rowOf(grabbing, tokens.goblin)).toMatchObject({ edges: 1, tier: 3 });
    expect(await world.as(alice, () => requestCardAction({ messageId: grabbing.id, action: "apply", key: tokens.goblin.uuid }, cardServices))).toBe(true);
    expect(goblin.statuses.has("grabbed")).toBe(true);
    await world.as(gm, () => goblin.toggleStatusEffect("grabbed", { active: false }));
    await monsterSize(goblin, 1, "M");
  });

  it("a target larger than the user is warned, in the dialog and without it (L7022, L7045); the roll still goes to the Director's call", async () => {
    heroSize(1, "M");
    await monsterSize(ogre, 2, "");
    place(tokens.korva, 4, 5);
    Object.assign(tokens.ogre, { x: 5 * GRID, y: 5 * GRID });
    for (const item of [grab, knockback]) {
      const opened = answerDialog({});
      harness.fixRandom(d10(9, 8));
      const card = await world.as(alice, async () => {
        alice.targets = new Set([tokens.ogre]);
        return useAbilityByUuid(item.uuid, false);
      }) as unknown as WorldMessage;
      expect(opened[0]).toContain(`Ogre is larger than you: ${item.name} targets only a creature your size or smaller.`);
      expect(card).toBeTruthy();
      expect(rowOf(card, tokens.ogre).reasons).toEqual([]);
    }
    // Shift-click: no dialog, the warning at once, to Alice only.
    world.shown.length = 0;
    harness.fixRandom(d10(9, 8));
    await world.as(alice, async () => {
      alice.targets = new Set([tokens.ogre]);
      return useAbilityByUuid(knockback.uuid, true);
    });
    expect(shownTo("Alice")).toContain("Ogre is larger than you: Knockback targets only a creature your size or smaller.");
    expect(shownTo("Director")).toEqual([]);
    // A hero of size 2 (her ancestry's, prepared) may knock the Ogre back, with no edge: the same size.
    heroSize(2, "");
    world.shown.length = 0;
    harness.fixRandom(d10(9, 8));
    const even = await world.as(alice, async () => {
      alice.targets = new Set([tokens.ogre]);
      return useAbilityByUuid(knockback.uuid, true);
    }) as unknown as WorldMessage;
    expect(shownTo("Alice")).toEqual([]);
    expect(rowOf(even, tokens.ogre)).toMatchObject({ edges: 0, reasons: [] });
    heroSize(1, "M");
  });

  it("the Director's Goblin grabbing Korva: her size from her hero, on the GM's own roll (a 1L hero is too large for a 1S goblin)", async () => {
    const goblinGrab = new WorldItem(structuredClone(source) as unknown as Record<string, unknown>, goblin);
    goblin.items.set(goblinGrab.id, goblinGrab);
    await monsterSize(goblin, 1, "S");
    heroSize(1, "L");
    place(tokens.korva, 4, 5);
    place(tokens.goblin, 5, 5);
    const opened = answerDialog({});
    harness.fixRandom(d10(9, 8));
    await world.as(gm, async () => {
      gm.targets = new Set([tokens.korva]);
      return useAbilityByUuid(goblinGrab.uuid, false);
    });
    expect(opened[0]).toContain("Korva is larger than you: Grab targets only a creature your size or smaller.");
    goblin.items.delete(goblinGrab.id);
    heroSize(1, "M");
    await monsterSize(goblin, 1, "M");
  });
});

describe("Escape Grab's bane against a larger grabber (L7005)", () => {
  // Dragged from the abilities pack, so the Director's client takes its card without asking.
  const escapeSource = basicActionSources().find((a) => a.name === "Escape Grab")!;
  const escapePacked = world.addPackItem("steel-echoes.abilities", structuredClone(escapeSource) as unknown as Record<string, unknown>);
  const escape = new WorldItem({ ...structuredClone(escapeSource), _stats: { compendiumSource: escapePacked.uuid } } as unknown as Record<string, unknown>, korva);
  korva.items.set(escape.id, escape);
  const grabbedBy = () => [...korva.effects].filter((e) => e.statuses.has("grabbed")).length;
  const monsterSize = (actor: typeof goblin, value: number, letter: string) =>
    world.as(gm, () => actor.update({ "system.size": { value, letter } }));

  async function escapeFrom(grabber: typeof goblin, resister: typeof alice, faces: number[]) {
    await world.as(gm, () => applyCondition(korva as never, { id: "grabbed", duration: "", sourceUuid: grabber.uuid }));
    const card = await world.as(alice, async () => {
      alice.targets = new Set();
      return useAbilityByUuid(escape.uuid, true);
    }) as unknown as WorldMessage;
    harness.fixRandom(d10(...faces));
    expect(await world.as(resister, () => requestCardAction({ messageId: card.id, action: "resist", key: tokens.korva.uuid }, cardServices))).toBe(true);
    expect(await world.as(alice, () => requestCardAction({ messageId: card.id, action: "apply", key: tokens.korva.uuid }, cardServices))).toBe(true);
    const row = (world.messages.get(card.id) as unknown as WorldMessage).flags["steel-echoes"] as {
      abilityUse: { targets: { reasons: string[]; tier: number; resistance?: { banes?: number } }[] };
    };
    return row.abilityUse.targets[0]!;
  }

  it("grabbed by the size 2 Ogre, Alice's roll takes the bane and 18 falls to tier 2; by a 1S Goblin, 18 frees her", async () => {
    Object.assign(korva.system, { size: { value: 1, letter: "M" } });
    await monsterSize(ogre, 2, "");
    await monsterSize(goblin, 1, "S");
    const held = await escapeFrom(ogre, alice, [8, 8]); // 16 + Might 2 = 18, a bane: 16
    expect(held).toMatchObject({ tier: 2, reasons: ["grabberLarger"], resistance: { banes: 1 } });
    expect(grabbedBy()).toBe(1);
    await world.as(gm, () => korva.toggleStatusEffect("grabbed", { active: false }));
    const free = await escapeFrom(goblin, alice, [8, 8]);
    expect(free).toMatchObject({ tier: 3, reasons: [], resistance: { banes: 0 } });
    expect(grabbedBy()).toBe(0);
  });

  it("the Director rolling Korva's resistance on her card reads only Korva's own grab, for Korva's own roll", async () => {
    await monsterSize(ogre, 2, "");
    const held = await escapeFrom(ogre, gm, [8, 8]);
    expect(held).toMatchObject({ tier: 2, resistance: { banes: 1 } });
    await world.as(gm, () => korva.toggleStatusEffect("grabbed", { active: false }));
  });

  it("a grab whose source names no creature (Alice rewrote her own effect) gives no bane and no error", async () => {
    await world.as(gm, () => applyCondition(korva as never, { id: "grabbed", duration: "", sourceUuid: "Actor.nobody" }));
    const effect = [...korva.effects].find((e) => e.statuses.has("grabbed"))!;
    await world.as(alice, () => effect.update({ "flags.steel-echoes.sourceUuid": "x".repeat(5000) }));
    const card = await world.as(alice, async () => {
      alice.targets = new Set();
      return useAbilityByUuid(escape.uuid, true);
    }) as unknown as WorldMessage;
    harness.fixRandom(d10(8, 8));
    expect(await world.as(alice, () => requestCardAction({ messageId: card.id, action: "resist", key: tokens.korva.uuid }, cardServices))).toBe(true);
    const row = (card.flags["steel-echoes"] as { abilityUse: { targets: { tier: number; resistance?: { banes?: number } }[] } }).abilityUse.targets[0]!;
    expect(row).toMatchObject({ tier: 3, resistance: { banes: 0 } });
    await world.as(gm, () => korva.toggleStatusEffect("grabbed", { active: false }));
  });
});

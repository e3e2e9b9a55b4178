// Grabs that move and grabs a player applies (seed 004, L6674, L6676, L6836, L6910, L7013–7030), on
// the strict multi-client world: Alice's Korva grabs with the basic Grab maneuver; when her token
// moves, the Director's client brings the grabbed creature along (src/canvas/grab-carry.ts), from
// the GM's own record of grabs (src/settings/grabs.ts), never from what Alice writes. A grab Alice
// applies herself to a creature she owns reaches that record through the relay, checked there.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { harness } from "../harness/foundry.ts";
import { WorldItem } from "../harness/world.ts";
import type { WorldActor, WorldMessage, WorldToken, WorldUser } from "../harness/world.ts";
import { d10, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import { basicActionSources } from "../../src/data/basic-actions.ts";

const t: Table = await setupTable();
const { world, gm, alice, mallory, korva, ogre, goblin, tokens } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestCardAction } = await import("../../src/documents/ability-results.ts");
const { requestForcedMove } = await import("../../src/canvas/forced-movement.ts");
const { askGM } = await import("../../src/documents/relay.ts");

const GRID = world.scene.grid.size;
const place = (token: WorldToken, x: number, y: number) => Object.assign(token, { x: x * GRID, y: y * GRID });
const at = (token: WorldToken) => [token.x / GRID, token.y / GRID];
const moveTo = (user: WorldUser, token: WorldToken, x: number, y: number) => world.as(user, () => token.update({ x: x * GRID, y: y * GRID }));
const records = () => (world.settings.get("steel-echoes.grabs")?.value ?? []) as { grabbed: string; grabber: string }[];
/** What the Director's client whispered to the GMs. */
const whispered = () => [...world.messages.values()].map((m) => m as unknown as { content: string; whisper?: string[] })
  .filter((m) => m.whisper?.includes(gm.id)).map((m) => m.content);

// Korva's Grab, dragged from the abilities pack (so its card applies without the Director's approval).
const source = basicActionSources().find((a) => a.name === "Grab")!;
const packed = world.addPackItem("steel-echoes.abilities", structuredClone(source) as unknown as Record<string, unknown>);
const grab = new WorldItem({ ...structuredClone(source), _stats: { compendiumSource: packed.uuid } } as unknown as Record<string, unknown>, korva);
korva.items.set(grab.id, grab);

// Alice's hound: a creature she owns besides Korva, so her Grab card applies to it on her own client.
const hound = world.addActor({
  name: "Hound", type: "monster",
  system: { characteristics: { might: 1, agility: 2, reason: -2, intuition: 1, presence: -1 }, stamina: { value: 10, max: 10, temporary: 0 }, stability: 0 },
}, [alice]);
const houndToken = world.addToken(hound, 1);

/** Korva's Grab against `target`, rolled by Alice: 9 + 8 + Might 2 is tier 3, 3 + 3 + 2 tier 1. */
async function grabCard(target: WorldToken, faces = [9, 8]): Promise<WorldMessage> {
  harness.fixRandom(d10(...faces));
  return await world.as(alice, async () => {
    alice.targets = new Set([target]);
    return useAbilityByUuid(grab.uuid, true);
  }) as unknown as WorldMessage;
}
const apply = (user: WorldUser, card: WorldMessage, target: WorldToken, action: "apply" | "undo" = "apply") =>
  world.as(user, () => requestCardAction({ messageId: card.id, action, key: target.uuid }, cardServices));

beforeAll(async () => {
  // The harness keeps an actor's source data: a hero's derived speed and size are set as Foundry derives them.
  Object.assign(korva.system, { baseSpeed: 5, speed: 5, size: { value: 1, letter: "M" } });
  await world.as(gm, () => goblin.update({ "system.size": { value: 1, letter: "S" }, "system.speed": 5 }));
  await world.as(gm, () => ogre.update({ "system.size": { value: 2, letter: "" }, "system.speed": 5 }));
  await world.as(alice, () => hound.update({ "system.size": { value: 1, letter: "S" }, "system.speed": 6 }));
  for (const token of [tokens.ryn, tokens.vex]) place(token, 30, 30);
  place(tokens.ogre, 40, 40);
  place(houndToken, 45, 45);
});

afterEach(async () => {
  await world.settle();
  expect(harness.hooks.errors).toEqual([]);
  for (const a of [goblin, ogre, hound, korva] as WorldActor[]) await world.as(gm, () => a.toggleStatusEffect("grabbed", { active: false }));
  world.scene.wallList.length = 0;
});

describe("the grabbed creature moves with its grabber (L6674)", () => {
  it("Korva walks holding the Goblin: the Director's client brings it along beside her; beyond her speed, from afar or through a wall it stays", async () => {
    place(tokens.korva, 10, 10);
    place(tokens.goblin, 11, 10);
    const card = await grabCard(tokens.goblin);
    // Alice can't write the Goblin: the apply goes to the Director's client, which records the grab.
    expect(await apply(alice, card, tokens.goblin)).toBe(true);
    expect(records()).toContainEqual(expect.objectContaining({ grabbed: goblin.uuid, grabber: korva.uuid }));
    await moveTo(alice, tokens.korva, 10, 13);
    await vi.waitFor(() => expect(at(tokens.goblin)).toEqual([11, 13]));
    // A step that leaves the Goblin adjacent moves nothing else.
    await moveTo(alice, tokens.korva, 10, 14);
    await world.settle();
    expect(at(tokens.goblin)).toEqual([11, 13]);

    // Six squares at once is beyond Korva's speed 5 (L6836): the Goblin stays, and the Director is told.
    await moveTo(alice, tokens.korva, 4, 14);
    await vi.waitFor(() => expect(whispered().at(-1)).toContain("Korva moved 6 squares holding Goblin grabbed, more than its speed of 5 now"));
    expect(at(tokens.goblin)).toEqual([11, 13]);
    // From there, the Goblin is not next to her: her moves do not pull it across the map.
    await moveTo(alice, tokens.korva, 6, 14);
    await vi.waitFor(() => expect(whispered().at(-1)).toContain("Goblin did not stand next to Korva"));
    expect(at(tokens.goblin)).toEqual([11, 13]);

    // Next to it again; a wall across the Goblin's column stops it, not Korva.
    await moveTo(alice, tokens.korva, 10, 13);
    world.addWall([11, 15, 12, 15]);
    await moveTo(alice, tokens.korva, 10, 16);
    await vi.waitFor(() => expect(whispered().at(-1)).toContain("a wall stands in Goblin&#x27;s way"));
    expect(at(tokens.goblin)).toEqual([11, 13]);
    // Only the GMs see those notes.
    expect(whispered().every((c) => !c.includes("<script"))).toBe(true);
    const last = [...world.messages.values()].at(-1) as unknown as { whisper: string[] };
    expect(last.whisper).toEqual([gm.id]);
  });

  it("the Director's own move of a grabbing monster carries the grabbed hero; a forced move of the grabber does not, and ends the grab away from her (L6676)", async () => {
    const goblinGrab = new WorldItem(structuredClone(source) as unknown as Record<string, unknown>, goblin);
    goblin.items.set(goblinGrab.id, goblinGrab);
    try {
      place(tokens.goblin, 10, 10);
      place(tokens.korva, 10, 11);
      harness.fixRandom(d10(9, 8));
      const card = await world.as(gm, async () => {
        gm.targets = new Set([tokens.korva]);
        return useAbilityByUuid(goblinGrab.uuid, true);
      }) as unknown as WorldMessage;
      expect(await apply(gm, card, tokens.korva)).toBe(true);
      expect(records()).toContainEqual(expect.objectContaining({ grabbed: korva.uuid, grabber: goblin.uuid }));
      // The 1S Goblin holds a 1M hero, larger than itself: its speed 5 is halved to 2 (L6674).
      await moveTo(gm, tokens.goblin, 13, 10);
      await vi.waitFor(() => expect(whispered().at(-1)).toContain("Goblin moved 3 squares holding Korva grabbed, more than its speed of 2 now"));
      expect(at(tokens.korva)).toEqual([10, 11]);
      await moveTo(gm, tokens.goblin, 10, 10);
      await moveTo(gm, tokens.goblin, 12, 10);
      await vi.waitFor(() => expect(at(tokens.korva)).toEqual([12, 11]));
      // Alice takes the Goblin's name off Korva's grabbed effect (hers to write): the GM's record still says who holds her.
      const held = [...korva.effects].find((e) => e.statuses.has("grabbed"))!;
      await world.as(alice, () => held.update({ "flags.steel-echoes.sourceUuid": "" }));
      // Korva pushes the Goblin 3 squares with Brutal Slam: a forced move, so the Goblin carries no one,
      // and it now stands away from Korva, so the grab ends (L6676).
      harness.fixRandom(d10(9, 8)); // tier 3: push 3
      const slam = await world.as(alice, async () => {
        alice.targets = new Set([tokens.goblin]);
        return useAbilityByUuid([...korva.items].find((i) => i.name === "Brutal Slam")!.uuid, true);
      }) as unknown as WorldMessage;
      expect(await world.as(alice, () => requestForcedMove({ messageId: slam.id, key: tokens.goblin.uuid, action: "move", squares: 3 }, cardServices))).toBe(true);
      await world.settle();
      expect(at(tokens.goblin)).toEqual([12, 7]);
      expect(at(tokens.korva)).toEqual([12, 11]);
      expect(korva.statuses.has("grabbed")).toBe(false);
      // The record no longer holds: the Goblin's walk leaves Korva where she stands.
      await moveTo(gm, tokens.goblin, 12, 9);
      await world.settle();
      expect(at(tokens.korva)).toEqual([12, 11]);
    } finally {
      goblin.items.delete(goblinGrab.id);
    }
  });

  it("a teleport of the grabbed Goblin ends the grab (L6910): Korva's next walk leaves it where it arrived", async () => {
    place(tokens.korva, 10, 10);
    place(tokens.goblin, 11, 10);
    expect(await apply(alice, await grabCard(tokens.goblin), tokens.goblin)).toBe(true);
    tokens.goblin.movementAction = "blink";
    try {
      await moveTo(gm, tokens.goblin, 20, 20);
      await vi.waitFor(() => expect(goblin.statuses.has("grabbed")).toBe(false));
    } finally {
      tokens.goblin.movementAction = "walk";
    }
    place(tokens.goblin, 11, 10);
    await moveTo(alice, tokens.korva, 10, 12);
    await world.settle();
    expect(at(tokens.goblin)).toEqual([11, 10]);
  });

  it("holding the size-2 Ogre halves Korva's speed (L6674): 2 squares bring it along, 3 do not", async () => {
    place(tokens.korva, 10, 10);
    place(tokens.ogre, 11, 10);
    const card = await grabCard(tokens.ogre);
    // Alice's apply: the Ogre is larger than Korva and Grab takes only her size or smaller (L7022). The
    // Director's client applies the condition (his call, as before), but records no grab, and says why.
    expect(await apply(alice, card, tokens.ogre)).toBe(true);
    expect(ogre.statuses.has("grabbed")).toBe(true);
    expect(records().filter((r) => r.grabbed === ogre.uuid)).toEqual([]);
    expect(world.shown.filter((s) => s.user === "Alice").map((s) => s.shown))
      .toContain("The grab of Ogre was not recorded: Ogre is larger than its grabber, and the ability grabs only a creature its user's size or smaller.");
    await moveTo(alice, tokens.korva, 10, 12);
    await world.settle();
    expect(at(tokens.ogre)).toEqual([11, 10]);
    // The Director decides otherwise: his own apply of the same card records it.
    await moveTo(gm, tokens.korva, 10, 10);
    expect(await apply(gm, card, tokens.ogre, "undo")).toBe(true);
    expect(await apply(gm, card, tokens.ogre)).toBe(true);
    expect(records()).toContainEqual(expect.objectContaining({ grabbed: ogre.uuid, grabber: korva.uuid }));
    await moveTo(alice, tokens.korva, 10, 13);
    await vi.waitFor(() => expect(whispered().at(-1)).toContain("Korva moved 3 squares holding Ogre grabbed, more than its speed of 2 now"));
    expect(at(tokens.ogre)).toEqual([11, 10]);
    await moveTo(gm, tokens.korva, 10, 10);
    await moveTo(alice, tokens.korva, 10, 12);
    await vi.waitFor(() => expect(at(tokens.ogre)).toEqual([11, 12]));
  });
});

describe("a grab a player applies herself is recorded by the GM, checked (item 33)", () => {
  it("Korva grabs Alice's own Hound on Alice's client: the Director's client checks and records it, then carries it; her undo forgets it", async () => {
    place(tokens.korva, 10, 10);
    place(houndToken, 9, 10);
    const card = await grabCard(houndToken);
    expect(await apply(alice, card, houndToken)).toBe(true);
    await vi.waitFor(() => expect(records()).toContainEqual(expect.objectContaining({ grabbed: hound.uuid, grabber: korva.uuid, message: card.id })));
    await moveTo(alice, tokens.korva, 13, 10);
    await vi.waitFor(() => expect(at(houndToken)).toEqual([12, 10]));
    expect(await apply(alice, card, houndToken, "undo")).toBe(true);
    await vi.waitFor(() => expect(records().filter((r) => r.grabbed === hound.uuid)).toEqual([]));
    place(houndToken, 45, 45);
  });

  it("a fake grab is not recorded: another's card, a tier that does not grab, a tampered tier, a creature not adjacent or not grabbed", async () => {
    const ask = (user: WorldUser, data: Record<string, unknown>) => world.as(user, () => askGM("grabRecord", data));
    const houndRecords = () => records().filter((r) => r.grabbed === hound.uuid);
    place(tokens.korva, 10, 10);
    place(houndToken, 9, 10);
    // Mallory asks for Alice's grab: she is not the card's author.
    const honest = await grabCard(houndToken);
    await world.as(gm, () => hound.toggleStatusEffect("grabbed", { active: true }));
    expect(await ask(mallory, { messageId: honest.id, key: houndToken.uuid })).toBe(false);
    // The Hound is grabbed, but not by Korva (its effect names no source): nothing to record.
    expect(await ask(alice, { messageId: honest.id, key: houndToken.uuid })).toBe(false);
    await world.as(gm, () => hound.toggleStatusEffect("grabbed", { active: false }));
    expect(houndRecords()).toEqual([]);

    // A tier 1 (no grab) applied, then asked for: refused; then its tier written up to 3 on her card: tampered.
    const miss = await grabCard(houndToken, [3, 3]);
    expect(await apply(alice, miss, houndToken)).toBe(true);
    await world.as(alice, () => hound.toggleStatusEffect("grabbed", { active: true }));
    const effect = [...hound.effects].find((e) => e.statuses.has("grabbed"))!;
    await world.as(alice, () => effect.update({ "flags.steel-echoes.sourceUuid": korva.uuid }));
    expect(await ask(alice, { messageId: miss.id, key: houndToken.uuid })).toBe(false);
    const use = (miss.flags["steel-echoes"] as { abilityUse: { targets: Record<string, unknown>[] } }).abilityUse;
    await world.as(alice, () => miss.update({ "flags.steel-echoes.abilityUse.targets": use.targets.map((x) => ({ ...x, tier: 3 })) }));
    expect(await ask(alice, { messageId: miss.id, key: houndToken.uuid })).toBe(false);
    expect(houndRecords()).toEqual([]);

    // An honest tier 3, but the Hound stands away from Korva: not recorded, so Korva's moves leave it.
    place(houndToken, 14, 10);
    expect(await ask(alice, { messageId: honest.id, key: houndToken.uuid })).toBe(false);
    expect(houndRecords()).toEqual([]);
    await moveTo(alice, tokens.korva, 10, 12);
    await world.settle();
    expect(at(houndToken)).toEqual([14, 10]);
    const refusals = world.shown.filter((s) => s.user === "Alice" || s.user === "Mallory").map((s) => `${s.user}: ${s.shown}`);
    const notGrabbed = "Alice: The grab of Hound was not recorded: the card's tier does not grab it, or Hound is not grabbed by the card's user.";
    expect(refusals.slice(-5)).toEqual([
      "Mallory: The grab of Hound was not recorded: only the card's author can ask for it, for a creature she owns.",
      notGrabbed, // grabbed, but by no one
      notGrabbed, // tier 1
      "Alice: This card does not match its ability: it was changed after it was rolled, so nothing was applied.",
      "Alice: The grab of Hound was not recorded: Hound does not stand next to its grabber.",
    ]);
    place(houndToken, 45, 45);
  });
});

// Ending a grab, and a grab set from the token HUD (seed 004; issue 29, item 33), on the strict
// multi-client world. L6676: "The creature grabbing you can end the grab at any time (no action
// required). You can also attempt to escape being grabbed (see Escape Grab in Combat)": Alice lets
// Korva's grab go from Korva's sheet; the Director's client checks her against its own record of
// grabs (src/documents/grab-hold.ts) and ends the grabbed condition. A grabbed status set from the
// token HUD (v13 TokenHUD's `effect` action, `Actor#toggleStatusEffect`) names no grabber: the system's
// HUD asks who grabbed the creature (src/canvas/grab-hud.ts, grab-naming.ts) and records it.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { harness } from "../harness/foundry.ts";
import { WorldItem } from "../harness/world.ts";
import type { WorldActor, WorldMessage, WorldToken, WorldUser } from "../harness/world.ts";
import { answerDialog, d10, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import { basicActionSources } from "../../src/data/basic-actions.ts";

const t: Table = await setupTable();
const { world, gm, alice, mallory, korva, ogre, goblin, tokens } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestCardAction } = await import("../../src/documents/ability-results.ts");
const { askGM } = await import("../../src/documents/relay.ts");
const { heroContext, HERO_ACTIONS } = await import("../../src/applications/sheets/sheet-parts.ts");

const GRID = world.scene.grid.size;
const place = (token: WorldToken, x: number, y: number) => Object.assign(token, { x: x * GRID, y: y * GRID });
const at = (token: WorldToken) => [token.x / GRID, token.y / GRID];
const moveTo = (user: WorldUser, token: WorldToken, x: number, y: number) => world.as(user, () => token.update({ x: x * GRID, y: y * GRID }));
type Rec = { grabbed: string; grabber: string; message: string; key: string; escapeBane: boolean; dragDamage: number };
const records = () => (world.settings.get("steel-echoes.grabs")?.value ?? []) as Rec[];
const shownTo = (user: WorldUser) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);
const chat = () => [...world.messages.values()].map((m) => String((m as unknown as { content: string }).content));
const grabbedEffect = (a: WorldActor) => [...a.effects].find((e) => e.statuses.has("grabbed"));
const sourceOf = (a: WorldActor) => (grabbedEffect(a)?.flags["steel-echoes"] as { sourceUuid?: string } | undefined)?.sourceUuid;

// Korva's Grab, dragged from the abilities pack (its card applies without the Director's approval).
const source = basicActionSources().find((a) => a.name === "Grab")!;
const packed = world.addPackItem("steel-echoes.abilities", structuredClone(source) as unknown as Record<string, unknown>);
const grab = new WorldItem({ ...structuredClone(source), _stats: { compendiumSource: packed.uuid } } as unknown as Record<string, unknown>, korva);
korva.items.set(grab.id, grab);
// Alice's hound: a creature she owns besides Korva.
const hound = world.addActor({
  name: "Hound", type: "monster",
  system: { characteristics: { might: 1, agility: 2, reason: -2, intuition: 1, presence: -1 }, stamina: { value: 10, max: 10, temporary: 0 }, stability: 0 },
}, [alice]);
const houndToken = world.addToken(hound, 1);

/** Korva's Grab on `target` at tier 3 (9 + 8 + Might 2), applied by Alice (through the Director's client for his creature). */
async function korvaGrabs(target: WorldToken): Promise<WorldMessage> {
  harness.fixRandom(d10(9, 8));
  const card = await world.as(alice, async () => {
    alice.targets = new Set([target]);
    return useAbilityByUuid(grab.uuid, true);
  }) as unknown as WorldMessage;
  expect(await world.as(alice, () => requestCardAction({ messageId: card.id, action: "apply", key: target.uuid }, cardServices))).toBe(true);
  await world.settle();
  return card;
}

/** Korva's sheet as `user` sees it, and a click on one of its *Release* buttons. */
const holding = (user: WorldUser) => world.as(user, async () =>
  (await heroContext({ actor: korva as never, isEditable: korva.testUserPermission(user, "OWNER") }, "play")).holding);
const release = (user: WorldUser, grabbed: WorldActor) => world.as(user, () =>
  HERO_ACTIONS.releaseGrab({ actor: korva as never, isEditable: true }, {} as PointerEvent, { dataset: { grabbed: grabbed.uuid } } as unknown as HTMLElement));

/** The token HUD on `token`, as `user` opens it, and a left click on its grabbed status (v13 TokenHUD `effect`). */
function hudToggleGrabbed(user: WorldUser, token: WorldToken, active = false) {
  const Hud = (CONFIG.Token as unknown as { hudClass: new () => { bind(t: unknown): { options: { actions: Record<string, { handler: (...a: unknown[]) => Promise<void> }> } } } }).hudClass;
  const hud = new Hud().bind(token);
  const target = { dataset: { statusId: "grabbed" }, classList: { contains: (c: string) => c === "active" && active } };
  return world.as(user, () => hud.options.actions.effect!.handler.call(hud, { button: 0 }, target));
}

beforeAll(async () => {
  // The harness keeps an actor's source data: a hero's derived speed, size and level are set as Foundry derives them.
  Object.assign(korva.system, { baseSpeed: 5, speed: 5, size: { value: 1, letter: "M" }, level: 1 });
  await world.as(gm, () => goblin.update({ "system.size": { value: 1, letter: "S" }, "system.speed": 5 }));
  await world.as(alice, () => hound.update({ "system.size": { value: 1, letter: "S" }, "system.speed": 6 }));
  for (const token of [tokens.ryn, tokens.vex]) place(token, 30, 30);
  place(tokens.ogre, 40, 40);
  place(houndToken, 45, 45);
});

afterEach(async () => {
  await world.settle();
  expect(harness.hooks.errors).toEqual([]);
  for (const a of [goblin, ogre, hound, korva] as WorldActor[]) await world.as(gm, () => a.toggleStatusEffect("grabbed", { active: false }));
  await world.as(gm, () => world.settings.get("steel-echoes.grabs") ? game.settings!.set("steel-echoes", "grabs", []) : undefined);
  world.shown.length = 0;
  world.refused.length = 0;
});

describe("the grabber's owner ends the grab at any time (L6676)", () => {
  it("Alice lets go of the Goblin from Korva's sheet: the Director's client checks its record, ends grabbed and says so; Korva's walk leaves it", async () => {
    place(tokens.korva, 10, 10);
    place(tokens.goblin, 11, 10);
    await korvaGrabs(tokens.goblin);
    expect(records()).toContainEqual(expect.objectContaining({ grabbed: goblin.uuid, grabber: korva.uuid }));
    // Her sheet lists the Goblin with a Release button (editable); another player sees no button.
    expect(await holding(alice)).toEqual({ creatures: [{ uuid: goblin.uuid, name: "Goblin", label: "Let go of Goblin (no action required)" }], editable: true });
    expect((await holding(mallory))?.editable).toBe(false);

    await release(alice, goblin);
    await world.settle();
    expect(records().filter((r) => r.grabbed === goblin.uuid)).toEqual([]);
    expect(goblin.statuses.has("grabbed")).toBe(false);
    expect(chat().at(-1)).toBe("<p>Korva lets go of Goblin: Goblin is no longer grabbed by Korva.</p>");
    expect(await holding(alice)).toBeNull();
    await moveTo(alice, tokens.korva, 10, 13);
    await world.settle();
    expect(at(tokens.goblin)).toEqual([11, 10]);
    // Alice's client wrote nothing of the Goblin's: the Director's did.
    expect(world.refused).toEqual([]);
  });

  it("the Director lets go for his own Goblin holding Korva, on his own client", async () => {
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
      expect(await world.as(gm, () => requestCardAction({ messageId: card.id, action: "apply", key: tokens.korva.uuid }, cardServices))).toBe(true);
      expect(records()).toContainEqual(expect.objectContaining({ grabbed: korva.uuid, grabber: goblin.uuid }));
      // Alice owns the grabbed Korva, not the grabber: no release for her (her way out is Escape Grab, L7003).
      expect(await world.as(alice, () => askGM("grabHold", { op: "release", grabbed: korva.uuid, grabber: goblin.uuid }))).toBe(false);
      expect(shownTo(alice).at(-1)).toBe("Only the owner of Goblin or the Director can end its grab of Korva; a grabbed creature escapes with Escape Grab.");
      expect(korva.statuses.has("grabbed")).toBe(true);
      const { requestGrabRelease } = await import("../../src/documents/grab-hold.ts");
      expect(await world.as(gm, () => requestGrabRelease(korva.uuid, goblin.uuid))).toBe(true);
      expect(korva.statuses.has("grabbed")).toBe(false);
      expect(records()).toEqual([]);
    } finally {
      goblin.items.delete(goblinGrab.id);
    }
  });

  it("a creature two creatures hold stays grabbed by the other when one lets go (one condition, L6674)", async () => {
    place(tokens.korva, 10, 10);
    place(tokens.goblin, 11, 10);
    place(houndToken, 12, 10);
    await korvaGrabs(tokens.goblin);
    // The GM's record also says the Hound holds the Goblin (as a grab named from the HUD is recorded); then Korva lets go.
    const effect = grabbedEffect(goblin)!;
    await world.as(gm, () => game.settings!.set("steel-echoes", "grabs", [...records(), { grabbed: goblin.uuid, grabber: hound.uuid, escapeBane: false, dragDamage: 0, message: "hud", key: effect.id }]));
    await release(alice, goblin);
    await world.settle();
    expect(goblin.statuses.has("grabbed")).toBe(true);
    expect(sourceOf(goblin)).toBe(hound.uuid);
    expect(records().map((r) => r.grabber)).toEqual([hound.uuid]);
    expect(chat().at(-1)).toBe("<p>Korva lets go of Goblin; another creature still holds Goblin grabbed.</p>");
    place(houndToken, 45, 45);
  });

  it("attackers: Mallory releasing Korva's grab, a grab that does not exist or has ended, a malformed request", async () => {
    place(tokens.korva, 10, 10);
    place(tokens.goblin, 11, 10);
    await korvaGrabs(tokens.goblin);
    const ask = (user: WorldUser, data: Record<string, unknown>) => world.as(user, () => askGM("grabHold", { op: "release", ...data }));
    // Mallory names Korva's grab: she does not own Korva.
    expect(await ask(mallory, { grabbed: goblin.uuid, grabber: korva.uuid })).toBe(false);
    // Mallory names her own Vex as the grabber: Vex holds no one.
    expect(await ask(mallory, { grabbed: goblin.uuid, grabber: t.vex.uuid })).toBe(false);
    // Alice names a grab Korva does not hold.
    expect(await ask(alice, { grabbed: ogre.uuid, grabber: korva.uuid })).toBe(false);
    expect(await ask(alice, { grabbed: 42, grabber: korva.uuid })).toBe(false);
    expect(shownTo(mallory)).toEqual([
      "Only the owner of Korva or the Director can end its grab of Goblin; a grabbed creature escapes with Escape Grab.",
      "Vex does not hold Goblin grabbed: there is no grab to end.",
    ]);
    expect(shownTo(alice)).toEqual(["Korva does not hold Ogre grabbed: there is no grab to end.", "That request is not valid; nothing was changed."]);
    expect(goblin.statuses.has("grabbed")).toBe(true);
    expect(records()).toContainEqual(expect.objectContaining({ grabbed: goblin.uuid, grabber: korva.uuid }));
    // The Goblin's grab ends by its status (an escape, the Director's HUD): the stale record is nothing to release.
    await world.as(gm, () => goblin.toggleStatusEffect("grabbed", { active: false }));
    expect(await ask(alice, { grabbed: goblin.uuid, grabber: korva.uuid })).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("Korva does not hold Goblin grabbed: there is no grab to end.");
    // A request that is neither a release nor a naming.
    expect(await world.as(alice, () => askGM("grabHold", { op: "steal", grabbed: goblin.uuid, grabber: korva.uuid }))).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("That request is not valid; nothing was changed.");
  });
});

describe("a grabbed status set from the token HUD names its grabber (item 33)", () => {
  it("the Director grabs the Goblin from its HUD: the one creature next to it, Korva, is offered and checked; recorded, it moves with her and she can let go", async () => {
    place(tokens.korva, 10, 10);
    place(tokens.goblin, 11, 10);
    // Korva's sheet is open on Alice's client (drawn once, so the sheets' code is loaded): it draws again when the grab is recorded.
    expect(await holding(alice)).toBeNull();
    const sheet = { document: korva, rendered: true, render: vi.fn() };
    foundry.applications.instances.set("korva-sheet", sheet as never);
    const opened = answerDialog({ grabber: tokens.korva.uuid });
    await hudToggleGrabbed(gm, tokens.goblin);
    await world.settle();
    foundry.applications.instances.delete("korva-sheet");
    expect(sheet.render).toHaveBeenCalled();
    expect(await holding(alice)).toEqual({ creatures: [expect.objectContaining({ name: "Goblin" })], editable: true });
    expect(opened).toHaveLength(1);
    expect(opened[0]).toContain(`value="${tokens.korva.uuid}" checked> Korva`);
    expect(opened[0]).not.toContain("Hound");
    expect(records()).toEqual([{ grabbed: goblin.uuid, grabber: korva.uuid, escapeBane: false, dragDamage: 0, message: "hud", key: grabbedEffect(goblin)!.id }]);
    expect(sourceOf(goblin)).toBe(korva.uuid);
    expect(shownTo(gm).at(-1)).toBe("Korva holds Goblin grabbed: the grab is recorded.");
    // L6674: it moves with her.
    await moveTo(alice, tokens.korva, 10, 13);
    await vi.waitFor(() => expect(at(tokens.goblin)).toEqual([11, 13]));
    // Her sheet lets her go.
    await release(alice, goblin);
    await world.settle();
    expect(goblin.statuses.has("grabbed")).toBe(false);
    expect(records()).toEqual([]);
  });

  it("with two creatures next to it none is checked; closing the dialog or pressing No one records nothing; with none next to it, no dialog", async () => {
    place(tokens.korva, 10, 10);
    place(tokens.goblin, 11, 10);
    place(houndToken, 12, 10);
    let opened = answerDialog(null);
    await hudToggleGrabbed(gm, tokens.goblin);
    await world.settle();
    expect(opened[0]).toContain("Korva");
    expect(opened[0]).toContain("Hound");
    expect(opened[0]).not.toContain("checked");
    expect(goblin.statuses.has("grabbed")).toBe(true);
    expect(records()).toEqual([]);
    // Toggling it off asks nothing.
    opened = answerDialog({ grabber: houndToken.uuid });
    await hudToggleGrabbed(gm, tokens.goblin, true);
    expect(goblin.statuses.has("grabbed")).toBe(false);
    expect(opened).toEqual([]);
    // Another status asks nothing either.
    const hud = new (CONFIG.Token as unknown as { hudClass: new () => { bind(t: unknown): { options: { actions: Record<string, { handler: (...a: unknown[]) => Promise<void> }> } } } }).hudClass().bind(tokens.goblin);
    await world.as(gm, () => hud.options.actions.effect!.handler.call(hud, { button: 0 }, { dataset: { statusId: "prone" }, classList: { contains: () => false } }));
    expect(goblin.statuses.has("prone")).toBe(true);
    expect(opened).toEqual([]);
    await world.as(gm, () => goblin.toggleStatusEffect("prone", { active: false }));
    // Alone on the map: no dialog, and the Director is told.
    place(tokens.goblin, 20, 20);
    await hudToggleGrabbed(gm, tokens.goblin);
    expect(opened).toEqual([]);
    expect(shownTo(gm).at(-1)).toBe("Goblin is grabbed, but no creature stands next to it: no grabber is recorded.");
    expect(records()).toEqual([]);
    place(houndToken, 45, 45);
  });

  it("Alice grabs her own Hound from its HUD: only her own creatures next to it are offered; the Director's client records it", async () => {
    place(houndToken, 10, 10);
    place(tokens.korva, 11, 10);
    place(tokens.goblin, 9, 10);
    const opened = answerDialog({ grabber: tokens.korva.uuid });
    await hudToggleGrabbed(alice, houndToken);
    await world.settle();
    expect(opened[0]).toContain(`value="${tokens.korva.uuid}" checked> Korva`);
    expect(opened[0]).not.toContain("Goblin");
    await vi.waitFor(() => expect(records()).toEqual([expect.objectContaining({ grabbed: hound.uuid, grabber: korva.uuid, message: "hud" })]));
    expect(sourceOf(hound)).toBe(korva.uuid);
    expect(world.refused).toEqual([]);
    place(houndToken, 45, 45);
  });

  it("Alice next to only the Director's Goblin: no dialog, she is told the Director records it; on a creature she does not own, Foundry refuses the toggle", async () => {
    place(houndToken, 10, 10);
    place(tokens.goblin, 9, 10);
    place(tokens.korva, 20, 20);
    const opened = answerDialog({ grabber: tokens.goblin.uuid });
    await hudToggleGrabbed(alice, houndToken);
    expect(opened).toEqual([]);
    expect(shownTo(alice).at(-1)).toBe("Hound is grabbed, but no creature of yours stands next to it: the Director records a grab by another's creature.");
    expect(hound.statuses.has("grabbed")).toBe(true);
    // The Goblin's HUD: Alice can't create its effect (the server refuses), so nothing is asked.
    await expect(hudToggleGrabbed(alice, tokens.goblin)).rejects.toThrow(/lacks permission/);
    expect(opened).toEqual([]);
    expect(goblin.statuses.has("grabbed")).toBe(false);
    place(houndToken, 45, 45);
  });

  it("attackers: a grabber she does not own, a creature not hers, a grabber away from it, an effect that is not grabbed, malformed data", async () => {
    place(houndToken, 10, 10);
    place(tokens.goblin, 9, 10);
    place(tokens.korva, 14, 10);
    await world.as(alice, () => hound.toggleStatusEffect("grabbed", { active: true }));
    const effectId = grabbedEffect(hound)!.id;
    const ask = (user: WorldUser, data: Record<string, unknown>) => world.as(user, () => askGM("grabHold", { op: "name", ...data }));
    // The Goblin (the Director's) named as the Hound's grabber by Alice: it would slow his creature (L6674).
    expect(await ask(alice, { token: houndToken.uuid, grabber: tokens.goblin.uuid, effectId })).toBe(false);
    // Mallory names her Vex, next to the Hound, as its grabber: the Hound is not hers.
    place(tokens.vex, 11, 10);
    expect(await ask(mallory, { token: houndToken.uuid, grabber: tokens.vex.uuid, effectId })).toBe(false);
    place(tokens.vex, 30, 30);
    // Korva stands 4 squares away.
    expect(await ask(alice, { token: houndToken.uuid, grabber: tokens.korva.uuid, effectId })).toBe(false);
    // The Hound itself; then Korva next to it, but the effect named is not its grabbed one.
    expect(await ask(alice, { token: houndToken.uuid, grabber: houndToken.uuid, effectId })).toBe(false);
    place(tokens.korva, 11, 10);
    await world.as(alice, () => hound.toggleStatusEffect("prone", { active: true }));
    const prone = [...hound.effects].find((e) => e.statuses.has("prone"))!.id;
    expect(await ask(alice, { token: houndToken.uuid, grabber: tokens.korva.uuid, effectId: prone })).toBe(false);
    await world.as(alice, () => hound.toggleStatusEffect("prone", { active: false }));
    expect(await ask(alice, { token: houndToken.uuid, grabber: tokens.korva.uuid, effectId: "../x" })).toBe(false);
    expect(await ask(alice, { token: "Actor.nothing", grabber: tokens.korva.uuid, effectId })).toBe(false);
    expect(records()).toEqual([]);
    expect(sourceOf(hound)).toBeUndefined();
    expect(shownTo(alice)).toEqual([
      "The grab of Hound by Goblin was not recorded: you can name only a grabber you own, for a creature you own; the Director records the others.",
      "The grab of Hound by Korva was not recorded: Korva does not stand next to Hound.",
      "Hound cannot grab itself: the grab was not recorded.",
      "The grab of Hound was not recorded: Hound is not grabbed.",
      "That request is not valid; nothing was changed.",
      "That request is not valid; nothing was changed.",
    ]);
    expect(shownTo(mallory)).toEqual([
      "The grab of Hound by Vex was not recorded: you can name only a grabber you own, for a creature you own; the Director records the others.",
    ]);
    // The honest request, once the rest is refused, is recorded.
    expect(await ask(alice, { token: houndToken.uuid, grabber: tokens.korva.uuid, effectId })).toBe(true);
    expect(records()).toEqual([expect.objectContaining({ grabbed: hound.uuid, grabber: korva.uuid })]);
    place(houndToken, 45, 45);
  });
});

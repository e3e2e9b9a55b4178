// A negotiation on the strict multi-client world: the Director starts it with a monster, players
// roll their heroes' arguments through the GM, the Director judges them and closes the negotiation
// with a Victory; players see only what was discovered, and Mallory can neither argue for another,
// pass off a forged or old roll, nor write the NPC's record.
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { checkAfterEach, d10, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage, WorldUser } from "../harness/world.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, mallory, korva, ryn, vex, ogre, goblin } = t;
const negotiation = await import("../../src/documents/negotiation.ts");
const { startNegotiation, currentNegotiation, judgeCurrentArgument, discoverInNegotiation, closeCurrentNegotiation, requestArgumentRoll, directCurrentNegotiation } = negotiation;
const { rollCharacteristicTest } = await import("../../src/applications/sheets/rolls.ts");
const { negotiationTrackerContext } = await import("../../src/applications/view-models/negotiation-tracker.ts");
const { i18n } = await import("../harness/world.ts");

(ogre.system as Record<string, unknown>).negotiation = { interest: 2, patience: 2, impression: 3, motivations: ["greed", "power"], pitfalls: ["justice"] };
const shownTo = (user: WorldUser) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);
const state = (user: WorldUser = alice) => world.as(user, () => currentNegotiation().state);

async function argueAs(user: WorldUser, hero: WorldActor, characteristic: string, faces: number[], skill = ""): Promise<WorldMessage> {
  harness.fixRandom(d10(...faces));
  const value = (hero.system.characteristics as Record<string, number>)[characteristic]!;
  return await world.as(user, () => rollCharacteristicTest(hero as never, characteristic, value, { fast: true, ...(skill ? { skill } : {}) })) as unknown as WorldMessage;
}
const send = (user: WorldUser, hero: WorldActor, characteristic: string, roll: WorldMessage) =>
  world.as(user, () => requestArgumentRoll({ heroUuid: hero.uuid, characteristic, skill: "persuade", rollMessageId: roll.id }));

checkAfterEach(world, { honest: false });

describe("a negotiation", () => {
  it("is started by the Director only, with an NPC that has negotiation data", async () => {
    expect(await world.as(alice, () => startNegotiation(ogre as never, { attitude: "neutral" }))).toBeNull();
    expect(shownTo(alice)).toEqual(["Only the Director can do that."]);
    // Every monster has negotiation stats in v13: the model fills a missing `negotiation` with its
    // initial values (DataField#clean). An actor without them is a hero.
    expect((goblin.system.negotiation as { interest: number }).interest).toBe(2);
    expect(await world.as(gm, () => startNegotiation(ryn as never, { attitude: "neutral" }))).toBeNull();
    expect(shownTo(gm)).toEqual(["This actor has no negotiation data: give it a monster's negotiation stats first."]);
  });

  it("takes each hero's argument through the GM, judged by the Director, and shows players only what they may see", async () => {
    const old = await argueAs(mallory, vex, "presence", [9, 9]);
    const s = await world.as(gm, () => startNegotiation(ogre as never, { attitude: "suspicious", language: 1 }));
    expect(s).toMatchObject({ interest: 2, patience: 3, impression: 3 });
    expect(state(bob)).toMatchObject({ interest: 2 });
    // Mallory: an old roll, Ryn's roll, a roll for Ryn: all refused; she cannot write the Ogre's record.
    expect(await send(mallory, vex, "presence", old)).toBe(false);
    const rynRoll = await argueAs(bob, ryn, "presence", [7, 7]); // 14, tier 2
    expect(await send(mallory, ryn, "presence", rynRoll)).toBe(false);
    expect(await send(mallory, vex, "presence", rynRoll)).toBe(false);
    await expect(world.as(mallory, () => ogre.update({ "flags.steel-echoes.negotiation.interest": 5 }))).rejects.toThrow();
    expect(shownTo(mallory)).toEqual(["That roll does not match: roll from the tracker.", "You can argue only for a hero you own.", "That roll does not match: roll from the tracker."]);
    // Bob argues for Ryn; a second argument waits until the Director judged the first.
    expect(await send(bob, ryn, "presence", rynRoll)).toBe(true);
    expect(state()!.pending).toMatchObject({ heroName: "Ryn", total: 14, tier: 2 });
    const korvaRoll = await argueAs(alice, korva, "reason", [9, 9]);
    expect(await send(alice, korva, "reason", korvaRoll)).toBe(false);
    expect(shownTo(alice)).toEqual(["An argument is already waiting for the Director."]);
    // Only the Director judges: Ryn appealed to greed.
    expect(await world.as(alice, () => judgeCurrentArgument({ kind: "motivation", subject: "greed" }))).toBeNull();
    await world.as(gm, () => judgeCurrentArgument({ kind: "motivation", subject: "greed" }));
    expect(state()).toMatchObject({ interest: 3, patience: 2, pending: null });
    expect(state()!.motivations).toEqual([{ id: "greed", used: true, discovered: true }, { id: "power", used: false, discovered: false }]);
    // What Alice's tracker shows: greed (discovered), not power or the pitfall; the stats, until hidden.
    const view = () => world.as(alice, () => negotiationTrackerContext({ name: "Ogre" }, currentNegotiation().state, { isGM: false, hero: { uuid: korva.uuid, name: "Korva", renown: 0 } }, i18n)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- one context type per state
    expect(view().motivations.map((m: { id: string }) => m.id)).toEqual(["greed"]);
    expect(view().pitfalls).toEqual([]);
    expect(view()).toMatchObject({ seesStats: true, canArgue: true });
    await world.as(gm, () => directCurrentNegotiation({ showStats: false }));
    expect(view()).toMatchObject({ seesStats: false, offer: null });
    expect(view().log[0]).toMatchObject({ heroName: "Ryn", response: "— the argument helped.", detail: "" });
    await world.as(gm, () => discoverInNegotiation("justice", true));
    expect(view().pitfalls.map((p: { id: string }) => p.id)).toEqual(["justice"]);
  });

  it("closes with a Victory for every player's hero, once (L305)", async () => {
    const before = [korva, ryn, vex].map((h) => Number(h.system.victories));
    expect(await world.as(bob, () => closeCurrentNegotiation(true))).toBeNull();
    const closed = await world.as(gm, () => closeCurrentNegotiation(true));
    expect(closed!.ended).toMatchObject({ offer: "yes-but", closed: true, victory: true });
    expect([korva, ryn, vex].map((h) => Number(h.system.victories))).toEqual(before.map((v) => v + 1));
    expect(await world.as(gm, () => closeCurrentNegotiation(true))).toBeNull();
    expect([korva, ryn, vex].map((h) => Number(h.system.victories))).toEqual(before.map((v) => v + 1));
    expect(shownTo(gm)).toEqual(["The negotiation is over."]);
  });

  it("adds the Persuade skill's +2 to an argument rolled from the tracker when the hero has it (L5893–5897)", async () => {
    await world.as(gm, () => startNegotiation(ogre as never, { attitude: "neutral" }));
    await world.as(bob, () => ryn.update({ "system.skills": ["persuade"] }));
    // Ryn's Presence 0 + 6 + 5 = 11 (tier 1); with Persuade, 13 (tier 2).
    expect(await send(bob, ryn, "presence", await argueAs(bob, ryn, "presence", [6, 5], "persuade"))).toBe(true);
    expect(state()!.pending).toMatchObject({ heroName: "Ryn", skill: "persuade", total: 13, tier: 2 });
    await world.as(gm, () => negotiation.dropCurrentArgument());
    // Korva has no Persuade: her argument is made without it.
    expect(await send(alice, korva, "presence", await argueAs(alice, korva, "presence", [6, 5], "persuade"))).toBe(true);
    expect(state()!.pending).toMatchObject({ heroName: "Korva", total: 11, tier: 1 });
    await world.as(gm, () => negotiation.dropCurrentArgument());
    await world.as(bob, () => ryn.update({ "system.skills": [] }));
  });

  it("can start from the stat block's interest and patience", async () => {
    const s = await world.as(gm, () => startNegotiation(ogre as never, { attitude: "hostile", statBlock: true }));
    expect(s).toMatchObject({ attitude: "hostile", interest: 2, patience: 2 }); // the Ogre's block, not hostile's 1 and 2
  });
});

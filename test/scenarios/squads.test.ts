// Minion squads at a table of clients (the Director, Alice, Bob, and Mallory who attacks): the
// Director forms a squad of four minions with a captain; the players' damage to one minion goes
// through the GM to the squad's pool, kept in the combat's flags, and minions die as it falls
// (docs/rules-decisions.md, "Minion squads and captains"; seed L6784, L7343). Mallory's forged writes
// change nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { checkAfterEach, d10, setupTable, staminaOf } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldCombatant, WorldMessage } from "../harness/world.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "../../src/documents/combat.ts";

const t: Table = await setupTable();
const { world, gm, alice, mallory, korva, vex, tokens } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestCardAction } = await import("../../src/documents/ability-results.ts");
const { requestTakeTurn } = await import("../../src/documents/combat-relay.ts");
const { RELAY } = await import("../../src/documents/relay.ts");
const squads = await import("../../src/documents/squads.ts");
const { creatureState } = await import("../../src/documents/ability-use.ts");
const { trackerInput } = await import("../../src/applications/combat/tracker-input.ts");
const { combatTrackerContext } = await import("../../src/applications/view-models/combat-tracker.ts");
type Combat = SteelEchoesCombat;

// Four minions (the pack's Mossbelly Scrapper: Stamina 5 each) and their warboss, on the Director's side.
const minion = (n: number) => world.addActor({
  name: `Scrapper ${n}`, type: "monster",
  system: { organization: "minion", characteristics: { might: 2, agility: 1, reason: -1, intuition: 0, presence: -1 }, stamina: { value: 5, max: 5, temporary: 0 } },
});
const scrappers = [1, 2, 3, 4].map(minion);
const warboss = world.addActor({
  name: "Grubknuckle", type: "monster",
  system: { organization: "leader", characteristics: { might: 3, agility: 1, reason: 0, intuition: 0, presence: 2 }, stamina: { value: 100, max: 100, temporary: 0 } },
});
const scrapperTokens = scrappers.map((a) => world.addToken(a, -1));
const warbossToken = world.addToken(warboss, -1);
const combat = world.addCombat([tokens.korva, tokens.vex, ...scrapperTokens, warbossToken]) as unknown as Combat;
const combatantOf = (actor: WorldActor) => [...combat.combatants].find((c) => (c.actor as unknown) === actor)!;
const idOf = (actor: WorldActor) => combatantOf(actor).id!;
const [s1, s2, s3, s4] = scrappers as [WorldActor, WorldActor, WorldActor, WorldActor];

const useOf = (m: WorldMessage) => (m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse;
const shownTo = (user: { name: string }) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);
const squad = () => [...squads.squadsOf(combat).values()][0]!;
const groupId = () => [...squads.squadsOf(combat).keys()][0]!;

async function strike(user: typeof alice, actor: WorldActor, ability: string, targets: WorldActor[], faces: number[]): Promise<WorldMessage> {
  harness.fixRandom(d10(...faces));
  return await world.as(user, async () => {
    user.targets = new Set(targets.map((a) => scrapperTokens[scrappers.indexOf(a)]!));
    return useAbilityByUuid([...actor.items].find((i) => i.name === ability)!.uuid, true);
  }) as unknown as WorldMessage;
}
const apply = (user: typeof alice, m: WorldMessage, target: WorldActor, action: "apply" | "undo" | "knockOut" = "apply") =>
  world.as(user, () => requestCardAction({ messageId: m.id, action, key: scrapperTokens[scrappers.indexOf(target)]!.uuid }, cardServices));

beforeAll(() => {
  RELAY.timeoutMs = 2_000;
});

describe("forming a squad (the Director's)", () => {
  checkAfterEach(world, { honest: true });

  it("a player's client refuses with a notice and writes nothing", async () => {
    const formed = await world.as(alice, () => squads.formSquad(combat, [...scrappers, warboss].map(idOf)));
    expect(formed).toBeNull();
    expect(shownTo(alice)).toEqual(["Only the Director changes a minion squad."]);
    expect(squads.squadsOf(combat).size).toBe(0);
  });

  it("creatures with no minion among them form no squad", async () => {
    expect(await world.as(gm, () => squads.formSquad(combat, [idOf(warboss)]))).toBeNull();
    expect(shownTo(gm)).toEqual(["No minion among the chosen creatures: a squad is made of minions."]);
  });

  it("four minions and a warboss: one group, a pool of 20 (4 × 5 Stamina), the warboss its captain", async () => {
    const id = await world.as(gm, () => squads.formSquad(combat, [...scrappers, warboss].map(idOf)));
    expect(id).toBeTruthy();
    const group = (combat as unknown as { groups: Map<string, { name: string }> }).groups.get(id!);
    expect(group?.name).toBe("Scrapper 1");
    for (const a of [...scrappers, warboss]) expect((combatantOf(a) as unknown as WorldCombatant).group).toBe(id);
    expect(squad()).toMatchObject({
      members: scrappers.map((a) => ({ id: idOf(a), stamina: 5 })), dead: [], pool: 20, captainId: idOf(warboss), bonus: "edge",
    });
  });
});

describe("damage to a minion goes to the pool, through the GM", () => {
  checkAfterEach(world, { honest: true });
  let slam: WorldMessage;

  it("9 damage to one scrapper: the pool falls to 11, the struck scrapper dies, the others stand", async () => {
    slam = await strike(alice, korva, "Brutal Slam", [s2], [6, 5]); // 13: tier 2, 8 + kit 1 = 9
    expect(await apply(alice, slam, s2)).toBe(true);
    expect(squad()).toMatchObject({ pool: 11, dead: [idOf(s2)] });
    expect(staminaOf(s2).value).toBe(0);
    expect(combatantOf(s2).defeated).toBe(true);
    for (const a of [s1, s3, s4]) expect(staminaOf(a).value).toBe(5);
    expect(useOf(slam).targets[0]!.applied).toMatchObject({ dealt: 9, userId: alice.id });
  });

  it("the card's undo gives the pool back and the scrapper lives again", async () => {
    expect(await apply(alice, slam, s2, "undo")).toBe(true);
    expect(squad()).toMatchObject({ pool: 20, dead: [] });
    expect(staminaOf(s2).value).toBe(5);
    expect(combatantOf(s2).defeated).toBe(false);
    expect(await apply(alice, slam, s2)).toBe(true);
    expect(squad().pool).toBe(11);
  });

  it("damage past several minions' Stamina kills the struck one and then others, in the squad's order", async () => {
    // Flame Burst on two scrappers: 9 + 8 + 2 = 19, tier 3: 6 fire each. 11 → 5: scrapper 3 dies (struck),
    // scrapper 1 dies (5 left hold 5); then 6 more to scrapper 4: the pool is empty, the squad is gone.
    const burst = await strike(alice, korva, "Flame Burst", [s3, s4], [9, 8]);
    expect(await apply(alice, burst, s3)).toBe(true);
    expect(squad()).toMatchObject({ pool: 5, dead: [idOf(s2), idOf(s3), idOf(s1)] });
    expect(staminaOf(s1).value).toBe(0);
    expect(combatantOf(s1).defeated).toBe(true);
    expect(staminaOf(s4).value).toBe(5);
    expect(await apply(alice, burst, s4)).toBe(true);
    expect(squad()).toMatchObject({ pool: 0 });
    expect(squad().dead).toHaveLength(4);
    expect(combatantOf(s4).defeated).toBe(true);
    // Undo the last hit: scrapper 4 back, with the 5 the pool lost.
    expect(await apply(alice, burst, s4, "undo")).toBe(true);
    expect(squad()).toMatchObject({ pool: 5 });
    expect(combatantOf(s4).defeated).toBe(false);
  });

  it("a squad's minion is not knocked out on its own", async () => {
    const m = await strike(alice, korva, "Brutal Slam", [s4], [1, 1]); // tier 1: 3 + 1 = 4
    expect(await apply(alice, m, s4, "knockOut")).toBe(false);
    expect(shownTo(alice)).toEqual(["Scrapper 4 is a minion of a squad: it dies as the squad's Stamina falls, and is not knocked out."]);
    expect(squad().pool).toBe(5);
    // Under the Last Stand's damage threshold of 1 (L7343) any damage kills it outright.
    expect(await world.as(gm, () => squads.setSquadThreshold(combat, groupId(), 1))).toBe(true);
    expect(await apply(alice, m, s4)).toBe(true);
    expect(squad()).toMatchObject({ pool: 0, threshold: 1 });
    expect(combatantOf(s4).defeated).toBe(true);
  });
});

describe("the squad in the fight", () => {
  checkAfterEach(world, { honest: true });

  it("re-formed, the squad takes one turn: picking one minion marks every living minion acted", async () => {
    // The Director raises the squad again (a new pool of its living minions) for the turn test.
    for (const a of scrappers) {
      await world.as(gm, () => combatantOf(a).update({ defeated: false }));
      await world.as(gm, () => a.update({ "system.stamina.value": 5 }));
    }
    await world.as(gm, () => squads.formSquad(combat, [...scrappers, warboss].map(idOf)));
    expect(squad()).toMatchObject({ pool: 20, dead: [] });
    harness.fixRandom(d10(2)); // 1–5: the Director's side goes first
    await world.as(gm, () => combat.startCombat());
    expect(combat.sideToAct).toBe("director");
    await world.as(gm, () => requestTakeTurn(combat, combatantOf(s3)));
    for (const a of scrappers) expect((combatantOf(a) as SteelEchoesCombatant).hasActed).toBe(true);
    expect((combatantOf(warboss) as SteelEchoesCombatant).hasActed).toBe(false);
  });

  it("the tracker shows the squad as one row with its pool, minions alive and captain", () => {
    const view = world.as(gm, () => combatTrackerContext(trackerInput(combat, gm)));
    const director = view.sides.find((s) => s.side === "director")!;
    const rows = director.turns.filter((r) => r.squadView);
    // One row for the four scrappers (the lead's), one for the captain.
    expect(director.turns.map((r) => r.id).filter((id) => scrappers.some((a) => idOf(a) === id))).toHaveLength(1);
    const lead = rows.find((r) => r.squadView!.tools)!;
    expect(lead.staminaView?.text).toBe("20 / 20");
    expect(lead.squadView!.lines.map((l) => [l.key, l.n])).toEqual([["SE.Squad.Note.Minions", "4/4"], ["SE.Squad.Note.Captain", "Grubknuckle"]]);
    const captainRow = rows.find((r) => r.id === idOf(warboss))!;
    expect(captainRow.squadView!.lines.map((l) => l.key)).toEqual(["SE.Squad.Note.CaptainOf"]);
    // A player sees no numbers of the Director's creatures, and no squad tools.
    const theirs = world.as(alice, () => combatTrackerContext(trackerInput(combat, alice))).sides.find((s) => s.side === "director")!;
    expect(theirs.turns.find((r) => r.squadView?.lines.length && r.id !== idOf(warboss))!.squadView!.tools).toBe(false);
    expect(theirs.canFormSquad).toBe(false);
  });

  it("while the captain lives its minions' strikes have an edge; once it falls, none", async () => {
    expect(creatureState(s1.uuid, s1 as never).captainEdge).toBe(true);
    expect(creatureState(warboss.uuid, warboss as never).captainEdge).toBeUndefined();
    expect(creatureState(korva.uuid, korva as never).captainEdge).toBeUndefined();
    await world.as(gm, () => combatantOf(warboss).update({ defeated: true }));
    expect(creatureState(s1.uuid, s1 as never).captainEdge).toBeUndefined();
    await world.as(gm, () => combatantOf(warboss).update({ defeated: false }));
    expect(creatureState(s1.uuid, s1 as never).captainEdge).toBe(true);
  });

  it("the Director changes the captain, or ends the squad", async () => {
    expect(await world.as(gm, () => squads.setSquadCaptain(combat, groupId(), idOf(s1)))).toBe(false);
    expect(shownTo(gm)).toEqual(["A squad's captain is one creature of this combat that is not a minion."]);
    expect(await world.as(gm, () => squads.setSquadCaptain(combat, groupId(), null))).toBe(true);
    expect(squad().captainId).toBeNull();
    expect(creatureState(s1.uuid, s1 as never).captainEdge).toBeUndefined();
    expect(await world.as(gm, () => squads.setSquadCaptain(combat, groupId(), idOf(warboss)))).toBe(true);
    expect(creatureState(s1.uuid, s1 as never).captainEdge).toBe(true);
  });
});

describe("Mallory's forged writes", () => {
  checkAfterEach(world, { honest: false });

  it("cannot write the pool, the dead, the captain or a squad of her own: the server refuses the combat's flags", async () => {
    const before = structuredClone(squad());
    const id = groupId();
    await expect(world.as(mallory, () => combat.update({ [`flags.steel-echoes.squads.${id}.pool`]: 999 } as never))).rejects.toThrow(/lacks permission/);
    await expect(world.as(mallory, () => combat.update({ [`flags.steel-echoes.squads.${id}.dead`]: [idOf(s1)] } as never))).rejects.toThrow(/lacks permission/);
    await expect(world.as(mallory, () => combat.update({ [`flags.steel-echoes.squads.${id}.captainId`]: idOf(vex) } as never))).rejects.toThrow(/lacks permission/);
    expect(squad()).toEqual(before);
  });

  it("cannot put her hero into the squad's group, nor take a minion out of it", async () => {
    const id = groupId();
    await expect(world.as(mallory, () => combatantOf(vex).update({ group: id } as never))).rejects.toThrow(/lacks permission/);
    await expect(world.as(mallory, () => combatantOf(s1).update({ group: null } as never))).rejects.toThrow(/lacks permission/);
    expect(squads.squadOfMinion(combat, idOf(vex))).toBeNull();
  });

  it("the squad tools on her client write nothing, and her own combatant's flags name no squad the GM reads", async () => {
    expect(await world.as(mallory, () => squads.disbandSquad(combat, groupId()))).toBe(false);
    expect(await world.as(mallory, () => squads.setSquadThreshold(combat, groupId(), 1))).toBe(false);
    expect(squads.squadsOf(combat).size).toBe(1);
    await world.as(mallory, () => combatantOf(vex).update({ "flags.steel-echoes.squads": { [groupId()]: { members: [{ id: idOf(vex), stamina: 999 }], pool: 999 } } } as never));
    expect(squads.squadOfMinion(combat, idOf(vex))).toBeNull();
    expect(squad().pool).toBe(20);
  });

  it("a card she forged (damage 99 to a scrapper) is refused by the GM: the pool stays", async () => {
    const m = await strike(mallory, vex, "Brutal Slam", [s1], [1, 1]); // tier 1: 4 damage
    const use = useOf(m);
    const forged = structuredClone(use);
    for (const tier of forged.tiers) tier.damage = { amount: 99, type: "" } as never;
    await world.as(mallory, () => m.update({ "flags.steel-echoes.abilityUse": forged } as never));
    expect(await apply(mallory, m, s1)).toBe(false);
    expect(shownTo(mallory)).toContain("This card does not match its ability: it was changed after it was rolled, so nothing was applied.");
    expect(squad().pool).toBe(20);
    expect(combatantOf(s1).defeated).toBe(false);
  });

  it("her honest card hits the pool for what the GM recomputes from the card (4), nothing more", async () => {
    const m = await strike(mallory, vex, "Brutal Slam", [s1], [1, 1]);
    expect(await apply(mallory, m, s1)).toBe(true);
    expect(squad().pool).toBe(16);
    expect(useOf(m).targets[0]!.applied).toMatchObject({ dealt: 4 });
    // She cannot give the pool back by forging the undo record on a minion: its flags are the GM's.
    await expect(world.as(mallory, () => s1.update({ "flags.steel-echoes.cardApplied.forged": { stamina: 0 } } as never))).rejects.toThrow(/lacks permission/);
  });
});

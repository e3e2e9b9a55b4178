// Squad damage and the Last Stand at a table of clients (issue 33): the Director's squad of the
// bestiary's Ember-Pit Needlers uses Needle Volley, whose damage is "per minion" (src/rules/squads.ts
// `abilityDealsPerMinion`): the target takes it once for each living minion of the squad, as the GM's
// client reads the squad from the combat's flags. Mallory runs one needler of the squad and cannot
// inflate it. Then the Last Stand (L7343) sets the squad's pool, shares and threshold to agree with its
// minions at 1 Stamina. Design: docs/rules-decisions.md, "Minion squads and captains".
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { answerApprovals, checkAfterEach, d10, setupTable, staminaOf } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage, WorldUser } from "../harness/world.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";
import type { SteelEchoesCombat } from "../../src/documents/combat.ts";

const t: Table = await setupTable();
const { world, gm, alice, mallory, korva, tokens } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestCardAction } = await import("../../src/documents/ability-results.ts");
const { RELAY } = await import("../../src/documents/relay.ts");
const squads = await import("../../src/documents/squads.ts");
const { startLastStand } = await import("../../src/documents/encounter-end.ts");
const { trackerInput } = await import("../../src/applications/combat/tracker-input.ts");
const { combatTrackerContext } = await import("../../src/applications/view-models/combat-tracker.ts");

// The bestiary's needler as the pack stores it (packs/_source/monsters), one world actor per token.
const source = JSON.parse(readFileSync(new URL("../../packs/_source/monsters/demons-of-the-ember-pit/ember-pit-needler.json", import.meta.url), "utf8"));
const needler = (n: number, owners: WorldUser[] = []) => {
  const { _id: _a, _key: _b, items, ...data } = structuredClone(source) as { _id: string; _key: string; items: { _id?: string; _key?: string }[] };
  return world.addActor({ ...data, name: `Needler ${n}`, items: items.map(({ _id, _key, ...i }) => i) }, owners);
};
// Four needlers (Stamina 3 each) in the Director's squad, the fourth run by Mallory; a fifth on its own.
const [n1, n2, n3, n4] = [needler(1), needler(2), needler(3), needler(4, [mallory])] as [WorldActor, WorldActor, WorldActor, WorldActor];
const loner = needler(5);
const needlerTokens = [n1, n2, n3, n4, loner].map((a) => world.addToken(a, -1));
const combat = world.addCombat([tokens.korva, tokens.vex, ...needlerTokens]) as unknown as SteelEchoesCombat;
const combatantOf = (actor: WorldActor) => [...combat.combatants].find((c) => (c.actor as unknown) === actor)!;
const idOf = (actor: WorldActor) => combatantOf(actor).id!;
const squad = () => [...squads.squadsOf(combat).values()][0]!;

const useOf = (m: WorldMessage) => (m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse;
const shownTo = (user: { name: string }) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);
const itemOf = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;

/** `user` uses `actor`'s ability on `target`'s token with the dice given (no dialog). */
async function use(user: WorldUser, actor: WorldActor, ability: string, target: typeof tokens.korva, faces: number[]): Promise<WorldMessage> {
  harness.fixRandom(d10(...faces));
  return await world.as(user, async () => {
    user.targets = new Set([target]);
    return useAbilityByUuid(itemOf(actor, ability).uuid, true);
  }) as unknown as WorldMessage;
}
const apply = (user: WorldUser, m: WorldMessage, key: string, action: "apply" | "undo" = "apply") =>
  world.as(user, () => requestCardAction({ messageId: m.id, action, key }, cardServices));
/** What the card's tier deals to its first target, as printed. */
const printed = (m: WorldMessage) => {
  const u = useOf(m);
  return Number(u.tiers[u.targets[0]!.tier! - 1]!.damage.value);
};

beforeAll(async () => {
  RELAY.timeoutMs = 2_000;
  expect(await world.as(gm, () => squads.formSquad(combat, [n1, n2, n3, n4].map(idOf)))).toBeTruthy();
  expect(squad()).toMatchObject({ pool: 12, dead: [] });
});

describe("a squad's strike that deals its damage per minion (through the GM)", () => {
  checkAfterEach(world, { honest: true });

  it("Needle Volley at Korva: its damage once for each of the four living needlers; Alice's apply goes through the GM", async () => {
    const m = await use(gm, n1, "Needle Volley", tokens.korva, [1, 1]); // 2 + Presence 2 = 4: tier 1, 1 fire each
    expect(printed(m)).toBe(1);
    const before = staminaOf(korva).value;
    expect(await apply(alice, m, tokens.korva.uuid)).toBe(true);
    expect(staminaOf(korva).value).toBe(before - 4);
    expect(useOf(m).targets[0]!.applied).toMatchObject({ dealt: 4, perMinion: 4, userId: alice.id });
    expect(m.content).toMatch(/once for each of the squad(&#39;|&#x27;|')s 4 minions/);
    // Undo gives back what was taken, the whole squad's damage.
    expect(await apply(alice, m, tokens.korva.uuid, "undo")).toBe(true);
    expect(staminaOf(korva).value).toBe(before);
  });

  it("once a needler has died, the volley counts the three alive", async () => {
    harness.fixRandom(d10(1, 1)); // Brutal Slam tier 1: 3 + kit 1 = 4 to needler 2: the pool falls to 8, needler 2 dies
    const slam = await world.as(alice, async () => {
      alice.targets = new Set([needlerTokens[1]!]);
      return useAbilityByUuid(itemOf(korva, "Brutal Slam").uuid, true);
    }) as unknown as WorldMessage;
    expect(await apply(alice, slam, needlerTokens[1]!.uuid)).toBe(true);
    expect(squad()).toMatchObject({ pool: 8, dead: [idOf(n2)] });
    const m = await use(gm, n3, "Needle Volley", tokens.korva, [9, 8]); // 19: tier 3, 2 fire each
    expect(printed(m)).toBe(2);
    const before = staminaOf(korva).value;
    expect(await apply(gm, m, tokens.korva.uuid)).toBe(true);
    expect(staminaOf(korva).value).toBe(before - 6);
    expect(useOf(m).targets[0]!.applied).toMatchObject({ dealt: 6, perMinion: 3 });
    await apply(gm, m, tokens.korva.uuid, "undo");
  });

  it("its signature strike, which says nothing of minions, deals its own damage; a needler in no squad deals the volley once", async () => {
    const hex = await use(gm, n1, "Spark Hex", tokens.korva, [1, 1]);
    const before = staminaOf(korva).value;
    expect(await apply(gm, hex, tokens.korva.uuid)).toBe(true);
    expect(staminaOf(korva).value).toBe(before - printed(hex));
    expect(useOf(hex).targets[0]!.applied?.perMinion).toBeUndefined();
    await apply(gm, hex, tokens.korva.uuid, "undo");
    const lone = await use(gm, loner, "Needle Volley", tokens.korva, [1, 1]);
    expect(await apply(gm, lone, tokens.korva.uuid)).toBe(true);
    expect(staminaOf(korva).value).toBe(before - 1);
    await apply(gm, lone, tokens.korva.uuid, "undo");
  });
});

describe("Mallory, who runs needler 4, cannot inflate the squad's damage", () => {
  checkAfterEach(world, { honest: false });
  let approving: ReturnType<typeof answerApprovals>;
  beforeAll(() => {
    approving = answerApprovals(cardServices, true);
  });

  it("her honest volley deals what the GM counts from the squad's record: 3 living needlers, nothing more", async () => {
    const m = await use(mallory, n4, "Needle Volley", tokens.korva, [1, 1]);
    // She writes a bigger multiplier and damage into the card she authored: the GM reads neither.
    const forged = structuredClone(useOf(m));
    forged.targets[0]!.applied = { dealt: 99, perMinion: 20, effectIds: [], userId: mallory.id } as never;
    await world.as(mallory, () => m.update({ "flags.steel-echoes.abilityUse": forged } as never));
    const before = staminaOf(korva).value;
    expect(await apply(mallory, m, tokens.korva.uuid)).toBe(false);
    expect(staminaOf(korva).value).toBe(before);
    // Her card as rolled, applied: 1 × 3.
    const honest = await use(mallory, n4, "Needle Volley", tokens.korva, [1, 1]);
    expect(await apply(mallory, honest, tokens.korva.uuid)).toBe(true);
    expect(staminaOf(korva).value).toBe(before - 3);
    expect(useOf(honest).targets[0]!.applied).toMatchObject({ dealt: 3, perMinion: 3 });
    await apply(gm, honest, tokens.korva.uuid, "undo");
  });

  it("she cannot add minions to the squad nor raise its pool: the server refuses the combat's flags and the groups", async () => {
    const id = [...squads.squadsOf(combat).keys()][0]!;
    await expect(world.as(mallory, () => combat.update({ [`flags.steel-echoes.squads.${id}.dead`]: [] } as never))).rejects.toThrow(/lacks permission/);
    await expect(world.as(mallory, () => combatantOf(t.vex).update({ group: id } as never))).rejects.toThrow(/lacks permission/);
    expect(squad().dead).toEqual([idOf(n2)]);
    world.refused.length = 0;
  });

  it("writing \"per minion\" into her needler's signature strike is an edit the Director is asked about; refused, nothing is dealt", async () => {
    // The Director approves her strike as the pack prints it (the first time she uses it).
    const first = await use(mallory, n4, "Spark Hex", tokens.korva, [1, 1]);
    expect(await apply(mallory, first, tokens.korva.uuid)).toBe(true);
    await apply(gm, first, tokens.korva.uuid, "undo");
    await world.as(mallory, () => itemOf(n4, "Spark Hex").update({ "system.effect": "<p>The strike deals its damage per minion.</p>" }));
    approving.restore();
    const refusing = answerApprovals(cardServices, false);
    try {
      const m = await use(mallory, n4, "Spark Hex", tokens.korva, [1, 1]);
      const before = staminaOf(korva).value;
      expect(await apply(mallory, m, tokens.korva.uuid)).toBe(false);
      expect(refusing.asked.map((r) => r.changes.map((c) => c.path))).toEqual([["perMinion"]]);
      expect(staminaOf(korva).value).toBe(before);
      expect(shownTo(mallory)).toContain("The Director refused the changes to Spark Hex; nothing was applied.");
    } finally {
      refusing.restore();
    }
  });
});

describe("the Last Stand (L7343) and the squad's pool", () => {
  checkAfterEach(world, { honest: true });

  it("a player cannot call it: refused on her client, nothing changes", async () => {
    harness.fixRandom(d10(8));
    await world.as(gm, () => combat.startCombat());
    await world.settle();
    const before = structuredClone(squad());
    const out = await world.as(alice, () => startLastStand(combat));
    expect(out.ok).toBe(false);
    expect(squad()).toEqual(before);
  });

  it("each living needler drops to 1 Stamina, and the squad agrees: shares of 1, a pool of the three alive, threshold 1", async () => {
    expect(squad()).toMatchObject({ pool: 8, dead: [idOf(n2)], threshold: null });
    const out = await world.as(gm, () => startLastStand(combat));
    await world.settle();
    expect(out.ok).toBe(true);
    for (const a of [n1, n3, n4, loner]) expect(staminaOf(a).value).toBe(1);
    expect(staminaOf(n2).value).toBe(0);
    expect(squad()).toMatchObject({ members: [n1, n2, n3, n4].map((a) => ({ id: idOf(a), stamina: 1 })), dead: [idOf(n2)], pool: 3, threshold: 1 });
    // The tracker's squad row reads the same: 3 of 4 at 1 Stamina each, threshold 1.
    const rows = world.as(gm, () => combatTrackerContext(trackerInput(combat, gm))).sides.find((s) => s.side === "director")!.turns;
    const lead = rows.find((r) => r.squadView?.tools)!;
    expect(lead.staminaView?.text).toBe("3 / 4");
    expect(lead.squadView!.lines.map((l) => [l.key, l.n])).toEqual(expect.arrayContaining([["SE.Squad.Note.Minions", "3/4"]]));
  });

  it("any damage kills the struck needler and spills one Stamina per needler; undo brings them back at 1 Stamina", async () => {
    harness.fixRandom(d10(1, 1));
    const slam = await world.as(alice, async () => {
      alice.targets = new Set([needlerTokens[0]!]);
      return useAbilityByUuid(itemOf(korva, "Brutal Slam").uuid, true);
    }) as unknown as WorldMessage;
    expect(await apply(alice, slam, needlerTokens[0]!.uuid)).toBe(true); // 4 damage: the pool of 3 is gone
    expect(squad()).toMatchObject({ pool: 0 });
    expect(squad().dead).toHaveLength(4);
    for (const a of [n1, n2, n3, n4]) {
      expect(staminaOf(a).value).toBe(0);
      expect(combatantOf(a).defeated).toBe(true);
    }
    expect(await apply(alice, slam, needlerTokens[0]!.uuid, "undo")).toBe(true);
    expect(squad()).toMatchObject({ pool: 3, dead: [idOf(n2)] });
    for (const a of [n1, n3, n4]) {
      expect(staminaOf(a).value).toBe(1);
      expect(combatantOf(a).defeated).toBe(false);
    }
  });

  it("a squad formed during the Last Stand is formed at 1 Stamina a minion, threshold 1", async () => {
    expect(await world.as(gm, () => squads.formSquad(combat, [idOf(loner)]))).toBeTruthy();
    const mine = [...squads.squadsOf(combat).values()].find((r) => r.members.some((m) => m.id === idOf(loner)))!;
    expect(mine).toMatchObject({ members: [{ id: idOf(loner), stamina: 1 }], pool: 1, threshold: 1 });
  });
});

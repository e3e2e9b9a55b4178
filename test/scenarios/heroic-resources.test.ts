// Heroic resources at a table of separate clients (test/harness/world.ts): insight on a tier 3 attack
// (L3891), Spend lines paid by the point (L3934), Prayer (L2375–2393) and Persistent Magic
// (L2872–2888): the upkeep at the start of the turn on the GM's client, and the maintenance roll the
// hero's own client makes when she takes damage.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { answerDialog, checkAfterEach, d10, dN, setupTable, staminaOf } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import { WorldItem } from "../harness/world.ts";
import type { WorldActor, WorldMessage, WorldToken } from "../harness/world.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "../../src/documents/combat.ts";
import { ABILITIES } from "../fixtures/ability-use.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, korva, tokens } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestCardAction } = await import("../../src/documents/ability-results.ts");
const { RELAY } = await import("../../src/documents/relay.ts");
const { maintainedAbilities } = await import("../../src/documents/heroic-resources.ts");
const { marksOf, stopMaintaining } = await import("../../src/documents/heroic-resource-upkeep.ts");

const packItem = (cls: string, file: string) => {
  const data = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../packs/_source/abilities", cls, `${file}.json`), "utf8")) as {
    name: string; type: string; system: object;
  };
  return { name: data.name, type: data.type, system: data.system };
};
const hero = (name: string, resource: { value: number; name: string; gain: string }, items: object[], victories = 0) => ({
  name, type: "hero",
  system: {
    characteristics: { might: 2, agility: 2, reason: 2, intuition: 1, presence: 1 },
    stamina: { value: 20, max: 20, temporary: 0 }, recoveries: { value: 8, max: 8 },
    heroicResource: resource, victories, xp: 0, level: 1, stability: 0, skills: [],
  },
  items,
});
const strike = { type: "ability", name: ABILITIES.brutalSlam!.name, system: { ...structuredClone(ABILITIES.brutalSlam!), cost: { amount: 0, resource: "" }, spend: [] } };

// Alice plays a Shadow and a Conduit, Bob an Elementalist (each as their own hero, owned by them).
const nyx = world.addActor(hero("Nyx", { value: 3, name: "Insight", gain: "2" }, [strike, packItem("shadow", "coat-the-blade")]), [alice]);
const sela = world.addActor(hero("Sela", { value: 0, name: "Piety", gain: "2" }, [packItem("conduit", "prayer")]), [alice]);
const ash = world.addActor(hero("Ash", { value: 5, name: "Essence", gain: "2" }, [
  packItem("elementalist", "burn"), packItem("elementalist", "conflagration"), packItem("elementalist", "stare-into-the-abyss"),
]), [bob]);
const tess = world.addActor(hero("Tess", { value: 0, name: "Focus", gain: "2" }, [packItem("tactician", "mark")]), [bob]);
const extra: Record<string, WorldToken> = {
  nyx: world.addToken(nyx, 1), sela: world.addToken(sela, 1), ash: world.addToken(ash, 1), tess: world.addToken(tess, 1),
};

const useOf = (m: WorldMessage) => (m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse;
const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
const resourceOf = (actor: WorldActor) => (actor.system.heroicResource as { value: number }).value;
const lastMessage = () => [...world.messages.values()].at(-1)!;

async function use(user: typeof alice, actor: WorldActor, ability: string, targets: WorldToken[], random: number[], form?: Record<string, unknown>) {
  harness.fixRandom(random);
  if (form) answerDialog(form);
  const message = await world.as(user, async () => {
    user.targets = new Set(targets);
    return useAbilityByUuid(item(actor, ability).uuid, !form);
  }) as unknown as WorldMessage | null;
  return message;
}

beforeAll(() => {
  RELAY.timeoutMs = 2_000;
});

checkAfterEach(world, { honest: true });

describe("L3891 insight: a tier 3 result with an attack gives 1", () => {
  it("a tier 3 attack adds 1 insight on the Shadow's own client, shown on the card", async () => {
    // 9 + 8 + Might 2 = 19: tier 3.
    const m = (await use(alice, nyx, "Brutal Slam", [tokens.goblin], d10(9, 8)))!;
    expect(m.author).toBe(alice);
    expect(useOf(m).targets[0]!.tier).toBe(3);
    expect(useOf(m).gained).toEqual({ amount: 1, resource: "Insight" });
    expect(m.content).toContain("Gained 1 Insight");
    expect(resourceOf(nyx)).toBe(4);
  });
  it("a tier 2 attack gives nothing", async () => {
    const m = (await use(alice, nyx, "Brutal Slam", [tokens.goblin], d10(6, 5)))!;
    expect(useOf(m).targets[0]!.tier).toBe(2);
    expect(useOf(m).gained).toBeUndefined();
    expect(resourceOf(nyx)).toBe(4);
  });
});

describe("variable spends ask how much", () => {
  it("L3934: Coat the Blade's Spend Insight is capped at the Shadow's level; the amount is deducted and on the card", async () => {
    const opened: string[] = [];
    harness.fixRandom([]);
    answerDialog({ "spend.0": "3" }, opened);
    const m = await world.as(alice, async () => {
      alice.targets = new Set();
      return useAbilityByUuid(item(nyx, "Coat the Blade").uuid, false);
    }) as unknown as WorldMessage;
    // Level 1: at most 1 insight, whatever the form sends.
    expect(opened[0]).toContain('name="spend.0" value="0" min="0" max="1"');
    expect(useOf(m).spent).toMatchObject({ amount: 1, resource: "Insight", lines: [{ amount: 1 }] });
    expect(m.content).toContain("1 Insight: For each insight you spend");
    expect(resourceOf(nyx)).toBe(3);
  });
  it("spending nothing changes nothing", async () => {
    answerDialog({ "spend.0": "0" });
    const m = await world.as(alice, () => useAbilityByUuid(item(nyx, "Coat the Blade").uuid, false)) as unknown as WorldMessage;
    expect(useOf(m).spent.amount).toBe(0);
    expect(resourceOf(nyx)).toBe(3);
  });
});

describe("turns in an encounter: Prayer and Persistent Magic", () => {
  let combat: SteelEchoesCombat;
  const combatantOf = (actor: WorldActor) => [...combat.combatants].find((c) => (c.actor as unknown) === actor) as unknown as SteelEchoesCombatant;

  it("starts the encounter", async () => {
    combat = world.addCombat([extra.nyx!, extra.sela!, extra.ash!, tokens.korva, tokens.ogre]) as unknown as SteelEchoesCombat;
    harness.fixRandom(d10(8));
    await world.as(gm, () => combat.startCombat());
    expect(combat.round).toBe(1);
  });

  it("L2393, L2390–2391: the first Prayer has a double edge, the second an edge; the piety gained is the tier's", async () => {
    // 6 + 5 + Intuition 1 = 12, double edge: tier 3, 2 piety. The 1d6 of tier 1 is rolled too.
    // The dialog names the double edge on Sela's own row.
    const opened: string[] = [];
    harness.fixRandom([...d10(6, 5), dN(6, 3)]);
    answerDialog({}, opened);
    const first = await world.as(alice, async () => {
      alice.targets = new Set();
      return useAbilityByUuid(item(sela, "Prayer").uuid, false);
    }) as unknown as WorldMessage;
    expect(opened[0]).toContain("Prayer, first use this encounter (double edge)");
    expect(useOf(first).roll).toMatchObject({ edges: 2, banes: 0 });
    expect(useOf(first).gained).toEqual({ amount: 2, resource: "Piety" });
    expect(resourceOf(sela)).toBe(2);
    // 6 + 5 + 1 = 12, one edge: 14, tier 2, 1 piety.
    const second = (await use(alice, sela, "Prayer", [], [...d10(6, 5), dN(6, 3)]))!;
    expect(useOf(second).roll).toMatchObject({ edges: 1, banes: 0 });
    expect(useOf(second).gained).toEqual({ amount: 1, resource: "Piety" });
    expect(resourceOf(sela)).toBe(3);
    // The third has a bane: 12 − 2 = 10, tier 1, no piety. Prayer targets Self: the card's row is
    // Sela's own token, and applying it deals the rolled 1d6 (3) and bleeding (EoT) to her.
    const third = (await use(alice, sela, "Prayer", [], [...d10(6, 5), dN(6, 3)]))!;
    expect(useOf(third).roll).toMatchObject({ edges: 0, banes: 1 });
    expect(useOf(third).targets.map((x) => [x.key, x.tier])).toEqual([[extra.sela!.uuid, 1]]);
    expect(useOf(third).gained).toBeUndefined();
    expect(resourceOf(sela)).toBe(3);
    expect(await world.as(alice, () => requestCardAction({ messageId: third.id, action: "apply", key: extra.sela!.uuid }, cardServices))).toBe(true);
    expect(staminaOf(sela).value).toBe(17);
    expect(sela.statuses.has("bleeding")).toBe(true);
    const fourth = (await use(alice, sela, "Prayer", [], [...d10(6, 5), dN(6, 3)]))!;
    expect(useOf(fourth).roll).toMatchObject({ edges: 0, banes: 2 });
  });

  it("L2876: Bob maintains Burn!; at the start of his turn the GM's client gives 2 essence less its upkeep of 1", async () => {
    // Burn! costs 3 of Ash's 5 essence; its roll has no target here.
    const opened: string[] = [];
    answerDialog({ maintain: "on" }, opened);
    harness.fixRandom(d10(6, 5, 6, 5, 6, 5));
    const m = await world.as(bob, async () => {
      bob.targets = new Set();
      return useAbilityByUuid(item(ash, "Burn!").uuid, false);
    }) as unknown as WorldMessage;
    expect(opened[0]).toContain('name="maintain"');
    expect(useOf(m).spent.amount).toBe(3);
    expect(resourceOf(ash)).toBe(2);
    expect(maintainedAbilities(ash as never).map((a) => a.name)).toEqual(["Burn!"]);

    await world.as(gm, () => combat.takeTurn(combatantOf(ash)));
    expect(resourceOf(ash)).toBe(3);
    expect(lastMessage().flavor).toBe("Ash gains 1 Essence at the start of their turn (2, less 1 for maintained persistent abilities).");
    await world.as(gm, () => combat.nextTurn());
  });

  it("L2880: a second ability whose upkeep would exceed the gain cannot be maintained", async () => {
    const opened: string[] = [];
    answerDialog({ maintain: "on" }, opened);
    (ash.system.heroicResource as { value: number }).value = 5;
    harness.fixRandom(d10(6, 5, 6, 5, 6, 5));
    await world.as(bob, () => useAbilityByUuid(item(ash, "Conflagration").uuid, false));
    expect(opened[0]).toContain('name="maintain" disabled');
    expect(maintainedAbilities(ash as never).map((a) => a.name)).toEqual(["Burn!"]);
  });

  it("a forged list only costs its writer: an id of an ability that is not persistent adds no upkeep and never raises the gain", async () => {
    const conflagration = item(ash, "Conflagration");
    // Bob writes his own hero's flags directly: Burn! twice, a missing id and a non-ability.
    await world.as(bob, () => (ash as unknown as { update(d: object): Promise<unknown> }).update({
      "flags.steel-echoes.maintained": [item(ash, "Burn!").id, item(ash, "Burn!").id, "nope", 42],
    }));
    expect(maintainedAbilities(ash as never).map((a) => a.name)).toEqual(["Burn!"]);
    expect(conflagration).toBeTruthy();
    const before = resourceOf(ash);
    // The start of Ash's next turn, as the GM's client runs it (combat.takeTurn → startOfTurn).
    await world.as(gm, () => combat.startOfTurn(combatantOf(ash)));
    expect(resourceOf(ash)).toBe(before + 1);
  });

  /** Korva (Alice) hits Ash with Brutal Slam on the dice already fixed, and applies it; the hooks settle. */
  async function slamAsh(): Promise<{ m: WorldMessage; applied: boolean }> {
    const m = await world.as(alice, async () => {
      alice.targets = new Set([extra.ash!]);
      return useAbilityByUuid(item(korva, "Brutal Slam").uuid, true);
    }) as unknown as WorldMessage;
    const applied = await world.as(alice, () => requestCardAction({ messageId: m.id, action: "apply", key: extra.ash!.uuid }, cardServices));
    await world.settle();
    return { m, applied };
  }

  it("L2884–2888: damage makes Bob's own client roll; tier 1 ends every maintained ability", async () => {
    // Korva (Alice) hits Ash with Brutal Slam: 6 + 5 + 2 = 13, tier 2: 9 damage. Then Ash rolls 1 + 1 + Reason 2 = 4: tier 1.
    harness.fixRandom([...d10(6, 5), ...d10(1, 1)]);
    const { applied } = await slamAsh();
    expect(applied).toBe(true);
    expect(staminaOf(ash).value).toBe(11);
    const roll = lastMessage();
    expect(roll.author).toBe(bob);
    expect(roll.flavor).toBe("Ash loses: Burn!.");
    expect(maintainedAbilities(ash as never)).toEqual([]);
  });

  it("L2884: damage from a fall or a collision (not a card) also makes Bob's own client roll", async () => {
    const { takeUntypedDamage } = await import("../../src/canvas/landing.ts");
    await world.as(bob, () => (ash as unknown as { update(d: object): Promise<unknown> }).update({ "flags.steel-echoes.maintained": [item(ash, "Burn!").id] }));
    const before = new Set(world.messages.values());
    const stamina = staminaOf(ash).value;
    // Ash rolls 6 + 6 + Reason 2 = 14: tier 2, Burn! (its only maintained ability) is kept.
    harness.fixRandom(d10(6, 6));
    await world.as(gm, () => takeUntypedDamage(ash as never, 3));
    await world.settle();
    const added = [...world.messages.values()].filter((x) => !before.has(x));
    expect(added.map((x) => [x.author, x.flavor])).toEqual([[bob, "Ash keeps their persistent abilities active."]]);
    // No damage, no roll.
    await world.as(gm, () => takeUntypedDamage(ash as never, 0));
    await world.settle();
    expect([...world.messages.values()].filter((x) => !before.has(x))).toHaveLength(1);
    await world.as(bob, () => stopMaintaining(ash as never));
    await world.as(gm, () => (ash as unknown as { update(d: object): Promise<unknown> }).update({ "system.stamina.value": stamina }));
  });

  it("no roll when nothing is maintained", async () => {
    const before = new Set(world.messages.values());
    harness.fixRandom(d10(6, 5));
    const { m } = await slamAsh();
    // New: the card (and the Director's note of a use off Korva's turn), but no roll of Ash's owner.
    const added = [...world.messages.values()].filter((x) => !before.has(x));
    expect(added).toContain(m);
    expect(added.filter((x) => x.author === bob)).toEqual([]);
  });

  it("the owner stops maintaining from her own client; the encounter's end ends every maintained ability", async () => {
    await world.as(bob, () => (ash as unknown as { update(d: object): Promise<unknown> }).update({ "flags.steel-echoes.maintained": [item(ash, "Burn!").id] }));
    await world.as(bob, () => stopMaintaining(ash as never, [item(ash, "Burn!").id!]));
    expect(maintainedAbilities(ash as never)).toEqual([]);
    await world.as(bob, () => (ash as unknown as { update(d: object): Promise<unknown> }).update({ "flags.steel-echoes.maintained": [item(ash, "Burn!").id] }));
    await world.as(gm, () => combat.finishEncounter({ victories: 1, endEffects: new Set() }));
    expect(maintainedAbilities(ash as never)).toEqual([]);
    expect(resourceOf(ash)).toBe(1);
  });

  it("L2887: on a tier 2 result with two maintained, Bob's client asks which one ends; the other stays", async () => {
    const burn = item(ash, "Burn!").id!;
    const stare = item(ash, "Stare Into the Abyss").id!;
    await world.as(bob, () => (ash as unknown as { update(d: object): Promise<unknown> }).update({ "flags.steel-echoes.maintained": [burn, stare] }));
    const opened: string[] = [];
    answerDialog({ ability: stare }, opened);
    // Brutal Slam 6 + 5 + 2 = 13 on Ash; Ash's roll 6 + 5 + Reason 2 = 13: tier 2.
    harness.fixRandom([...d10(6, 5), ...d10(6, 5)]);
    await slamAsh();
    expect(opened).toHaveLength(1);
    expect(opened[0]).toContain("Stare Into the Abyss (Persistent 1)");
    expect(lastMessage().author).toBe(bob);
    expect(lastMessage().flavor).toBe("Ash loses: Stare Into the Abyss.");
    expect(maintainedAbilities(ash as never).map((a) => a.id)).toEqual([burn]);
  });

  it("L2878: out of combat, 4 Victories less an upkeep of 2 leave 2 to use: a 3-essence ability is refused, nothing spent", async () => {
    const burn = item(ash, "Burn!").id!;
    const stare = item(ash, "Stare Into the Abyss").id!;
    await world.as(gm, () => (ash as unknown as { update(d: object): Promise<unknown> }).update({ "system.victories": 4, "system.heroicResource.value": 4 }));
    await world.as(bob, () => (ash as unknown as { update(d: object): Promise<unknown> }).update({ "flags.steel-echoes.maintained": [burn, stare] }));
    expect(await use(bob, ash, "Stare Into the Abyss", [], d10(6, 5))).toBeNull();
    expect(world.shown.filter((s) => s.user === "Bob").map((s) => s.shown).at(-1)).toContain("has 2");
    expect(resourceOf(ash)).toBe(4);
    // With one maintained (upkeep 1), 3 may be used.
    await world.as(bob, () => stopMaintaining(ash as never, [stare]));
    expect(await use(bob, ash, "Stare Into the Abyss", [], d10(6, 5))).not.toBeNull();
    expect(resourceOf(ash)).toBe(1);
  });
});

describe("L4262 focus: an ally's tier 3 attack against a target the tactician marked", () => {
  const { mallory } = t;
  const slamGoblin = (user: typeof alice, faces: number[]) => use(user, korva, "Brutal Slam", [tokens.goblin], d10(...faces));

  it("Bob's Tess marks the goblin (L4277); Alice's tier 3 against it gives Tess 1 focus on Bob's client", async () => {
    const mark = (await use(bob, tess, "Mark", [tokens.goblin], []))!;
    expect(mark).not.toBeNull();
    expect(marksOf(tess as never)).toEqual([tokens.goblin.uuid]);
    await slamGoblin(alice, [9, 8]);
    await world.settle();
    expect(resourceOf(tess)).toBe(1);
    expect(lastMessage().author).toBe(bob);
    expect(lastMessage().content).toContain("Tess gains 1 Focus: an ally");
  });

  it("a tier 2, an unmarked target, or a forged card gives nothing", async () => {
    await slamGoblin(alice, [6, 5]);
    await use(alice, korva, "Brutal Slam", [tokens.ogre], d10(9, 8));
    // Mallory copies a real tier 2 card and writes tier 3 into it: the card check refuses it.
    const real = (await slamGoblin(alice, [6, 5]))!;
    const forged = structuredClone(useOf(real));
    forged.targets[0]!.tier = 3;
    forged.targets[0]!.rolledTier = 3;
    await world.as(mallory, () => ChatMessage.create({ content: "forged", flags: { "steel-echoes": { abilityUse: forged } } } as never));
    await world.settle();
    expect(resourceOf(tess)).toBe(1);
  });

  it("with Bob away, the GM's client gives the focus; the start of Tess's next turn clears her marks", async () => {
    bob.active = false;
    try {
      await slamGoblin(alice, [9, 8]);
      await world.settle();
      expect(resourceOf(tess)).toBe(2);
      expect(lastMessage().author).toBe(gm);
    } finally {
      bob.active = true;
    }
    const combat = world.addCombat([extra.tess!]) as unknown as SteelEchoesCombat;
    const combatant = [...combat.combatants][0] as unknown as SteelEchoesCombatant;
    await world.as(gm, () => combat.startOfTurn(combatant));
    expect(marksOf(tess as never)).toEqual([]);
    const before = resourceOf(tess);
    await slamGoblin(alice, [9, 8]);
    await world.settle();
    expect(resourceOf(tess)).toBe(before);
  });
});

describe("L4277 Mark: an edge and the tactician's Reason as extra damage for her side, from the GM's record", () => {
  const { goblin, ogre } = t;
  let combat: SteelEchoesCombat;
  const records = () => ((combat.flags as Record<string, Record<string, unknown>>)["steel-echoes"]?.markRecords ?? []) as unknown[];
  const stamina = (a: WorldActor) => (a.system.stamina as { value: number }).value;
  const applyAs = (user: typeof alice, m: WorldMessage, key: string) =>
    world.as(user, () => requestCardAction({ messageId: m.id, action: "apply", key }, cardServices));

  it("Bob's Tess marks the Goblin in an encounter: the Director's client records it in the Combat", async () => {
    for (const c of world.combats) (c as unknown as { active: boolean }).active = false;
    combat = world.addCombat([extra.tess!, tokens.korva, tokens.goblin, tokens.ogre]) as unknown as SteelEchoesCombat;
    harness.fixRandom(d10(8));
    await world.as(gm, () => combat.startCombat());
    await use(bob, tess, "Mark", [tokens.goblin], []);
    await world.settle();
    expect(records()).toEqual([{ tactician: tess.uuid, targets: [tokens.goblin.uuid] }]);
    // Bob cannot write the Combat's flags himself (BaseCombat.#canUpdate).
    await expect(world.as(bob, () => (combat as unknown as { update(d: object): Promise<unknown> }).update({
      "flags.steel-echoes.markRecords": [{ tactician: tess.uuid, targets: [tokens.ogre.uuid] }],
    }))).rejects.toThrow(/lacks permission/);
    world.refused.length = 0;
  });

  it("Alice's Brutal Slam on the marked Goblin takes the edge (named in the dialog) and deals 2 more (Tess's Reason), applied by the Director's client", async () => {
    await world.as(gm, () => (goblin as unknown as { update(d: object): Promise<unknown> }).update({ "system.stamina.value": 30, "system.stamina.max": 30 }));
    const opened = answerDialog({});
    harness.fixRandom(d10(6, 5)); // 11 + Might 2 = 13, an edge: 15, tier 2
    const m = await world.as(alice, async () => {
      alice.targets = new Set([tokens.goblin]);
      return useAbilityByUuid(item(korva, "Brutal Slam").uuid, false);
    }) as unknown as WorldMessage;
    expect(opened[0]).toContain("target marked by your side&#x27;s tactician");
    expect(useOf(m).targets[0]).toMatchObject({ edges: 1, tier: 2 });
    expect(await applyAs(alice, m, tokens.goblin.uuid)).toBe(true);
    const printed = useOf(m).tiers[1]!.damage.value!; // tier 2: 8, with the kit's melee damage bonus
    expect(printed).toBe(9);
    expect(stamina(goblin)).toBe(30 - printed - 2);
    expect(useOf(world.messages.get(m.id) as unknown as WorldMessage).targets[0]!.applied).toMatchObject({ dealt: printed + 2, marked: 2 });
    expect((world.messages.get(m.id) as unknown as WorldMessage).content).toContain("(+2 for the Mark.)");
  });

  it("an unmarked target gets neither; Bob's own flags listing the Ogre change nothing the Director applies", async () => {
    await world.as(bob, () => (tess as unknown as { update(d: object): Promise<unknown> }).update({ "flags.steel-echoes.marks": [tokens.ogre.uuid, tokens.goblin.uuid] }));
    const before = stamina(ogre) + (ogre.system.stamina as { temporary: number }).temporary;
    const m = (await use(alice, korva, "Brutal Slam", [tokens.ogre], d10(6, 5)))!;
    expect(useOf(m).targets[0]).toMatchObject({ edges: 0, tier: 2 });
    expect(await applyAs(alice, m, tokens.ogre.uuid)).toBe(true);
    // The Ogre's 9 (tier 2 with the kit's bonus, no type), its 2 temporary Stamina first: no Mark.
    expect(before - stamina(ogre) - (ogre.system.stamina as { temporary: number }).temporary).toBe(9);
    expect(useOf(world.messages.get(m.id) as unknown as WorldMessage).targets[0]!.applied).not.toHaveProperty("marked");
  });

  it("the Director's Ogre attacking the marked Goblin is not Tess's ally: no edge, no extra damage", async () => {
    const ogreSlam = new WorldItem(structuredClone(strike) as unknown as Record<string, unknown>, ogre);
    ogre.items.set(ogreSlam.id, ogreSlam);
    const before = stamina(goblin);
    const m = (await use(gm, ogre, "Brutal Slam", [tokens.goblin], d10(6, 5)))!;
    expect(useOf(m).targets[0]).toMatchObject({ edges: 0 });
    expect(await applyAs(gm, m, tokens.goblin.uuid)).toBe(true);
    expect(before - stamina(goblin)).toBe(useOf(m).tiers[1]!.damage.value);
    ogre.items.delete(ogreSlam.id);
  });

  it("the start of Tess's turn ends her marks: Alice's next slam gets no edge and no extra", async () => {
    const combatant = [...combat.combatants].find((c) => (c.actor as unknown) === tess) as unknown as SteelEchoesCombatant;
    await world.as(gm, () => combat.startOfTurn(combatant));
    expect(records()).toEqual([]);
    const before = stamina(goblin);
    const m = (await use(alice, korva, "Brutal Slam", [tokens.goblin], d10(6, 5)))!;
    expect(useOf(m).targets[0]).toMatchObject({ edges: 0, tier: 2 });
    expect(await applyAs(alice, m, tokens.goblin.uuid)).toBe(true);
    expect(before - stamina(goblin)).toBe(useOf(m).tiers[1]!.damage.value);
  });
});

describe("L2391, L2397 Prayer's tier 3 offers the conduit her domain effects", () => {
  const posted = () => [...world.messages.values()].map((m) => String((m as unknown as { content: string }).content));
  it("Alice's Sela (Sun and Life, level 2) gets tier 3: her client posts both effects with their numbers; a tier 1 posts none", async () => {
    const conduit = new WorldItem({ type: "class", name: "Conduit", system: { subclass: "Sun, Life" } }, sela);
    sela.items.set(conduit.id, conduit);
    await world.as(alice, () => (sela as unknown as { update(d: object): Promise<unknown> }).update({ "system.level": 2 }));
    const before = world.messages.size;
    const m = (await use(alice, sela, "Prayer", [], [...d10(9, 8), dN(6, 3)]))!;
    expect(useOf(m).targets[0]?.tier ?? null).toBe(3);
    await world.settle();
    const offer = [...world.messages.values()].slice(before).find((x) => String(x.content).includes("choose one of your domain effects"))!;
    expect(offer.author).toBe(alice);
    expect(offer.content).toContain("Sela&#x27;s Prayer got tier 3");
    // Sun: 10 + level 2 fire; Life: 2 Recoveries or 20 temporary Stamina (seed order: Life first).
    expect(offer.content).toContain("<li>Life: you or an ally within 10 squares can spend 2 Recoveries");
    // Each effect the system applies has its button after its text (src/documents/domain-effects.ts).
    expect(offer.content).toContain("gains 20 temporary Stamina.<button");
    expect(offer.content).toContain("<li>Sun: an enemy of your choice within 10 squares of you takes 12 fire damage.<button");
    expect(offer.content.indexOf("<li>Life")).toBeLessThan(offer.content.indexOf("<li>Sun"));
    const count = posted().filter((c) => c.includes("choose one of your domain effects")).length;
    const low = (await use(alice, sela, "Prayer", [], [...d10(3, 3), dN(6, 3)]))!;
    expect(useOf(low).targets[0]?.tier).not.toBe(3);
    await world.settle();
    expect(posted().filter((c) => c.includes("choose one of your domain effects")).length).toBe(count);
    sela.items.delete(conduit.id);
  });
});

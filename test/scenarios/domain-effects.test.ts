// Prayer's tier 3 domain effects applied at a table of separate clients (seed 004, L2391, L2397–2445):
// Alice's conduit presses an effect's button on her own client; the active GM's client checks the
// Prayer card and applies the effect to the creatures she targets (Love: every ally within 10
// squares): damage (Death L2405, Storm L2433, Sun L2437), temporary Stamina kept by the greater
// (Life L2417, Love L2421, L7232), and Life's Recoveries, ends and standing up (L2417).
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { answerApprovals, checkAfterEach, d10, dN, setupTable, staminaOf } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldItem } from "../harness/world.ts";
import type { WorldActor, WorldMessage, WorldToken } from "../harness/world.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, korva, ryn, ogre, goblin, tokens } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestDomainEffect } = await import("../../src/documents/domain-effect-relay.ts");
const { domainEffectRecordOf } = await import("../../src/settings/domain-effects.ts");
const { applyCondition } = await import("../../src/documents/conditions.ts");
const { RELAY } = await import("../../src/documents/relay.ts");

const GRID = world.scene.grid.size;
const prayer = (() => {
  const data = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../packs/_source/abilities/conduit/prayer.json"), "utf8")) as {
    name: string; type: string; system: object;
  };
  return { name: data.name, type: data.type, system: data.system };
})();
const sela = world.addActor({
  name: "Sela", type: "hero",
  system: {
    characteristics: { might: 0, agility: 1, reason: 1, intuition: 2, presence: 1 },
    stamina: { value: 20, max: 21, temporary: 0 }, recoveries: { value: 8, max: 8 },
    heroicResource: { value: 0, name: "Piety", gain: "2" }, victories: 0, xp: 0, level: 3, stability: 0, skills: [],
  },
  items: [prayer, { type: "class", name: "Conduit", system: { subclass: "Death, Life" } }],
}, [alice]);
const selaToken: WorldToken = world.addToken(sela, 1);
const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
const useOf = (m: WorldMessage) => (m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse;
const place = (token: WorldToken, x: number, y: number) => Object.assign(token, { x: x * GRID, y: y * GRID });
const setDomains = (subclass: string) => {
  const cls = [...sela.items].find((i) => i.type === "class")! as WorldItem;
  (cls.system as { subclass: string }).subclass = subclass;
};

/** Alice's Prayer: 9 + 8 + Intuition 2 = 19 is tier 3 (L2391); resolves to the Prayer card and the offer it posted. */
async function pray(faces: [number, number] = [9, 8]): Promise<{ card: WorldMessage; offer: WorldMessage | undefined }> {
  const before = world.messages.size;
  harness.fixRandom([...d10(...faces), dN(6, 3)]);
  const card = await world.as(alice, async () => {
    alice.targets = new Set();
    return useAbilityByUuid(item(sela, "Prayer").uuid, true);
  }) as unknown as WorldMessage;
  await world.settle();
  const offer = [...world.messages.values()].slice(before).find((m) => (m.flags["steel-echoes"] as { domainOffer?: unknown } | undefined)?.domainOffer);
  return { card, offer };
}

/** Alice presses a domain effect's button with `targets` targeted. */
async function press(offer: WorldMessage, domain: string, targets: WorldToken[], option?: string): Promise<boolean> {
  const ok = await world.as(alice, async () => {
    alice.targets = new Set(targets);
    return requestDomainEffect(offer as never, domain, option, cardServices);
  });
  await world.settle();
  return ok;
}
const shownTo = (user: { name: string }) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);
const lastMessage = () => [...world.messages.values()].at(-1)!;

beforeAll(() => {
  RELAY.timeoutMs = 2_000;
  // Sela's Prayer came from no pack: the Director approves it once when first asked (src/documents/ability-approval.ts).
  answerApprovals(cardServices, true);
  place(selaToken, 0, 0);
  place(tokens.korva, 1, 0);
  place(tokens.ryn, 12, 0);
  place(tokens.goblin, 5, 0);
  place(tokens.ogre, 6, 1);
  place(tokens.vex, 3, 3);
});

checkAfterEach(world, { honest: true });

describe("the offer: a button for each effect the system applies", () => {
  it("L2391: a tier 3 Prayer posts Death's button and Life's two ways, each naming the Prayer card", async () => {
    const { card, offer } = await pray();
    expect(useOf(card).targets[0]?.tier).toBe(3);
    expect(offer!.author).toBe(alice);
    expect(offer!.flags["steel-echoes"]).toEqual({ domainOffer: { prayer: card.id, domains: ["death", "life"] } });
    expect(offer!.content).toContain('data-se-domain="death"');
    expect(offer!.content).toContain('data-se-domain="life" data-se-domain-option="recoveries"');
    expect(offer!.content).toContain('data-se-domain="life" data-se-domain-option="temporary"');
  });
});

describe("Death (L2405): two enemies within 10 squares take 5 + level corruption damage, once a Prayer", () => {
  it("Alice targets the goblin and the ogre: the GM's client deals 8 to each (the ogre's 2 temporary Stamina first)", async () => {
    const { card, offer } = await pray();
    const before = [staminaOf(goblin).value, staminaOf(ogre).value, staminaOf(ogre).temporary];
    expect(await press(offer!, "death", [tokens.goblin, tokens.ogre])).toBe(true);
    expect(staminaOf(goblin).value).toBe(before[0]! - 8);
    expect(staminaOf(ogre).temporary).toBe(0);
    expect(staminaOf(ogre).value).toBe(before[1]! - (8 - before[2]!));
    expect(domainEffectRecordOf(card.id!)).toMatchObject({ domain: "death", userId: alice.id });
    expect(lastMessage().author).toBe(gm);
    expect(lastMessage().content).toContain("Sela&#x27;s Death domain effect:");
    expect(lastMessage().content).toContain("Goblin: takes 8 damage");
    // The same Prayer gives one effect (L2397): a second press changes nothing.
    const goblinNow = staminaOf(goblin).value;
    expect(await press(offer!, "death", [tokens.goblin])).toBe(false);
    expect(staminaOf(goblin).value).toBe(goblinNow);
    expect(shownTo(alice).at(-1)).toBe("This Prayer's domain effect has been used already (death).");
  });
  it("refused before anything lands: an ally, three enemies, one farther than 10 squares, no target, a domain not hers", async () => {
    const { card, offer } = await pray();
    const before = JSON.stringify([staminaOf(goblin), staminaOf(ogre), staminaOf(korva)]);
    expect(await press(offer!, "death", [tokens.goblin, tokens.korva])).toBe(false);
    expect(shownTo(alice).at(-1)).toContain("does not take those creatures");
    place(tokens.goblin, 11, 0);
    expect(await press(offer!, "death", [tokens.goblin])).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("A target is farther than 10 squares from the conduit.");
    place(tokens.goblin, 5, 0);
    expect(await press(offer!, "death", [])).toBe(false);
    expect(await press(offer!, "sun", [tokens.goblin])).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("The sun domain is not one of this conduit's domains.");
    expect(JSON.stringify([staminaOf(goblin), staminaOf(ogre), staminaOf(korva)])).toBe(before);
    expect(domainEffectRecordOf(card.id!)).toBeNull();
  });
  it("a tier 2 Prayer offers nothing, and its card gives no effect when asked", async () => {
    // 2 + 2 + Intuition 2 = 6, tier 1; Prayer's edges out of an encounter (L2393) lift it at most to tier 2.
    const { card, offer } = await pray([2, 2]);
    expect(offer).toBeUndefined();
    const fake = { flags: { "steel-echoes": { domainOffer: { prayer: card.id } } } };
    const before = staminaOf(goblin).value;
    expect(await press(fake as never, "death", [tokens.goblin])).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("Only a Prayer's tier 3 result gives a domain effect.");
    expect(staminaOf(goblin).value).toBe(before);
  });
});

describe("Life (L2417): you or an ally within 10 squares", () => {
  it("20 temporary Stamina to Bob's Ryn keeps the greater (L7232): it had 25, it keeps 25; to Sela herself with no target: 20", async () => {
    await world.as(bob, () => (ryn as unknown as { update(d: object): Promise<unknown> }).update({ "system.stamina.temporary": 25 }));
    place(tokens.ryn, 4, 0);
    let { offer } = await pray();
    expect(await press(offer!, "life", [tokens.ryn], "temporary")).toBe(true);
    expect(staminaOf(ryn).temporary).toBe(25);
    expect(lastMessage().content).toContain("Ryn: gains 0 temporary Stamina");
    ({ offer } = await pray());
    expect(await press(offer!, "life", [], "temporary")).toBe(true);
    expect(staminaOf(sela).temporary).toBe(20);
    place(tokens.ryn, 12, 0);
  });
  it("2 Recoveries for Korva, her EoT and (resistance ends) effects ended first, and she stands up", async () => {
    await world.as(gm, async () => {
      await (korva as unknown as { update(d: object): Promise<unknown> }).update({ "system.stamina.value": 3 });
      await applyCondition(korva as never, { id: "bleeding", duration: "EoT" });
      await applyCondition(korva as never, { id: "slowed", duration: "resistance", characteristic: "might" });
      await applyCondition(korva as never, { id: "prone" });
    });
    const recoveries = (korva.system.recoveries as { value: number }).value;
    // The derived recovery value (a third of the maximum, L349), as the hero's data model prepares it.
    const value = 6;
    (korva.system.stamina as { recoveryValue?: number }).recoveryValue = value;
    const { offer } = await pray();
    expect(await press(offer!, "life", [tokens.korva], "recoveries")).toBe(true);
    expect([...korva.statuses].sort()).toEqual([]);
    expect((korva.system.recoveries as { value: number }).value).toBe(recoveries - 2);
    expect(staminaOf(korva).value).toBe(3 + 2 * value);
    expect(lastMessage().content).toContain("Korva: spends 2 Recoveries and regains 12 Stamina; 2 effects end; stands up");
  });
  it("an enemy is refused, and so is a way Life does not have", async () => {
    const { offer } = await pray();
    expect(await press(offer!, "life", [tokens.goblin], "temporary")).toBe(false);
    expect(await press(offer!, "life", [tokens.korva], "everything")).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("That request is not valid; nothing was changed.");
  });
});

describe("Love (L2421), Sun (L2437), Storm (L2433)", () => {
  it("Love: every ally within 10 squares gains 5 temporary Stamina, whatever Alice targets; Ryn 12 squares away and Sela herself do not", async () => {
    setDomains("Love, Sun");
    await world.as(gm, async () => {
      for (const a of [korva, ryn, t.vex, sela]) await (a as unknown as { update(d: object): Promise<unknown> }).update({ "system.stamina.temporary": 0 });
    });
    const { offer } = await pray();
    expect(await press(offer!, "love", [tokens.goblin])).toBe(true);
    expect([staminaOf(korva).temporary, staminaOf(t.vex).temporary, staminaOf(ryn).temporary, staminaOf(sela).temporary]).toEqual([5, 5, 0, 0]);
    expect(lastMessage().content).toContain("an edge on the next power roll");
  });
  it("Sun: one enemy takes 10 + level 3 = 13 fire damage, with its fire immunity (the ogre's 3) subtracted", async () => {
    const { offer } = await pray();
    const before = staminaOf(ogre).value;
    expect(await press(offer!, "sun", [tokens.ogre])).toBe(true);
    expect(staminaOf(ogre).value).toBe(before - 10);
  });
  it("Storm: each enemy in one 3-cube takes 5 + level lightning damage; enemies too far apart for a 3-cube are refused", async () => {
    setDomains("Storm, Creation");
    let { offer } = await pray();
    place(tokens.ogre, 9, 0);
    const before = [staminaOf(goblin).value, staminaOf(ogre).value];
    expect(await press(offer!, "storm", [tokens.goblin, tokens.ogre])).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("The Storm effect's targets do not fit in one 3-cube.");
    place(tokens.ogre, 6, 1);
    expect(await press(offer!, "storm", [tokens.goblin, tokens.ogre])).toBe(true);
    expect([staminaOf(goblin).value, staminaOf(ogre).value]).toEqual([before[0]! - 8, before[1]! - 8]);
    // Creation's wall (L2401) has its button (test/scenarios/domain-lasting.test.ts places it); a request without its squares is refused.
    ({ offer } = await pray());
    expect(offer!.content).toContain('data-se-domain="creation" data-se-domain-wall="5"');
    expect(await press(offer!, "creation", [])).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("Place the squares of the wall (at most 5) on the map first.");
  });
});

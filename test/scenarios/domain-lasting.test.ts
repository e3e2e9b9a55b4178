// The domain effects that outlast their moment, at a table of separate clients (seed 004, L2397–2445):
// Fate's tier (L2409), Knowledge's double edge (L2413) and Love's edge (L2421) on a creature's next
// power roll, kept in the GM's record (a world setting), shown in the roller's dialog, taken by her
// roll and used up by the GM's client when her card is posted; Protection's immunity (L2429) and War's
// extra damage (L2445) until the end of the conduit's next turn, ended by the GM's turn flow; Nature's
// (L2425) and Trickery's (L2441) slides through the forced movement rules.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { answerApprovals, answerDialog, checkAfterEach, d10, dN, setupTable, staminaOf } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldItem, WorldMessage, WorldToken } from "../harness/world.ts";
import type { AbilityUseData } from "../../src/data/ability-use.ts";
import type { TestCardState } from "../../src/data/test-card.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "../../src/documents/combat.ts";

const t: Table = await setupTable();
const { world, gm, alice, mallory, korva, vex, ogre, goblin, tokens } = t;
const { useAbilityByUuid, cardServices } = await import("../../src/applications/chat/ability-card.ts");
const { requestDomainEffect } = await import("../../src/documents/domain-effect-relay.ts");
const { requestCardAction } = await import("../../src/documents/ability-results.ts");
const { domainLasting, setDomainLasting } = await import("../../src/documents/domain-lasting.ts");
const await_rolls = await import("../../src/applications/sheets/rolls.ts");
const await_cards = await import("../../src/applications/chat/test-cards.ts");
const await_cardActions = await import("../../src/documents/test-card-actions.ts");
const await_conditionRolls = await import("../../src/documents/condition-rolls.ts");
const { damageModifiersOf } = await import("../../src/documents/environment-statuses.ts");
const { applyCondition } = await import("../../src/documents/conditions.ts");
const { RELAY } = await import("../../src/documents/relay.ts");

const GRID = world.scene.grid.size;
const prayer = (() => {
  const data = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../packs/_source/abilities/conduit/prayer.json"), "utf8")) as {
    name: string; type: string; system: object;
  };
  return { name: data.name, type: data.type, system: data.system };
})();
const item = (actor: WorldActor, name: string) => [...actor.items].find((i) => i.name === name)!;
const slam = item(korva, "Brutal Slam");
// Sela, Alice's conduit of level 3 with Intuition 2 (Protection 5, War 4, Nature 6, Trickery 8), with a Brutal Slam for War.
const sela = world.addActor({
  name: "Sela", type: "hero",
  system: {
    characteristics: { might: 0, agility: 1, reason: 1, intuition: 2, presence: 1 },
    stamina: { value: 20, max: 21, temporary: 0 }, recoveries: { value: 8, max: 8 },
    heroicResource: { value: 0, name: "Piety", gain: "2" }, victories: 0, xp: 0, level: 3, stability: 0, skills: [],
  },
  items: [prayer, { type: "class", name: "Conduit", system: { subclass: "Knowledge, Fate" } }, { name: slam.name, type: slam.type, system: structuredClone(slam.system) }],
}, [alice]);
const selaToken: WorldToken = world.addToken(sela, 1);
const useOf = (m: WorldMessage) => (m.flags["steel-echoes"] as { abilityUse: AbilityUseData }).abilityUse;
const place = (token: WorldToken, x: number, y: number) => Object.assign(token, { x: x * GRID, y: y * GRID });
const setDomains = (subclass: string) => {
  const cls = [...sela.items].find((i) => i.type === "class")! as WorldItem;
  (cls.system as { subclass: string }).subclass = subclass;
};
const shownTo = (user: { name: string }) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);
const lastMessage = () => [...world.messages.values()].at(-1)!;
const record = () => domainLasting();

/** Alice's Prayer: 9 + 8 + Intuition 2 = 19, tier 3 (L2391); resolves to the offer it posted. */
async function pray(): Promise<WorldMessage> {
  const before = world.messages.size;
  harness.fixRandom([...d10(9, 8), dN(6, 3)]);
  await world.as(alice, async () => {
    alice.targets = new Set();
    return useAbilityByUuid(item(sela, "Prayer").uuid, true);
  });
  await world.settle();
  return [...world.messages.values()].slice(before).find((m) => (m.flags["steel-echoes"] as { domainOffer?: unknown } | undefined)?.domainOffer)!;
}

/** Alice presses a domain effect's button with `targets` targeted. */
async function press(offer: WorldMessage, domain: string, targets: WorldToken[], option?: string, slide?: { squares: number; direction: { dx: number; dy: number } }) {
  const ok = await world.as(alice, async () => {
    alice.targets = new Set(targets);
    return requestDomainEffect(offer as never, domain, option, cardServices, slide);
  });
  await world.settle();
  return ok;
}

/** `user` uses Brutal Slam of `actor` on `target` with these dice, through the dialog (answered with nothing added): the card and what the dialog showed. */
async function slamWith(user: typeof alice, actor: WorldActor, target: WorldToken, faces: [number, number]) {
  const opened: string[] = [];
  answerDialog({}, opened);
  harness.fixRandom(d10(...faces));
  const card = await world.as(user, async () => {
    user.targets = new Set([target]);
    return useAbilityByUuid(item(actor, "Brutal Slam").uuid, false);
  }) as unknown as WorldMessage;
  await world.settle();
  return { card, shown: opened[0] ?? "" };
}

beforeAll(() => {
  RELAY.timeoutMs = 2_000;
  answerApprovals(cardServices, true);
  place(selaToken, 0, 0);
  place(tokens.korva, 1, 0);
  place(tokens.vex, 2, 2);
  place(tokens.ryn, 14, 0);
  place(tokens.goblin, 5, 0);
  place(tokens.ogre, 6, 2);
});

checkAfterEach(world, { honest: true });

describe("Knowledge (L2413): up to three allies within 10 squares have a double edge on their next power roll", () => {
  it("the GM records it for Korva and Mallory's Vex; Mallory's dialog shows it, her roll takes it, the GM's client uses it up", async () => {
    const offer = await pray();
    expect(offer.content).toContain('data-se-domain="knowledge"');
    expect(await press(offer, "knowledge", [tokens.korva, tokens.vex])).toBe(true);
    expect(record().nextRolls.map((g) => [g.creature, g.domain, g.edges])).toEqual([[korva.uuid, "knowledge", 2], [vex.uuid, "knowledge", 2]]);
    expect(lastMessage().content).toContain("Vex: has a double edge on the next power roll it makes");
    // 5 + 5 + Might: a double edge lifts the tier by one (L217).
    const { card, shown } = await slamWith(mallory, vex, tokens.goblin, [5, 5]);
    expect(shown).toContain("Knowledge domain effect: double edge on this next power roll");
    expect(useOf(card).roll).toMatchObject({ edges: 2 });
    expect(useOf(card).nextRoll).toEqual(["knowledge"]);
    expect(record().nextRolls.map((g) => g.creature)).toEqual([korva.uuid]);
    expect(record().claims[card.id!]).toEqual({ creature: vex.uuid, edges: 2, tier: null });
    // Her next roll has none.
    const again = await slamWith(mallory, vex, tokens.goblin, [5, 5]);
    expect(again.shown).not.toContain("Knowledge domain effect");
    expect(useOf(again.card).roll).toMatchObject({ edges: 0 });
  });
  it("four allies, an enemy, or an ally 14 squares away are refused, and nothing is recorded", async () => {
    const offer = await pray();
    const before = JSON.stringify(record().nextRolls);
    expect(await press(offer, "knowledge", [tokens.korva, tokens.vex, tokens.ryn, selaToken])).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("Too many targets for the knowledge effect.");
    expect(await press(offer, "knowledge", [tokens.goblin])).toBe(false);
    expect(await press(offer, "knowledge", [tokens.ryn])).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("A target is farther than 10 squares from the conduit.");
    expect(JSON.stringify(record().nextRolls)).toBe(before);
  });
  it("a player cannot write the GM's record: her edge, her spent grant", async () => {
    await expect(world.as(mallory, () => game.settings!.set("steel-echoes", "domainLasting", {
      nextRolls: [{ creature: vex.uuid, domain: "fate", edges: 2, tier: 3, prayer: "x", combatId: null }], claims: {}, turns: [],
    }))).rejects.toThrow();
    expect(world.refused).toEqual(["Mallory update Setting [steel-echoes.domainLasting]"]);
    world.refused.length = 0;
    expect(record().nextRolls.some((g) => g.creature === vex.uuid)).toBe(false);
  });
});

describe("Fate (L2409): another creature she has line of effect to gets a tier 1 or tier 3 result on its next power roll", () => {
  it("tier 3 for Vex: Mallory rolls 1 + 1, her card gets tier 3 and the GM applies tier 3's damage to the ogre", async () => {
    const offer = await pray();
    expect(offer.content).toContain('data-se-domain-option="tier3"');
    expect(await press(offer, "fate", [tokens.vex], "tier3")).toBe(true);
    expect(lastMessage().content).toContain("Vex: gets a tier 3 result on its next power roll");
    const { card, shown } = await slamWith(mallory, vex, tokens.ogre, [1, 1]);
    expect(shown).toContain("Fate domain effect: this next power roll gets tier 3");
    expect(useOf(card)).toMatchObject({ fated: 3, targets: [{ rolledTier: 3, tier: 3 }] });
    const before = staminaOf(ogre);
    const tier3 = useOf(card).tiers[2]!.damage.value!;
    expect(tier3).toBeGreaterThanOrEqual(12);
    expect(await world.as(mallory, () => requestCardAction({ messageId: card.id!, action: "apply", key: tokens.ogre.uuid }, cardServices))).toBe(true);
    await world.settle();
    expect(staminaOf(ogre).value + staminaOf(ogre).temporary).toBe(before.value + before.temporary - tier3);
  });
  it("a forged Fate tier on a card the GM's record never fated is refused: nothing is applied", async () => {
    const { card } = await slamWith(mallory, vex, tokens.goblin, [1, 1]);
    const use = structuredClone(useOf(card));
    use.fated = 3;
    use.targets = use.targets.map((x) => ({ ...x, rolledTier: 3 as const, tier: 3 as const }));
    await world.as(mallory, () => card.update({ "flags.steel-echoes.abilityUse": use }));
    const before = staminaOf(goblin);
    expect(await world.as(mallory, () => requestCardAction({ messageId: card.id!, action: "apply", key: tokens.goblin.uuid }, cardServices))).toBe(false);
    expect(shownTo(mallory).at(-1)).toContain("changed");
    expect(staminaOf(goblin)).toEqual(before);
  });
  it("Fate's tier 1 for Vex: a card claiming tier 3 instead is refused; herself, or behind a wall, is refused", async () => {
    let offer = await pray();
    expect(await press(offer, "fate", [selaToken], "tier1")).toBe(false);
    expect(shownTo(alice).at(-1)).toContain("does not take those creatures");
    expect(await press(offer, "fate", [tokens.vex])).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("Choose one of the effect's ways (Life's two, Fate's tier 1 or tier 3).");
    expect(await press(offer, "fate", [tokens.vex], "tier1")).toBe(true);
    const { card } = await slamWith(mallory, vex, tokens.goblin, [9, 9]);
    expect(useOf(card)).toMatchObject({ fated: 1, targets: [{ tier: 1 }] });
    const use = structuredClone(useOf(card));
    use.fated = 3;
    use.targets = use.targets.map((x) => ({ ...x, rolledTier: 3 as const, tier: 3 as const }));
    await world.as(mallory, () => card.update({ "flags.steel-echoes.abilityUse": use }));
    const before = staminaOf(goblin);
    expect(await world.as(mallory, () => requestCardAction({ messageId: card.id!, action: "apply", key: tokens.goblin.uuid }, cardServices))).toBe(false);
    expect(staminaOf(goblin)).toEqual(before);
    // A wall between Sela and the goblin: no line of effect.
    offer = await pray();
    const wall = world.addWall([3, -5, 3, 5]);
    expect(await press(offer, "fate", [tokens.goblin], "tier3")).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("The conduit has no line of effect to that creature.");
    await world.as(gm, () => wall.delete());
  });
});

describe("Love (L2421): the edge on the next power roll before the end of the encounter", () => {
  it("every ally within 10 squares has it; the GM's record ties it to the encounter, which ends it", async () => {
    setDomains("Love, War");
    const combat = world.addCombat([selaToken, tokens.korva, tokens.goblin]) as unknown as SteelEchoesCombat;
    harness.fixRandom(d10(8));
    await world.as(gm, () => combat.startCombat());
    const offer = await pray();
    expect(await press(offer, "love", [])).toBe(true);
    const love = record().nextRolls.filter((g) => g.domain === "love");
    expect(love.map((g) => [g.creature, g.edges, g.combatId])).toEqual([[korva.uuid, 1, combat.id], [vex.uuid, 1, combat.id]]);
    // Korva still has Knowledge's double edge from above: both are on this roll (at most two count, L217).
    const { shown, card } = await slamWith(alice, korva, tokens.goblin, [5, 5]);
    expect(shown).toContain("Love domain effect: edge on this next power roll");
    expect(shown).toContain("Knowledge domain effect: double edge on this next power roll");
    expect(useOf(card)).toMatchObject({ roll: { edges: 3 }, nextRoll: ["knowledge", "love"] });
    // The encounter ends: Vex's unused edge goes with it.
    await world.as(gm, () => (combat as unknown as { delete(): Promise<unknown> }).delete());
    const after = await slamWith(mallory, vex, tokens.goblin, [5, 5]);
    expect(after.shown).not.toContain("Love domain effect");
  });
});

describe("Protection (L2429) and War (L2445): until the end of the conduit's next turn", () => {
  let combat: SteelEchoesCombat;
  const combatantOf = (token: WorldToken) => [...combat.combatants].find((c) => (c as unknown as { token: unknown }).token === token) as unknown as SteelEchoesCombatant;
  const turn = async (token: WorldToken) => {
    await world.as(gm, () => combat.takeTurn(combatantOf(token)));
    await world.as(gm, () => combat.endTurn());
    await world.settle();
  };
  it("Protection on Korva, prayed in Sela's turn: immunity 5 through that turn's end and the others', gone at the end of her next", async () => {
    setDomains("Protection, War");
    combat = world.addCombat([selaToken, tokens.korva, tokens.goblin, tokens.ogre]) as unknown as SteelEchoesCombat;
    harness.fixRandom(d10(8));
    await world.as(gm, () => combat.startCombat());
    await world.as(gm, () => combat.takeTurn(combatantOf(selaToken)));
    const offer = await pray();
    expect(await press(offer, "protection", [tokens.korva])).toBe(true);
    expect(lastMessage().content).toContain("Korva: has damage immunity 5 until the end of Sela&#x27;s next turn");
    // Read on Alice's client, as any client applying damage to Korva reads it.
    expect(world.as(alice, () => damageModifiersOf(korva as never).immunities?.all)).toBe(5);
    await world.as(gm, () => combat.endTurn());
    await world.settle();
    expect(damageModifiersOf(korva as never).immunities?.all).toBe(5);
    await turn(tokens.goblin);
    await turn(tokens.korva);
    await turn(tokens.ogre);
    expect(damageModifiersOf(korva as never).immunities?.all).toBe(5);
    await turn(selaToken);
    expect(damageModifiersOf(korva as never).immunities?.all ?? 0).toBe(0);
    expect([...world.messages.values()].some((m) => m.content.includes("Sela&#x27;s turn ends: the Protection domain effect ends."))).toBe(true);
  });
  it("War: Sela's attack deals 2 × Intuition = 4 extra damage through her next turn; then none", async () => {
    // Round 2: Sela has acted; the others act, and round 3 begins with her turn.
    await turn(tokens.goblin);
    await turn(tokens.korva);
    await turn(tokens.ogre);
    await world.as(gm, () => combat.takeTurn(combatantOf(selaToken)));
    const offer = await pray();
    expect(await press(offer, "war", [tokens.goblin])).toBe(true);
    expect(record().turns.map((g) => [g.domain, g.creature, g.amount])).toEqual([["war", sela.uuid, 4]]);
    // Tier 3 of Brutal Slam, + 4 (the ogre has no immunity to it).
    const hit = async (extra: number) => {
      const { card } = await slamWith(alice, sela, tokens.ogre, [9, 8]);
      const tier3 = useOf(card).tiers[2]!.damage.value!;
      const before = staminaOf(ogre);
      expect(await world.as(alice, () => requestCardAction({ messageId: card.id!, action: "apply", key: tokens.ogre.uuid }, cardServices))).toBe(true);
      await world.settle();
      expect(before.value + before.temporary - staminaOf(ogre).value - staminaOf(ogre).temporary).toBe(tier3 + extra);
      await world.as(gm, () => (ogre as unknown as { update(d: object): Promise<unknown> }).update({ "system.stamina.value": 30 }));
    };
    await hit(4);
    expect(lastMessage().content).toContain("+4 for the War domain effect");
    await world.as(gm, () => combat.endTurn());
    await turn(tokens.goblin);
    await turn(tokens.korva);
    await turn(tokens.ogre);
    expect(record().turns).toHaveLength(1);
    await turn(selaToken);
    expect(record().turns).toEqual([]);
    await hit(0);
    await world.as(gm, () => (combat as unknown as { delete(): Promise<unknown> }).delete());
  });
});

describe("Nature (L2425) and Trickery (L2441): a creature within 10 squares slid", () => {
  it("Nature slides the goblin 3 squares east of the 6 (3 × Intuition) it may; more is refused", async () => {
    setDomains("Nature, Trickery");
    place(tokens.goblin, 5, 0);
    const offer = await pray();
    expect(offer.content).toContain('data-se-domain-slide="6"');
    expect(await press(offer, "nature", [tokens.goblin], undefined, { squares: 7, direction: { dx: 1, dy: 0 } })).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("Choose how far (at most 6 squares) and which way to slide.");
    expect(tokens.goblin.x).toBe(5 * GRID);
    expect(await press(offer, "nature", [tokens.goblin], undefined, { squares: 3, direction: { dx: 1, dy: 0 } })).toBe(true);
    expect([tokens.goblin.x, tokens.goblin.y]).toEqual([8 * GRID, 0]);
    expect(lastMessage().content).toContain("Goblin: slides 3 squares");
  });
  it("Trickery slides Korva, a willing ally, ignoring her stability 2; a grabbed goblin cannot be slid", async () => {
    (korva.system as { stability: number }).stability = 2;
    place(tokens.korva, 1, 0);
    let offer = await pray();
    const slid = await press(offer, "trickery", [tokens.korva], undefined, { squares: 4, direction: { dx: 0, dy: 1 } });
    expect(slid).toBe(true);
    expect([tokens.korva.x, tokens.korva.y]).toEqual([GRID, 4 * GRID]);
    offer = await pray();
    await world.as(gm, () => applyCondition(goblin as never, { id: "grabbed" }));
    const at = [tokens.goblin.x, tokens.goblin.y];
    expect(await press(offer, "trickery", [tokens.goblin], undefined, { squares: 2, direction: { dx: -1, dy: 0 } })).toBe(false);
    expect([tokens.goblin.x, tokens.goblin.y]).toEqual(at);
    (korva.system as { stability: number }).stability = 0;
  });
});

// "Their next power roll" (L2409), "the next power roll they make" (L2413, L2421): a test (L5744) and a
// resistance roll (L6626) are power rolls too. The roll shows and takes the grant; the GM's client uses it
// up when the roll is posted; what trusts a test's tier (a test card) takes Fate's only from the GM's record.
describe("a next-roll grant on a test or a resistance roll (L2409, L2413, L2421)", () => {
  const { rollCharacteristicTest } = await_rolls;
  const { postGroupTest, testCardServices } = await_cards;
  const { requestCardRecord } = await_cardActions;
  const { rollResistance } = await_conditionRolls;
  const testCardState = (m: WorldMessage) => (m.flags["steel-echoes"] as { testCard: TestCardState }).testCard;
  const rollTest = async (user: typeof alice, actor: WorldActor, faces: [number, number], fast = true) => {
    harness.fixRandom(d10(...faces));
    const value = (actor.system.characteristics as Record<string, number>).might!;
    const message = await world.as(user, () => rollCharacteristicTest(actor as never, "might", value, { fast, difficulty: "medium" })) as unknown as WorldMessage;
    await world.settle();
    return message;
  };
  const rollOptions = (m: WorldMessage) => (m.rolls[0] as unknown as { options: Record<string, unknown> }).options;

  beforeAll(async () => {
    setDomains("Knowledge, Fate");
    place(tokens.korva, 1, 0);
    place(tokens.vex, 2, 2);
    await world.as(gm, () => setDomainLasting({ ...record(), nextRolls: [] }));
  });

  it("Fate's tier 3 for Vex: Mallory's Might test of 1 + 1 shows tier 3; the GM uses the grant up and the group test card counts tier 3", async () => {
    const card = await world.as(gm, () => postGroupTest({ characteristic: "might", difficulty: "medium", actorUuids: [vex.uuid] })) as unknown as WorldMessage;
    const offer = await pray();
    expect(await press(offer, "fate", [tokens.vex], "tier3")).toBe(true);
    const roll = await rollTest(mallory, vex, [1, 1]);
    expect(rollOptions(roll)).toMatchObject({ fated: 3, edges: 0 });
    // The card Foundry renders from the roll (PowerRoll#render): Fate's tier in place of the dice's 1 + 1 + 2 = 4.
    const shownCard = await (roll.rolls[0] as unknown as { render(): Promise<string> }).render();
    expect(shownCard).toContain("Fate domain effect: tier");
    expect(shownCard).toContain(`data-tier="3"`);
    expect(record().nextRolls.some((g) => g.creature === vex.uuid)).toBe(false);
    expect(record().claims[roll.id!]).toEqual({ creature: vex.uuid, edges: 0, tier: 3 });
    expect(await world.as(mallory, () => requestCardRecord("roll", { messageId: card.id, actorUuid: vex.uuid, rollMessageId: roll.id }, testCardServices))).toBe(true);
    await world.settle();
    expect(testCardState(card).rollers[0]!.result).toMatchObject({ tier: 3, outcome: "success" });
    // Used up: her next test has none.
    const again = await rollTest(mallory, vex, [1, 1]);
    expect(rollOptions(again).fated).toBeUndefined();
  });

  it("Knowledge's double edge for Korva: Alice's test dialog names it and her roll has the two edges; then it is gone", async () => {
    const offer = await pray();
    expect(await press(offer, "knowledge", [tokens.korva])).toBe(true);
    const opened: string[] = [];
    answerDialog({}, opened);
    const roll = await rollTest(alice, korva, [5, 5], false);
    expect(opened[0]).toContain("Knowledge domain effect: double edge on this next power roll");
    expect(rollOptions(roll)).toMatchObject({ edges: 2 });
    expect(record().nextRolls.some((g) => g.creature === korva.uuid)).toBe(false);
    expect(rollOptions(await rollTest(alice, korva, [5, 5]))).toMatchObject({ edges: 0 });
  });

  it("attacker: Mallory's roll as Vex claiming Fate's tier 3 without a grant counts at the dice's tier 1 on the card", async () => {
    const card = await world.as(gm, () => postGroupTest({ characteristic: "might", difficulty: "medium", actorUuids: [vex.uuid] })) as unknown as WorldMessage;
    harness.fixRandom(d10(1, 1));
    const forged = await world.as(mallory, async () => {
      const { postPowerRoll } = await import("../../src/applications/chat/post-rolls.ts");
      const might = (vex.system.characteristics as Record<string, number>).might!;
      return postPowerRoll({ characteristic: might, difficulty: "medium", fated: 3 }, { speaker: ChatMessage.getSpeaker({ actor: vex as never }) });
    }) as unknown as WorldMessage;
    await world.settle();
    expect(rollOptions(forged).fated).toBe(3);
    expect(record().claims[forged.id!]).toBeUndefined();
    expect(await world.as(mallory, () => requestCardRecord("roll", { messageId: card.id, actorUuid: vex.uuid, rollMessageId: forged.id }, testCardServices))).toBe(true);
    await world.settle();
    expect(testCardState(card).rollers[0]!.result).toMatchObject({ tier: 1, outcome: "failure-with-consequence" });
  });

  it("attacker: Mallory's roll posted as Korva (not hers) does not use up Korva's grant", async () => {
    const offer = await pray();
    expect(await press(offer, "fate", [tokens.korva], "tier3")).toBe(true);
    harness.fixRandom(d10(5, 5));
    const posted = await world.as(mallory, async () => {
      const { postPowerRoll } = await import("../../src/applications/chat/post-rolls.ts");
      return postPowerRoll({ characteristic: 2 }, { speaker: ChatMessage.getSpeaker({ actor: korva as never }) });
    }) as unknown as WorldMessage | null;
    await world.settle();
    if (posted) expect(record().claims[posted.id!]).toBeUndefined();
    expect(record().nextRolls.filter((g) => g.creature === korva.uuid).map((g) => g.tier)).toEqual([3]);
    // Alice's own test as Korva takes it.
    const roll = await rollTest(alice, korva, [1, 2]);
    expect(rollOptions(roll)).toMatchObject({ fated: 3 });
    expect(record().nextRolls.some((g) => g.creature === korva.uuid)).toBe(false);
  });

  it("Fate's tier 3 for Vex: her resistance roll of 1 + 1 is tier 3 (the condition ends), and the GM uses the grant up", async () => {
    const offer = await pray();
    expect(await press(offer, "fate", [tokens.vex], "tier3")).toBe(true);
    harness.fixRandom(d10(1, 1));
    const tier = await world.as(mallory, () => rollResistance(vex as never, { name: "Slowed" } as never, "might"));
    await world.settle();
    expect(tier).toBe(3);
    const roll = lastMessage();
    expect(rollOptions(roll)).toMatchObject({ fated: 3 });
    expect(record().claims[roll.id!]).toEqual({ creature: vex.uuid, edges: 0, tier: 3 });
    expect(record().nextRolls.some((g) => g.creature === vex.uuid)).toBe(false);
  });
});

// Creation (L2401): "You create a 5 wall of stone within 10 squares of you." Placed as an ability's wall
// area is (L6527: squares sharing sides, one within the distance and in line of effect, none in a
// creature's space), checked on the GM's client, raised as a region with walls.
describe("Creation (L2401): a 5 wall of stone within 10 squares, placed by the conduit and raised by the GM", () => {
  const wall = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));
  const build = async (offer: WorldMessage, squares: { x: number; y: number }[], user = alice) => {
    const ok = await world.as(user, async () => {
      user.targets = new Set();
      return requestDomainEffect(offer as never, "creation", undefined, cardServices, undefined, squares);
    });
    await world.settle();
    return ok;
  };
  const prayerItem = () => item(sela, "Prayer");
  const stoneRegions = () => world.scene.regions.contents.filter((r) =>
    (r.flags["steel-echoes"] as { area?: { itemUuid?: string } } | undefined)?.area?.itemUuid === prayerItem().uuid);

  beforeAll(() => {
    setDomains("Creation, Fate");
    place(selaToken, 0, 0);
    place(tokens.korva, 1, 0);
    place(tokens.goblin, 5, 0);
  });

  it("the offer has Creation's button; Alice's 5 squares 8 squares away become a region with walls around it, once per Prayer", async () => {
    const offer = await pray();
    expect(offer.content).toContain('data-se-domain="creation"');
    expect(offer.content).toContain('data-se-domain-wall="5"');
    const wallsBefore = world.scene.walls.contents.length;
    expect(await build(offer, wall([8, 3], [8, 4], [8, 5], [8, 6], [8, 7]))).toBe(true);
    const [region] = stoneRegions();
    expect(region).toBeDefined();
    expect((region!.flags["steel-echoes"] as { area: object }).area).toMatchObject({ kind: "wall", distance: 5, tokenUuid: selaToken.uuid });
    // The outline of a 1 × 5 column: 2 ends and 2 long sides, as an ability's wall area gets.
    expect(world.scene.walls.contents.length).toBeGreaterThan(wallsBefore);
    expect(lastMessage().content).toContain("a wall of stone of 5 squares raised");
    // One effect a Prayer.
    expect(await build(offer, wall([9, 3]))).toBe(false);
    expect(stoneRegions()).toHaveLength(1);
  });

  it("refused, nothing raised: six squares, squares not sharing sides, 11 squares away, a creature's space, another's request", async () => {
    for (const r of stoneRegions()) await world.as(gm, () => r.delete());
    await world.settle();
    const offer = await pray();
    expect(await build(offer, wall([3, 3], [3, 4], [3, 5], [3, 6], [3, 7], [3, 8]))).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("Prayer's wall is at most 5 squares, each sharing a side with another.");
    expect(await build(offer, wall([3, 3], [5, 5]))).toBe(false);
    expect(await build(offer, wall([11, 0], [12, 0]))).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("Prayer's area must be within 10 of you.");
    expect(await build(offer, wall([5, 1], [5, 0]))).toBe(false);
    expect(shownTo(alice).at(-1)).toBe("A wall can't be placed in a creature's space.");
    // Mallory is not the Prayer card's author.
    expect(await build(offer, wall([3, 3]), mallory)).toBe(false);
    expect(stoneRegions()).toEqual([]);
    // The offer is still hers to use.
    expect(await build(offer, wall([3, 3], [4, 3]))).toBe(true);
    expect(stoneRegions()).toHaveLength(1);
  });

  it("a conduit without the Creation domain cannot raise it", async () => {
    setDomains("Knowledge, Fate");
    const offer = await pray();
    expect(offer.content).not.toContain('data-se-domain="creation"');
    const before = stoneRegions().length;
    expect(await build(offer, wall([6, 6]))).toBe(false);
    expect(stoneRegions()).toHaveLength(before);
  });
});

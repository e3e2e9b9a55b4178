// Group and opposed test cards on the strict multi-client world: each player rolls for their own
// hero through the GM, assists land on the roll, the GM awards the collective result, and a hostile
// player (Mallory) can neither roll for another, pass off a forged or reused roll, nor award.
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { checkAfterEach, d10, setupTable } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { WorldActor, WorldMessage, WorldUser } from "../harness/world.ts";
import type { TestCardState } from "../../src/data/test-card.ts";

const t: Table = await setupTable();
const { world, gm, alice, bob, mallory, korva, ryn, vex, ogre } = t;
const { postGroupTest, postOpposedTest, testCardServices, onRenderTestCard } = await import("../../src/applications/chat/test-cards.ts");
const { requestCardRecord, awardGroupTest } = await import("../../src/documents/test-card-actions.ts");
const { rollCharacteristicTest } = await import("../../src/applications/sheets/rolls.ts");
const { poolValue } = await import("../../src/documents/pools.ts");

const stateOf = (m: WorldMessage) => (m.flags["steel-echoes"] as { testCard: TestCardState }).testCard;
const shownTo = (user: WorldUser) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);

/** `user` rolls `actor`'s test with these faces, as the card's button does, and returns the roll message. */
async function rollAs(user: WorldUser, actor: WorldActor, characteristic: string, faces: number[], options: object = {}): Promise<WorldMessage> {
  harness.fixRandom(d10(...faces));
  const value = (actor.system.characteristics as Record<string, number>)[characteristic]!;
  return await world.as(user, () => rollCharacteristicTest(actor as never, characteristic, value, { fast: true, ...options })) as unknown as WorldMessage;
}
const record = (user: WorldUser, kind: "roll" | "assist", data: Record<string, unknown>) =>
  world.as(user, () => requestCardRecord(kind, data, testCardServices));

checkAfterEach(world, { honest: false });

describe("a group test", () => {
  it("is posted by the Director only, for the heroes named, or every player's hero", async () => {
    expect(await world.as(alice, () => postGroupTest({ characteristic: "agility", difficulty: "easy" }))).toBeNull();
    expect(shownTo(alice)).toEqual(["Only the Director can do that."]);
    const card = await world.as(gm, () => postGroupTest({ characteristic: "agility", difficulty: "easy" })) as unknown as WorldMessage;
    expect(stateOf(card).rollers.map((r) => r.name)).toEqual(["Korva", "Ryn", "Vex"]);
    expect(card.content).toContain("Group test");
    expect(card.content).toContain("0 of 3 rolled.");
  });

  it("takes each hero's roll through the GM, recomputed from the dice, and sums up live", async () => {
    const card = await world.as(gm, () => postGroupTest({ characteristic: "might", difficulty: "medium", actorUuids: [korva.uuid, ryn.uuid] })) as unknown as WorldMessage;
    const korvaRoll = await rollAs(alice, korva, "might", [9, 8]); // 17 + 2 = 19: success
    expect(await record(alice, "roll", { messageId: card.id, actorUuid: korva.uuid, rollMessageId: korvaRoll.id })).toBe(true);
    expect(stateOf(card).rollers[0]!.result).toMatchObject({ total: 19, tier: 3, outcome: "success" });
    expect(card.content).toContain("1 of 2 rolled.");
    // Bob cannot roll for Korva, nor record Korva's roll a second time.
    expect(await record(bob, "roll", { messageId: card.id, actorUuid: korva.uuid, rollMessageId: korvaRoll.id })).toBe(false);
    expect(shownTo(bob)).toEqual(["You can roll only for a hero you own."]);
    const rynRoll = await rollAs(bob, ryn, "might", [2, 3]); // 7: failure with a consequence
    expect(await record(bob, "roll", { messageId: card.id, actorUuid: ryn.uuid, rollMessageId: rynRoll.id })).toBe(true);
    expect(card.content).toContain("The group succeeds.");
    expect(stateOf(card).rollers.map((r) => r.result?.outcome)).toEqual(["success", "failure-with-consequence"]);
  });

  it("refuses what Mallory forges: another's roll, a roll with a score her hero lacks, an old roll, her own card edits", async () => {
    const card = await world.as(gm, () => postGroupTest({ characteristic: "might", difficulty: "hard", actorUuids: [korva.uuid, vex.uuid] })) as unknown as WorldMessage;
    const korvaRoll = await rollAs(alice, korva, "might", [10, 10]);
    // Alice's roll message, claimed for Vex.
    expect(await record(mallory, "roll", { messageId: card.id, actorUuid: vex.uuid, rollMessageId: korvaRoll.id })).toBe(false);
    // A roll posted as Vex with Might +5 (Vex has +2).
    harness.fixRandom(d10(10, 10));
    const forged = await world.as(mallory, async () => {
      const { postPowerRoll } = await import("../../src/applications/chat/post-rolls.ts");
      return postPowerRoll({ characteristic: 5, difficulty: "hard" }, { speaker: ChatMessage.getSpeaker({ actor: vex as never }) });
    }) as unknown as WorldMessage;
    expect(await record(mallory, "roll", { messageId: card.id, actorUuid: vex.uuid, rollMessageId: forged.id })).toBe(false);
    // A roll from before the card.
    const old = await rollAs(mallory, vex, "might", [10, 9]);
    const later = await world.as(gm, () => postGroupTest({ characteristic: "might", difficulty: "hard", actorUuids: [vex.uuid] })) as unknown as WorldMessage;
    expect(await record(mallory, "roll", { messageId: later.id, actorUuid: vex.uuid, rollMessageId: old.id })).toBe(false);
    expect(shownTo(mallory)).toEqual(Array(3).fill("That roll does not match this card: roll from the card's button."));
    // The card is the GM's: the server refuses her edit.
    await expect(world.as(mallory, () => card.update({ "flags.steel-echoes.testCard.rollers.1.result": { total: 30 } }))).rejects.toThrow();
    expect(world.refused.length).toBe(1);
    expect(stateOf(card).rollers[1]!.result).toBeNull();
    // A card of her own making, with test card flags, is not a test card the GM writes to.
    const { newGroupTest } = await import("../../src/data/test-card-new.ts");
    const own = await world.as(mallory, () => ChatMessage.create({
      content: "", flags: { "steel-echoes": { testCard: newGroupTest("might", "easy", [{ actorUuid: vex.uuid, name: "Vex" }]) } },
    })) as unknown as WorldMessage;
    const fair = await rollAs(mallory, vex, "might", [5, 5]);
    expect(await record(mallory, "roll", { messageId: own.id, actorUuid: vex.uuid, rollMessageId: fair.id })).toBe(false);
    expect(shownTo(mallory).at(-1)).toBe("That test card is gone or unreadable.");
  });

  it("lets a hero outside the test assist one who has not rolled; the edge goes on the assisted roll (L6035–6039)", async () => {
    const card = await world.as(gm, () => postGroupTest({ characteristic: "agility", difficulty: "hard", actorUuids: [korva.uuid, ryn.uuid] })) as unknown as WorldMessage;
    // Ryn, a participant, cannot assist Korva.
    const rynHelp = await rollAs(bob, ryn, "reason", [6, 6], { difficulty: "easy" });
    expect(await record(bob, "assist", { messageId: card.id, targetUuid: korva.uuid, helperUuid: ryn.uuid, characteristic: "reason", rollMessageId: rynHelp.id })).toBe(false);
    expect(shownTo(bob)).toEqual(["A hero taking part in a group test can't assist another in it."]);
    const vexHelp = await rollAs(mallory, vex, "reason", [6, 6], { difficulty: "easy" }); // 12 + 2 = 14: success
    expect(await record(mallory, "assist", { messageId: card.id, targetUuid: korva.uuid, helperUuid: vex.uuid, characteristic: "reason", rollMessageId: vexHelp.id })).toBe(true);
    expect(stateOf(card).rollers[0]!.assist).toMatchObject({ name: "Vex", outcome: "success", effect: { edges: 1, bonus: 0 } });
    expect(card.content).toContain("Vex assists: an edge on this roll.");
    // Korva's roll from the card carries the edge: 7 + 6 + 1 + 2 = 16, tier 2 (a failure on hard) without it would be 14.
    const korvaRoll = await rollAs(alice, korva, "agility", [7, 6], { difficulty: "hard", assist: stateOf(card).rollers[0]!.assist!.effect });
    expect(await record(alice, "roll", { messageId: card.id, actorUuid: korva.uuid, rollMessageId: korvaRoll.id })).toBe(true);
    expect(stateOf(card).rollers[0]!.result).toMatchObject({ total: 16 });
  });

  it("is awarded once by the Director: 2 hero tokens for a collective reward, 2 VP per hero for a collective consequence", async () => {
    const reward = await world.as(gm, () => postGroupTest({ characteristic: "might", difficulty: "easy", actorUuids: [korva.uuid, ryn.uuid] })) as unknown as WorldMessage;
    for (const [user, actor] of [[alice, korva], [bob, ryn]] as const) {
      const r = await rollAs(user, actor, "might", [10, 9]);
      expect(await record(user, "roll", { messageId: reward.id, actorUuid: actor.uuid, rollMessageId: r.id })).toBe(true);
    }
    expect(reward.content).toContain("Collective reward: 2 hero tokens");
    const tokens = world.as(gm, () => poolValue("heroTokens"));
    expect(await world.as(alice, () => awardGroupTest(reward.id, testCardServices))).toBe(false);
    expect(await world.as(gm, () => awardGroupTest(reward.id, testCardServices))).toBe(true);
    expect(await world.as(gm, () => awardGroupTest(reward.id, testCardServices))).toBe(false);
    expect(world.as(gm, () => poolValue("heroTokens"))).toBe(tokens + 2);
    expect(stateOf(reward).awarded).toBe("reward");
    expect(reward.content).toContain("Awarded.");

    const consequence = await world.as(gm, () => postGroupTest({ characteristic: "might", difficulty: "hard", actorUuids: [korva.uuid, ryn.uuid] })) as unknown as WorldMessage;
    for (const [user, actor] of [[alice, korva], [bob, ryn]] as const) {
      const r = await rollAs(user, actor, "might", [1, 2]);
      await record(user, "roll", { messageId: consequence.id, actorUuid: actor.uuid, rollMessageId: r.id });
    }
    const vp = world.as(gm, () => poolValue("villainPower"));
    expect(await world.as(gm, () => awardGroupTest(consequence.id, testCardServices))).toBe(true);
    expect(world.as(gm, () => poolValue("villainPower"))).toBe(vp + 4);
  });
});

describe("an opposed test", () => {
  it("needs two rollers, and names the winner when both rolled (L5867–5875)", async () => {
    expect(await world.as(gm, () => postOpposedTest({ first: "agility", actorUuids: [korva.uuid] }))).toBeNull();
    expect(shownTo(gm)).toEqual(["An opposed test needs exactly two rollers: select their two tokens."]);
    const card = await world.as(gm, () => postOpposedTest({ first: "agility", second: "intuition", actorUuids: [korva.uuid, ogre.uuid] })) as unknown as WorldMessage;
    const a = await rollAs(alice, korva, "agility", [8, 7]); // 15 + 1 = 16
    expect(await record(alice, "roll", { messageId: card.id, actorUuid: korva.uuid, rollMessageId: a.id })).toBe(true);
    const o = await rollAs(gm, ogre, "intuition", [5, 5]); // 10 + 1 = 11
    expect(await record(gm, "roll", { messageId: card.id, actorUuid: ogre.uuid, rollMessageId: o.id })).toBe(true);
    expect(card.content).toContain("Korva wins.");
    expect(card.content).not.toContain("outcome-badge");
  });
});

describe("the card on each client", () => {
  it("keeps only the buttons its user can use", async () => {
    const card = await world.as(gm, () => postGroupTest({ characteristic: "might", difficulty: "easy", actorUuids: [korva.uuid, ryn.uuid] })) as unknown as WorldMessage;
    // The card's buttons as elements (no DOM in these tests): their data attributes, and whether removed.
    // The card's buttons are wired once the chat cards' chunk has loaded (the hook's promise, lazy-chat.ts).
    const view = (user: WorldUser) => world.as(user, async () => {
      const buttons = [...card.content.matchAll(/<button([^>]*)>/g)].map(([, attrs]) => {
        const dataset: Record<string, string> = {};
        for (const [, k, v] of attrs!.matchAll(/data-([\w-]+)="([^"]*)"/g)) dataset[k!.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase())] = v!;
        return { dataset, removed: false, remove() { this.removed = true; }, addEventListener() {} };
      });
      const html = { querySelector: () => ({ querySelectorAll: () => buttons }) } as unknown as HTMLElement;
      await onRenderTestCard(card as never, html);
      return buttons.filter((b) => !b.removed).map((b) => `${b.dataset.seAction}:${b.dataset.actorUuid === korva.uuid ? "korva" : "ryn"}`);
    });
    expect(await view(alice)).toEqual(["test-card-roll:korva"]);
    expect(await view(bob)).toEqual(["test-card-roll:ryn"]);
    expect(await view(mallory)).toEqual(["test-card-assist:korva", "test-card-assist:ryn"]);
    expect(await view(gm)).toEqual(["test-card-roll:korva", "test-card-roll:ryn"]);
  });
});

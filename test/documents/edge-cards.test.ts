// EDGE cards on the strict multi-client world (src/documents/edge-cards.ts, src/applications/chat/
// edge-cards.ts): the GM makes the deck and gives cards (three at most), a player plays, burns or
// discards one an encounter through the GM, played cards go home and the deck is shuffled, a burnt
// card gives the next /d12 advantage, and nobody plays another's card.
import { afterEach, describe, expect, it } from "vitest";
import { typedAsHookSees } from "../harness/chat.ts";
import { deletion } from "../../src/compat/versions.ts";
import { harness } from "../harness/foundry.ts";
import { answerDialog, setupTable } from "../fixtures/world.ts";
import type { WorldCards, WorldMessage, WorldUser } from "../harness/world.ts";

const { world, gm, alice, bob, mallory, tokens } = await setupTable();
const { onChatMessage } = await import("../../src/applications/chat/chat-commands.ts");
const { askGM } = await import("../../src/documents/relay.ts");
const { EDGE_RELAY, edgeDeck, edgeHand } = await import("../../src/documents/edge-cards.ts");
const { EDGE_CARDS } = await import("../../src/data/edge-cards.ts");

const say = async (user: WorldUser, line: string) => {
  world.as(user, () => onChatMessage({}, typedAsHookSees(line)));
  for (let i = 0; i < 6; i++) {
    await world.settle();
    await new Promise((r) => setTimeout(r, 0));
  }
};
const deck = () => edgeDeck() as unknown as WorldCards;
const hand = () => edgeHand(alice.id) as unknown as WorldCards;
const shownTo = (user: WorldUser) => world.shown.filter((s) => s.user === user.name).map((s) => s.shown);
const lastMessage = () => [...world.messages].at(-1) as WorldMessage;

afterEach(async () => {
  await world.settle();
  expect(harness.hooks.errors).toEqual([]);
  world.shown.length = 0;
});

describe("EDGE cards (S3:L818–833)", () => {
  it("the GM makes the deck and gives a player a card, into a hand only that player owns", async () => {
    await say(alice, "/edge deck");
    expect(shownTo(alice)).toEqual(["Only the GM gives EDGE cards and makes the deck."]);
    expect(edgeDeck()).toBeNull();
    await say(gm, "/edge give alice");
    expect(deck().cards.size).toBe(EDGE_CARDS.length);
    expect(hand().cards.size).toBe(1);
    expect(hand().ownership).toMatchObject({ [alice.id]: 3, default: 0 });
    expect(deck().availableCards).toHaveLength(EDGE_CARDS.length - 1);
    expect(lastMessage().content).toContain("Alice receives an EDGE card.");
  });

  it("gives no fourth card: the player plays or discards one first (S3:L825)", async () => {
    await say(gm, "/edge give Alice");
    await say(gm, "/edge give Alice");
    await say(gm, "/edge give Alice");
    expect(hand().cards.size).toBe(3);
    expect(shownTo(gm)).toEqual(["Alice already holds three EDGE cards: they must play or discard one first."]);
    await say(gm, "/edge give Nobody");
    expect(shownTo(gm)).toContain("There is no player called Nobody.");
  });

  it("a player plays one of a card's two sentences through the GM; the card goes home and the deck is shuffled", async () => {
    const card = hand().cards.contents[0]!;
    const sentence = EDGE_CARDS.find((c) => c.name === card.name)!.sentences[1];
    const opened = answerDialog({ choice: `${card.id}|play|1` });
    await say(alice, "/edge");
    expect(opened[0]).toContain(card.name);
    // The chat escapes the text (a card's sentence may hold an apostrophe).
    const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#x27;" })[c]!);
    expect(lastMessage().content).toContain(escaped(`Alice plays an EDGE card, ${card.name}: “${sentence}”`));
    expect(hand().cards.size).toBe(2);
    expect(deck().cards.get(card.id)!.drawn).toBe(false);
  });

  it("plays one card an encounter, though a card may still be discarded (S3:L828)", async () => {
    const combat = world.addCombat([tokens.korva]);
    combat.round = 1;
    const [first, second] = hand().cards.contents;
    answerDialog({ choice: `${first!.id}|play|0` });
    await say(alice, "/edge");
    answerDialog({ choice: `${second!.id}|play|0` });
    await say(alice, "/edge");
    expect(shownTo(alice)).toEqual(["You have already played an EDGE card this encounter."]);
    expect(hand().cards.size).toBe(1);
    answerDialog({ choice: `${second!.id}|discard` });
    await say(alice, "/edge");
    expect(hand().cards.size).toBe(0);
    expect(lastMessage().content).toContain("Alice discards an EDGE card.");
    world.combats.delete(combat.id);
  });

  it("a burnt card gives the player's next /d12 advantage, once (S3:L831)", async () => {
    await say(gm, "/edge give Alice");
    answerDialog({ choice: `${hand().cards.contents[0]!.id}|burn` });
    await say(alice, "/edge");
    expect(lastMessage().content).toContain("Alice burns an EDGE card: advantage on their next check.");
    expect(alice.flags["steel-echoes"]).toMatchObject({ edgeAdvantage: true });
    await say(alice, "/d12 +2");
    const roll = lastMessage().rolls[0] as { options: { advantage: number; flavor?: string } };
    expect(roll.options.advantage).toBe(1);
    expect(roll.options.flavor).toContain("EDGE card burnt: advantage");
    await say(alice, "/d12 +2");
    expect((lastMessage().rolls[0] as { options: { advantage: number } }).options.advantage).toBe(0);
  });

  it("plays nobody else's card: the GM looks only in the requester's own hand", async () => {
    await say(gm, "/edge give Alice");
    const card = hand().cards.contents[0]!;
    expect(await world.as(mallory, () => askGM(EDGE_RELAY, { cardId: card.id, action: "play", sentence: 0 }))).toBe(false);
    await world.settle();
    expect(shownTo(mallory)).toEqual(["That EDGE card is no longer in your hand."]);
    expect(hand().cards.get(card.id)).toBeDefined();
    // Nor can a player deal to themselves from the GM's deck.
    await expect(world.as(alice, () => deck().deal([hand()], 1))).rejects.toThrow(/lacks permission/);
  });
});

describe("EDGE records only the GM writes (issue 28)", () => {
  const handOf = (user: WorldUser) => edgeHand(user.id) as unknown as WorldCards | null;
  const record = () => world.settings.get("steel-echoes.edgeCards")!.value as { hands: Record<string, string>; playedIn: Record<string, string> };
  const play = (user: WorldUser, cardId: string) => world.as(user, () => askGM(EDGE_RELAY, { cardId, action: "play", sentence: 0 }));

  it("a hand is whose the GM recorded: relabelling one's own hand as another player's shuts nobody out", async () => {
    await say(gm, "/edge give Mallory");
    const mine = handOf(mallory)!;
    // Mallory owns her hand, so the server lets her relabel it as Bob's.
    await world.as(mallory, () => mine.update({ "flags.steel-echoes.edgeHandOf": bob.id }));
    expect(handOf(bob)).toBeNull();
    await say(gm, "/edge give Bob");
    const bobs = handOf(bob)!;
    expect(bobs).not.toBe(mine);
    expect([bobs.cards.size, mine.cards.size]).toEqual([1, 1]);
    expect(handOf(mallory)).toBe(mine);
    expect(record().hands).toMatchObject({ [mallory.id]: mine.id, [bob.id]: bobs.id });
    // Nor can she write the GM's record.
    await expect(world.as(mallory, () => game.settings!.set("steel-echoes", "edgeCards", { hands: { [bob.id]: mine.id }, playedIn: {} }))).rejects.toThrow(/lacks permission/);
    world.refused.length = 0;
  });

  it("one card an encounter, whatever a player clears on her own hand", async () => {
    await say(gm, "/edge give Mallory");
    const combat = world.addCombat([tokens.vex]);
    combat.round = 1;
    const [first, second] = handOf(mallory)!.cards.contents;
    expect(await play(mallory, first!.id)).toBe(true);
    await world.as(mallory, () => handOf(mallory)!.update(deletion("flags.steel-echoes.playedIn")));
    expect(await play(mallory, second!.id)).toBe(false);
    await world.settle();
    expect(shownTo(mallory)).toEqual(["You have already played an EDGE card this encounter."]);
    expect(handOf(mallory)!.cards.size).toBe(1);
    expect(record().playedIn[mallory.id]).toBe(combat.id);
    world.combats.delete(combat.id);
  });
});

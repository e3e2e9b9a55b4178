// The starter EDGE deck (src/data/edge-cards.ts) and its compendium pack (packs/_source/edge-cards/):
// two sentences a card, stable ids, and the pack the same as the data.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EDGE_CARDS, EDGE_CARD_IDS, EDGE_DECK_ID, edgeDeckSource } from "../../src/data/edge-cards.ts";
import { EDGE_HAND_LIMIT, edgeCardPlayable, edgeHandHasRoom } from "../../src/rules/index.ts";
// @ts-expect-error: plain JavaScript tools
import { deterministicId as rawDeterministicId } from "../../tools/extract.mjs";

const deterministicId = rawDeterministicId as (pack: string, slug: string) => string;
type PackCard = Record<string, unknown> & { _key: string };
const pack = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../packs/_source/edge-cards/edge-deck.json"), "utf8")) as
  { _id: string; _key: string; name: string; type: string; cards: PackCard[] };

describe("the EDGE deck", () => {
  it("has cards of exactly two sentences each, with unique names (S3:L820)", () => {
    expect(EDGE_CARDS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(EDGE_CARDS.map((c) => c.name)).size).toBe(EDGE_CARDS.length);
    for (const c of EDGE_CARDS) {
      expect(c.sentences, c.name).toHaveLength(2);
      for (const sentence of c.sentences) expect(sentence, c.name).toMatch(/^[A-Z][^.!?]*[.!?]$/);
    }
  });
  it("has stable ids from the pack's deterministic ids", () => {
    expect(EDGE_DECK_ID).toBe(deterministicId("edge-cards", "deck"));
    for (const c of EDGE_CARDS) expect(EDGE_CARD_IDS[c.slug]).toBe(deterministicId("edge-cards", c.slug));
  });
  it("ships the same deck in its compendium pack, keyed as the Foundry CLI packs embedded cards", () => {
    const data = edgeDeckSource("EDGE deck");
    expect(pack._key).toBe(`!cards!${EDGE_DECK_ID}`);
    expect(pack).toMatchObject({ _id: data._id, name: data.name, type: "deck" });
    expect(pack.cards.map((c) => c._key)).toEqual(data.cards.map((c) => `!cards.cards!${EDGE_DECK_ID}.${c._id}`));
    const bare = (c: PackCard) => Object.fromEntries(Object.entries(c).filter(([k]) => !["_key", "system", "flags", "width", "height", "rotation"].includes(k)));
    expect(pack.cards.map(bare)).toEqual(data.cards);
  });
});

describe("EDGE hands and plays (S3:L825–828)", () => {
  it("hold at most three cards", () => {
    expect(EDGE_HAND_LIMIT).toBe(3);
    expect([0, 1, 2, 3, 4].map(edgeHandHasRoom)).toEqual([true, true, true, false, false]);
    expect(() => edgeHandHasRoom(-1)).toThrow(RangeError);
  });
  it("play one card each encounter, and freely outside one", () => {
    expect(edgeCardPlayable(null, "combat1")).toBe(true);
    expect(edgeCardPlayable("combat1", "combat1")).toBe(false);
    expect(edgeCardPlayable("combat1", "combat2")).toBe(true);
    expect(edgeCardPlayable("combat1", null)).toBe(true);
  });
});

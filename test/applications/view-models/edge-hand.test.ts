// The EDGE hand dialog's view-model (src/applications/view-models/edge-hand.ts): each card's two
// sentences as plain text, burn and discard, and the choice read back strictly.
import { describe, expect, it } from "vitest";
import { edgeChoice, edgeHandContext } from "../../../src/applications/view-models/edge-hand.ts";
import { i18n } from "../../harness/world.ts";

describe("edgeHandContext", () => {
  it("offers each card's two sentences, burn and discard, the first sentence preselected", () => {
    const ctx = edgeHandContext([
      { id: "a", name: "Alarm", faces: [{ text: "<p>A siren <b>wails</b>.</p>" }, { text: "<p>An alarm stays silent.</p>" }] },
      { id: "b", name: "Rumour", faces: [{ text: "<p>Word spreads.</p>" }, { text: "<p>A lie spreads.</p>" }] },
    ], i18n);
    expect(ctx.cards[0]!.sentences.map((s) => [s.value, s.text, s.checked])).toEqual([["a|play|0", "A siren wails.", true], ["a|play|1", "An alarm stays silent.", false]]);
    expect(ctx.cards[1]).toMatchObject({ burn: "b|burn", discard: "b|discard" });
    expect(ctx.cards[1]!.sentences.every((s) => !s.checked)).toBe(true);
  });
});

describe("edgeChoice", () => {
  it("reads a play with its sentence, a burn and a discard, and nothing else", () => {
    expect(edgeChoice("a|play|1")).toEqual({ cardId: "a", action: "play", sentence: 1 });
    expect(edgeChoice("a|burn")).toEqual({ cardId: "a", action: "burn" });
    expect(edgeChoice("a|discard")).toEqual({ cardId: "a", action: "discard" });
    for (const bad of ["a|play|2", "a|play", "|burn", "a|steal", "", null, undefined, 7]) expect(edgeChoice(bad)).toBeNull();
  });
});

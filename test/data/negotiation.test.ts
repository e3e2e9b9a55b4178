// A negotiation's state (src/data/negotiation.ts): starting stats, rolled arguments judged by the
// Director, motivations used up and discovered, the offers and the end, played with the sample Zola.
import { describe, expect, it } from "vitest";
import {
  beginNegotiation, closeNegotiation, directNegotiation, dropPending, judgeArgument, readNegotiation, recordArgumentRoll, setDiscovered,
} from "../../src/data/negotiation.ts";
import type { NegotiationState } from "../../src/data/negotiation.ts";
import type { RecordedRoll } from "../../src/data/test-card.ts";

let n = 0;
const roll = (a: number, b: number, characteristic = 0, edges = 0): RecordedRoll => ({ messageId: `m${++n}`, dice: [a, b], characteristic, edges, banes: 0, bonuses: 0 });
const ok = (s: NegotiationState | string): NegotiationState => {
  if (typeof s === "string") throw new Error(s);
  return s;
};
const zola = () => ok(beginNegotiation({ attitude: "neutral", impression: 3, motivations: ["benevolence", "protection"], pitfalls: ["higherAuthority", "revelry"] }));
const argue = (s: NegotiationState, hero: string, a: number, b: number, characteristic: "reason" | "intuition" | "presence" = "presence", edges = 0) =>
  ok(recordArgumentRoll(s, { uuid: `Actor.${hero}`, name: hero }, { characteristic, skill: "persuade", roll: roll(a, b, 0, edges) }));

describe("a negotiation", () => {
  it("starts from the NPC's attitude and the heroes who speak its language (L7561–7568, L7401)", () => {
    expect(zola()).toMatchObject({ interest: 2, patience: 3, impression: 3, showStats: true, pending: null, ended: null });
    expect(ok(beginNegotiation({ attitude: "hostile", language: 3, motivations: [], pitfalls: [] }))).toMatchObject({ interest: 1, patience: 4 });
    expect(beginNegotiation({ attitude: "angry" as never, motivations: [], pitfalls: [] })).toBe("Invalid");
  });

  it("plays the sample negotiation with Zola Honeycut (L7760–7850), by the tables", () => {
    let s = zola();
    // Korvo's argument leans on a higher authority: a pitfall, no test needed (L7782).
    s = ok(judgeArgument(s, { kind: "pitfall", subject: "higherAuthority", heroName: "Korvo" }));
    expect(s).toMatchObject({ interest: 1, patience: 2 });
    expect(s.pitfalls[0]).toEqual({ id: "higherAuthority", discovered: true });
    expect(s.log.at(-1)).toMatchObject({ heroName: "Korvo", kind: "pitfall", tier: null, response: "harmed" });
    // Linn appeals to protection, an easy test: 14 (L7804).
    s = argue(s, "Linn", 7, 7, "reason");
    expect(s.pending).toMatchObject({ heroName: "Linn", total: 14, tier: 2 });
    expect(argue.bind(null, s, "Jorn", 5, 5)).toThrow("Pending");
    s = ok(judgeArgument(s, { kind: "motivation", subject: "protection" }));
    expect(s).toMatchObject({ interest: 2, patience: 1, pending: null }); // the table's patience; the sample says 2 (rules-decisions)
    expect(s.motivations.find((m) => m.id === "protection")).toEqual({ id: "protection", used: true, discovered: true });
    // Korvo's research reveals benevolence (L7828); Jorn, famous to Zola, appeals to it with an edge: 12 (L7846).
    s = ok(setDiscovered(s, "benevolence", true));
    s = argue(s, "Jorn", 5, 5, "presence", 1);
    s = ok(judgeArgument(s, { kind: "motivation", subject: "benevolence" }));
    expect(s).toMatchObject({ interest: 3, patience: 0 });
    expect(s.ended).toEqual({ offer: "yes-but", interest: 3, victory: false, closed: false }); // patience 0: the final offer
    expect(judgeArgument(s, { kind: "pitfall", subject: "revelry" })).toBe("Ended");
    const closed = ok(closeNegotiation(s));
    expect(closed.ended).toEqual({ offer: "yes-but", interest: 3, victory: true, closed: true });
    expect(closeNegotiation(closed)).toBe("Ended");
  });

  it("counts a motivation used only once its appeal succeeded, and a second appeal as reused (L7411, L7606)", () => {
    let s = zola();
    s = ok(judgeArgument(argue(s, "Val", 3, 4), { kind: "motivation", subject: "benevolence" })); // tier 1: patience −1
    expect(s.motivations[0]).toEqual({ id: "benevolence", used: false, discovered: true });
    s = ok(judgeArgument(argue(s, "Val", 9, 8), { kind: "motivation", subject: "benevolence" })); // tier 3
    expect(s).toMatchObject({ interest: 3, patience: 2 });
    expect(s.motivations[0]!.used).toBe(true);
    s = ok(judgeArgument(s, { kind: "motivation", subject: "benevolence", heroName: "Val" })); // already used: reused, no test
    expect(s.log.at(-1)).toMatchObject({ kind: "reused-motivation", delta: { interest: 0, patience: -1 } });
    expect(s).toMatchObject({ interest: 3, patience: 1 });
  });

  it("needs a roll for an argument that needs a test, knows only the NPC's own motivations and pitfalls", () => {
    const s = zola();
    expect(judgeArgument(s, { kind: "no-motivation" })).toBe("NeedsTest");
    expect(judgeArgument(s, { kind: "motivation", subject: "greed" })).toBe("Unknown");
    expect(judgeArgument(s, { kind: "pitfall", subject: "benevolence" })).toBe("Unknown");
    expect(setDiscovered(s, "greed", true)).toBe("Unknown");
    expect(recordArgumentRoll(s, { uuid: "Actor.x", name: "X" }, { characteristic: "might", skill: "", roll: roll(5, 5) })).toBe("Invalid");
    expect(dropPending(argue(s, "X", 5, 5)).pending).toBeNull();
  });

  it("ends without an offer when interest falls to 0, and costs a caught lie one more interest (L7624, L7718)", () => {
    let s = ok(beginNegotiation({ attitude: "hostile", motivations: ["greed"], pitfalls: ["justice"] })); // 1 / 2
    s = ok(judgeArgument(argue(s, "Korvo", 2, 3), { kind: "no-motivation", caughtLying: true })); // tier 1: −1/−1, a lie −1
    expect(s).toMatchObject({ interest: 0, patience: 1 });
    expect(s.ended).toEqual({ offer: "no-and", interest: 0, victory: false, closed: false });
  });

  it("lets the Director hide the stats, set them by hand, and close with or without a Victory", () => {
    const s = directNegotiation(zola(), { showStats: false, interest: 7, patience: 4 });
    expect(s).toMatchObject({ showStats: false, interest: 5, patience: 4 });
    expect(ok(closeNegotiation(s, false)).ended).toEqual({ offer: "yes-and", interest: 5, victory: false, closed: true });
    expect(ok(closeNegotiation(directNegotiation(s, { interest: 2 }))).ended).toEqual({ offer: "no-but", interest: 2, victory: false, closed: true });
  });

  it("reads only a well-formed negotiation from the flags", () => {
    expect(readNegotiation(structuredClone(zola()))).toEqual(zola());
    for (const bad of [null, {}, { ...zola(), version: 2 }, { ...zola(), attitude: "x" }, { ...zola(), interest: "2" }, { ...zola(), log: {} }]) {
      expect(readNegotiation(bad)).toBeNull();
    }
  });
});

describe("starting from the stat block's own numbers", () => {
  it("replaces the attitude's interest and patience, keeps the language bonus and the limits (L7559)", () => {
    const s = ok(beginNegotiation({ attitude: "neutral", language: 1, motivations: [], pitfalls: [], start: { interest: 4, patience: 2 } }));
    expect(s).toMatchObject({ attitude: "neutral", interest: 4, patience: 3 });
    const clamped = ok(beginNegotiation({ attitude: "open", language: 3, motivations: [], pitfalls: [], start: { interest: 9, patience: 5 } }));
    expect(clamped).toMatchObject({ interest: 4, patience: 5 });
  });
});

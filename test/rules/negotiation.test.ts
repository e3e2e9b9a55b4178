// Negotiation (L7345–7862) and Renown's followers (L6320–6380).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ARGUMENT_KINDS, ATTITUDES, applyArgument, argumentEffect, argumentNeedsTest, discoveryResult, followersForRenown,
  negotiationOffer, npcResponse, renownInfluences, startingNegotiation,
} from "../../src/rules/index.ts";
import type { ArgumentKind, Attitude } from "../../src/rules/index.ts";

describe("startingNegotiation", () => {
  it("reads the Negotiation Starting Attitudes table (L7561–7568)", () => {
    expect(ATTITUDES.map((a) => [a, startingNegotiation(a)])).toEqual([
      ["hostile", { interest: 1, patience: 2 }], ["suspicious", { interest: 2, patience: 2 }],
      ["neutral", { interest: 2, patience: 3 }], ["open", { interest: 3, patience: 3 }],
      ["friendly", { interest: 3, patience: 4 }], ["trusting", { interest: 3, patience: 5 }],
    ]);
  });
  it("adds 1 patience when a hero speaks the NPC's language, 2 when three or more do, to at most 5 (L7401)", () => {
    expect(startingNegotiation("neutral", 1)).toEqual({ interest: 2, patience: 4 });
    expect(startingNegotiation("neutral", 2)).toEqual({ interest: 2, patience: 4 });
    expect(startingNegotiation("neutral", 3)).toEqual({ interest: 2, patience: 5 });
    expect(startingNegotiation("friendly", 5)).toEqual({ interest: 3, patience: 5 });
    expect(startingNegotiation("trusting", 1)).toEqual({ interest: 3, patience: 5 });
    expect(startingNegotiation("hostile", 0)).toEqual({ interest: 1, patience: 2 });
  });
  it("starts interest between 1 and 4 and patience above 0 (L7389, L7395)", () => {
    fc.assert(fc.property(fc.constantFrom(...ATTITUDES), fc.nat(10), (a, n) => {
      const s = startingNegotiation(a, n);
      expect(s.interest).toBeGreaterThanOrEqual(1);
      expect(s.interest).toBeLessThanOrEqual(4);
      expect(s.patience).toBeGreaterThan(0);
      expect(s.patience).toBeLessThanOrEqual(5);
    }));
  });
  it("refuses an unknown attitude or a bad count", () => {
    expect(() => startingNegotiation("angry" as Attitude)).toThrow(/attitude/);
    expect(() => startingNegotiation("open", -1)).toThrow(/heroesSpeakingLanguage/);
    expect(() => startingNegotiation("open", 1.5)).toThrow(RangeError);
  });
});

describe("argumentEffect", () => {
  const effect = (kind: ArgumentKind, tier: 1 | 2 | 3, natural = [0, 8, 14, 17][tier]!, caughtLying = false) => argumentEffect({ kind, tier, natural, caughtLying });
  it("appeals to a motivation (L7598–7602)", () => {
    expect(effect("motivation", 1)).toEqual({ interest: 0, patience: -1 });
    expect(effect("motivation", 2)).toEqual({ interest: 1, patience: -1 });
    expect(effect("motivation", 3)).toEqual({ interest: 1, patience: 0 });
  });
  it("appeals to a motivation already used: patience −1, whatever the roll (L7606)", () => {
    for (const t of [1, 2, 3] as const) expect(effect("reused-motivation", t)).toEqual({ interest: 0, patience: -1 });
  });
  it("makes an argument with no motivation or pitfall (L7612–7616), a natural 19 or 20 keeping patience", () => {
    expect(effect("no-motivation", 1)).toEqual({ interest: -1, patience: -1 });
    expect(effect("no-motivation", 2)).toEqual({ interest: 0, patience: -1 });
    expect(effect("no-motivation", 3, 18)).toEqual({ interest: 1, patience: -1 });
    expect(effect("no-motivation", 3, 19)).toEqual({ interest: 1, patience: 0 });
    expect(effect("no-motivation", 3, 20)).toEqual({ interest: 1, patience: 0 });
  });
  it("treats a natural 19 or 20 as tier 3 (L207)", () => {
    expect(effect("no-motivation", 1, 19)).toEqual({ interest: 1, patience: 0 });
    expect(effect("motivation", 2, 20)).toEqual({ interest: 1, patience: 0 });
  });
  it("repeats an argument without motivation: tier 1, whatever was rolled (L7618)", () => {
    expect(effect("repeated-argument", 3, 20)).toEqual({ interest: -1, patience: -1 });
  });
  it("uses a pitfall: both −1, whatever was rolled (L7630; the sample's Korvo, L7782)", () => {
    expect(effect("pitfall", 3, 20)).toEqual({ interest: -1, patience: -1 });
  });
  it("costs 1 more interest when caught in a lie, only if the argument did not raise interest (L7624–7626)", () => {
    expect(effect("motivation", 1, 8, true)).toEqual({ interest: -1, patience: -1 });
    expect(effect("no-motivation", 1, 5, true)).toEqual({ interest: -2, patience: -1 });
    expect(effect("pitfall", 2, 12, true)).toEqual({ interest: -2, patience: -1 });
    expect(effect("motivation", 2, 13, true)).toEqual({ interest: 1, patience: -1 });
  });
  it("says which arguments need a test", () => {
    expect(ARGUMENT_KINDS.filter(argumentNeedsTest)).toEqual(["motivation", "no-motivation"]);
  });
  it("never raises interest by more than 1 nor patience at all", () => {
    fc.assert(fc.property(fc.constantFrom(...ARGUMENT_KINDS), fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>, fc.integer({ min: 2, max: 20 }), fc.boolean(), (kind, tier, natural, caughtLying) => {
      const d = argumentEffect({ kind, tier, natural, caughtLying });
      expect(d.interest).toBeLessThanOrEqual(1);
      expect(d.interest).toBeGreaterThanOrEqual(-2);
      expect(d.patience).toBeLessThanOrEqual(0);
    }));
  });
  it("refuses an unknown kind, tier or natural", () => {
    expect(() => argumentEffect({ kind: "bribe" as ArgumentKind, tier: 1, natural: 5 })).toThrow(/kind/);
    expect(() => argumentEffect({ kind: "motivation", tier: 4 as 3, natural: 5 })).toThrow(/tier/);
    expect(() => argumentEffect({ kind: "motivation", tier: 1, natural: 1 })).toThrow(/natural/);
    expect(() => argumentEffect({ kind: "motivation", tier: 1, natural: 21 })).toThrow(/natural/);
  });
});

describe("applyArgument", () => {
  it("keeps interest and patience within 0..5", () => {
    expect(applyArgument({ interest: 5, patience: 5 }, { interest: 1, patience: 0 })).toMatchObject({ interest: 5, patience: 5 });
    expect(applyArgument({ interest: 0, patience: 0 }, { interest: -2, patience: -1 })).toMatchObject({ interest: 0, patience: 0 });
  });
  it("ends with a final offer at 5 interest or 0 patience (L7716), without one at 0 interest (L7718)", () => {
    expect(applyArgument({ interest: 4, patience: 2 }, { interest: 1, patience: 0 })).toEqual({ interest: 5, patience: 2, ended: true, finalOffer: true });
    expect(applyArgument({ interest: 3, patience: 1 }, { interest: 0, patience: -1 })).toEqual({ interest: 3, patience: 0, ended: true, finalOffer: true });
    expect(applyArgument({ interest: 1, patience: 1 }, { interest: -1, patience: -1 })).toEqual({ interest: 0, patience: 0, ended: true, finalOffer: false });
    expect(applyArgument({ interest: 2, patience: 3 }, { interest: 1, patience: -1 })).toEqual({ interest: 3, patience: 2, ended: false, finalOffer: false });
  });
  it("plays the sample negotiation with Zola by the tables (L7760–7850)", () => {
    let zola: { interest: number; patience: number } = startingNegotiation("neutral"); // L7730–7736: interest 2, patience 3
    expect(zola).toEqual({ interest: 2, patience: 3 });
    zola = applyArgument(zola, argumentEffect({ kind: "pitfall", tier: 1, natural: 10 })); // Korvo's higher authority
    expect(zola).toMatchObject({ interest: 1, patience: 2 }); // L7782
    expect(negotiationOffer(zola.interest)).toBe("no");
    zola = applyArgument(zola, argumentEffect({ kind: "motivation", tier: 2, natural: 14 })); // Linn's 14
    // The table gives patience 1; the sample says it "remains at 2" (L7806), recorded in docs/rules-decisions.md.
    expect(zola).toMatchObject({ interest: 2, patience: 1 });
    expect(negotiationOffer(zola.interest)).toBe("no-but");
  });
  it("refuses values out of range", () => {
    expect(() => applyArgument({ interest: 6, patience: 1 }, { interest: 0, patience: 0 })).toThrow(/state.interest/);
    expect(() => applyArgument({ interest: 1, patience: -1 }, { interest: 0, patience: 0 })).toThrow(/state.patience/);
    expect(() => applyArgument({ interest: 1, patience: 1 }, { interest: 0.5, patience: 0 })).toThrow(/effect.interest/);
  });
});

describe("offers, responses, discovery and Renown", () => {
  it("offers by interest (L7672–7700)", () => {
    expect([0, 1, 2, 3, 4, 5].map(negotiationOffer)).toEqual(["no-and", "no", "no-but", "yes-but", "yes", "yes-and"]);
    expect(() => negotiationOffer(6)).toThrow(/interest/);
    expect(() => negotiationOffer(-1)).toThrow(RangeError);
  });
  it("responds by the change in interest (the three ways of L7662, read)", () => {
    expect(npcResponse({ interest: 1, patience: -1 })).toBe("helped");
    expect(npcResponse({ interest: 0, patience: -1 })).toBe("new-approach");
    expect(npcResponse({ interest: -2, patience: -1 })).toBe("harmed");
  });
  it("uncovers by tier (read; the sample's 18 reveals a motivation, L7822–7828)", () => {
    expect([1, 2, 3].map((t) => discoveryResult(t as 1 | 2 | 3))).toEqual(["nothing", "motivation", "motivation-or-pitfall"]);
    expect(() => discoveryResult(0 as 1)).toThrow(/tier/);
  });
  it("lets Renown influence an NPC whose Impression is at most the hero's Renown (L7634; Jorn's 3 against Zola's 3)", () => {
    expect(renownInfluences(3, 3)).toBe(true);
    expect(renownInfluences(2, 3)).toBe(false);
    expect(() => renownInfluences(-1, 3)).toThrow(/renown/);
    expect(() => renownInfluences(1, 1.5)).toThrow(/impression/);
  });
  it("gives followers by the Renown and Followers table (L6344–6349), one per 3 Renown past it", () => {
    expect([0, 2, 3, 5, 6, 8, 9, 11, 12].map(followersForRenown)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4]);
    expect(followersForRenown(15)).toBe(5);
    expect(() => followersForRenown(-1)).toThrow(/renown/);
    expect(() => followersForRenown(2.5)).toThrow(RangeError);
  });
});

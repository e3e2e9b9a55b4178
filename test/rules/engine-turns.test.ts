// The other engines in combat: seed 001's Recovery Phase, Vigor, Winded, Shock and the first round;
// seed 002's declarations; seed 003's Delay and surprise; and walking an order by initiative.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  actionsThisTurn, actsThisTurn, declarationCompare, declarationOrder, declaresThisTurn, delayedInitiative, descendingInitiative,
  beatsTarget, initiativeBonusDice, meetsVictorySum, nextOrderedTurn, recoveryPhase, shockRounds, rollOffNeeded, spendVigor, windedAfter,
} from "../../src/rules/index.ts";

describe("seed 001 in combat", () => {
  it("adds a bonus die to initiative in Over Watch only (S1:L15)", () => {
    expect(initiativeBonusDice(2)).toBe(2);
    expect(initiativeBonusDice(2, "overwatch")).toBe(3);
    expect(initiativeBonusDice(0, "ambushed")).toBe(0);
    expect(() => initiativeBonusDice(-1)).toThrow(/bonusDice/);
    expect(() => initiativeBonusDice(1, "asleep" as never)).toThrow(/opening/);
  });
  it("gives an Ambushed creature 1 action and an Ambusher 1 more, in the first round only (S1:L13–14)", () => {
    expect(actionsThisTurn({ actions: 2, round: 1 })).toBe(2);
    expect(actionsThisTurn({ actions: 2, round: 1, opening: "ambushed" })).toBe(1);
    expect(actionsThisTurn({ actions: 2, round: 1, opening: "ambusher" })).toBe(3);
    expect(actionsThisTurn({ actions: 2, round: 1, opening: "overwatch" })).toBe(2);
    expect(actionsThisTurn({ actions: 3, round: 2, opening: "ambushed" })).toBe(3);
    expect(actionsThisTurn({ actions: 2, round: 2, opening: "ambusher" })).toBe(2);
  });
  it("leaves no actions to a Winded creature or one in Shock (S1:L43, L75)", () => {
    expect(actionsThisTurn({ actions: 2, round: 3, winded: true })).toBe(0);
    expect(actionsThisTurn({ actions: 2, round: 1, opening: "ambusher", shock: true })).toBe(0);
    expect(() => actionsThisTurn({ actions: 2, round: 0 })).toThrow(/round/);
  });
  it("is Winded at 0 Vigor and stays so until it holds 5 again (S1:L43)", () => {
    expect(windedAfter(0, false)).toBe(true);
    expect(windedAfter(4, true)).toBe(true);
    expect(windedAfter(5, true)).toBe(false);
    expect(windedAfter(1, false)).toBe(false);
  });
  it("spends Vigor it has, never below 0, and Winds the creature that spends its last (S1:L18, L43)", () => {
    expect(spendVigor({ vigor: 7, winded: false }, 5)).toEqual({ vigor: 2, winded: false });
    expect(spendVigor({ vigor: 5, winded: false }, 5)).toEqual({ vigor: 0, winded: true });
    expect(spendVigor({ vigor: 4, winded: false }, 5)).toBeNull();
    expect(() => spendVigor({ vigor: 4, winded: false }, -1)).toThrow(/cost/);
  });
  it("recovers 1 Vigor per 5 Stamina at the end of the round, up to a maximum when there is one (S1:L45)", () => {
    expect(recoveryPhase({ vigor: 3, stamina: 12, winded: false, shockRounds: null }))
      .toEqual({ vigor: 5, gained: 2, winded: false, shockRounds: null, dies: false });
    expect(recoveryPhase({ vigor: 9, stamina: 12, vigorMax: 10, winded: false, shockRounds: null }).vigor).toBe(10);
    // Above the maximum already (a table's bonus): kept, not cut.
    expect(recoveryPhase({ vigor: 12, stamina: 12, vigorMax: 10, winded: false, shockRounds: null }).vigor).toBe(12);
    expect(recoveryPhase({ vigor: 0, stamina: 4, winded: true, shockRounds: null })).toMatchObject({ vigor: 0, gained: 0, winded: true });
  });
  it("ends Winded once the recovery brings 5 Vigor (S1:L43)", () => {
    expect(recoveryPhase({ vigor: 2, stamina: 15, winded: true, shockRounds: null }).winded).toBe(false);
    expect(recoveryPhase({ vigor: 1, stamina: 15, winded: true, shockRounds: null }).winded).toBe(true);
  });
  it("counts Shock down a round at a time from the Stamina score, and the creature dies at 0 (S1:L75)", () => {
    expect(shockRounds(3)).toBe(3);
    expect(() => shockRounds(0)).toThrow(/stamina/);
    let left: number | null = shockRounds(3);
    const deaths: boolean[] = [];
    for (let r = 0; r < 3; r++) {
      const out = recoveryPhase({ vigor: 0, stamina: 3, winded: true, shockRounds: left });
      left = out.shockRounds;
      deaths.push(out.dies);
    }
    expect(deaths).toEqual([false, false, true]);
    expect(left).toBe(0);
  });
  it("property: Vigor never falls, never passes a maximum it starts under, and Winded matches the Vigor", () => {
    fc.assert(fc.property(fc.nat(40), fc.nat(40), fc.option(fc.nat(40)), fc.boolean(), (vigor, stamina, max, winded) => {
      const out = recoveryPhase({ vigor, stamina, vigorMax: max, winded, shockRounds: null });
      expect(out.vigor).toBeGreaterThanOrEqual(vigor);
      expect(out.gained).toBe(out.vigor - vigor);
      if (max !== null && vigor <= max) expect(out.vigor).toBeLessThanOrEqual(max);
      if (max === null) expect(out.gained).toBe(Math.floor(stamina / 5));
      if (out.vigor >= 5) expect(out.winded).toBe(false);
      if (out.vigor === 0) expect(out.winded).toBe(true);
    }));
  });
});

describe("seed 001: a victory sum (S1:L28, the table's reading)", () => {
  it("property: strictly higher by default; at equal too when the table says so", () => {
    expect(meetsVictorySum(15, 15, false)).toBe(false);
    expect(meetsVictorySum(15, 15, true)).toBe(true);
    expect(meetsVictorySum(14, 15, true)).toBe(false);
    fc.assert(fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 200 }), (total, sum) => {
      expect(meetsVictorySum(total, sum, false)).toBe(beatsTarget(total, sum));
      expect(meetsVictorySum(total, sum, true)).toBe(total >= sum);
    }));
  });
});

describe("seed 002 in combat", () => {
  it("compares declarations by SOM, then Empathy, Perception and the d10 (S2:L85–87)", () => {
    const a = { som: 3, empathy: 5, perception: 5, tiebreak: 9 };
    expect(declarationCompare(a, { ...a, som: 4 })).toBeLessThan(0);
    expect(declarationCompare(a, { ...a, empathy: 4 })).toBeGreaterThan(0);
    expect(declarationCompare(a, { ...a, perception: 6 })).toBeLessThan(0);
    expect(declarationCompare(a, { ...a, tiebreak: 2 })).toBeGreaterThan(0);
    expect(declarationCompare(a, { ...a })).toBe(0);
  });
  it("property: declarationOrder is the comparison's order", () => {
    const entry = fc.record({ som: fc.integer({ min: 1, max: 10 }), empathy: fc.nat(10), perception: fc.nat(10), tiebreak: fc.integer({ min: 1, max: 10 }) });
    fc.assert(fc.property(fc.array(entry, { maxLength: 8 }), (list) => {
      const sorted = declarationOrder(list);
      for (let i = 1; i < sorted.length; i++) expect(declarationCompare(sorted[i - 1]!, sorted[i]!)).toBeLessThanOrEqual(0);
    }));
  });
  it("leaves out the surprised in the first turn and the unconscious while they are (S2:L89)", () => {
    expect(declaresThisTurn({ turn: 1 })).toBe(true);
    expect(declaresThisTurn({ turn: 1, surprised: true })).toBe(false);
    expect(declaresThisTurn({ turn: 2, surprised: true })).toBe(true);
    expect(declaresThisTurn({ turn: 4, unconscious: true })).toBe(false);
    expect(() => declaresThisTurn({ turn: 0 })).toThrow(/turn/);
  });
  it("a failed Reaction check loses this turn if the place is still to come, else the next (S2:L59)", async () => {
    const { turnLostTo } = await import("../../src/rules/index.ts");
    expect(turnLostTo({ turn: 3, placeBehind: false })).toBe(3);
    expect(turnLostTo({ turn: 3, placeBehind: true })).toBe(4);
    expect(declaresThisTurn({ turn: 3, lostTurn: 3 })).toBe(false);
    expect(declaresThisTurn({ turn: 4, lostTurn: 3 })).toBe(true);
    expect(declaresThisTurn({ turn: 4, lostTurn: null })).toBe(true);
  });
});

describe("seed 003 in combat", () => {
  it("moves a delaying creature to the bottom of the order, for good (S3:L378)", () => {
    expect(delayedInitiative(20, [15, 9, 12])).toBe(8);
    expect(delayedInitiative(5, [15, 9])).toBe(5); // already last: stays
    expect(delayedInitiative(9, [15, 9])).toBe(8); // tied at the bottom: below
    expect(delayedInitiative(12, [])).toBe(12);
    expect(() => delayedInitiative(Number.NaN, [])).toThrow(/initiative/);
  });
  it("property: after a delay, the creature is strictly below every other", () => {
    fc.assert(fc.property(fc.integer({ min: -50, max: 50 }), fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 8 }), (own, others) => {
      const after = delayedInitiative(own, others);
      for (const o of others) expect(after).toBeLessThan(o);
      expect(after).toBeLessThanOrEqual(own);
    }));
  });
  it("lets a surprised creature neither move nor act on its first turn (S3:L370)", () => {
    expect(actsThisTurn({ round: 1, surprised: true })).toBe(false);
    expect(actsThisTurn({ round: 2, surprised: true })).toBe(true);
    expect(actsThisTurn({ round: 1 })).toBe(true);
  });
});

describe("walking an initiative order", () => {
  const t = (id: string, acted = false, skips = false) => ({ id, acted, skips });
  it("starts at the top, and goes on after the creature acting", () => {
    const order = [t("a"), t("b"), t("c")];
    expect(nextOrderedTurn(order, null)).toBe("a");
    expect(nextOrderedTurn(order, "a")).toBe("b");
    expect(nextOrderedTurn(order, "c")).toBeNull();
  });
  it("passes over those who skip and those who acted, and leaves a late joiner above for next round", () => {
    const order = [t("late"), t("a", true), t("b", false, true), t("c")];
    expect(nextOrderedTurn(order, "a")).toBe("c");
    expect(nextOrderedTurn(order, "c")).toBeNull();
    expect(nextOrderedTurn([t("a", true), t("b", true)], null)).toBeNull();
    expect(() => nextOrderedTurn(order, "zz")).toThrow(/zz/);
  });
  it("orders by highest initiative, ties by tiebreak, the unrolled last", () => {
    const list = [{ id: "x", initiative: null }, { id: "y", initiative: 12, tiebreak: 3 }, { id: "z", initiative: 12, tiebreak: 7 }, { id: "w", initiative: 20 }];
    expect([...list].sort(descendingInitiative).map((e) => e.id)).toEqual(["w", "z", "y", "x"]);
  });
  it("rolls off the creatures that share a place, a group counting as one (S2:L87, S3:L374–375)", () => {
    const e = (id: string, key: string | null, unit?: string) => ({ id, key, ...(unit ? { unit } : {}) });
    expect(rollOffNeeded([e("a", "12|0"), e("b", "12|3"), e("c", null), e("d", null)])).toEqual([]);
    expect(rollOffNeeded([e("a", "12|0"), e("b", "9|0"), e("c", "12|0")])).toEqual(["a", "c"]);
    // Two of one group tied with each other only: no roll; tied with someone else: all three roll (the group once).
    expect(rollOffNeeded([e("o", "13|0", "pack"), e("g", "13|0", "pack")])).toEqual([]);
    expect(rollOffNeeded([e("o", "13|0", "pack"), e("g", "13|0", "pack"), e("k", "13|0")])).toEqual(["o", "g", "k"]);
    fc.assert(fc.property(fc.array(fc.record({ key: fc.option(fc.constantFrom("1", "2", "3")), unit: fc.constantFrom("x", "y", "z") }), { maxLength: 8 }), (list) => {
      const entries = list.map((l, i) => ({ id: `c${i}`, ...l }));
      const out = new Set(rollOffNeeded(entries));
      for (const en of entries) {
        const rivals = entries.filter((o) => en.key !== null && o.key === en.key && o.unit !== en.unit);
        expect(out.has(en.id)).toBe(rivals.length > 0);
      }
    }));
  });
  it("property: every creature who neither acted nor skips, from the top, gets exactly one turn in order", () => {
    fc.assert(fc.property(fc.array(fc.record({ acted: fc.boolean(), skips: fc.boolean() }), { maxLength: 10 }), (flags) => {
      const order = flags.map((f, i) => ({ id: `c${i}`, ...f }));
      const seen: string[] = [];
      let current: string | null = null;
      for (;;) {
        const next = nextOrderedTurn(order, current);
        if (next === null) break;
        seen.push(next);
        current = next;
      }
      expect(seen).toEqual(order.filter((o) => !o.acted && !o.skips).map((o) => o.id));
    }));
  });
});

describe("seed 003: Climb the initiative (S3:L84)", () => {
  it("puts the creature one above the highest other, or keeps it where it is on top", async () => {
    const { climbedInitiative } = await import("../../src/rules/index.ts");
    expect(climbedInitiative(5, [19, 12])).toBe(20);
    expect(climbedInitiative(25, [19, 12])).toBe(25);
    expect(climbedInitiative(7, [])).toBe(7);
    expect(() => climbedInitiative(Number.NaN, [])).toThrow(/initiative/);
    fc.assert(fc.property(fc.integer({ min: -50, max: 50 }), fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 8 }), (own, others) => {
      const after = climbedInitiative(own, others);
      for (const o of others) expect(after).toBeGreaterThan(o);
      expect(after).toBeGreaterThanOrEqual(own);
    }));
  });
});

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  decideFirstSide, firstSideBySurprise, firstSideFromD10, initiativeOrder, nextInOrder, otherSide, sideToAct, tiedWithinSide, turnRefusal,
} from "../../src/rules/index.ts";
import type { Side } from "../../src/rules/index.ts";

const H = (surprised = false) => ({ side: "heroes" as const, surprised });
const D = (surprised = false) => ({ side: "director" as const, surprised });

describe("who goes first (L6752–6754)", () => {
  it("the other side goes first when every creature on one side is surprised", () => {
    expect(firstSideBySurprise([H(true), H(true), D(), D(true)])).toBe("director");
    expect(firstSideBySurprise([H(), H(true), D(true)])).toBe("heroes");
  });
  it("needs the d10 when both sides have a creature who is not surprised, or both are all surprised", () => {
    expect(firstSideBySurprise([H(), H(true), D(true), D()])).toBeNull();
    expect(firstSideBySurprise([H(true), D(true)])).toBeNull();
    expect(firstSideBySurprise([H(), D()])).toBeNull();
  });
  it("an empty side lets the other go first", () => {
    expect(firstSideBySurprise([D(true)])).toBe("director");
    expect(firstSideBySurprise([H(true)])).toBe("heroes");
    expect(firstSideBySurprise([])).toBeNull();
  });
  it("d10: 6 or greater is the heroes, 1–5 the Director", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(firstSideFromD10)).toEqual([
      "director", "director", "director", "director", "director", "heroes", "heroes", "heroes", "heroes", "heroes"]);
    expect(() => firstSideFromD10(0)).toThrow(RangeError);
    expect(() => firstSideFromD10(11)).toThrow(RangeError);
    expect(() => firstSideFromD10(5.5)).toThrow(RangeError);
  });
  it("decideFirstSide uses surprise first and the die only when needed", () => {
    expect(decideFirstSide([H(true), D()], 10)).toEqual({ side: "director", rolled: false });
    expect(decideFirstSide([H(), D()], 6)).toEqual({ side: "heroes", rolled: true });
    expect(decideFirstSide([H(), D()], 5)).toEqual({ side: "director", rolled: true });
    expect(() => decideFirstSide([H(), D()])).toThrow(RangeError);
  });
});

describe("sides alternate (L6756–6770)", () => {
  it("the first side opens every round, then the sides alternate", () => {
    expect(sideToAct({ firstSide: "heroes", lastSide: null, remaining: { heroes: 2, director: 2 } })).toBe("heroes");
    expect(sideToAct({ firstSide: "director", lastSide: null, remaining: { heroes: 2, director: 2 } })).toBe("director");
    expect(sideToAct({ firstSide: "heroes", lastSide: "heroes", remaining: { heroes: 1, director: 2 } })).toBe("director");
    expect(sideToAct({ firstSide: "heroes", lastSide: "director", remaining: { heroes: 1, director: 1 } })).toBe("heroes");
  });
  it("when one side has nobody left, the other acts back to back; null when all have acted", () => {
    expect(sideToAct({ firstSide: "heroes", lastSide: "director", remaining: { heroes: 0, director: 2 } })).toBe("director");
    expect(sideToAct({ firstSide: "heroes", lastSide: null, remaining: { heroes: 0, director: 1 } })).toBe("director");
    expect(sideToAct({ firstSide: "heroes", lastSide: "heroes", remaining: { heroes: 0, director: 0 } })).toBeNull();
    expect(() => sideToAct({ firstSide: "heroes", lastSide: null, remaining: { heroes: -1, director: 0 } })).toThrow(RangeError);
  });
  it("the seed's example: four heroes and six enemies, the last two enemies act one after the other", () => {
    const remaining = { heroes: 4, director: 6 };
    let last: Side | null = null;
    const order: Side[] = [];
    for (;;) {
      const side = sideToAct({ firstSide: "heroes", lastSide: last, remaining });
      if (!side) break;
      order.push(side);
      remaining[side]--;
      last = side;
    }
    expect(order.join(" ")).toBe("heroes director heroes director heroes director heroes director director director");
  });
  it("every creature acts exactly once per round, whatever the sizes of the sides", () => {
    fc.assert(fc.property(fc.nat(8), fc.nat(8), fc.constantFrom<Side>("heroes", "director"), (h, d, first) => {
      const remaining = { heroes: h, director: d };
      let last: Side | null = null;
      let turns = 0;
      let side: Side | null;
      while ((side = sideToAct({ firstSide: first, lastSide: last, remaining }))) {
        // A side acts twice in a row only when the other has nobody left.
        if (last === side) expect(remaining[otherSide(side)]).toBe(0);
        remaining[side]--;
        last = side;
        turns++;
      }
      expect(turns).toBe(h + d);
    }));
  });
});

describe("enemies act in groups (L6782–6784)", () => {
  it("a group part-way through its turns keeps the pick until its members have acted", () => {
    expect(sideToAct({ firstSide: "heroes", lastSide: "director", remaining: { heroes: 2, director: 3 }, groupInProgress: "director" })).toBe("director");
    expect(sideToAct({ firstSide: "heroes", lastSide: "director", remaining: { heroes: 2, director: 0 }, groupInProgress: "director" })).toBe("heroes");
    expect(sideToAct({ firstSide: "heroes", lastSide: "director", remaining: { heroes: 2, director: 3 }, groupInProgress: null })).toBe("heroes");
  });
  it("only the group's members may act meanwhile", () => {
    const r = { started: true, someoneActing: false, acted: false, side: "director" as const, sideToAct: "director" as const };
    expect(turnRefusal({ ...r, inGroupInProgress: false })).toBe("group-in-progress");
    expect(turnRefusal({ ...r, inGroupInProgress: true })).toBeNull();
  });
});

describe("Echoes adversaries (seed 000)", () => {
  it("take no turn of their own, whoever's pick it is", () => {
    const r = { started: true, someoneActing: false, acted: false, side: "director" as const, sideToAct: "director" as const };
    expect(turnRefusal({ ...r, activatedInEnemyPhase: true })).toBe("enemy-phase");
    expect(turnRefusal({ ...r, activatedInEnemyPhase: false })).toBeNull();
    expect(turnRefusal({ ...r, started: false, activatedInEnemyPhase: true })).toBe("not-started");
  });
});

describe("turnRefusal", () => {
  const ok = { started: true, someoneActing: false, acted: false, side: "heroes" as const, sideToAct: "heroes" as const };
  it("allows the acting side's creature who has not acted", () => expect(turnRefusal(ok)).toBeNull());
  it("names each reason", () => {
    expect(turnRefusal({ ...ok, started: false })).toBe("not-started");
    expect(turnRefusal({ ...ok, someoneActing: true })).toBe("turn-in-progress");
    expect(turnRefusal({ ...ok, acted: true })).toBe("already-acted");
    expect(turnRefusal({ ...ok, sideToAct: "director" })).toBe("other-side");
    expect(turnRefusal({ ...ok, sideToAct: null })).toBe("other-side");
    expect(turnRefusal({ ...ok, defeated: true })).toBe("defeated");
    expect(turnRefusal({ ...ok, isNextInOrder: false })).toBe("not-next");
  });
});

describe("alternative initiative (L6776–6780)", () => {
  const entries = [
    { id: "a", side: "heroes" as const, result: 12 },
    { id: "b", side: "heroes" as const, result: 17, tieBreaks: [3] },
    { id: "c", side: "heroes" as const, result: 17, tieBreaks: [9] },
    { id: "x", side: "director" as const, result: 8 },
    { id: "y", side: "director" as const, result: 15 },
  ];
  it("orders each side by descending result, rerolls breaking ties", () => {
    expect(initiativeOrder(entries)).toEqual({ heroes: ["c", "b", "a"], director: ["y", "x"] });
  });
  it("finds ties within a side that still need a reroll, not across sides", () => {
    expect(tiedWithinSide([{ id: "a", side: "heroes", result: 10 }, { id: "b", side: "heroes", result: 10 }, { id: "x", side: "director", result: 10 }])).toEqual(["a", "b"]);
    expect(tiedWithinSide(entries)).toEqual([]);
  });
  it("the next creature of a side is the first in order who has not acted", () => {
    expect(nextInOrder(["c", "b", "a"], new Set(["c"]))).toBe("b");
    expect(nextInOrder(["c"], new Set(["c"]))).toBeNull();
  });
});

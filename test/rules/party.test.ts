// The party (issue 32): the heroes who share the hero tokens (L250: "shared by all players"),
// who sees the party, where its members' tokens go, and how a world's old pool joins a party's.
import { describe, expect, it } from "vitest";
import {
  PARTY_MAX_MEMBERS, PARTY_OBSERVER, addPartyMember, mergedHeroTokens, partyOwnership, partyPlacement, removePartyMember,
} from "../../src/rules/index.ts";

describe("members (L250: the heroes who share the hero tokens)", () => {
  it("a hero joins once; a non-hero never; a full party takes no more", () => {
    expect(addPartyMember(["a"], "b", true)).toEqual({ members: ["a", "b"] });
    expect(addPartyMember(["a"], "a", true)).toEqual({ problem: "already-member" });
    expect(addPartyMember(["a"], "m", false)).toEqual({ problem: "not-hero" });
    const full = Array.from({ length: PARTY_MAX_MEMBERS }, (_, i) => `h${i}`);
    expect(addPartyMember(full, "x", true)).toEqual({ problem: "full" });
  });
  it("removing a member keeps the others in order; removing a stranger changes nothing", () => {
    expect(removePartyMember(["a", "b", "c"], "b")).toEqual(["a", "c"]);
    expect(removePartyMember(["a", "c"], "z")).toEqual(["a", "c"]);
  });
});

describe("who sees the party", () => {
  it("each owner of a member gets Observer, recorded as granted", () => {
    expect(partyOwnership({ default: 0, gm: 3 }, [["alice"], ["bob", "alice"]], []))
      .toEqual({ ownership: { default: 0, gm: 3, alice: PARTY_OBSERVER, bob: PARTY_OBSERVER }, granted: ["alice", "bob"] });
  });
  it("a level the Director set by hand is neither lowered nor taken as granted", () => {
    expect(partyOwnership({ default: 0, alice: 3, carol: 2 }, [["alice"], ["carol"]], []))
      .toEqual({ ownership: { default: 0, alice: 3, carol: 2 }, granted: [] });
    // Carol observes by the Director's hand and owns no member: she keeps it.
    expect(partyOwnership({ default: 0, carol: 2 }, [], [])).toEqual({ ownership: { default: 0, carol: 2 }, granted: [] });
  });
  it("a user granted Observer who owns no member any more loses it; one still owning keeps it", () => {
    expect(partyOwnership({ default: 0, alice: 2, bob: 2 }, [["bob"]], ["alice", "bob"]))
      .toEqual({ ownership: { default: 0, bob: 2 }, granted: ["bob"] });
  });
  it("a granted user the Director has since made owner keeps that level", () => {
    expect(partyOwnership({ default: 0, alice: 3 }, [], ["alice"])).toEqual({ ownership: { default: 0, alice: 3 }, granted: [] });
  });
  it("a user with a lower explicit level (Limited) is raised to Observer", () => {
    expect(partyOwnership({ default: 0, alice: 1 }, [["alice"]], [])).toEqual({ ownership: { default: 0, alice: 2 }, granted: ["alice"] });
  });
});

describe("placing the members' tokens", () => {
  const bounds = { cols: 10, rows: 10 };
  it("the centre first, then the ring around it in row order", () => {
    expect(partyPlacement(4, { col: 5, row: 5 }, new Set(), bounds)).toEqual([
      { col: 5, row: 5 }, { col: 4, row: 4 }, { col: 5, row: 4 }, { col: 6, row: 4 },
    ]);
  });
  it("occupied squares and squares off the scene are passed by", () => {
    expect(partyPlacement(3, { col: 0, row: 0 }, new Set(["0,0", "1,0"]), bounds)).toEqual([{ col: 0, row: 1 }, { col: 1, row: 1 }, { col: 2, row: 0 }]);
  });
  it("no two members share a square, and a full scene places fewer", () => {
    const squares = partyPlacement(9, { col: 1, row: 1 }, new Set(), { cols: 3, rows: 3 });
    expect(new Set(squares.map((s) => `${s.col},${s.row}`)).size).toBe(9);
    expect(partyPlacement(5, { col: 0, row: 0 }, new Set(["1,0", "1,1"]), { cols: 2, rows: 2 })).toEqual([{ col: 0, row: 0 }, { col: 0, row: 1 }]);
  });
  it("refuses a count that is not a whole number of 0 or more", () => {
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => partyPlacement(bad, { col: 0, row: 0 }, new Set(), bounds)).toThrow(RangeError);
    expect(partyPlacement(0, { col: 0, row: 0 }, new Set(), bounds)).toEqual([]);
  });
});

describe("the world's pool joining a party's (the migration)", () => {
  it("the party keeps its own tokens and takes the world's", () => {
    expect(mergedHeroTokens(3, 0)).toBe(3);
    expect(mergedHeroTokens(3, 2)).toBe(5);
  });
  it("what is not a whole number of 0 or more counts as nothing", () => {
    expect(mergedHeroTokens(undefined, 2)).toBe(2);
    expect(mergedHeroTokens(-4, 1)).toBe(1);
    expect(mergedHeroTokens(1.5, "3")).toBe(0);
  });
});

// What domain effects leave in force (seed 004): a next power roll's modifier (Fate L2409, Knowledge
// L2413, Love L2421) and an effect until the end of the conduit's next turn (Protection L2429, War L2445).
import { describe, expect, it } from "vitest";
import {
  claimNextRoll, fatedTier, isNextRollGrant, isTurnGrant, liveNextRolls, nextRollFor, protectionImmunity, turnGrantsAtTurnEnd, turnKey, warExtraDamage,
} from "../../src/rules/index.ts";
import type { NextRollGrant, TurnGrant } from "../../src/rules/index.ts";

const alive = () => true;
const grant = (o: Partial<NextRollGrant>): NextRollGrant => ({ creature: "A", domain: "knowledge", edges: 2, prayer: "p", combatId: null, ...o });

describe("the next power roll (L2409, L2413, L2421)", () => {
  it("adds the creature's edges and takes the latest Fate's tier; another creature's grants are not its", () => {
    const grants = [grant({}), grant({ domain: "love", edges: 1, combatId: "c1" }), grant({ domain: "fate", edges: 0, tier: 1 }), grant({ domain: "fate", edges: 0, tier: 3 }), grant({ creature: "B" })];
    expect(nextRollFor(grants, "A", alive)).toEqual({ edges: 3, tier: 3, domains: ["knowledge", "love", "fate"] });
    expect(nextRollFor(grants, "C", alive)).toEqual({ edges: 0, tier: null, domains: [] });
  });
  it("L2421 Love's edge lasts only until the end of its encounter: gone once its combat is", () => {
    const grants = [grant({ domain: "love", edges: 1, combatId: "c1" }), grant({})];
    expect(nextRollFor(grants, "A", (id) => id !== "c1")).toEqual({ edges: 2, tier: null, domains: ["knowledge"] });
    expect(liveNextRolls(grants, () => false)).toEqual([grant({})]);
  });
  it("the roll uses up every grant of its creature at once, and keeps the others'", () => {
    const grants = [grant({}), grant({ creature: "B", domain: "fate", edges: 0, tier: 1 }), grant({ domain: "love", edges: 1, combatId: "gone" })];
    const { claimed, rest } = claimNextRoll(grants, "A", (id) => id !== "gone");
    expect(claimed).toEqual({ edges: 2, tier: null, domains: ["knowledge"] });
    expect(rest).toEqual([grants[1]]);
  });
  it("L2409 a Fate tier replaces the rolled tier; without one the roll stands", () => {
    expect(fatedTier(3, { tier: 1 })).toBe(1);
    expect(fatedTier(1, { tier: 3 })).toBe(3);
    expect(fatedTier(2, { tier: null })).toBe(2);
    expect(fatedTier(2, null)).toBe(2);
  });
  it("skips malformed grants", () => {
    expect(isNextRollGrant(grant({}))).toBe(true);
    for (const bad of [null, "x", { ...grant({}), domain: "war" }, { ...grant({}), tier: 2 }, { ...grant({}), edges: -1 }, { ...grant({}), combatId: 3 }]) {
      expect(isNextRollGrant(bad)).toBe(false);
    }
  });
});

describe("until the end of the conduit's next turn (L2429, L2445)", () => {
  const protection: TurnGrant = { domain: "protection", creature: "K", conduit: "S", amount: 5, prayer: "p", combatId: "c", grantedTurn: turnKey("c", 1, "s1") };
  const war: TurnGrant = { domain: "war", creature: "S", conduit: "S", amount: 4, prayer: "q", combatId: "c", grantedTurn: null };
  it("the turn it was granted in is not her next: its end keeps it; the end of her next turn ends it", () => {
    expect(turnGrantsAtTurnEnd([protection], "S", turnKey("c", 1, "s1"), alive)).toEqual({ ended: [], kept: [protection] });
    expect(turnGrantsAtTurnEnd([protection], "S", turnKey("c", 2, "s1"), alive)).toEqual({ ended: [protection], kept: [] });
    // Another creature's turn ends nothing of hers.
    expect(turnGrantsAtTurnEnd([protection], "K", turnKey("c", 1, "k1"), alive)).toEqual({ ended: [], kept: [protection] });
  });
  it("granted outside her turn: the end of her first turn ends it", () => {
    expect(turnGrantsAtTurnEnd([war, protection], "S", turnKey("c", 1, "s1"), alive)).toEqual({ ended: [war], kept: [protection] });
  });
  it("a combat that is gone takes its grants with it", () => {
    expect(turnGrantsAtTurnEnd([war], "X", "t", () => false)).toEqual({ ended: [], kept: [] });
    expect(protectionImmunity([protection], "K", () => false)).toBe(0);
  });
  it("Protection: the highest immunity on the creature; War: extra damage on the conduit's attacks that deal damage", () => {
    expect(protectionImmunity([protection, { ...protection, amount: 7 }], "K", alive)).toBe(7);
    expect(protectionImmunity([protection], "S", alive)).toBe(0);
    expect(warExtraDamage([war], "S", { isAttack: true, damage: 8 }, alive)).toBe(4);
    expect(warExtraDamage([war], "S", { isAttack: false, damage: 8 }, alive)).toBe(0);
    expect(warExtraDamage([war], "S", { isAttack: true, damage: 0 }, alive)).toBe(0);
    expect(warExtraDamage([war], "K", { isAttack: true, damage: 8 }, alive)).toBe(0);
  });
  it("skips malformed records", () => {
    expect(isTurnGrant(war)).toBe(true);
    for (const bad of [null, { ...war, domain: "fate" }, { ...war, amount: 1.5 }, { ...war, grantedTurn: 3 }]) expect(isTurnGrant(bad)).toBe(false);
  });
});

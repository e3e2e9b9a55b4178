import { describe, expect, it } from "vitest";
import {
  CONDITION_IDS, ESCAPE_GRAB_LINE, STAND_UP_LINE, STATE_IDS, conditionsEndedByBasicAction, conditionsEndedByTeleport, forcedMovementHeldBy, isConditionId, isStateId,
} from "../../src/rules/index.ts";

describe("condition catalogue", () => {
  it("lists the seed's nine conditions and the tracked states, with no overlap", () => {
    expect([...CONDITION_IDS].sort()).toEqual(
      ["bleeding", "dazed", "frightened", "grabbed", "prone", "restrained", "slowed", "taunted", "weakened"]);
    expect(STATE_IDS).toEqual(expect.arrayContaining(["surprised", "unconscious", "hidden", "winded", "dying", "defending"]));
    expect(CONDITION_IDS.some((c) => (STATE_IDS as readonly string[]).includes(c))).toBe(false);
  });
  it("tells conditions from states", () => {
    expect(isConditionId("prone")).toBe(true);
    expect(isConditionId("winded")).toBe(false);
    expect(isStateId("winded")).toBe(true);
    expect(isStateId("Prone")).toBe(false);
  });
});

describe("forcedMovementHeldBy (L6674, L6686)", () => {
  it("a grabbed or restrained creature can't be force moved; other conditions do not hold it", () => {
    expect(forcedMovementHeldBy(["grabbed"])).toBe("grabbed"); // L6674
    expect(forcedMovementHeldBy(["restrained", "prone"])).toBe("restrained"); // L6686
    expect(forcedMovementHeldBy(["restrained", "grabbed"])).toBe("grabbed");
    expect(forcedMovementHeldBy(["prone", "slowed", "dazed", "frightened", "taunted", "weakened", "bleeding"])).toBeNull();
    expect(forcedMovementHeldBy([])).toBeNull();
  });
});

describe("conditionsEndedByTeleport (L6676, L6686, L6910)", () => {
  it("a teleport ends grabbed and restrained, and nothing else", () => {
    expect(conditionsEndedByTeleport(["grabbed", "prone", "restrained", "slowed"])).toEqual(["grabbed", "restrained"]);
    expect(conditionsEndedByTeleport(["restrained"])).toEqual(["restrained"]);
    expect(conditionsEndedByTeleport(["prone", "dazed"])).toEqual([]);
  });
});

describe("Stand Up (L7065–7067)", () => {
  it("ends prone on the creature it is used on, and nothing else; other basic actions end nothing", () => {
    expect(STAND_UP_LINE).toBe(7065);
    expect(conditionsEndedByBasicAction(7065, ["prone", "slowed"])).toEqual(["prone"]);
    expect(conditionsEndedByBasicAction(7065, ["slowed"])).toEqual([]);
    expect(conditionsEndedByBasicAction(7003, ["prone", "grabbed"])).toEqual([]);
  });
  it("Escape Grab (L7003–7011): tier 3 ends grabbed; tiers 1 and 2, or no roll, end nothing", () => {
    expect(ESCAPE_GRAB_LINE).toBe(7003);
    expect(conditionsEndedByBasicAction(7003, ["grabbed", "prone"], 3)).toEqual(["grabbed"]);
    expect([1, 2, null].map((t) => conditionsEndedByBasicAction(7003, ["grabbed"], t as 1 | 2 | null))).toEqual([[], [], []]);
    expect(conditionsEndedByBasicAction(7003, ["prone"], 3)).toEqual([]);
    expect(conditionsEndedByBasicAction(7065, ["grabbed", "prone"], 3)).toEqual(["prone"]);
  });
});

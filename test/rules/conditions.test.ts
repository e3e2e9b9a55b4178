import { describe, expect, it } from "vitest";
import { CONDITION_IDS, STATE_IDS, isConditionId, isStateId } from "../../src/rules/index.ts";

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

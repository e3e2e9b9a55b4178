// Issue 33: the Director's end-of-encounter panel in the tracker (L7283, L7343), from the rule's count.
import { describe, expect, it } from "vitest";
import { combatTrackerContext, endOfEncounterView } from "../../../src/applications/view-models/combat-tracker.ts";
import { diminishNumbers } from "../../../src/rules/index.ts";
import { trackerFixture } from "../../fixtures/combat.ts";

const tally = (enemies: Parameters<typeof diminishNumbers>[0]) => diminishNumbers(enemies, [{ level: 2, state: "healthy" }, { level: 1, state: "dying" }]);

describe("the end-of-encounter panel", () => {
  it("says call it when the heroes' levels are twice the enemies' (minions 1/5, with a decimal)", () => {
    const view = endOfEncounterView({ tally: tally([{ level: 1, organization: "minion", alive: true }, { level: 3, organization: "minion", alive: true }]), lastStand: false });
    expect(view).toEqual({ heroes: "2", enemies: "0.8", verdictKey: "SE.RoundTools.Diminish.CallIt", css: "se-tracker__end--call", canLastStand: true, lastStandActive: false });
  });
  it("says fight on, or that a solo or boss still stands; the button goes once the last stand began", () => {
    expect(endOfEncounterView({ tally: tally([{ level: 2, organization: "platoon", alive: true }]), lastStand: false })).toMatchObject({ verdictKey: "SE.RoundTools.Diminish.FightOn", css: "" });
    expect(endOfEncounterView({ tally: tally([{ level: 1, organization: "solo", alive: true }]), lastStand: true }))
      .toMatchObject({ verdictKey: "SE.RoundTools.Diminish.SoloOrBoss", canLastStand: false, lastStandActive: true });
    expect(endOfEncounterView(null)).toBeNull();
  });
  it("is the Director's, in a started combat only", () => {
    const endOfEncounter = { tally: tally([]), lastStand: false };
    expect(combatTrackerContext(trackerFixture({ isGM: true, endOfEncounter })).endOfEncounter).not.toBeNull();
    expect(combatTrackerContext(trackerFixture({ isGM: false, endOfEncounter })).endOfEncounter).toBeNull();
    expect(combatTrackerContext(trackerFixture({ isGM: true, started: false, endOfEncounter })).endOfEncounter).toBeNull();
  });
});

// What grabbing limits beyond sizes (seed 004): a grabbed creature can't use Knockback (L6674);
// Impaling Strike's bane on escaping its grab (L3469); Grab and Knockback target 1 creature
// (L7022, L7045), 2 adjacent ones with the time raider's Four Arms (L1987).
import { describe, expect, it } from "vitest";
import {
  CONDITION_IDS, FOUR_ARMS_LINE, escapeBaneClause, grabTargetLimit, grabTargetProblem, knockbackWhileGrabbed, rollModifiers,
} from "../../src/rules/index.ts";
import type { AbilityTraits, SizeManeuver } from "../../src/rules/index.ts";

const MANEUVERS: (SizeManeuver | null)[] = ["grab", "knockback", "escapeGrab", null];
const ESCAPE: AbilityTraits = { keywords: [], type: "maneuver", maneuver: "escapeGrab" };

describe("a grabbed creature can't use the Knockback maneuver (L6674)", () => {
  it("Knockback is barred when grabbed, whatever else the creature has; nothing else is", () => {
    for (const maneuver of MANEUVERS) {
      for (const other of [[], ...CONDITION_IDS.filter((c) => c !== "grabbed").map((c) => [c])]) {
        expect(knockbackWhileGrabbed(maneuver, { statuses: [...other, "grabbed"] }), `${maneuver} ${other}`).toBe(maneuver === "knockback");
        expect(knockbackWhileGrabbed(maneuver, { statuses: other }), `${maneuver} ${other} not grabbed`).toBe(false);
      }
    }
    expect(knockbackWhileGrabbed(undefined, { statuses: ["grabbed"] })).toBe(false);
  });
});

describe("Impaling Strike: a bane on escaping its grab (L3469)", () => {
  it("reads the clause from an ability's effect text, as the seed prints it and in other spacing or case", () => {
    // L3469, as printed.
    expect(escapeBaneClause("If the target is grabbed, they take a bane on attempts to escape the grab. If you move while you have the target grabbed, they take 1 damage for each square you move.")).toBe(true);
    expect(escapeBaneClause("they take a BANE on   attempts\nto escape the grab")).toBe(true);
    expect(escapeBaneClause("The target takes a bane on any attempt to escape this grab.")).toBe(true);
  });
  it("finds nothing in effects that do not say it", () => {
    for (const text of ["", null, undefined, "The target is grabbed.", "You take a bane on the roll if the creature's size is larger than yours.",
      "they take a bane on attacks that don't target the creature grabbing them", "an edge on attempts to escape the grab"]) {
      expect(escapeBaneClause(text), String(text)).toBe(false);
    }
  });
  it("Escape Grab's resistance roll takes the bane, with the larger grabber's (L7005): two banes", () => {
    const roller = { key: "me", statuses: ["grabbed"], grabEscapeBane: true };
    expect(rollModifiers({ kind: "resistance", ability: ESCAPE, roller, characteristic: "might" }).reasons)
      .toEqual([{ reason: "escapeBane", edges: 0, banes: 1 }]);
    const both = rollModifiers({
      kind: "resistance", ability: ESCAPE, characteristic: "agility",
      roller: { ...roller, size: { value: 1, letter: "M" }, grabberSizes: [{ value: 2, letter: "" }] },
    });
    expect(both.reasons.map((r) => r.reason)).toEqual(["grabberLarger", "escapeBane"]);
    expect(both.banes).toBe(2);
  });
  it("only on Escape Grab's resistance roll, and only when the grab came from such an ability", () => {
    const roller = { key: "me", statuses: ["grabbed"], grabEscapeBane: true };
    expect(rollModifiers({ kind: "resistance", roller }).reasons).toEqual([]);
    expect(rollModifiers({ kind: "ability", ability: ESCAPE, roller }).reasons).toEqual([]);
    expect(rollModifiers({ kind: "test", ability: ESCAPE, roller }).reasons).toEqual([]);
    expect(rollModifiers({ kind: "resistance", ability: ESCAPE, roller: { key: "me", statuses: ["grabbed"] } }).reasons).toEqual([]);
  });
});

describe("Grab and Knockback: one target, two adjacent ones with Four Arms (L7022, L7045, L1987)", () => {
  it("the trait's feature is found by the line that heads it", () => {
    expect(FOUR_ARMS_LINE).toBe(1985);
  });
  it("the limit is 1, or 2 with Four Arms, for Grab and Knockback only", () => {
    expect(grabTargetLimit("grab", false)).toBe(1);
    expect(grabTargetLimit("knockback", false)).toBe(1);
    expect(grabTargetLimit("grab", true)).toBe(2);
    expect(grabTargetLimit("knockback", true)).toBe(2);
    expect(grabTargetLimit("escapeGrab", true)).toBeNull();
    expect(grabTargetLimit(null, false)).toBeNull();
  });
  it("warns of too many targets, and with Four Arms of a second target when either is not adjacent", () => {
    const adj = { adjacent: true };
    const far = { adjacent: false };
    const unknown = { adjacent: null };
    for (const maneuver of ["grab", "knockback"] as const) {
      expect(grabTargetProblem(maneuver, false, [])).toBeNull();
      expect(grabTargetProblem(maneuver, false, [far])).toBeNull();
      expect(grabTargetProblem(maneuver, false, [adj, adj])).toBe("tooManyTargets");
      expect(grabTargetProblem(maneuver, true, [adj, adj])).toBeNull();
      expect(grabTargetProblem(maneuver, true, [adj, far])).toBe("notAdjacent");
      expect(grabTargetProblem(maneuver, true, [far, adj])).toBe("notAdjacent");
      expect(grabTargetProblem(maneuver, true, [adj, unknown])).toBeNull();
      expect(grabTargetProblem(maneuver, true, [adj, adj, adj])).toBe("tooManyTargets");
    }
    // Other abilities: their target lines are the table's to read.
    expect(grabTargetProblem("escapeGrab", false, [adj, adj, adj])).toBeNull();
    expect(grabTargetProblem(null, false, [adj, adj, adj])).toBeNull();
  });
});

// The tactician's Mark (seed 004, L4277): "The target is marked by you until the start of your next
// turn. When attacking a marked target, you and each of your allies gains an edge on power rolls and
// deals extra damage equal to your Reason score."
import { describe, expect, it } from "vitest";
import { isMarkRecord, markBenefit, rollModifiers, withMarks, withoutMarks } from "../../src/rules/index.ts";
import type { AbilityTraits, MarkRecord } from "../../src/rules/index.ts";

const reasons: Record<string, number> = { tess: 2, quill: 3, foe: 4, low: -1 };
const side: Record<string, string> = { tess: "heroes", quill: "heroes", low: "heroes", alice: "heroes", foe: "monsters", ogre: "monsters" };
const benefit = (records: MarkRecord[], attacker: string, target: string, attack = true) => markBenefit(records, {
  attack, target, sameSide: (t) => t === attacker || side[t] === side[attacker], reasonOf: (t) => reasons[t] ?? 0,
});

describe("L4277 the marks kept", () => {
  it("marking adds to the tactician's marks (Spend 1 Focus: a second target); the start of her turn ends them", () => {
    let r = withMarks([], "tess", ["goblin"]);
    r = withMarks(r, "tess", ["ogre", "goblin"]);
    r = withMarks(r, "quill", ["ogre"]);
    expect(r).toEqual([{ tactician: "tess", targets: ["goblin", "ogre"] }, { tactician: "quill", targets: ["ogre"] }]);
    expect(withoutMarks(r, "tess")).toEqual([{ tactician: "quill", targets: ["ogre"] }]);
    expect(withoutMarks(r, "nobody")).toEqual(r);
  });
  it("a stored value is read only when it is a record", () => {
    expect(isMarkRecord({ tactician: "tess", targets: ["a"] })).toBe(true);
    for (const v of [null, {}, { tactician: "", targets: [] }, { tactician: "t", targets: "a" }, { tactician: "t", targets: [3] },
      { tactician: "t", targets: Array.from({ length: 21 }, (_, i) => `k${i}`) }]) expect(isMarkRecord(v), JSON.stringify(v)).toBe(false);
  });
});

describe("L4277 what a mark gives an attack", () => {
  const records: MarkRecord[] = [{ tactician: "tess", targets: ["goblin"] }];
  it("the tactician and each of her allies: an edge and her Reason as extra damage", () => {
    expect(benefit(records, "tess", "goblin")).toEqual({ edges: 1, extraDamage: 2, tacticians: ["tess"] });
    expect(benefit(records, "alice", "goblin")).toEqual({ edges: 1, extraDamage: 2, tacticians: ["tess"] });
  });
  it("an enemy of the tactician, an unmarked target, or an ability that is not an attack: nothing", () => {
    const none = { edges: 0, extraDamage: 0, tacticians: [] };
    expect(benefit(records, "ogre", "goblin")).toEqual(none);
    expect(benefit(records, "alice", "ogre")).toEqual(none);
    expect(benefit(records, "alice", "goblin", false)).toEqual(none);
  });
  it("two allied tacticians' marks are two effects: both edges and both Reasons; a Reason below 0 adds no damage", () => {
    const both: MarkRecord[] = [...records, { tactician: "quill", targets: ["goblin"] }, { tactician: "low", targets: ["goblin"] }];
    expect(benefit(both, "alice", "goblin")).toEqual({ edges: 3, extraDamage: 5, tacticians: ["tess", "quill", "low"] });
    // A monster's own "tactician" marking the goblin helps only its side.
    expect(benefit([{ tactician: "foe", targets: ["goblin"] }], "ogre", "goblin")).toEqual({ edges: 1, extraDamage: 4, tacticians: ["foe"] });
  });
  it("the power roll takes the edge on an attack (at most a double edge from marks), not on another ability", () => {
    const attack: AbilityTraits = { keywords: ["attack", "melee"], type: "action" };
    const other: AbilityTraits = { keywords: ["magic"], type: "maneuver" };
    const roller = { key: "alice", statuses: [] };
    for (const [n, edges] of [[0, 0], [1, 1], [2, 2], [3, 2]] as const) {
      const target = { key: "goblin", statuses: [], markedFor: n };
      expect(rollModifiers({ kind: "ability", ability: attack, roller, target, characteristic: "might" }).edges, `marked ${n}`).toBe(edges);
      expect(rollModifiers({ kind: "ability", ability: other, roller, target, characteristic: "might" }).edges).toBe(0);
    }
    expect(rollModifiers({ kind: "ability", ability: attack, roller, target: { key: "g", statuses: [], markedFor: 1 }, characteristic: "might" }).reasons)
      .toEqual([{ reason: "marked", edges: 1, banes: 0 }]);
  });
});

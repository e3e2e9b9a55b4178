import { describe, expect, it } from "vitest";
import { afterResistanceRoll, atTurnEnd, encounterEnd, isDurationKind, newDuration, resistanceEndsOutcome } from "../../src/rules/index.ts";
import type { DurationState, Tier } from "../../src/rules/index.ts";

/** Ends of the creature's turns an effect survives before it ends, with resistance tiers rolled in turn. */
function turnsLasted(d: DurationState | null, tiers: Tier[] = []): number {
  let turns = 0;
  while (d) {
    turns++;
    const step = atTurnEnd(d);
    if (step.action === "end") return turns;
    if (step.action === "keep") d = step.duration;
    else {
      const tier = tiers.shift();
      if (tier === undefined) return Infinity;
      d = afterResistanceRoll(d, resistanceEndsOutcome(tier));
    }
  }
  return turns;
}

describe("EoT (L6622–6624)", () => {
  it("imposed outside the creature's turn, ends at the end of its next turn", () => {
    expect(newDuration("EoT")).toEqual({ kind: "EoT", turnEndsLeft: 1 });
    expect(turnsLasted(newDuration("EoT"))).toBe(1);
  });
  it("imposed during its own turn, survives that turn and ends at the end of the next", () => {
    const d = newDuration("EoT", { duringOwnTurn: true });
    expect(atTurnEnd(d)).toEqual({ action: "keep", duration: { kind: "EoT", turnEndsLeft: 1 } });
    expect(turnsLasted(d)).toBe(2);
  });
});

describe("resistance ends (L6626–6634)", () => {
  it("rolls at the end of each turn until a roll ends it", () => {
    expect(atTurnEnd(newDuration("resistance"))).toEqual({ action: "roll" });
    expect(turnsLasted(newDuration("resistance"), [3])).toBe(1);
    expect(turnsLasted(newDuration("resistance"), [1, 1, 3])).toBe(3);
  });
  it("tier 2 ends it at the end of the next turn, with no further roll", () => {
    const d = afterResistanceRoll(newDuration("resistance"), "ends-at-end-of-next-turn")!;
    expect(d).toEqual({ kind: "resistance", turnEndsLeft: 1 });
    expect(atTurnEnd(d)).toEqual({ action: "end" });
    expect(turnsLasted(newDuration("resistance"), [1, 2])).toBe(3);
  });
  it("tier 1 persists unchanged; tier 3 ends now", () => {
    const d = newDuration("resistance");
    expect(afterResistanceRoll(d, "persists")).toBe(d);
    expect(afterResistanceRoll(d, "ends-now")).toBeNull();
  });
  it("only resistance-ends effects are rolled against", () => {
    expect(() => afterResistanceRoll(newDuration("EoT"), "ends-now")).toThrow(RangeError);
  });
});

describe("EoE and no duration", () => {
  it("never end at a turn end", () => {
    for (const kind of ["EoE", ""] as const) {
      const d = newDuration(kind);
      expect(atTurnEnd(d)).toEqual({ action: "keep", duration: d });
    }
  });
  it("rejects unknown kinds and bad counters", () => {
    expect(isDurationKind("save")).toBe(false);
    expect(() => newDuration("save" as never)).toThrow(RangeError);
    expect(() => atTurnEnd({ kind: "EoT", turnEndsLeft: 0 })).toThrow(RangeError);
  });
});

describe("end of the encounter (L6620, L7259)", () => {
  it("EoE ends; other effects end if the creature wants; winded, unconscious and dying stay", () => {
    expect(encounterEnd(["slowed"], "EoE")).toBe("ends");
    expect(encounterEnd(["slowed"], "EoT")).toBe("optional");
    expect(encounterEnd(["frightened"], "resistance")).toBe("optional");
    expect(encounterEnd(["prone"], "")).toBe("optional");
    for (const s of ["winded", "unconscious", "dying", "dead"]) expect(encounterEnd([s], "EoE")).toBe("kept");
  });
});

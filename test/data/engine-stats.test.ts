// A creature's stats for the other engines' combat (src/data/engine-stats.ts): what a hostile or
// mistaken value in the flags becomes, what the dialog stores, and Shock and Winded from the form.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readEngineStats, STAT_LIMITS, STORED_OPENINGS, storedStats } from "../../src/data/engine-stats.ts";
import { statsAfterForm } from "../../src/data/engine-stats-form.ts";
import { OPENING_STATES } from "../../src/rules/action-dice.ts";

describe("readEngineStats", () => {
  it("keeps whole numbers in range, true ticks and a known first-round state; drops the rest", () => {
    expect(readEngineStats({ som: 4, dex: -2, bonusDice: 3, surprised: true, wounded: "yes", opening: "ambushed" }))
      .toEqual({ som: 4, dex: -2, bonusDice: 3, surprised: true, opening: "ambushed" });
    expect(readEngineStats({ bonusDice: 1e9, som: 0, vigor: 2.5, stamina: "12", opening: "<b>", winded: 1 })).toEqual({});
    expect(readEngineStats(null)).toEqual({});
    expect(readEngineStats("som")).toEqual({});
    expect(readEngineStats({ opening: "none" })).toEqual({});
  });
  it("stores the same first-round states the rules know (S1:L12–15, L53), each read back, \"none\" as unset", () => {
    // The entry reads the flags without the engine's rules (issue 31): its list must stay the rules' own.
    expect([...STORED_OPENINGS]).toEqual(OPENING_STATES.filter((s) => s !== "none"));
    for (const opening of OPENING_STATES) expect(readEngineStats({ opening }).opening).toBe(opening === "none" ? undefined : opening);
  });
  it("property: whatever the flags hold, every number read is whole and within its range", () => {
    fc.assert(fc.property(fc.dictionary(fc.constantFrom(...Object.keys(STAT_LIMITS), "surprised", "opening"),
      fc.oneof(fc.integer({ min: -50, max: 2000 }), fc.double(), fc.anything())), (raw) => {
      const out = readEngineStats(raw) as Record<string, unknown>;
      expect(Object.keys(out).every((k) => k in raw)).toBe(true);
      for (const [k, v] of Object.entries(out)) {
        const limits = STAT_LIMITS[k];
        if (limits) {
          expect(Number.isInteger(v)).toBe(true);
          expect(v as number).toBeGreaterThanOrEqual(limits[0]);
          expect(v as number).toBeLessThanOrEqual(limits[1]);
        }
      }
    }));
  });
});

describe("storedStats", () => {
  it("writes every key, so that an update merged into the flags also clears what was cleared", () => {
    const stored = storedStats({ som: 3, surprised: true });
    expect(stored.som).toBe(3);
    expect(stored.dex).toBeNull();
    expect(stored.shockRounds).toBeNull();
    expect(stored.surprised).toBe(true);
    expect(stored.unconscious).toBe(false);
    expect(stored.opening).toBe("none");
    expect(readEngineStats(stored)).toEqual({ som: 3, surprised: true });
  });
});

describe("statsAfterForm", () => {
  it("starts Shock at the Stamina score, keeps a countdown under way, and ends it when unticked (S1:L75)", () => {
    expect(statsAfterForm({}, { stamina: 4, inShock: true }).shockRounds).toBe(4);
    expect(statsAfterForm({ stamina: 4, shockRounds: 2 }, { stamina: 4, inShock: true }).shockRounds).toBe(2);
    expect(statsAfterForm({ stamina: 4, shockRounds: 2 }, { stamina: 4, inShock: false }).shockRounds).toBeUndefined();
    // No Stamina score: one round.
    expect(statsAfterForm({}, { inShock: true }).shockRounds).toBe(1);
  });
  it("makes the creature Winded at 0 Vigor and keeps it so under 5 (S1:L43); the form cannot set either directly", () => {
    expect(statsAfterForm({}, { vigor: 0 }).winded).toBe(true);
    expect(statsAfterForm({ winded: true }, { vigor: 4 }).winded).toBe(true);
    expect(statsAfterForm({ winded: true }, { vigor: 5 }).winded).toBeUndefined();
    expect(statsAfterForm({}, { vigor: 3, winded: true, shockRounds: 9 })).toEqual({ vigor: 3 });
  });
});

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  HEAL_ACTION_LINE, healActionRecovery, healActionResistanceProblem, healActionTargetProblem,
} from "../../src/rules/index.ts";

const at = (x: number, y: number, size = 1) => ({ x, y, size });

describe("the Heal action (L7091–7093)", () => {
  it("is the basic action the seed prints at L7091", () => {
    expect(HEAL_ACTION_LINE).toBe(7091);
  });

  describe("whom it helps: 'an adjacent creature' (L7093)", () => {
    it("helps a creature in an adjacent space, diagonals included, of any size", () => {
      expect(healActionTargetProblem(at(4, 4), at(5, 4), false)).toBeNull();
      expect(healActionTargetProblem(at(4, 4), at(3, 3), false)).toBeNull();
      expect(healActionTargetProblem(at(4, 4), at(5, 2, 2), false)).toBeNull();
    });
    it("refuses a creature two squares away, a creature without a space on the map, and the healer itself", () => {
      expect(healActionTargetProblem(at(4, 4), at(6, 4), false)).toBe("not-adjacent");
      expect(healActionTargetProblem(at(4, 4), null, false)).toBe("not-adjacent");
      expect(healActionTargetProblem(null, at(5, 4), false)).toBe("not-adjacent");
      expect(healActionTargetProblem(at(4, 4), at(4, 4), true)).toBe("self");
    });
  });

  describe("spend a Recovery (L7093), or for a Director's creature a third of its maximum (L7214)", () => {
    it("a hero spends one Recovery and regains her recovery value, capped at her maximum", () => {
      expect(healActionRecovery({ kind: "hero", value: 5, max: 24, recoveries: 3, recoveryValue: 8 }))
        .toEqual({ ok: true, value: 13, gained: 8, recoveries: 2 });
      expect(healActionRecovery({ kind: "hero", value: 20, max: 24, recoveries: 3, recoveryValue: 8 }))
        .toEqual({ ok: true, value: 24, gained: 4, recoveries: 2 });
    });
    it("a dying hero can be helped to spend one (L7077: 'other creatures can help you spend recoveries')", () => {
      expect(healActionRecovery({ kind: "hero", value: -3, max: 24, recoveries: 1, recoveryValue: 8 }))
        .toEqual({ ok: true, value: 5, gained: 8, recoveries: 0 });
    });
    it("a hero with no Recovery left, or bleeding (L6662), is refused and spends nothing", () => {
      expect(healActionRecovery({ kind: "hero", value: 5, max: 24, recoveries: 0, recoveryValue: 8 })).toEqual({ ok: false, reason: "no-recoveries" });
      expect(healActionRecovery({ kind: "hero", value: 5, max: 24, recoveries: 2, recoveryValue: 8, bleeding: true })).toEqual({ ok: false, reason: "bleeding" });
    });
    it("a Director-controlled creature, which has no Recoveries, regains one-third of its Stamina maximum, rounded down (L7214)", () => {
      expect(healActionRecovery({ kind: "monster", value: 10, max: 40 })).toEqual({ ok: true, value: 23, gained: 13, recoveries: null });
      expect(healActionRecovery({ kind: "monster", value: 38, max: 40 })).toEqual({ ok: true, value: 40, gained: 2, recoveries: null });
      expect(healActionRecovery({ kind: "monster", value: 1, max: 40, bleeding: true })).toEqual({ ok: false, reason: "bleeding" });
    });
    it("a monster's healing is ⌊max/3⌋ at most, never above its maximum", () => {
      fc.assert(fc.property(fc.integer({ min: 1, max: 500 }), fc.nat(500), (max, missing) => {
        const value = Math.max(0, max - missing);
        const r = healActionRecovery({ kind: "monster", value, max });
        if (!r.ok) throw new Error("refused");
        expect(r.gained).toBe(Math.min(Math.floor(max / 3), max - value));
      }));
    });
  });

  describe("or a resistance roll against a '(resistance ends)' effect (L7093)", () => {
    it("is there only when the creature suffers an effect a resistance roll ends", () => {
      expect(healActionResistanceProblem(["EoT", "resistance"])).toBeNull();
      expect(healActionResistanceProblem(["EoT", "EoE", ""])).toBe("no-resistance-effect");
      expect(healActionResistanceProblem([])).toBe("no-resistance-effect");
    });
  });
});

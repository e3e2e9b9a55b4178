// The three other seeds' resolution rules: seed 001's action dice, seed 002's ARC, seed 003's 2d12.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BONUS_DIE_LADDER, actionCheckTotal, advantageFromSources, arcSucceeds, beatsTarget, bonusDieFaces, checkQuality, damageAfterArmor, deathSave, deathSaveTally, defenseVigorCost,
  declarationOrder, esAdjustment, guardAgainst, loadLimits, passiveCheck, reactionCheckPasses, resolveD12Check, tenacityBonus, vigorRecovery,
} from "../../src/rules/index.ts";

describe("seed 001: action dice", () => {
  it("steps the bonus dice from d10: Charges up, Challenges and wounds down, clamped to d4–d20 (S1:L1–3)", () => {
    expect(bonusDieFaces({ charges: 0, challenges: 0 })).toBe(10);
    expect(bonusDieFaces({ charges: 1, challenges: 0 })).toBe(12);
    expect(bonusDieFaces({ charges: 2, challenges: 0 })).toBe(20);
    expect(bonusDieFaces({ charges: 5, challenges: 0 })).toBe(20);
    expect(bonusDieFaces({ charges: 0, challenges: 2 })).toBe(6);
    expect(bonusDieFaces({ charges: 0, challenges: 9 })).toBe(4);
    expect(bonusDieFaces({ charges: 0, challenges: 0, wounded: true })).toBe(8); // "heroic d10 become ordinary d8", S1:L53
    expect(bonusDieFaces({ charges: 2, challenges: 1 })).toBe(12); // they cancel one for one
    fc.assert(fc.property(fc.nat(8), fc.nat(8), fc.boolean(), (charges, challenges, wounded) => {
      const faces = bonusDieFaces({ charges, challenges, wounded });
      expect(BONUS_DIE_LADDER).toContain(faces);
      expect(bonusDieFaces({ charges: charges + 1, challenges: challenges + 1, wounded })).toBe(faces);
      expect(bonusDieFaces({ charges: charges + 1, challenges, wounded })).toBeGreaterThanOrEqual(faces);
    }));
    expect(() => bonusDieFaces({ charges: -1, challenges: 0 })).toThrow(/charges/);
  });
  it("totals the Action die and every face of every burst chain (S1:L1, L55)", () => {
    expect(actionCheckTotal(14, [[3], [10, 10, 2]])).toBe(39);
    expect(actionCheckTotal(1, [])).toBe(1);
    expect(() => actionCheckTotal(21, [])).toThrow(/action/);
    expect(() => actionCheckTotal(5, [[]])).toThrow(/bonus die/);
    expect(() => actionCheckTotal(5, [[0]])).toThrow(/face/);
  });
  it("beats a target only when strictly higher (S1:L17)", () => {
    expect(beatsTarget(16, 15)).toBe(true);
    expect(beatsTarget(15, 15)).toBe(false);
  });
  it("sets the Guard: halved and rounded up from behind, +5 a size step, then cover (S1:L36, L87–96)", () => {
    expect(guardAgainst({ guard: 15 })).toBe(15);
    expect(guardAgainst({ guard: 15, behind: true })).toBe(8);
    expect(guardAgainst({ guard: 15, sizeSteps: 2 })).toBe(25); // medium against tiny: +10
    expect(guardAgainst({ guard: 15, cover: "light" })).toBe(25);
    expect(guardAgainst({ guard: 15, cover: "partial" })).toBe(18);
    expect(guardAgainst({ guard: 15, cover: "full", behind: true })).toBe(13);
    expect(() => guardAgainst({ guard: 15, cover: "thick" as never })).toThrow(/cover/);
  });
  it("recovers 1 Vigor per 5 Stamina at the end of the round (S1:L45)", () => {
    expect([0, 4, 5, 14, 15].map(vigorRecovery)).toEqual([0, 0, 1, 2, 3]);
  });
});

describe("seed 002: the ARC", () => {
  it("adjusts by the ES die: the roll up to ES, else ES less the roll (S2:L117–125)", () => {
    expect(esAdjustment(5, 5)).toBe(5);
    expect(esAdjustment(5, 2)).toBe(2);
    expect(esAdjustment(5, 8)).toBe(-3);
    fc.assert(fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 20 }), (es, roll) => {
      const adj = esAdjustment(es, roll);
      expect(adj).toBeLessThanOrEqual(es); // "max adjustment = ES"
      expect(adj > 0).toBe(roll <= es); // a roll over ES always costs
      if (roll > es) expect(adj).toBe(es - roll);
    }));
  });
  it("succeeds only strictly above the threshold: the worked example, 16 against 9, and 8 fails (S2:L125)", () => {
    expect(arcSucceeds(7 + 4 + esAdjustment(5, 5), 9)).toBe(true);
    expect(arcSucceeds(7 + 4 + esAdjustment(5, 8), 9)).toBe(false);
    expect(arcSucceeds(9, 9)).toBe(false);
  });
  it("passes a Reaction check at or under SOM, always at 10, only on a 1 at 1 (S2:L49–81)", () => {
    expect(reactionCheckPasses(5, 5)).toBe(true);
    expect(reactionCheckPasses(5, 6)).toBe(false);
    expect(reactionCheckPasses(10, 10)).toBe(true);
    expect(reactionCheckPasses(1, 1)).toBe(true);
    expect(reactionCheckPasses(1, 2)).toBe(false);
    expect(() => reactionCheckPasses(11, 1)).toThrow(/som/);
  });
  it("orders declarations by ascending SOM, then Empathy, Perception and the tiebreak (S2:L83–95)", () => {
    const list = [
      { id: "a", som: 6, empathy: 3, perception: 2, tiebreak: 4 },
      { id: "b", som: 4, empathy: 5, perception: 5, tiebreak: 1 },
      { id: "c", som: 6, empathy: 3, perception: 2, tiebreak: 2 },
      { id: "d", som: 6, empathy: 2, perception: 9, tiebreak: 9 },
    ];
    expect(declarationOrder(list).map((c) => c.id)).toEqual(["b", "d", "c", "a"]);
    expect(list.map((c) => c.id)).toEqual(["a", "b", "c", "d"]);
  });
  it("sets LOADT and Overloaded from Build (S2:L33–47)", () => {
    expect(loadLimits(6)).toEqual({ loadT: 18, overloadedAbove: 54 });
    expect(loadLimits(1)).toEqual({ loadT: 0, overloadedAbove: 0 });
    expect(() => loadLimits(0)).toThrow(/build/);
  });
});

describe("seed 003: 2d12", () => {
  it("gives advantage to the side with more sources; a tie cancels (S3:L52–57)", () => {
    expect(advantageFromSources(2, 1)).toBe(1);
    expect(advantageFromSources(1, 3)).toBe(-1);
    expect(advantageFromSources(2, 2)).toBe(0);
  });
  it("keeps the two highest with advantage, the two lowest with disadvantage: 3, 5, 9 (S3:L55)", () => {
    expect(resolveD12Check({ dice: [3, 5, 9], advantage: 1, modifier: 0, dc: 13 })).toMatchObject({ kept: [9, 5], total: 14, success: true });
    expect(resolveD12Check({ dice: [3, 5, 9], advantage: -1, modifier: 0, dc: 13 })).toMatchObject({ kept: [5, 3], total: 8, success: false });
    expect(() => resolveD12Check({ dice: [3, 5], advantage: 1, modifier: 0, dc: 13 })).toThrow(/dice/);
  });
  it("reads exploits, softened failures, setbacks, yes-buts and EDGE cards on the kept dice (S3:L64–72)", () => {
    expect(resolveD12Check({ dice: [12, 6], advantage: 0, modifier: 1, dc: 13 })).toMatchObject({ special: "exploit", exploitRank: 6, edgeCard: false });
    expect(resolveD12Check({ dice: [12, 6], advantage: 0, modifier: 0, dc: 25 })).toMatchObject({ success: false, special: "softened", exploitRank: 0 });
    expect(resolveD12Check({ dice: [1, 9], advantage: 0, modifier: 0, dc: 13 })).toMatchObject({ success: false, special: "setback" });
    expect(resolveD12Check({ dice: [1, 9], advantage: 0, modifier: 5, dc: 13 })).toMatchObject({ success: true, special: "yes-but" });
    expect(resolveD12Check({ dice: [12, 12], advantage: 0, modifier: 0, dc: 13 })).toMatchObject({ special: "exploit", exploitRank: 12, edgeCard: true });
    expect(resolveD12Check({ dice: [1, 1], advantage: 0, modifier: 0, dc: 13 })).toMatchObject({ special: "setback", edgeCard: true });
    expect(resolveD12Check({ dice: [1, 12], advantage: 0, modifier: 0, dc: 13 })).toMatchObject({ total: 13, success: true, special: null, edgeCard: false });
    // A 12 dropped by disadvantage is no exploit.
    expect(resolveD12Check({ dice: [12, 4, 5], advantage: -1, modifier: 10, dc: 13 })).toMatchObject({ kept: [5, 4], special: null });
  });
  it("keeps two dice within range and totals them, for any roll", () => {
    fc.assert(fc.property(fc.constantFrom(-1, 0, 1) as fc.Arbitrary<-1 | 0 | 1>, fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 3, maxLength: 3 }), fc.integer({ min: -5, max: 10 }), fc.integer({ min: 5, max: 31 }), (advantage, three, modifier, dc) => {
      const dice = advantage === 0 ? three.slice(0, 2) : three;
      const r = resolveD12Check({ dice, advantage, modifier, dc });
      expect(r.total).toBe(r.kept[0] + r.kept[1] + modifier);
      expect(r.success).toBe(r.total >= dc);
      if (advantage === 1) expect(Math.min(...r.kept)).toBeGreaterThanOrEqual(Math.min(...dice));
      if (r.special === "exploit") expect(r.exploitRank).toBeGreaterThanOrEqual(1);
    }));
  });
  it("reads a total as an outcome's quality (S3:L21–31)", () => {
    expect([4, 5, 7, 10, 13, 16, 17, 21, 25, 28, 31, 40].map(checkQuality)).toEqual([
      "terrible", "terrible", "poor", "mediocre", "ordinary", "ordinary", "decent", "good", "great", "excellent", "astounding", "astounding",
    ]);
  });
  it("sets a passive check, tenacity and death saves (S3:L45, L62–63, L580–598)", () => {
    expect(passiveCheck(2, 1, 0)).toBe(15);
    expect(passiveCheck(2, 1, 1)).toBe(18);
    expect(passiveCheck(2, 1, -1)).toBe(12);
    expect([0, 2, 3, 6, 9, 20].map(tenacityBonus)).toEqual([0, 0, 1, 2, 3, 3]);
    expect(deathSave(12)).toEqual({ successes: 1, failures: 0, stable: true });
    expect(deathSave(1)).toEqual({ successes: 0, failures: 2, stable: false });
    expect(deathSave(7)).toEqual({ successes: 1, failures: 0, stable: false });
    expect(deathSave(6)).toEqual({ successes: 0, failures: 1, stable: false });
    expect(() => deathSave(13)).toThrow(/roll/);
  });
  it("takes armor off by damage type, then resistance and vulnerability (S3:L565–574)", () => {
    expect(damageAfterArmor({ damage: 25, type: "kinetic", armor: 5, resistant: true })).toBe(10); // the seed's example
    expect(damageAfterArmor({ damage: 10, type: "energy", armor: 5 })).toBe(8);
    expect(damageAfterArmor({ damage: 10, type: "psychic", armor: 5 })).toBe(10);
    expect(damageAfterArmor({ damage: 10, type: "biotic", armor: 5, vulnerable: true })).toBe(20);
    expect(damageAfterArmor({ damage: 3, type: "kinetic", armor: 5 })).toBe(0);
    expect(damageAfterArmor({ damage: 10, type: "kinetic", armor: 0, resistant: true, vulnerable: true })).toBe(10);
    expect(() => damageAfterArmor({ damage: 10, type: "fire" as never, armor: 0 })).toThrow(/type/);
  });
});

describe("deathSaveTally (S3:L587–590)", () => {
  it("counts successes and failures until three of a kind; a 12 stabilises, a 1 is two failures, damage one", () => {
    expect(deathSaveTally([{ roll: 7 }, { roll: 3 }, { roll: 9 }])).toEqual({ successes: 2, failures: 1, state: "dying" });
    expect(deathSaveTally([{ roll: 7 }, { roll: 8 }, { roll: 11 }])).toEqual({ successes: 3, failures: 0, state: "stable" });
    expect(deathSaveTally([{ roll: 2 }, { roll: 12 }])).toEqual({ successes: 1, failures: 1, state: "stable" });
    expect(deathSaveTally([{ roll: 1 }, { damage: true }])).toEqual({ successes: 0, failures: 3, state: "dead" });
    expect(deathSaveTally([{ roll: 1 }, { roll: 1 }])).toEqual({ successes: 0, failures: 3, state: "dead" });
    expect(deathSaveTally([{ roll: 1 }, { roll: 1 }, { roll: 12 }]).state).toBe("dead"); // settled
    expect(() => deathSaveTally([{ roll: 13 }])).toThrow(RangeError);
  });
  it("never counts past three, and settles exactly when one side reaches three", () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.record({ roll: fc.integer({ min: 1, max: 12 }) }), fc.constant({ damage: true as const })), { maxLength: 12 }), (events) => {
      const t = deathSaveTally(events);
      expect(t.successes).toBeLessThanOrEqual(3);
      expect(t.failures).toBeLessThanOrEqual(3);
      if (t.state === "dead") expect(t.failures).toBe(3);
      if (t.state === "dying") expect(t.successes < 3 && t.failures < 3).toBe(true);
    }));
  });
});

describe("defenseVigorCost (S1:L22, L31)", () => {
  it("is 5 Vigor, or 3 while Defending", () => {
    expect([defenseVigorCost(false), defenseVigorCost(true)]).toEqual([5, 3]);
  });
});

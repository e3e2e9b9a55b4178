// The montage test's state (src/data/montage.ts): rounds, one action per hero per round, a skill
// once per hero, assists, the Director's changes and the outcome, played through the seed's sample.
import { describe, expect, it } from "vitest";
import {
  directMontage, endMontage, montageStatus, readMontage, recordMontageAssist, recordMontageDeclaration, recordMontageTest, startMontage, usedSkills,
} from "../../src/data/montage.ts";
import type { MontageState } from "../../src/data/montage.ts";
import type { RecordedRoll } from "../../src/data/test-card.ts";
import type { TestDifficulty } from "../../src/rules/index.ts";

let n = 0;
/** A roll whose total is `total` (characteristic 0, no edges): two faces summing to it. */
const rollOf = (total: number, more: Partial<RecordedRoll> = {}): RecordedRoll => {
  const a = Math.min(10, total - 1);
  return { messageId: `m${++n}`, dice: [a, total - a], characteristic: 0, edges: 0, banes: 0, bonuses: 0, ...more };
};
const ok = (s: MontageState | string): MontageState => {
  if (typeof s === "string") throw new Error(s);
  return s;
};
const party = ["Urdoncara", "Loric", "Karrel", "Adrian"].map((name) => ({ actorUuid: `Actor.${name}`, name }));
const uuid = (name: string) => `Actor.${name}`;
const test = (s: MontageState, who: string, difficulty: TestDifficulty, total: number, skill: string, more: Partial<RecordedRoll> = {}) =>
  ok(recordMontageTest(ok(directMontage(s, { testDifficulty: difficulty })), uuid(who), { characteristic: "reason", skill, roll: rollOf(total, more) }));

describe("a montage test", () => {
  it("starts with the table's limits for the group's size and two rounds (L6121–6131, L6113)", () => {
    const s = ok(startMontage({ title: "Cross the Infinite Desert", difficulty: "hard", heroes: party }));
    expect(s).toMatchObject({ limits: { successes: 6, failures: 2 }, rounds: 2, round: 1, testDifficulty: "medium", ended: null });
    expect(montageStatus(s)).toEqual({ outcome: "ongoing", victories: 0, successes: 0, failures: 0 });
    expect(ok(startMontage({ title: "", difficulty: "easy", heroes: party, limits: { successes: 9, failures: 1 }, rounds: 3 }))).toMatchObject({ limits: { successes: 9, failures: 1 }, rounds: 3 });
    expect(startMontage({ title: "", difficulty: "epic" as never, heroes: party })).toBe("Invalid");
    expect(startMontage({ title: "", difficulty: "easy", heroes: [] })).toBe("Invalid");
  });

  it("plays the seed's sample montage to a total success and 2 Victories (L6156–6168)", () => {
    let s = ok(startMontage({ title: "Cross the Infinite Desert", difficulty: "hard", heroes: party }));
    s = test(s, "Urdoncara", "easy", 12, "nature"); // 1 success
    s = test(s, "Loric", "medium", 9, "climb"); // failure with a consequence
    s = test(s, "Karrel", "medium", 13, "tailoring"); // success with a consequence
    expect(s.round).toBe(1);
    s = test(s, "Adrian", "easy", 21, "navigate", { dice: [10, 10], bonuses: 1 }); // natural 20: reward
    expect(s.round).toBe(2); // everyone acted: the round ends (L6073)
    expect(montageStatus(s)).toMatchObject({ outcome: "ongoing", successes: 3, failures: 1 });
    s = test(s, "Urdoncara", "hard", 17, "lift"); // 4 successes
    s = test(s, "Loric", "medium", 15, "lift"); // 5 successes (Loric's own first Lift)
    s = ok(recordMontageAssist(s, uuid("Karrel"), { targetUuid: uuid("Adrian"), skill: "culture", roll: rollOf(16) }));
    expect(s.heroes[3]!.assist).toMatchObject({ name: "Karrel", effect: { edges: 1, bonus: 0 } });
    s = test(s, "Adrian", "hard", 17, "history");
    expect(s.heroes[3]!.assist).toBeNull();
    expect(montageStatus(s)).toEqual({ outcome: "total-success", victories: 2, successes: 6, failures: 1 });
    // It is over: nobody acts any more.
    expect(recordMontageDeclaration(s, uuid("Urdoncara"), "pass")).toBe("Ended");
  });

  it("lets each hero act once a round, and use a skill once in the montage (L6093)", () => {
    let s = ok(startMontage({ title: "", difficulty: "easy", heroes: party.slice(0, 2), limits: { successes: 9, failures: 9 } }));
    s = test(s, "Urdoncara", "easy", 14, "lift");
    expect(recordMontageTest(s, uuid("Urdoncara"), { characteristic: "might", skill: "climb", roll: rollOf(14) })).toBe("Acted");
    s = ok(recordMontageDeclaration(s, uuid("Loric"), "pass"));
    expect(s.round).toBe(2);
    expect(recordMontageTest(s, uuid("Urdoncara"), { characteristic: "might", skill: "lift", roll: rollOf(14) })).toBe("SkillUsed");
    expect(recordMontageTest(s, uuid("Urdoncara"), { characteristic: "might", skill: "juggling", roll: rollOf(14) })).toBe("Invalid");
    expect(recordMontageTest(s, uuid("Nobody"), { characteristic: "might", skill: "", roll: rollOf(14) })).toBe("NoHero");
    expect([...usedSkills(s.heroes[0]!)]).toEqual(["lift"]);
    // A roll counts once.
    const roll = rollOf(15);
    s = ok(recordMontageTest(s, uuid("Urdoncara"), { characteristic: "might", skill: "", roll }));
    expect(recordMontageTest(s, uuid("Loric"), { characteristic: "might", skill: "", roll })).toBe("BadRoll");
  });

  it("takes an assist only on a hero who has not acted, once, and never on oneself", () => {
    let s = ok(startMontage({ title: "", difficulty: "moderate", heroes: party }));
    expect(recordMontageAssist(s, uuid("Karrel"), { targetUuid: uuid("Karrel"), skill: "", roll: rollOf(14) })).toBe("BadTarget");
    s = test(s, "Adrian", "easy", 14, "");
    expect(recordMontageAssist(s, uuid("Karrel"), { targetUuid: uuid("Adrian"), skill: "", roll: rollOf(14) })).toBe("TargetActed");
    s = ok(recordMontageAssist(s, uuid("Karrel"), { targetUuid: uuid("Loric"), skill: "", roll: rollOf(8) })); // a failed assist helps nothing
    expect(s.heroes[1]!.assist).toMatchObject({ effect: { edges: 0, bonus: 0 } });
    expect(recordMontageAssist(s, uuid("Urdoncara"), { targetUuid: uuid("Loric"), skill: "", roll: rollOf(14) })).toBe("AssistTaken");
  });

  it("ends in a partial success or total failure at the failure limit or when time is up (L6137–6138, L6145)", () => {
    let s = ok(startMontage({ title: "", difficulty: "moderate", heroes: party.slice(0, 2), limits: { successes: 6, failures: 3 } }));
    s = test(s, "Urdoncara", "easy", 15, "");
    s = test(s, "Loric", "easy", 15, "");
    s = test(s, "Urdoncara", "easy", 15, "");
    s = test(s, "Loric", "hard", 5, ""); // time up after round 2: 3 successes, 1 failure
    expect(montageStatus(s)).toEqual({ outcome: "partial-success", victories: 1, successes: 3, failures: 1 });
    let f = ok(startMontage({ title: "", difficulty: "hard", heroes: party.slice(0, 2) })); // limits 5 and 2... minimum 2
    f = test(f, "Urdoncara", "hard", 5, "");
    f = test(f, "Loric", "hard", 5, "");
    expect(montageStatus(f)).toMatchObject({ outcome: "total-failure", victories: 0 });
  });

  it("lets the Director add automatic successes, change limits and rounds, move on a round, and end it", () => {
    let s = ok(startMontage({ title: "", difficulty: "easy", heroes: party.slice(0, 2), limits: { successes: 5, failures: 5 } }));
    s = ok(recordMontageDeclaration(s, uuid("Urdoncara"), "ability", "A magic fan keeps the sails full"));
    expect(s.heroes[0]!.actions[0]).toMatchObject({ kind: "ability", note: "A magic fan keeps the sails full" });
    s = ok(directMontage(s, { adjust: { successes: 2, failures: 0 } })); // the fan: 2 automatic successes (L6071)
    expect(montageStatus(s)).toMatchObject({ successes: 2, failures: 0, outcome: "ongoing" });
    s = ok(directMontage(s, { nextRound: true }));
    expect(s.round).toBe(2);
    s = ok(directMontage(s, { rounds: 50, limits: { successes: 0, failures: 4.5 } }));
    expect(s).toMatchObject({ rounds: 10, limits: { successes: 1, failures: 5 } }); // clamped; a fraction keeps the old value
    expect(directMontage(s, { testDifficulty: "brutal" as never })).toBe("Invalid");
    const ended = ok(endMontage(ok(directMontage(s, { limits: { successes: 5, failures: 5 } }))));
    expect(ended.ended).toEqual({ outcome: "partial-success", victories: 0 }); // 2 successes, 0 failures, easy
    expect(endMontage(ended)).toBe("Ended");
    expect(directMontage(ended, { nextRound: true })).toBe("Ended");
  });

  it("reads only a well-formed montage from the setting", () => {
    const s = ok(startMontage({ title: "t", difficulty: "easy", heroes: party }));
    expect(readMontage(structuredClone(s))).toEqual(s);
    for (const bad of [null, 3, {}, { ...s, version: 9 }, { ...s, difficulty: "x" }, { ...s, heroes: [] }, { ...s, heroes: [{ name: 1 }] }, { ...s, round: "2" }]) {
      expect(readMontage(bad)).toBeNull();
    }
  });
});

describe("assists that are not used", () => {
  it("lapse when the assisted hero does something else, or when the round ends", () => {
    const two = [{ actorUuid: "Actor.a", name: "A" }, { actorUuid: "Actor.b", name: "B" }, { actorUuid: "Actor.c", name: "C" }];
    let s = ok(startMontage({ title: "", difficulty: "hard", heroes: two, limits: { successes: 9, failures: 9 } }));
    s = ok(recordMontageAssist(s, "Actor.a", { targetUuid: "Actor.b", skill: "", roll: rollOf(15) }));
    s = ok(recordMontageDeclaration(s, "Actor.b", "pass"));
    expect(s.heroes[1]!.assist).toBeNull();
    s = ok(recordMontageDeclaration(s, "Actor.c", "pass"));
    s = ok(recordMontageAssist(s, "Actor.a", { targetUuid: "Actor.c", skill: "", roll: rollOf(15) }));
    expect(s.heroes[2]!.assist).not.toBeNull();
    s = ok(directMontage(s, { nextRound: true }));
    expect(s.round).toBe(3);
    expect(s.heroes[2]!.assist).toBeNull();
    // Past the last round the Director's next round changes nothing.
    expect(ok(directMontage(s, { nextRound: true })).round).toBe(3);
  });
});

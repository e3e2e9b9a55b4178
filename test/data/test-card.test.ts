// The state of group and opposed test cards (src/data/test-card.ts): recording rolls and assists,
// what the card sums up, the award, and reading flags that might have been tampered with.
import { describe, expect, it } from "vitest";
import { markAwarded, readTestCard, recordAssist, recordRoll, summarize } from "../../src/data/test-card.ts";
import { newGroupTest, newOpposedTest } from "../../src/data/test-card-new.ts";
import type { RecordedRoll, TestCardState } from "../../src/data/test-card.ts";
import { ASSIST_TABLES } from "../../src/rules/index.ts";

const roll = (messageId: string, dice: [number, number], characteristic = 2, more: Partial<RecordedRoll> = {}): RecordedRoll =>
  ({ messageId, dice, characteristic, edges: 0, banes: 0, bonuses: 0, ...more });
const heroes = [{ actorUuid: "Actor.a", name: "Ash" }, { actorUuid: "Actor.b", name: "Bo" }, { actorUuid: "Actor.c", name: "Cy" }];
const ok = (s: TestCardState | string): TestCardState => {
  if (typeof s === "string") throw new Error(s);
  return s;
};

describe("group test cards", () => {
  it("record each roll with the outcome at the card's difficulty, once per roller and per roll message", () => {
    let s = newGroupTest("agility", "medium", heroes);
    s = ok(recordRoll(s, "Actor.a", roll("m1", [9, 8]))); // 17 + 2 = 19: success
    expect(s.rollers[0]!.result).toEqual({ messageId: "m1", natural: 17, total: 19, tier: 3, outcome: "success" });
    expect(recordRoll(s, "Actor.a", roll("m2", [1, 1]))).toBe("AlreadyRolled");
    expect(recordRoll(s, "Actor.b", roll("m1", [1, 1]))).toBe("BadRoll");
    expect(recordRoll(s, "Actor.z", roll("m3", [1, 1]))).toBe("NotFound");
    expect(recordRoll(s, "Actor.b", roll("m3", [0, 12] as [number, number]))).toBe("BadRoll");
    expect(summarize(s)).toMatchObject({ complete: false, rolled: 1, group: null, award: null });
  });
  it("sum up a complete group: success, collective reward and its award (L6055–6057)", () => {
    let s = newGroupTest("agility", "easy", heroes);
    s = ok(recordRoll(s, "Actor.a", roll("m1", [10, 9]))); // natural 19: reward
    s = ok(recordRoll(s, "Actor.b", roll("m2", [9, 8]))); // 19 on easy: reward
    s = ok(recordRoll(s, "Actor.c", roll("m3", [2, 3]))); // 7: failure
    expect(summarize(s)).toEqual({
      complete: true, rolled: 3, winner: null,
      group: { success: true, collective: "reward" }, award: { heroTokens: 2, villainPower: 0 },
    });
    const awarded = ok(markAwarded(s));
    expect(awarded.awarded).toBe("reward");
    expect(markAwarded(awarded)).toBe("Awarded");
  });
  it("sum up a collective consequence: 2 Villain Power per hero (L6059)", () => {
    let s = newGroupTest("might", "hard", heroes);
    for (const [i, h] of heroes.entries()) s = ok(recordRoll(s, h.actorUuid, roll(`m${i}`, [2, 3])));
    expect(summarize(s)).toMatchObject({ group: { success: false, collective: "consequence" }, award: { heroTokens: 0, villainPower: 6 } });
    expect(ok(markAwarded(s)).awarded).toBe("consequence");
  });
  it("mark a plain result awarded as none, and refuse an award before everyone rolled", () => {
    let s = newGroupTest("might", "medium", heroes.slice(0, 2));
    expect(markAwarded(s)).toBe("NotComplete");
    s = ok(recordRoll(s, "Actor.a", roll("m1", [6, 6]))); // 14: success with a consequence
    s = ok(recordRoll(s, "Actor.b", roll("m2", [9, 9]))); // 20: success
    expect(summarize(s).group).toEqual({ success: true, collective: null });
    expect(ok(markAwarded(s)).awarded).toBe("none");
  });
  it("take an assist from a hero outside the test, before the roll, once (L6035–6039, L6051)", () => {
    let s = newGroupTest("agility", "hard", heroes.slice(0, 2));
    const helper = { actorUuid: "Actor.h", name: "Hal" };
    expect(recordAssist(s, "Actor.a", { actorUuid: "Actor.b", name: "Bo" }, roll("x1", [9, 9]))).toBe("Participant");
    s = ok(recordAssist(s, "Actor.a", helper, roll("x1", [6, 6]))); // 14 on easy: success, an edge
    expect(s.rollers[0]!.assist).toMatchObject({ name: "Hal", outcome: "success", effect: { edges: 1, bonus: 0 } });
    expect(recordAssist(s, "Actor.a", helper, roll("x2", [6, 6]))).toBe("AssistTaken");
    expect(recordAssist(s, "Actor.b", helper, roll("x1", [6, 6]))).toBe("BadRoll");
    s = ok(recordRoll(s, "Actor.b", roll("m1", [5, 5])));
    expect(recordAssist(s, "Actor.b", helper, roll("x3", [6, 6]))).toBe("AlreadyRolled");
    expect(recordAssist(s, "Actor.z", helper, roll("x4", [6, 6]))).toBe("NotFound");
    const bonuses = ok(recordAssist(newGroupTest("agility", "hard", heroes), "Actor.a", helper, roll("x5", [10, 9]), ASSIST_TABLES.bonuses));
    expect(bonuses.rollers[0]!.assist).toMatchObject({ outcome: "success-with-reward", effect: { edges: 0, bonus: 2 } });
  });
});

describe("a roll with Fate's tier the GM vouched for (L2409)", () => {
  it("counts at that tier, whatever the dice: tier 3 on 1 + 1 + 2, tier 1 on 5 + 5 + 2; without one, the dice's tier", () => {
    let s = newGroupTest("might", "medium", heroes);
    s = ok(recordRoll(s, "Actor.a", roll("m1", [1, 1], 2, { fated: 3 })));
    expect(s.rollers[0]!.result).toMatchObject({ natural: 2, total: 4, tier: 3, outcome: "success" });
    s = ok(recordRoll(s, "Actor.b", roll("m2", [5, 5], 2, { fated: 1 })));
    expect(s.rollers[1]!.result).toMatchObject({ total: 12, tier: 1, outcome: "failure-with-consequence" });
    s = ok(recordRoll(s, "Actor.c", roll("m3", [1, 1])));
    expect(s.rollers[2]!.result).toMatchObject({ tier: 1 });
  });
});

describe("opposed test cards", () => {
  const pair = () => newOpposedTest({ actorUuid: "Actor.a", name: "Ash", characteristic: "agility" }, { actorUuid: "Actor.o", name: "Ogre", characteristic: "intuition" });
  it("name the higher total the winner, or a tie (L5869, L5873)", () => {
    let s = pair();
    s = ok(recordRoll(s, "Actor.a", roll("m1", [7, 6], 1))); // 14
    expect(summarize(s).winner).toBeNull();
    const tie = ok(recordRoll(s, "Actor.o", roll("m2", [6, 6], 2))); // 14
    expect(summarize(tie)).toMatchObject({ complete: true, winner: -1, group: null });
    const lost = ok(recordRoll(s, "Actor.o", roll("m3", [2, 2], 2))); // 6
    expect(summarize(lost).winner).toBe(0);
    expect(lost.rollers[0]!.result!.outcome).toBeNull();
    expect(markAwarded(lost)).toBe("NotFound");
  });
});

describe("reading a card's flags", () => {
  it("reads what the card wrote, and nothing malformed", () => {
    const s = newGroupTest("might", "easy", heroes);
    expect(readTestCard(structuredClone(s))).toEqual(s);
    expect(readTestCard(null)).toBeNull();
    expect(readTestCard({ ...s, version: 2 })).toBeNull();
    expect(readTestCard({ ...s, mode: "solo" })).toBeNull();
    expect(readTestCard({ ...s, difficulty: "brutal" })).toBeNull();
    expect(readTestCard({ ...s, rollers: [] })).toBeNull();
    expect(readTestCard({ ...s, rollers: [{ ...s.rollers[0], characteristic: "luck" }] })).toBeNull();
    expect(readTestCard({ ...s, rollers: Array.from({ length: 13 }, () => s.rollers[0]) })).toBeNull();
    const opposed = newOpposedTest({ actorUuid: "Actor.a", name: "A", characteristic: "might" }, { actorUuid: "Actor.b", name: "B", characteristic: "might" });
    expect(readTestCard({ ...opposed, rollers: opposed.rollers.slice(0, 1) })).toBeNull();
  });
});

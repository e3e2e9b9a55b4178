// Sizes in Grab, Knockback and Escape Grab (seed 004, L7003–7053), the order of sizes (L6714–6716)
// and the same target limit on Impaling Strike (L3461). Exhaustive over every pair of sizes the data
// model holds (1T, 1S, 1M, 1L, 2 ... 10).
import { describe, expect, it } from "vitest";
import {
  ESCAPE_GRAB_LINE, GRAB_LINE, KNOCKBACK_LINE, compareSizes, rollModifiers, sizeEdge, sizeManeuverOf, sizeRank,
  sizeTargetProblem, sizeTargetingProblem, targetSizeLimited,
} from "../../src/rules/index.ts";
import type { AbilityTraits, CreatureState, Size } from "../../src/rules/index.ts";

// The seed's order, smallest first (L6716: "1T, 1S, 1M, and 1L"; L6714: then sizes of 2 squares and more).
const ORDER = ["1T", "1S", "1M", "1L", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
const parse = (s: string): Size => (/^1[TSML]$/.test(s) ? { value: 1, letter: s[1] as Size["letter"] } : { value: Number(s), letter: "" });
const PAIRS = ORDER.flatMap((a, i) => ORDER.map((b, j) => ({ a, b, i, j })));

const GRAB_TARGET = "1 creature the same size or smaller than you"; // L7022, L7045
const IMPALING_TARGET = "1 creature of your size or smaller"; // L3461

describe("the order of sizes (L6714–6716)", () => {
  it("1T < 1S < 1M < 1L < 2 < 3 < ... for every pair", () => {
    for (const { a, b, i, j } of PAIRS) expect(compareSizes(parse(a), parse(b)), `${a} vs ${b}`).toBe(Math.sign(i - j));
  });
  it("a size 1 without a letter is 1M; a letter on a larger size is ignored", () => {
    expect(sizeRank({ value: 1, letter: "" })).toBe(sizeRank({ value: 1, letter: "M" }));
    expect(sizeRank({ value: 2, letter: "T" })).toBe(sizeRank({ value: 2, letter: "" }));
  });
  it("refuses what is no size", () => {
    expect(() => sizeRank({ value: 0, letter: "" })).toThrow(RangeError);
    expect(() => sizeRank({ value: 1.5, letter: "" })).toThrow(RangeError);
    expect(() => sizeRank({ value: 1, letter: "X" as Size["letter"] })).toThrow(RangeError);
  });
});

describe("the target limit: the same size or smaller than you (Grab L7022, Knockback L7045, Impaling Strike L3461)", () => {
  it("reads the limit from the target line, as printed either way; other lines have none", () => {
    expect(targetSizeLimited(GRAB_TARGET)).toBe(true);
    expect(targetSizeLimited(IMPALING_TARGET)).toBe(true);
    expect(targetSizeLimited("1 Creature  the same SIZE or smaller than you")).toBe(true);
    expect(targetSizeLimited("1 creature or object")).toBe(false);
    expect(targetSizeLimited("1 adjacent enemy")).toBe(false);
    expect(targetSizeLimited("")).toBe(false);
    expect(targetSizeLimited(undefined)).toBe(false);
  });
  it("a target larger than the user is out of the limit; the same size or smaller is not, for every pair", () => {
    for (const text of [GRAB_TARGET, IMPALING_TARGET]) {
      for (const { a, b, i, j } of PAIRS) {
        expect(sizeTargetProblem(text, parse(a), parse(b)), `user ${a}, target ${b}`).toBe(j > i ? "tooLarge" : null);
      }
    }
  });
  it("an ability without the limit takes any size; an unknown size says nothing", () => {
    for (const { a, b } of PAIRS) expect(sizeTargetProblem("1 creature or object", parse(a), parse(b))).toBeNull();
    expect(sizeTargetProblem(GRAB_TARGET, undefined, parse("5"))).toBeNull();
    expect(sizeTargetProblem(GRAB_TARGET, parse("1T"), null)).toBeNull();
    expect(sizeTargetingProblem(GRAB_TARGET, { size: parse("1S") }, { size: parse("1M") })).toBe("tooLarge");
    expect(sizeTargetingProblem(GRAB_TARGET, { size: parse("1M") }, { size: parse("1M") })).toBeNull();
  });
});

describe("which basic actions are size maneuvers", () => {
  it("Grab (L7013), Knockback (L7036), Escape Grab (L7003); nothing else", () => {
    expect([GRAB_LINE, KNOCKBACK_LINE, ESCAPE_GRAB_LINE]).toEqual([7013, 7036, 7003]);
    expect(sizeManeuverOf(7013)).toBe("grab");
    expect(sizeManeuverOf("7036")).toBe("knockback");
    expect(sizeManeuverOf(7003)).toBe("escapeGrab");
    expect([7065, 6995, undefined, null, "x"].map(sizeManeuverOf)).toEqual([null, null, null, null, null]);
  });
});

describe("sizeEdge: the edges and banes of the sizes (L7005, L7030, L7053)", () => {
  it("Grab and Knockback gain an edge when the target is smaller than the user, for every pair", () => {
    for (const maneuver of ["grab", "knockback"] as const) {
      for (const { a, b, i, j } of PAIRS) {
        expect(sizeEdge(maneuver, parse(a), [parse(b)]), `${maneuver}: user ${a}, target ${b}`)
          .toEqual(j < i ? { reason: "targetSmaller", edges: 1, banes: 0 } : null);
      }
    }
  });
  it("Escape Grab takes a bane when the grabber is larger than the user, for every pair", () => {
    for (const { a, b, i, j } of PAIRS) {
      expect(sizeEdge("escapeGrab", parse(a), [parse(b)]), `user ${a}, grabber ${b}`)
        .toEqual(j > i ? { reason: "grabberLarger", edges: 0, banes: 1 } : null);
    }
  });
  it("grabbed by several, one larger grabber gives the one bane; unknown sizes give nothing", () => {
    expect(sizeEdge("escapeGrab", parse("1M"), [parse("1S"), parse("2"), parse("3")])).toEqual({ reason: "grabberLarger", edges: 0, banes: 1 });
    expect(sizeEdge("escapeGrab", parse("1M"), [parse("1S"), null, parse("1M")])).toBeNull();
    expect(sizeEdge("escapeGrab", undefined, [parse("5")])).toBeNull();
    expect(sizeEdge("grab", parse("5"), [null])).toBeNull();
    expect(sizeEdge("grab", null, [parse("1T")])).toBeNull();
  });
});

describe("rollModifiers with sizes", () => {
  const GRAB: AbilityTraits = { keywords: ["melee"], type: "maneuver", maneuver: "grab" };
  const KNOCKBACK: AbilityTraits = { keywords: ["melee"], type: "maneuver", maneuver: "knockback" };
  const ESCAPE: AbilityTraits = { keywords: [], type: "maneuver", maneuver: "escapeGrab" };
  const who = (key: string, size: string, extra: Partial<CreatureState> = {}): CreatureState => ({ key, statuses: [], size: parse(size), ...extra });
  const reasons = (r: ReturnType<typeof rollModifiers>) => r.reasons.map((x) => `${x.reason}:${x.edges}/${x.banes}`);

  it("Grab and Knockback: the edge against a smaller target, with its reason (L7030, L7053), added to the others", () => {
    const polder = who("me", "1S");
    const goblin = who("foe", "1T", { statuses: ["prone"] });
    for (const ability of [GRAB, KNOCKBACK]) {
      expect(reasons(rollModifiers({ kind: "ability", ability, roller: who("me", "2"), target: who("foe", "1L") }))).toEqual(["targetSmaller:1/0"]);
      expect(rollModifiers({ kind: "ability", ability, roller: polder, target: who("foe", "1S") }).reasons).toEqual([]);
      expect(rollModifiers({ kind: "ability", ability, roller: polder, target: who("foe", "1M") }).reasons).toEqual([]);
      // Neither maneuver is an attack: the target's prone (an edge on melee attacks) gives nothing.
      expect(reasons(rollModifiers({ kind: "ability", ability, roller: { ...polder, statuses: ["weakened"] }, target: goblin })))
        .toEqual(["weakened:0/1", "targetSmaller:1/0"]);
    }
  });
  it("Escape Grab: the bane on the resistance roll when a grabber is larger (L7005), with surprised's", () => {
    const grabbed = who("me", "1M", { statuses: ["grabbed", "surprised"], grabberSizes: [parse("2")] });
    expect(reasons(rollModifiers({ kind: "resistance", ability: ESCAPE, roller: grabbed, characteristic: "might" })))
      .toEqual(["surprised:0/1", "grabberLarger:0/1"]);
    expect(rollModifiers({ kind: "resistance", ability: ESCAPE, roller: { ...grabbed, grabberSizes: [parse("1M")] } }).banes).toBe(1);
    // Not Escape Grab, or not its resistance roll: no size bane.
    expect(rollModifiers({ kind: "resistance", roller: grabbed }).reasons.map((r) => r.reason)).toEqual(["surprised"]);
    expect(rollModifiers({ kind: "ability", ability: ESCAPE, roller: grabbed }).reasons.map((r) => r.reason)).not.toContain("grabberLarger");
  });
  it("an ability that is no size maneuver gets nothing from sizes; an unknown size gives nothing", () => {
    const strike: AbilityTraits = { keywords: ["attack", "melee", "weapon"], type: "action", damaging: true };
    expect(rollModifiers({ kind: "ability", ability: strike, roller: who("me", "3"), target: who("foe", "1T") }).reasons).toEqual([]);
    expect(rollModifiers({ kind: "ability", ability: GRAB, roller: { key: "me", statuses: [] }, target: who("foe", "1T") }).reasons).toEqual([]);
    expect(rollModifiers({ kind: "ability", ability: GRAB, roller: who("me", "3") }).reasons).toEqual([]);
  });
});

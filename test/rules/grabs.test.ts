// Who holds whom grabbed (seed 004): one grab at a time (Grab, L7030), two with the time raider's
// Four Arms (L1987); Impaling Strike's clauses (L3469): a bane on escaping, 1 damage for each square
// the grabber moves; a grab holds while its creature is grabbed (L6674).
import { describe, expect, it } from "vitest";
import {
  DRAG_DAMAGE_CEILING, dragDamage, grabCarry, grabRecordProblem, dragDamageClause, escapeBaneFrom, grabCapacity, grabsBeyondCapacity, heldBy, isGrabRecord, liveGrabs,
  withGrab, withoutCardGrab,
} from "../../src/rules/index.ts";
import type { GrabRecord, Size } from "../../src/rules/index.ts";

const L3469 = "If the target is grabbed, they take a bane on attempts to escape the grab. If you move while you have the target grabbed, they take 1 damage for each square you move.";
const rec = (grabbed: string, grabber: string, o: Partial<GrabRecord> = {}): GrabRecord => ({
  grabbed, grabber, escapeBane: false, dragDamage: 0, message: "m1", key: `k-${grabbed}`, ...o,
});

describe("Impaling Strike's dragging clause (L3469)", () => {
  it("reads 1 damage per square from the seed's text, in any case or spacing", () => {
    expect(dragDamageClause(L3469)).toBe(1);
    expect(dragDamageClause("IF YOU MOVE while you have the target   grabbed,\nthey take 2 damage for each square you move.")).toBe(2);
    expect(dragDamageClause("If you move while you have a creature grabbed, it takes 3 damage for each square you move")).toBe(3);
  });
  it("finds nothing where the ability does not say it, or a number beyond any ability's", () => {
    for (const text of ["", null, undefined, "The target is grabbed.", "they take a bane on attempts to escape the grab.",
      "If the creature grabbing you moves, they bring you with them.", "they take 0 damage for each square you move",
      `If you move while you have the target grabbed, they take ${DRAG_DAMAGE_CEILING + 1} damage for each square you move.`]) {
      expect(dragDamageClause(text), String(text)).toBe(0);
    }
  });
});

describe("one grab at a time, two with Four Arms (L7030, L1987)", () => {
  it("capacity is 1, or 2 with Four Arms", () => {
    expect(grabCapacity(false)).toBe(1);
    expect(grabCapacity(true)).toBe(2);
  });
  it("counts the grabs beyond the capacity; a creature already held is not counted twice", () => {
    expect(grabsBeyondCapacity([], ["a"], false)).toBe(0);
    expect(grabsBeyondCapacity(["a"], ["a"], false)).toBe(0);
    expect(grabsBeyondCapacity(["a"], ["b"], false)).toBe(1);
    expect(grabsBeyondCapacity(["a"], ["b"], true)).toBe(0);
    expect(grabsBeyondCapacity(["a", "b"], ["c"], true)).toBe(1);
    expect(grabsBeyondCapacity([], ["a", "b"], false)).toBe(1);
    expect(grabsBeyondCapacity([], ["a", "b"], true)).toBe(0);
    expect(grabsBeyondCapacity(["a", "b"], ["a", "b"], true)).toBe(0);
  });
  it("a grabber holding two creatures holds both, oldest first; each has its own record", () => {
    const records = withGrab(withGrab([], rec("a", "four")), rec("b", "four"));
    expect(heldBy(records, "four").map((r) => r.grabbed)).toEqual(["a", "b"]);
    expect(heldBy(records, "other")).toEqual([]);
  });
});

describe("the records (GM-kept)", () => {
  it("a new grab of the same creature by the same grabber replaces the older; others stay", () => {
    const first = rec("a", "g", { message: "m1" });
    const again = rec("a", "g", { message: "m2", escapeBane: true });
    const other = rec("a", "h");
    const out = withGrab(withGrab(withGrab([], first), other), again);
    expect(out).toEqual([other, again]);
  });
  it("undo forgets exactly the grab of that card and target", () => {
    const a = rec("a", "g", { message: "m1", key: "ka" });
    const b = rec("b", "g", { message: "m1", key: "kb" });
    const c = rec("c", "g", { message: "m2", key: "ka" });
    expect(withoutCardGrab([a, b, c], "m1", "ka")).toEqual([b, c]);
    expect(withoutCardGrab([a, b, c], "m3", "ka")).toEqual([a, b, c]);
  });
  it("a grab holds only while its creature is grabbed (L6674); malformed records are dropped", () => {
    const a = rec("a", "g");
    const b = rec("b", "g");
    const grabbed = new Set(["a"]);
    expect(liveGrabs([a, b], (u) => grabbed.has(u))).toEqual([a]);
    const bad: unknown[] = [null, 3, "x", {}, { ...a, grabbed: "" }, { ...a, grabber: "a" }, { ...a, escapeBane: "yes" },
      { ...a, dragDamage: -1 }, { ...a, dragDamage: 1.5 }, { ...a, dragDamage: DRAG_DAMAGE_CEILING + 1 }, { ...a, message: 4 },
      { ...a, key: "x".repeat(201) }];
    for (const v of bad) expect(isGrabRecord(v), JSON.stringify(v)).toBe(false);
    expect(liveGrabs([...bad, a], () => true)).toEqual([a]);
  });
});

describe("what the records decide (L3469)", () => {
  it("Escape Grab's bane: only a grabbed creature one of whose grabs says so", () => {
    const records = [rec("a", "g", { escapeBane: true }), rec("b", "g"), rec("b", "h")];
    expect(escapeBaneFrom(records, "a")).toBe(true);
    expect(escapeBaneFrom(records, "b")).toBe(false);
    expect(escapeBaneFrom(records, "g")).toBe(false);
    expect(escapeBaneFrom([...records, rec("b", "i", { escapeBane: true })], "b")).toBe(true);
  });
  it("dragging: each creature held by a dragging grab takes the per-square damage times the squares moved", () => {
    const records = [rec("a", "g", { dragDamage: 1 }), rec("b", "g", { dragDamage: 0 }), rec("c", "g", { dragDamage: 2 }), rec("d", "h", { dragDamage: 1 })];
    expect(dragDamage(records, "g", 3)).toEqual([{ grabbed: "a", damage: 3 }, { grabbed: "c", damage: 6 }]);
    expect(dragDamage(records, "h", 1)).toEqual([{ grabbed: "d", damage: 1 }]);
    expect(dragDamage(records, "x", 5)).toEqual([]);
    for (const n of [0, -2, 1.5, Number.NaN]) expect(dragDamage(records, "g", n), String(n)).toEqual([]);
  });
});

const sq = (x: number, y: number, size = 1) => ({ x, y, size });
const east = (from: number, to: number, y = 0) => Array.from({ length: to - from + 1 }, (_, i) => sq(from + i, y));

describe("the grabbed creature moves with its grabber (L6674: 'they bring you with them')", () => {
  it("keeps its place beside the grabber along the grabber's path, ending adjacent as it began", () => {
    // Grabber walks from (0,0) to (3,0); the grabbed creature stood west of it at (-1,0).
    const out = grabCarry({ path: east(0, 3), grabbed: sq(-1, 0), speed: 5 });
    expect(out).toEqual({ to: sq(2, 0), path: east(-1, 2) });
    // Diagonal neighbour, a size-2 grabbed creature: the same offset.
    expect(grabCarry({ path: [sq(0, 0), sq(0, 1), sq(0, 2)], grabbed: sq(1, -2, 2), speed: 5 })).toMatchObject({ to: sq(1, 0, 2) });
  });
  it("does nothing when the grabber kept its space, or still stands next to the grabbed creature", () => {
    expect(grabCarry({ path: [sq(0, 0)], grabbed: sq(1, 0), speed: 5 })).toBeNull();
    expect(grabCarry({ path: [sq(0, 0), sq(0, 0)], grabbed: sq(1, 0), speed: 5 })).toBeNull();
    // A step around it: still adjacent (L6674 asks no more).
    expect(grabCarry({ path: [sq(0, 0), sq(0, 1)], grabbed: sq(1, 0), speed: 5 })).toBeNull();
  });
  it("refuses a creature that was not next to the grabber when it set off (L6676)", () => {
    expect(grabCarry({ path: east(0, 3), grabbed: sq(-2, 0), speed: 5 })).toEqual({ refused: "notAdjacent" });
  });
  it("refuses a move longer than the grabber's speed now (L6836; halved by the grab, L6674)", () => {
    expect(grabCarry({ path: east(0, 3), grabbed: sq(-1, 0), speed: 3 })).toMatchObject({ to: sq(2, 0) });
    expect(grabCarry({ path: east(0, 3), grabbed: sq(-1, 0), speed: 2 })).toEqual({ refused: "beyondSpeed" });
    expect(grabCarry({ path: east(0, 3), grabbed: sq(-1, 0), speed: Number.NaN })).toEqual({ refused: "beyondSpeed" });
  });
  it("refuses a carried path through a wall (L6956) or onto another creature", () => {
    // A wall between x=1 and x=2 on row 1 only: the grabber (row 0) passes, the creature beside it (row 1) does not.
    const wall = { x0: 2, y0: 1, x1: 2, y1: 2 };
    expect(grabCarry({ path: east(0, 3), grabbed: sq(0, 1), speed: 5, walls: [wall] })).toEqual({ refused: "wall" });
    expect(grabCarry({ path: east(0, 3), grabbed: sq(0, -1), speed: 5, walls: [wall] })).toMatchObject({ to: sq(3, -1) });
    expect(grabCarry({ path: east(0, 3), grabbed: sq(-1, 0), speed: 5, occupied: [sq(2, 0)] })).toEqual({ refused: "occupied" });
    // A creature it passes by on the way does not stop it.
    expect(grabCarry({ path: east(0, 3), grabbed: sq(-1, 0), speed: 5, occupied: [sq(1, 1)] })).toMatchObject({ to: sq(2, 0) });
  });
  it("throws a RangeError for a space that is not whole squares", () => {
    expect(() => grabCarry({ path: [sq(0.5, 0)], grabbed: sq(1, 0), speed: 5 })).toThrow(RangeError);
  });
});

describe("which grab a player's card made the GM records (L7021-7022, L3461, L6676)", () => {
  const M: Size = { value: 1, letter: "M" };
  const base: Parameters<typeof grabRecordProblem>[0] = {
    tierGrabs: true, grabbedByUser: true, grabber: sq(0, 0), grabbed: sq(1, 1),
    targetText: "1 creature the same size or smaller than you", grabberSize: M, grabbedSize: { value: 1, letter: "S" },
  };
  it("records a tier-3 grab of an adjacent creature its size or smaller", () => {
    expect(grabRecordProblem(base)).toBeNull();
    expect(grabRecordProblem({ ...base, grabbedSize: M })).toBeNull();
  });
  it("refuses a tier that does not grab, or a grab the application did not make", () => {
    expect(grabRecordProblem({ ...base, tierGrabs: false })).toBe("notGrabbed");
    expect(grabRecordProblem({ ...base, grabbedByUser: false })).toBe("notGrabbed");
  });
  it("refuses a creature that is not adjacent, or not on the map", () => {
    expect(grabRecordProblem({ ...base, grabbed: sq(2, 0) })).toBe("notAdjacent");
    expect(grabRecordProblem({ ...base, grabbed: null })).toBe("notAdjacent");
    expect(grabRecordProblem({ ...base, grabbed: sq(0, 0) })).toBe("notAdjacent");
  });
  it("refuses a larger creature when the target line limits the size (Grab L7022, Impaling Strike L3461)", () => {
    expect(grabRecordProblem({ ...base, grabbedSize: { value: 2, letter: "" } })).toBe("tooLarge");
    expect(grabRecordProblem({ ...base, targetText: "1 creature of your size or smaller", grabbedSize: { value: 1, letter: "L" } })).toBe("tooLarge");
    // No such limit in the target line, or a size unknown: the Director's call, recorded.
    expect(grabRecordProblem({ ...base, targetText: "1 creature", grabbedSize: { value: 2, letter: "" } })).toBeNull();
    expect(grabRecordProblem({ ...base, grabbedSize: { value: 0, letter: "" } })).toBeNull();
  });
});

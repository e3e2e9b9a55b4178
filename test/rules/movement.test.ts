// Moving on the map (src/rules/movement.ts): straight paths, opportunity attacks, enemy spaces and
// shifting, by example from the seed and by property.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  enemySpaceCost, grabHalvesSpeed, jumpDistances, moveAgainstSpeed, opportunityAttackers, shiftAllowance, sizeRank, spaceDistance, speedNow, straightPath,
} from "../../src/rules/index.ts";
import type { GridSpace, MoveKind, ReachCreature } from "../../src/rules/index.ts";

const at = (x: number, y: number, size = 1): GridSpace => ({ x, y, size });
const space = fc.record({ x: fc.integer({ min: -10, max: 10 }), y: fc.integer({ min: -10, max: 10 }), size: fc.integer({ min: 1, max: 3 }) });

describe("straightPath", () => {
  it("steps one square at a time from start to end, both included", () => {
    expect(straightPath(at(0, 0), { x: 3, y: 0 })).toEqual([at(0, 0), at(1, 0), at(2, 0), at(3, 0)]);
    expect(straightPath(at(0, 0, 2), { x: 2, y: 2 })).toEqual([at(0, 0, 2), at(1, 1, 2), at(2, 2, 2)]);
    expect(straightPath(at(4, 4), { x: 4, y: 4 })).toEqual([at(4, 4)]);
  });
  it("has as many steps as the distance moved, each to an adjacent square", () => {
    fc.assert(fc.property(space, fc.integer({ min: -10, max: 10 }), fc.integer({ min: -10, max: 10 }), (from, x, y) => {
      const path = straightPath(from, { x, y });
      expect(path.length - 1).toBe(Math.max(Math.abs(x - from.x), Math.abs(y - from.y)));
      expect(path.at(-1)).toEqual({ x, y, size: from.size });
      for (let i = 1; i < path.length; i++) expect(Math.max(Math.abs(path[i]!.x - path[i - 1]!.x), Math.abs(path[i]!.y - path[i - 1]!.y))).toBe(1);
    }));
  });
  it("throws a RangeError for a square that is not whole", () => {
    expect(() => straightPath(at(0, 0), { x: 1.5, y: 0 })).toThrow(RangeError);
  });
});

describe("opportunityAttackers (L7103)", () => {
  const goblin = (id: string, x: number, y: number, more: Partial<ReachCreature> = {}): ReachCreature =>
    ({ id, space: at(x, y), disposition: -1, reach: 1, canAct: true, ...more });
  const hero = { id: "hero", disposition: 1 };
  const walkAway = straightPath(at(5, 5), { x: 9, y: 5 });
  it("names each enemy whose reach the mover leaves by moving, once, in the order left", () => {
    const creatures = [goblin("behind", 4, 5), goblin("far", 15, 5), goblin("beside", 6, 6), goblin("friend", 5, 4, { disposition: 1 })];
    expect(opportunityAttackers({ path: walkAway, kind: "move", mover: hero, creatures })).toEqual(["behind", "beside"]);
  });
  it("uses each creature's reach: a reach-2 enemy is left a square later, and moving within reach provokes nothing", () => {
    expect(opportunityAttackers({ path: straightPath(at(5, 5), { x: 6, y: 5 }), kind: "move", mover: hero, creatures: [goblin("long", 4, 5, { reach: 2 })] })).toEqual([]);
    expect(opportunityAttackers({ path: walkAway, kind: "move", mover: hero, creatures: [goblin("long", 4, 5, { reach: 2 })] })).toEqual(["long"]);
    const circling = [at(5, 5), at(5, 4), at(4, 4)];
    expect(opportunityAttackers({ path: circling, kind: "move", mover: hero, creatures: [goblin("g", 4, 5)] })).toEqual([]);
  });
  it("provokes nothing by shifting, forced movement, teleporting or falling, nor from who cannot act or is neutral", () => {
    const creatures = [goblin("g", 4, 5)];
    for (const kind of ["shift", "forced", "teleport", "fall"] as MoveKind[]) expect(opportunityAttackers({ path: walkAway, kind, mover: hero, creatures })).toEqual([]);
    expect(opportunityAttackers({ path: walkAway, kind: "move", mover: hero, creatures: [goblin("g", 4, 5, { canAct: false })] })).toEqual([]);
    expect(opportunityAttackers({ path: walkAway, kind: "move", mover: { id: "n", disposition: 0 }, creatures })).toEqual([]);
  });
  it("never names a creature the mover was never within reach of, nor one it ends within reach of without leaving it", () => {
    fc.assert(fc.property(space, space, fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 }), (start, enemy, x, y) => {
      const path = straightPath(start, { x: start.x + x, y: start.y + y });
      const ids = opportunityAttackers({ path, kind: "move", mover: hero, creatures: [{ id: "e", space: enemy, disposition: -1, reach: 1, canAct: true }] });
      const within = path.map((p) => spaceDistance(p, enemy) <= 1);
      const left = within.some((w, i) => i > 0 && within[i - 1] && !w);
      expect(ids).toEqual(left ? ["e"] : []);
    }));
  });
  it("throws a RangeError for an empty path", () => {
    expect(() => opportunityAttackers({ path: [], kind: "move", mover: hero, creatures: [] })).toThrow(RangeError);
  });
});

describe("enemySpaceCost (L6830, L6914)", () => {
  it("adds one square to entering an enemy's space, not on top of difficult terrain, and nothing to forced movement", () => {
    expect(enemySpaceCost({ cost: 5, distance: 5, squareDistance: 5 })).toBe(10);
    expect(enemySpaceCost({ cost: 10, distance: 5, squareDistance: 5 })).toBe(10); // already difficult
    expect(enemySpaceCost({ cost: 1, distance: 1, squareDistance: 1 })).toBe(2);
    expect(enemySpaceCost({ cost: 5, distance: 5, squareDistance: 5, forced: true })).toBe(5);
    expect(enemySpaceCost({ cost: 0, distance: 0, squareDistance: 5 })).toBe(0);
  });
  it("throws a RangeError for negative costs or a square without length", () => {
    expect(() => enemySpaceCost({ cost: -1, distance: 1, squareDistance: 1 })).toThrow(RangeError);
    expect(() => enemySpaceCost({ cost: 1, distance: 1, squareDistance: 0 })).toThrow(RangeError);
  });
});

describe("shiftAllowance (L6840)", () => {
  it("is half the move's squares, rounded down", () => {
    expect(shiftAllowance(5)).toBe(2);
    expect(shiftAllowance(6)).toBe(3);
    expect(shiftAllowance(0)).toBe(0);
    expect(() => shiftAllowance(-1)).toThrow(RangeError);
  });
});

describe("sizeRank (L6716)", () => {
  it("orders 1T, 1S, 1M, 1L, then 2, 3 and up", () => {
    const order = [{ value: 1, letter: "T" }, { value: 1, letter: "S" }, { value: 1, letter: "M" }, { value: 1, letter: "L" }, { value: 2 }, { value: 3 }, { value: 5 }];
    expect(order.map(sizeRank)).toEqual([0, 1, 2, 3, 4, 5, 7]);
  });
  it("counts a size 1 without a letter as 1M (L668), and throws for a size below 1 or not whole", () => {
    expect(sizeRank({ value: 1, letter: "" })).toBe(2);
    expect(() => sizeRank({ value: 0 })).toThrow(RangeError);
    expect(() => sizeRank({ value: 1.5 })).toThrow(RangeError);
  });
});

describe("grabHalvesSpeed (L6674)", () => {
  const M = { value: 1, letter: "M" };
  const S = { value: 1, letter: "S" };
  const ogre = { value: 2, letter: "" };
  it("halves a grabber holding a creature of its own size or larger", () => {
    expect(grabHalvesSpeed(M, [M])).toBe(true);
    expect(grabHalvesSpeed(S, [M])).toBe(true);
    expect(grabHalvesSpeed(M, [ogre])).toBe(true);
  });
  it("leaves a grabber larger than everything it holds, or holding nothing, at full speed", () => {
    expect(grabHalvesSpeed(ogre, [M, S])).toBe(false);
    expect(grabHalvesSpeed({ value: 1, letter: "L" }, [M])).toBe(false);
    expect(grabHalvesSpeed(M, [])).toBe(false);
  });
  it("halves when any one held creature is big enough", () => {
    expect(grabHalvesSpeed(M, [S, M])).toBe(true);
  });
});

describe("speedNow (L6226, L6674, L6690, L6836)", () => {
  it("halves rounding down, as L6836's speed 5 halved to 2", () => {
    expect(speedNow({ speed: 5, halvedBy: ["grab"] })).toEqual({ speed: 2, halvedBy: ["grab"] });
    expect(speedNow({ speed: 6, halvedBy: ["sneak"] }).speed).toBe(3);
    expect(speedNow({ speed: 1, halvedBy: ["sneak"] }).speed).toBe(0);
  });
  it("halves once however many reasons apply (L6616 reading)", () => {
    expect(speedNow({ speed: 6, halvedBy: ["grab", "sneak", "grab"] })).toEqual({ speed: 3, halvedBy: ["grab", "sneak"] });
  });
  it("applies conditions after halving: slowed is 2 unless already lower (L6690), grabbed 0 (L6674)", () => {
    expect(speedNow({ speed: 5, statuses: ["slowed"], halvedBy: ["sneak"] }).speed).toBe(2);
    expect(speedNow({ speed: 3, statuses: ["slowed"], halvedBy: ["sneak"] }).speed).toBe(1);
    expect(speedNow({ speed: 5, statuses: ["grabbed"] }).speed).toBe(0);
    expect(speedNow({ speed: 5 })).toEqual({ speed: 5, halvedBy: [] });
  });
  it("never rises with a halving and throws for a speed not a whole number of 0 or more", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 30 }), (speed) => {
      expect(speedNow({ speed, halvedBy: ["grab"] }).speed).toBeLessThanOrEqual(speedNow({ speed }).speed);
    }));
    expect(() => speedNow({ speed: -1 })).toThrow(RangeError);
    expect(() => speedNow({ speed: 2.5 })).toThrow(RangeError);
  });
});

describe("moveAgainstSpeed (L6836, L6792)", () => {
  it("is within speed up to the speed itself and beyond it after (squares of 5 ft)", () => {
    expect(moveAgainstSpeed({ cost: 25, squareDistance: 5, speed: 5 })).toEqual({ squares: 5, speed: 5, over: false, moves: 1 });
    expect(moveAgainstSpeed({ cost: 30, squareDistance: 5, speed: 5 })).toEqual({ squares: 6, speed: 5, over: true, moves: 2 });
    expect(moveAgainstSpeed({ cost: 55, squareDistance: 5, speed: 5 })).toMatchObject({ squares: 11, over: true, moves: 3 });
  });
  it("reads costs in other units per square (1.5 m) without float noise", () => {
    expect(moveAgainstSpeed({ cost: 4.5, squareDistance: 1.5, speed: 3 })).toEqual({ squares: 3, speed: 3, over: false, moves: 1 });
  });
  it("flags any movement at speed 0, with no number of moves that would allow it", () => {
    expect(moveAgainstSpeed({ cost: 1, squareDistance: 1, speed: 0 })).toEqual({ squares: 1, speed: 0, over: true, moves: null });
    expect(moveAgainstSpeed({ cost: 0, squareDistance: 1, speed: 0 })).toEqual({ squares: 0, speed: 0, over: false, moves: 0 });
  });
  it("is over exactly when the squares exceed the speed", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 12 }), (squares, speed) => {
      const r = moveAgainstSpeed({ cost: squares * 5, squareDistance: 5, speed });
      expect(r.over).toBe(squares > speed);
      expect(r.moves).toBe(Math.ceil(squares / speed));
    }));
  });
  it("throws for a negative cost, a square of 0 or a bad speed", () => {
    expect(() => moveAgainstSpeed({ cost: -1, squareDistance: 5, speed: 5 })).toThrow(RangeError);
    expect(() => moveAgainstSpeed({ cost: 5, squareDistance: 0, speed: 5 })).toThrow(RangeError);
    expect(() => moveAgainstSpeed({ cost: 5, squareDistance: 5, speed: -2 })).toThrow(RangeError);
  });
});

describe("jumpDistances (L6882–6890)", () => {
  it("long jumps the higher of Might and Agility, at least 1 (L6884); high 1 (L6888)", () => {
    expect(jumpDistances({ might: 2, agility: 1 })).toEqual({ long: 2, high: 1 });
    expect(jumpDistances({ might: 0, agility: 3 })).toEqual({ long: 3, high: 1 });
    expect(jumpDistances({ might: -1, agility: 0 })).toEqual({ long: 1, high: 1 });
  });
  it("adds 1 to both after a 2-square straight run-up (L6884, L6888)", () => {
    expect(jumpDistances({ might: 2, agility: 1, runUp: true })).toEqual({ long: 3, high: 2 });
  });
  it("adds 1 on a success and 2 on a success with a reward of the easy Might test, nothing on a failure (L6886)", () => {
    expect(jumpDistances({ might: 2, agility: 0, test: "success" }).long).toBe(3);
    expect(jumpDistances({ might: 2, agility: 0, test: "reward" }).long).toBe(4);
    expect(jumpDistances({ might: 2, agility: 0, test: "fail" }).long).toBe(2);
    expect(jumpDistances({ might: 2, agility: 0, runUp: true, test: "reward" })).toEqual({ long: 5, high: 2 });
  });
  it("never exceeds the distance of the effect that allows the move (L6890)", () => {
    expect(jumpDistances({ might: 4, agility: 0, runUp: true, allowed: 3 })).toEqual({ long: 3, high: 2 });
    expect(jumpDistances({ might: 4, agility: 0, allowed: 0 })).toEqual({ long: 0, high: 0 });
  });
  it("throws for characteristics not whole or an allowed distance below 0", () => {
    expect(() => jumpDistances({ might: 1.5, agility: 0 })).toThrow(RangeError);
    expect(() => jumpDistances({ might: 1, agility: 0, allowed: -1 })).toThrow(RangeError);
  });
});

describe("moveRevealsHidden (L6212)", () => {
  it("a move with any stretch not sneaking ends hiding; sneaking all the way, a forced movement or no move does not", async () => {
    const { moveRevealsHidden, SNEAK_ACTION } = await import("../../src/rules/index.ts");
    expect(SNEAK_ACTION).toBe("sneak");
    expect(moveRevealsHidden(["walk"], false)).toBe(true);
    expect(moveRevealsHidden(["sneak", "walk"], false)).toBe(true);
    expect(moveRevealsHidden(["blink"], false)).toBe(true);
    expect(moveRevealsHidden(["sneak", "sneak"], false)).toBe(false);
    expect(moveRevealsHidden(["walk"], true)).toBe(false);
    expect(moveRevealsHidden([], false)).toBe(false);
  });
});

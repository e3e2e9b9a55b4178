// The battlefield's geometry and hazards (src/rules/battlefield.ts), by example from the seed and by
// property over random spaces.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  abilityAreaDimensions, areaAffects, areaRectangles, burstRectangles, burstTargets, cubeAround, freeStrikeReach, isWallShape, placedArea, wallPlacement, landOnCreature, lineOfEffect, squaresOutline, lineSquares, nearestFreeSpace, spacesOverlap, targetsInArea, fallOutcome, MATERIAL_COST, burstSquares, creaturesInArea, cubeWithin, fallingDamage, forcedMovement, hasHighGround, hurlThroughObject, isFlanking, positionalToggles, spaceDistance, spaceSquares,
  spacesAdjacent, grabEndsAfterForcedMove,
} from "../../src/rules/index.ts";
import type { GridSpace } from "../../src/rules/index.ts";

const at = (x: number, y: number, size = 1): GridSpace => ({ x, y, size });
const space = fc.record({ x: fc.integer({ min: -20, max: 20 }), y: fc.integer({ min: -20, max: 20 }), size: fc.integer({ min: 1, max: 4 }) });

describe("spaceDistance", () => {
  it("counts squares between nearest squares, diagonals 1: adjacent 1, overlapping 0", () => {
    expect(spaceDistance(at(0, 0), at(1, 0))).toBe(1);
    expect(spaceDistance(at(0, 0), at(1, 1))).toBe(1);
    expect(spaceDistance(at(0, 0), at(3, 1))).toBe(3);
    expect(spaceDistance(at(0, 0), at(0, 0))).toBe(0);
    expect(spaceDistance(at(0, 0, 3), at(1, 1))).toBe(0);
    // A size 2 creature is measured from its nearest square.
    expect(spaceDistance(at(0, 0, 2), at(4, 0))).toBe(3);
    expect(spaceDistance(at(0, 0, 2), at(2, 2))).toBe(1);
  });
  it("is symmetric, 1 exactly for adjacent spaces, and the same as a square-by-square Chebyshev minimum", () => {
    fc.assert(fc.property(space, space, (a, b) => {
      const d = spaceDistance(a, b);
      expect(spaceDistance(b, a)).toBe(d);
      expect(d === 1).toBe(spacesAdjacent(a, b));
      let min = Infinity;
      for (const p of spaceSquares(a)) for (const q of spaceSquares(b)) min = Math.min(min, Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y)));
      expect(d).toBe(min);
    }));
  });
  it("refuses a space that is not whole squares", () => {
    expect(() => spaceDistance(at(0.5, 0), at(1, 1))).toThrow(/a must be/);
    expect(() => spaceDistance(at(0, 0), at(1, 1, 0))).toThrow(/b must be/);
  });
});

describe("isFlanking (L7136–7142)", () => {
  const enemy = at(5, 5);
  it("flanks across opposite sides or opposite corners", () => {
    expect(isFlanking(at(4, 5), at(6, 5), enemy)).toBe(true);
    expect(isFlanking(at(5, 4), at(5, 6), enemy)).toBe(true);
    expect(isFlanking(at(4, 4), at(6, 6), enemy)).toBe(true);
    expect(isFlanking(at(6, 4), at(4, 6), enemy)).toBe(true);
  });
  it("does not flank across adjacent sides, from one side, or from afar", () => {
    expect(isFlanking(at(4, 5), at(5, 6), enemy)).toBe(false);
    expect(isFlanking(at(4, 4), at(6, 5), enemy)).toBe(false);
    expect(isFlanking(at(4, 4), at(4, 6), enemy)).toBe(false);
    expect(isFlanking(at(3, 5), at(6, 5), enemy)).toBe(false); // the attacker is not adjacent
  });
  it("flanks a large enemy through opposite sides, and not along its edge", () => {
    const ogre = at(5, 5, 2);
    expect(isFlanking(at(4, 5), at(7, 6), ogre)).toBe(true);
    expect(isFlanking(at(4, 4), at(7, 7), ogre)).toBe(true);
    expect(isFlanking(at(5, 4), at(6, 7), ogre)).toBe(true);
    // Two size 2 allies whose centres' line runs along the top edge only grazes it.
    expect(isFlanking(at(3, 4, 2), at(7, 4, 2), ogre)).toBe(false);
  });
  it("is symmetric between the two allies, and needs both adjacent", () => {
    fc.assert(fc.property(space, space, space, (a, b, e) => {
      const f = isFlanking(a, b, e);
      expect(isFlanking(b, a, e)).toBe(f);
      if (f) expect(spacesAdjacent(a, e) && spacesAdjacent(b, e)).toBe(true);
    }));
  });
  it("always flanks a size 1 enemy from exactly opposite squares", () => {
    fc.assert(fc.property(fc.integer({ min: -1, max: 1 }), fc.integer({ min: -1, max: 1 }), (dx, dy) => {
      fc.pre(dx !== 0 || dy !== 0);
      expect(isFlanking(at(5 + dx, 5 + dy), at(5 - dx, 5 - dy), enemy)).toBe(true);
    }));
  });
});

describe("hasHighGround (L6916)", () => {
  it("needs the bottom of the attacker's space above the top of the target's", () => {
    expect(hasHighGround({ elevation: 2 }, { elevation: 0, height: 1 })).toBe(true);
    expect(hasHighGround({ elevation: 1 }, { elevation: 0, height: 1 })).toBe(false);
    expect(hasHighGround({ elevation: 2 }, { elevation: 0, height: 2 })).toBe(false);
    expect(hasHighGround({ elevation: 3 }, { elevation: 0, height: 2 })).toBe(true);
    expect(hasHighGround({ elevation: 0 }, { elevation: -2, height: 1 })).toBe(true);
  });
  it("refuses what is not a number", () => {
    expect(() => hasHighGround({ elevation: Number.NaN }, { elevation: 0, height: 1 })).toThrow(/attacker.elevation/);
    expect(() => hasHighGround({ elevation: 1 }, { elevation: 0, height: -1 })).toThrow(/target.height/);
  });
});

describe("fallingDamage (L6188–6190)", () => {
  it("deals 2 per square of the effective height, from 2 squares", () => {
    expect(fallingDamage({ squares: 5, agility: 0 })).toBe(10);
    expect(fallingDamage({ squares: 5, agility: 2 })).toBe(6);
    expect(fallingDamage({ squares: 3, agility: 2 })).toBe(0); // effective 1
    expect(fallingDamage({ squares: 1, agility: 0 })).toBe(0);
    expect(fallingDamage({ squares: 2, agility: 0 })).toBe(4);
    expect(fallingDamage({ squares: 10, agility: 1, liquidDepth: 1 })).toBe(10); // 10 − 1 − 4
    expect(fallingDamage({ squares: 10, agility: 1, liquidDepth: 0 })).toBe(18);
  });
  it("takes nothing off for a negative Agility, and never goes below 0", () => {
    expect(fallingDamage({ squares: 4, agility: -2 })).toBe(8);
    fc.assert(fc.property(fc.nat(200), fc.integer({ min: -5, max: 5 }), fc.nat(3), (squares, agility, liquidDepth) => {
      const dmg = fallingDamage({ squares, agility, liquidDepth });
      expect(dmg).toBeGreaterThanOrEqual(0);
      expect(dmg % 2).toBe(0);
      expect(dmg).toBeLessThanOrEqual(2 * squares);
    }));
  });
  it("refuses bad input", () => {
    expect(() => fallingDamage({ squares: -1, agility: 0 })).toThrow(/squares/);
    expect(() => fallingDamage({ squares: 3, agility: 0.5 })).toThrow(/agility/);
    expect(() => fallingDamage({ squares: 3, agility: 0, liquidDepth: -1 })).toThrow(/liquidDepth/);
  });
});

describe("hurlThroughObject (L6956–6969)", () => {
  it("breaks an object with enough movement left, at the material's cost and damage", () => {
    expect(hurlThroughObject("glass", 3)).toEqual({ breaks: true, damage: 1, remaining: 2 });
    expect(hurlThroughObject("wood", 3)).toEqual({ breaks: true, damage: 3, remaining: 0 });
    expect(hurlThroughObject("stone", 8)).toEqual({ breaks: true, damage: 6, remaining: 2 });
    expect(hurlThroughObject("metal", 9)).toEqual({ breaks: true, damage: 9, remaining: 0 });
  });
  it("slams into it otherwise: the movement ends, 1 damage per square left", () => {
    expect(hurlThroughObject("wood", 2)).toEqual({ breaks: false, damage: 2, remaining: 0 });
    expect(hurlThroughObject("metal", 8)).toEqual({ breaks: false, damage: 8, remaining: 0 });
    expect(hurlThroughObject("glass", 0)).toEqual({ breaks: false, damage: 0, remaining: 0 });
  });
  it("never deals more than the movement left, and keeps the movement's squares", () => {
    fc.assert(fc.property(fc.constantFrom(...(Object.keys(MATERIAL_COST) as (keyof typeof MATERIAL_COST)[])), fc.nat(20), (m, left) => {
      const r = hurlThroughObject(m, left);
      expect(r.damage).toBeLessThanOrEqual(left);
      expect(r.breaks ? r.damage + r.remaining : r.damage).toBe(left);
    }));
  });
  it("refuses an unknown material or a bad count", () => {
    expect(() => hurlThroughObject("paper" as never, 1)).toThrow(/material/);
    expect(() => hurlThroughObject("wood", -1)).toThrow(/squaresLeft/);
  });
});

describe("areas", () => {
  it("a burst covers every square within its distance of the user's whole space, not the user's own", () => {
    expect(burstSquares(at(0, 0), 1)).toHaveLength(8);
    expect(burstSquares(at(0, 0), 2)).toHaveLength(24);
    expect(burstSquares(at(0, 0, 2), 1)).toHaveLength(12); // a size 2 user: a 4 × 4 ring
    fc.assert(fc.property(space, fc.integer({ min: 1, max: 4 }), (s, d) => {
      const squares = burstSquares(s, d);
      expect(squares).toHaveLength((s.size + 2 * d) ** 2 - s.size ** 2);
      for (const q of squares) expect(spaceDistance(s, { ...q, size: 1 })).toBeLessThanOrEqual(d);
    }));
  });
  it("a cube is within its distance when one of its squares is", () => {
    expect(cubeWithin(at(0, 0), at(5, 0, 3), 5)).toBe(true);
    expect(cubeWithin(at(0, 0), at(6, 0, 3), 5)).toBe(false);
    expect(() => cubeWithin(at(0, 0), at(6, 0, 3), -1)).toThrow(/distance/);
  });
  it("refuses a burst of no distance", () => {
    expect(() => burstSquares(at(0, 0), 0)).toThrow(/distance/);
    expect(() => burstRectangles(at(0, 0), 0)).toThrow(/distance/);
    expect(() => burstRectangles(at(0, 0.5), 1)).toThrow(RangeError);
  });
  it("lists each square of a burst once, row by row: the bounding box less the user's own squares", () => {
    fc.assert(fc.property(space, fc.integer({ min: 1, max: 6 }), (s, d) => {
      const squares = burstSquares(s, d);
      const keys = squares.map((q) => `${q.x},${q.y}`);
      expect(new Set(keys).size).toBe(keys.length);
      const box: string[] = [];
      for (let y = s.y - d; y < s.y + s.size + d; y++) {
        for (let x = s.x - d; x < s.x + s.size + d; x++) if (spaceDistance(s, at(x, y)) > 0) box.push(`${x},${y}`);
      }
      expect(keys).toEqual(box);
    }));
  });
  it("a burst's four rectangles are exactly areaRectangles of its squares", () => {
    expect(burstRectangles(at(5, 5), 1)).toEqual(areaRectangles(burstSquares(at(5, 5), 1)));
    fc.assert(fc.property(space, fc.integer({ min: 1, max: 8 }), (s, d) => {
      expect(burstRectangles(s, d)).toEqual(areaRectangles(burstSquares(s, d)));
    }));
  });
});

describe("positionalToggles", () => {
  const goblin = { space: at(5, 5), elevation: 0 };
  it("finds flanking with an ally across the target, if both can take triggered actions (L7142)", () => {
    const attacker = { space: at(4, 5), elevation: 0 };
    expect(positionalToggles({ attacker, target: goblin, allies: [{ space: at(6, 5), canReact: true }] })).toEqual({ flanking: true, highGround: false });
    expect(positionalToggles({ attacker, target: goblin, allies: [{ space: at(6, 5), canReact: false }] }).flanking).toBe(false);
    expect(positionalToggles({ attacker: { ...attacker, canReact: false }, target: goblin, allies: [{ space: at(6, 5), canReact: true }] }).flanking).toBe(false);
    expect(positionalToggles({ attacker, target: goblin, allies: [{ space: at(5, 6), canReact: true }, { space: at(9, 9), canReact: true }] }).flanking).toBe(false);
  });
  it("needs line of effect to the target from both flankers (L7142): a wall between either and it gives no flank", () => {
    const attacker = { space: at(4, 5), elevation: 0 };
    const ryn = [{ space: at(6, 5), canReact: true }];
    const wallEast = [{ x0: 6, y0: 4, x1: 6, y1: 7 }];
    const wallWest = [{ x0: 5, y0: 4, x1: 5, y1: 7 }];
    const elsewhere = [{ x0: 0, y0: 0, x1: 0, y1: 3 }];
    expect(positionalToggles({ attacker, target: goblin, allies: ryn, walls: elsewhere }).flanking).toBe(true);
    expect(positionalToggles({ attacker, target: goblin, allies: ryn, walls: wallEast }).flanking).toBe(false);
    expect(positionalToggles({ attacker, target: goblin, allies: ryn, walls: wallWest }).flanking).toBe(false);
    // A second ally across with line of effect still flanks with the attacker.
    expect(positionalToggles({ attacker: { space: at(5, 4), elevation: 0 }, target: goblin, allies: [...ryn, { space: at(5, 6), canReact: true }], walls: wallEast }).flanking).toBe(true);
  });
  it("finds high ground from elevations in squares", () => {
    expect(positionalToggles({ attacker: { space: at(4, 4), elevation: 2 }, target: goblin, allies: [] })).toEqual({ flanking: false, highGround: true });
    expect(positionalToggles({ attacker: { space: at(4, 4), elevation: 2 }, target: { space: at(5, 5, 2), elevation: 0 }, allies: [] }).highGround).toBe(false);
  });
});

describe("grabEndsAfterForcedMove (L6676)", () => {
  it("the grab ends when the grabber is force moved to a space not adjacent to the grabbed creature", () => {
    expect(grabEndsAfterForcedMove(at(7, 5), at(5, 5))).toBe(true);
    expect(grabEndsAfterForcedMove(at(6, 6), at(5, 5))).toBe(false); // diagonally adjacent
    expect(grabEndsAfterForcedMove(at(6, 4, 2), at(5, 5))).toBe(false); // a size 2 grabber still touches it
    expect(grabEndsAfterForcedMove(at(7, 4, 2), at(5, 5))).toBe(true);
    expect(() => grabEndsAfterForcedMove(at(1.5, 0), at(5, 5))).toThrow(RangeError);
  });
});

describe("forcedMovement (L6920–6969)", () => {
  const base = { creatures: [], objects: [], stability: 0 } as const;
  it("pushes straight away from the source, less the mover's stability, or less by choice", () => {
    expect(forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 3 })).toMatchObject({ end: at(8, 5), moved: 3, damage: 0, stoppedBy: null });
    expect(forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 4), distance: 2 }).end).toEqual(at(7, 7)); // diagonally away
    expect(forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 3, stability: 2 }).moved).toBe(1);
    expect(forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 3, stability: 5 }).moved).toBe(0);
    expect(forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 3, chosen: 1 }).end).toEqual(at(6, 5));
  });
  it("pulls straight toward the source, never past it", () => {
    expect(forcedMovement({ ...base, kind: "pull", mover: at(9, 5), source: at(4, 5), distance: 10, chosen: 4 })).toMatchObject({ end: at(5, 5), moved: 4, damage: 0 });
    // Pulled further than the gap, it slams into the puller, who is solid even when not listed.
    expect(forcedMovement({ ...base, kind: "pull", mover: at(9, 5), source: at(4, 5), distance: 6 })).toMatchObject({ end: at(5, 5), damage: 2, slammed: [{ id: "", damage: 2 }] });
    // Into the puller, when it is among the creatures and the mover goes on (L6950): both take damage.
    const into = forcedMovement({ ...base, kind: "pull", mover: at(6, 5), source: at(4, 5), distance: 3, creatures: [{ ...at(4, 5), id: "puller" }] });
    expect(into).toMatchObject({ end: at(5, 5), moved: 1, damage: 2, slammed: [{ id: "puller", damage: 2 }], stoppedBy: "creature" });
  });
  it("slides in the direction chosen", () => {
    expect(forcedMovement({ ...base, kind: "slide", mover: at(5, 5), source: at(0, 0), distance: 2, direction: { dx: 0, dy: -1 } }).end).toEqual(at(5, 3));
    expect(() => forcedMovement({ ...base, kind: "slide", mover: at(5, 5), source: at(0, 0), distance: 2, direction: { dx: 0, dy: 0 } })).toThrow(/direction/);
  });
  it("slams into a creature: the movement ends, both take 1 per square left (L6946)", () => {
    const r = forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 5, creatures: [{ ...at(8, 5), id: "goblin" }] });
    expect(r).toEqual({ end: at(7, 5), moved: 2, damage: 3, slammed: [{ id: "goblin", damage: 3 }], broken: [], stoppedBy: "creature", elevation: 0, fell: null });
  });
  it("a larger creature slammed into several smaller ones hurts every creature in the collision once (L6948)", () => {
    // A size 2 mover pushed east into a goblin and a kobold side by side: each takes 3, the mover 3 once.
    const creatures = [{ ...at(8, 5), id: "goblin" }, { ...at(8, 6), id: "kobold" }, { ...at(8, 7), id: "bystander" }];
    const r = forcedMovement({ ...base, kind: "push", mover: at(5, 5, 2), source: at(3, 5, 2), distance: 4, creatures });
    expect(r).toEqual({ end: at(6, 5, 2), moved: 1, damage: 3, slammed: [{ id: "goblin", damage: 3 }, { id: "kobold", damage: 3 }],
      broken: [], stoppedBy: "creature", elevation: 0, fell: null });
    // Nothing in the way: no one slammed.
    expect(forcedMovement({ ...base, kind: "push", mover: at(5, 5, 2), source: at(3, 5, 2), distance: 1, creatures }).slammed).toEqual([]);
  });
  it("breaks through glass and wood with movement to spare, and slams into stone (L6956–6969)", () => {
    const objects = [{ ...at(6, 5), material: "glass" as const }, { ...at(8, 5), material: "wood" as const }, { ...at(10, 5), material: "stone" as const }];
    const r = forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 8, objects });
    // glass: 1 (7 left), into it, on (6 left, 5 after the next square), wood: 3 (2 left), into it (1 left), on to 9,5 (0 left).
    expect(r).toMatchObject({ end: at(9, 5), damage: 4, broken: ["glass", "wood"], brokenAt: [at(6, 5), at(8, 5)], stoppedBy: null });
    const stone = forcedMovement({ ...base, kind: "push", mover: at(8, 5), source: at(7, 5), distance: 3, objects });
    expect(stone).toMatchObject({ end: at(9, 5), moved: 1, damage: 2, broken: [], stoppedBy: "object" }); // 2 left against stone
  });
  it("never moves further than allowed, and deals damage only on a collision or an object", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: -1, max: 1 }), fc.integer({ min: -1, max: 1 }), (distance, stability, dx, dy) => {
      fc.pre(dx !== 0 || dy !== 0);
      const r = forcedMovement({ ...base, kind: "push", mover: at(0, 0), source: at(-dx, -dy), distance, stability });
      expect(r.moved).toBe(Math.max(0, distance - stability));
      expect(r.damage).toBe(0);
      expect(r.end).toEqual(at(dx * r.moved + 0, dy * r.moved + 0)); // + 0: no −0
    }));
  });
  it("refuses bad input", () => {
    expect(() => forcedMovement({ ...base, kind: "push", mover: at(0, 0), source: at(1, 0), distance: -1 })).toThrow(/distance/);
    expect(() => forcedMovement({ ...base, kind: "push", mover: at(0, 0), source: at(1, 0), distance: 1, stability: -1 })).toThrow(/stability/);
    expect(() => forcedMovement({ ...base, kind: "shove" as never, mover: at(0, 0), source: at(1, 0), distance: 1 })).toThrow(/kind/);
  });
});

describe("creaturesInArea", () => {
  it("finds every creature with a square in the area, large ones by any of their squares", () => {
    const creatures = [{ ...at(0, 0), id: "a" }, { ...at(3, 3, 2), id: "ogre" }, { ...at(9, 9), id: "far" }];
    const squares = burstSquares(at(1, 1), 1);
    expect(creaturesInArea(creatures, squares).map((c) => c.id)).toEqual(["a"]);
    expect(creaturesInArea(creatures, burstSquares(at(1, 1), 2)).map((c) => c.id)).toEqual(["a", "ogre"]);
  });
});

describe("area targeting (L6822 on)", () => {
  it("reads whom an area affects from its target line", () => {
    expect(areaAffects("Each enemy in the burst")).toBe("enemy");
    expect(areaAffects("each ally in the aura")).toBe("ally");
    expect(areaAffects("Each creature in the area")).toBe("creature");
    expect(areaAffects("One creature or object")).toBeNull();
  });
  it("targets the creatures the line names within the burst of the user's whole space, never the user", () => {
    const self = { id: "me", space: { x: 5, y: 5, size: 2 }, disposition: 1 };
    const creatures = [
      self,
      { id: "adjacent-foe", space: { x: 7, y: 6, size: 1 }, disposition: -1 },
      { id: "far-foe", space: { x: 10, y: 10, size: 1 }, disposition: -1 },
      { id: "corner-foe", space: { x: 3, y: 3, size: 1 }, disposition: -1 }, // 2 squares diagonally: within 2
      { id: "big-foe-edge", space: { x: 8, y: 2, size: 2 }, disposition: -1 }, // its square (8,3) is 2 from the user's (6,5)
      { id: "friend", space: { x: 5, y: 4, size: 1 }, disposition: 1 },
      { id: "bystander", space: { x: 4, y: 5, size: 1 }, disposition: 0 },
    ];
    expect(burstTargets({ self, distance: 2, affects: "enemy", creatures }).sort()).toEqual(["adjacent-foe", "big-foe-edge", "corner-foe"]);
    expect(burstTargets({ self, distance: 1, affects: "enemy", creatures })).toEqual(["adjacent-foe"]);
    expect(burstTargets({ self, distance: 2, affects: "ally", creatures })).toEqual(["friend"]);
    expect(burstTargets({ self, distance: 1, affects: "creature", creatures }).sort()).toEqual(["adjacent-foe", "bystander", "friend"]);
  });
  it("agrees with the distance rule: a creature is targeted exactly when it is within the burst", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: -8, max: 8 }), fc.integer({ min: -8, max: 8 }), fc.integer({ min: 1, max: 2 }),
      (distance, size, x, y, theirSize) => {
        const self = { id: "me", space: { x: 0, y: 0, size }, disposition: 1 };
        const foe = { id: "foe", space: { x, y, size: theirSize }, disposition: -1 };
        const d = spaceDistance(self.space, foe.space);
        fc.pre(d >= 1); // two creatures do not share squares
        const hit = burstTargets({ self, distance, affects: "enemy", creatures: [foe] }).length === 1;
        expect(hit).toBe(d <= distance);
      }));
  });
});

describe("fallOutcome (L6188–6190)", () => {
  it("lands prone exactly when the fall hurts", () => {
    expect(fallOutcome({ squares: 5, agility: 1 })).toEqual({ damage: 8, prone: true });
    expect(fallOutcome({ squares: 6, agility: 1, liquidDepth: 1 })).toEqual({ damage: 0, prone: false });
    fc.assert(fc.property(fc.nat(40), fc.integer({ min: -3, max: 5 }), fc.nat(3), (squares, agility, liquidDepth) => {
      const r = fallOutcome({ squares, agility, liquidDepth });
      expect(r.damage).toBe(fallingDamage({ squares, agility, liquidDepth }));
      expect(r.prone).toBe(r.damage > 0);
    }));
  });
});

describe("areaRectangles", () => {
  it("turns a burst around a creature into the four rectangles of its ring", () => {
    const rects = areaRectangles(burstSquares(at(5, 5), 1));
    expect(rects).toEqual([{ x: 4, y: 4, width: 3, height: 1 }, { x: 4, y: 5, width: 1, height: 1 }, { x: 6, y: 5, width: 1, height: 1 }, { x: 4, y: 6, width: 3, height: 1 }]);
    expect(areaRectangles(spaceSquares(at(2, 3, 3)))).toEqual([{ x: 2, y: 3, width: 3, height: 3 }]);
    expect(areaRectangles([])).toEqual([]);
  });
  it("covers exactly the squares given, each once", () => {
    const square = fc.record({ x: fc.integer({ min: -6, max: 6 }), y: fc.integer({ min: -6, max: 6 }) });
    fc.assert(fc.property(fc.array(square, { maxLength: 40 }), (squares) => {
      const covered: string[] = [];
      for (const r of areaRectangles(squares)) for (let y = r.y; y < r.y + r.height; y++) for (let x = r.x; x < r.x + r.width; x++) covered.push(`${x},${y}`);
      expect(new Set(covered).size).toBe(covered.length);
      expect(new Set(covered)).toEqual(new Set(squares.map((q) => `${q.x},${q.y}`)));
    }));
  });
  it("throws a RangeError for a square that is not whole", () => {
    expect(() => areaRectangles([{ x: 0.5, y: 0 }])).toThrow(RangeError);
  });
  it("one row of 200,000 squares, given backwards and twice, is one rectangle", () => {
    // A row searched square by square for duplicates is quadratic: 2 × 10^10 steps here.
    const row = Array.from({ length: 200_000 }, (_, i) => ({ x: 199_999 - i, y: 7 }));
    expect(areaRectangles([...row, ...row])).toEqual([{ x: 0, y: 7, width: 200_000, height: 1 }]);
  });
});

describe("cubes", () => {
  it("cubeAround centres an odd cube on the square, an even one up and left of the middle", () => {
    expect(cubeAround({ x: 5, y: 5 }, 3)).toEqual({ x: 4, y: 4, size: 3 });
    expect(cubeAround({ x: 5, y: 5 }, 1)).toEqual({ x: 5, y: 5, size: 1 });
    expect(cubeAround({ x: 5, y: 5 }, 2)).toEqual({ x: 5, y: 5, size: 2 });
    expect(cubeAround({ x: 5, y: 5 }, 4)).toEqual({ x: 4, y: 4, size: 4 });
    fc.assert(fc.property(fc.integer({ min: -9, max: 9 }), fc.integer({ min: -9, max: 9 }), fc.integer({ min: 1, max: 8 }), (x, y, size) => {
      const cube = cubeAround({ x, y }, size);
      expect(spaceSquares(cube)).toContainEqual({ x, y });
    }));
    expect(() => cubeAround({ x: 0, y: 0 }, 0)).toThrow(RangeError);
  });
  it("targetsInArea takes whom the line names inside the cube, with line of effect from its origin", () => {
    const self = { id: "me", space: at(0, 0), disposition: 1 };
    const cube = cubeAround({ x: 6, y: 6 }, 3);
    const creatures = [
      { id: "in", space: at(5, 5), disposition: -1 }, { id: "friend", space: at(6, 6), disposition: 1 },
      { id: "out", space: at(9, 9), disposition: -1 }, { id: "big", space: at(7, 3, 2), disposition: -1 },
    ];
    const origin = at(6, 6);
    expect(targetsInArea({ self, squares: spaceSquares(cube), origin, affects: "enemy", creatures })).toEqual(["in"]);
    expect(targetsInArea({ self, squares: spaceSquares(cube), origin, affects: "creature", creatures })).toEqual(["in", "friend"]);
    // A wall between the origin square and one corner of the cube.
    expect(targetsInArea({ self, squares: spaceSquares(cube), origin, affects: "enemy", creatures, walls: [{ x0: 6, y0: 0, x1: 6, y1: 6 }, { x0: 4, y0: 6, x1: 6, y1: 6 }] })).toEqual([]);
  });
});

describe("lineSquares (L6526)", () => {
  const keys = (qs: { x: number; y: number }[]) => qs.map((q) => `${q.x},${q.y}`);
  it("runs A squares from its first square toward the one clicked, along a row, column or diagonal", () => {
    expect(keys(lineSquares({ x: 2, y: 2 }, { x: 9, y: 2 }, 5, 1))).toEqual(["2,2", "3,2", "4,2", "5,2", "6,2"]);
    expect(keys(lineSquares({ x: 2, y: 2 }, { x: 2, y: -9 }, 3, 1))).toEqual(["2,2", "2,1", "2,0"]);
    expect(keys(lineSquares({ x: 2, y: 2 }, { x: 5, y: 6 }, 3, 1))).toEqual(["2,2", "3,3", "4,4"]);
    // Nearer the row than the diagonal: along the row.
    expect(keys(lineSquares({ x: 0, y: 0 }, { x: 9, y: 2 }, 3, 1))).toEqual(["0,0", "1,0", "2,0"]);
  });
  it("spreads a wide line across itself, centred, with no gaps on a diagonal", () => {
    expect(keys(lineSquares({ x: 5, y: 5 }, { x: 9, y: 5 }, 2, 3)).sort()).toEqual(["5,4", "5,5", "5,6", "6,4", "6,5", "6,6"].sort());
    expect(keys(lineSquares({ x: 0, y: 0 }, { x: 3, y: 3 }, 3, 2))).toEqual(["0,0", "1,0", "1,1", "2,1", "2,2", "3,2"]);
  });
  it("has A × B squares, each once, and always holds its first square", () => {
    fc.assert(fc.property(fc.integer({ min: -9, max: 9 }), fc.integer({ min: -9, max: 9 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 3 }),
      (x, y, length, width) => {
        const squares = lineSquares({ x: 0, y: 0 }, { x, y }, length, width);
        expect(squares).toHaveLength(length * width);
        expect(new Set(keys(squares)).size).toBe(squares.length);
        expect(keys(squares)).toContain("0,0");
      }));
    expect(() => lineSquares({ x: 0, y: 0 }, { x: 1, y: 0 }, 0, 1)).toThrow(RangeError);
  });
});

describe("vertical forced movement (L6932–6958)", () => {
  const base = { creatures: [], objects: [], stability: 0 };
  it("rises a square a step with a vertical push, and a creature left in the air falls (L6938)", () => {
    const r = forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 3, rise: 1, agility: 0 });
    // Three squares away and three up; it cannot fly: it falls 3 squares, 6 damage, prone.
    expect(r).toMatchObject({ end: at(8, 5), moved: 3, elevation: 0, fell: { squares: 3, damage: 6, prone: true }, damage: 6 });
    const flier = forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 3, rise: 1, canFly: true });
    expect(flier).toMatchObject({ elevation: 3, fell: null, damage: 0 });
  });
  it("driven into the ground: 1 damage per square left and the fall's damage for the squares driven down (L6958)", () => {
    const r = forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 5, rise: -1, elevation: 3, agility: 1 });
    // Down 3 squares to the ground, 2 left: 2 + fall of 3 less Agility 1 (2 squares: 4) = 6.
    expect(r).toMatchObject({ end: at(8, 5), moved: 3, elevation: 0, stoppedBy: "ground", damage: 6, fell: { squares: 3, damage: 4, prone: true } });
    // From the ground, straight into it: only the squares left.
    expect(forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 2, rise: -1 })).toMatchObject({ moved: 0, damage: 2, stoppedBy: "ground", fell: null });
  });
  it("passes over a creature lower than its elevation, and slams into a taller one", () => {
    const creatures = [{ ...at(7, 5), id: "goblin" }];
    const over = forcedMovement({ ...base, creatures, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 3, rise: 1, canFly: true });
    expect(over).toMatchObject({ end: at(8, 5), slammed: [], elevation: 3 });
    const level = forcedMovement({ ...base, creatures, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 3 });
    expect(level).toMatchObject({ end: at(6, 5), slammed: [{ id: "goblin", damage: 2 }] });
  });
  it("never ends below the ground nor falls unless it rose, and refuses a bad rise or elevation", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 6 }), fc.constantFrom(-1, 0, 1) as fc.Arbitrary<-1 | 0 | 1>, fc.integer({ min: 0, max: 5 }), (distance, rise, elevation) => {
      const r = forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance, rise, elevation, agility: 0 });
      expect(r.elevation).toBeGreaterThanOrEqual(0);
      if (rise === 0) expect(r.fell).toBeNull();
      expect(r.damage).toBeGreaterThanOrEqual(0);
    }));
    expect(() => forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 1, rise: 2 as never })).toThrow(RangeError);
    expect(() => forcedMovement({ ...base, kind: "push", mover: at(5, 5), source: at(4, 5), distance: 1, elevation: -1 })).toThrow(RangeError);
  });
});

describe("falling onto another creature (L6194–6196)", () => {
  it("hurts it as much, and knocks it prone when the faller's size is greater than its Might", () => {
    expect(landOnCreature({ damage: 8, fallerSize: 1, might: 2 })).toEqual({ damage: 8, prone: false });
    expect(landOnCreature({ damage: 8, fallerSize: 3, might: 2 })).toEqual({ damage: 8, prone: true });
    expect(landOnCreature({ damage: 0, fallerSize: 2, might: -1 })).toEqual({ damage: 0, prone: true });
    expect(() => landOnCreature({ damage: -1, fallerSize: 1, might: 0 })).toThrow(RangeError);
  });
  it("lands in the nearest unoccupied space, itself when free", () => {
    expect(nearestFreeSpace(at(5, 5), [])).toEqual(at(5, 5));
    expect(nearestFreeSpace(at(5, 5), [at(5, 5)])).toEqual(at(4, 4));
    expect(nearestFreeSpace(at(5, 5, 2), [at(5, 5)])).toEqual(at(6, 4, 2));
    fc.assert(fc.property(space, fc.array(space, { maxLength: 8 }), (s, occupied) => {
      const free = nearestFreeSpace(s, occupied, 12);
      expect(free).not.toBeNull();
      expect(occupied.some((o) => spacesOverlap(free!, o))).toBe(false);
      expect(free!.size).toBe(s.size);
    }));
  });
});

describe("wall areas (L6527)", () => {
  const q = (x: number, y: number) => ({ x, y });
  it("hang together by their sides, at most X squares, no square twice", () => {
    expect(isWallShape([q(0, 0), q(1, 0), q(1, 1)], 3)).toBe(true);
    expect(isWallShape([q(0, 0), q(1, 1)], 3)).toBe(false); // corners only
    expect(isWallShape([q(0, 0), q(1, 0), q(2, 0), q(3, 0)], 3)).toBe(false); // too many
    expect(isWallShape([q(0, 0), q(0, 0)], 3)).toBe(false);
    expect(isWallShape([], 3)).toBe(false);
  });
  it("are outlined by the sides of their squares that face outward, and block line of effect through them", () => {
    expect(squaresOutline([q(0, 0)])).toHaveLength(4);
    expect(squaresOutline([q(0, 0), q(1, 0)])).toHaveLength(6);
    const wall = squaresOutline([q(3, -2), q(3, -1), q(3, 0), q(3, 1), q(3, 2)]);
    expect(lineOfEffect(at(0, 0), at(6, 0), wall)).toBe(false);
    expect(lineOfEffect(at(0, 0), at(6, 0), [])).toBe(true);
  });
});

describe("wallPlacement (L6527)", () => {
  const area = { kind: "wall" as const, size: 3, width: 1, within: 2 };
  const user = { x: 0, y: 0, size: 1 };
  const q = (x: number, y: number) => ({ x, y });
  it("takes a wall within reach and in line of effect, in no creature's space", () => {
    expect(wallPlacement(area, user, [q(2, 0), q(2, 1), q(2, 2)], [], [])).toBeNull();
    expect(wallPlacement(area, user, [q(2, 0), q(3, 1)], [], [])).toEqual({ refused: "shape" });
    expect(wallPlacement(area, user, [q(2, 0), q(2, 1)], [{ x: 2, y: 1, size: 1 }], [])).toEqual({ refused: "occupied" });
    expect(wallPlacement(area, user, [q(5, 0), q(6, 0)], [], [])).toEqual({ refused: "tooFar" });
    expect(wallPlacement(area, user, [q(2, 0)], [], [{ x0: 1.5, y0: -5, x1: 1.5, y1: 5 }])).toEqual({ refused: "noLineOfEffect" });
  });
});


describe("abilityAreaDimensions (L4687–4703)", () => {
  const base = { primary: 3, secondary: 1, within: 5, kitArea: 1, kitDistance: 5 };
  it("adds the kit's area bonus to every dimension of a Magic ability's area, none to another's", () => {
    expect(abilityAreaDimensions({ ...base, kind: "cube", keywords: ["Magic", "Area"] })).toEqual({ kind: "cube", size: 4, width: 1, within: 5 });
    expect(abilityAreaDimensions({ ...base, kind: "line", keywords: ["magic"] })).toEqual({ kind: "line", size: 4, width: 2, within: 5 });
    expect(abilityAreaDimensions({ ...base, kind: "burst", keywords: ["weapon"] })).toEqual({ kind: "burst", size: 3, width: 1, within: 5 });
  });
  it("adds the distance bonus to where a Ranged Magic or Weapon area may go, never to its size", () => {
    expect(abilityAreaDimensions({ ...base, kind: "cube", keywords: ["ranged", "magic"] })).toEqual({ kind: "cube", size: 4, width: 1, within: 10 });
    expect(abilityAreaDimensions({ ...base, kind: "cube", keywords: ["ranged", "weapon"] })).toEqual({ kind: "cube", size: 3, width: 1, within: 10 });
    expect(abilityAreaDimensions({ ...base, kind: "cube", keywords: ["ranged"] })).toMatchObject({ within: 5 });
  });
  it("is null for a distance that is no area", () => {
    expect(abilityAreaDimensions({ ...base, kind: "ranged", keywords: [] })).toBeNull();
  });
});

describe("placedArea (L6517)", () => {
  const user = at(0, 0);
  it("places a cube with a square within the distance and a line from an origin within it, in line of effect", () => {
    const cube = { kind: "cube" as const, size: 3, width: 1, within: 5 };
    expect(placedArea(cube, user, { x: 6, y: 0 }, undefined, [])).toEqual({ squares: spaceSquares(cubeAround({ x: 6, y: 0 }, 3)) });
    expect(placedArea(cube, user, { x: 8, y: 0 }, undefined, [])).toEqual({ refused: "tooFar" });
    expect(placedArea(cube, user, { x: 3, y: 0 }, undefined, [{ x0: 2, y0: -5, x1: 2, y1: 5 }])).toEqual({ refused: "noLineOfEffect" });
    const line = { kind: "line" as const, size: 3, width: 1, within: 1 };
    expect(placedArea(line, user, { x: 1, y: 0 }, { x: 9, y: 0 }, [])).toEqual({ squares: lineSquares({ x: 1, y: 0 }, { x: 9, y: 0 }, 3, 1) });
    expect(placedArea(line, user, { x: 2, y: 0 }, { x: 9, y: 0 }, [])).toEqual({ refused: "tooFar" });
  });
});

describe("freeStrikeReach", () => {
  it("is 1 plus the kit's reach bonus, never less than 1", () => {
    expect([freeStrikeReach(), freeStrikeReach(1), freeStrikeReach(-2)]).toEqual([1, 2, 1]);
  });
});


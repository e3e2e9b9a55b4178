// The scene's walls as the battlefield rules read them (src/documents/scene-walls.ts): which walls
// block, and their ends from canvas pixels to squares.
import { describe, expect, it } from "vitest";
import { sceneWalls, wallSegment } from "../../src/documents/scene-walls.ts";

describe("wallSegment", () => {
  it("turns a wall that blocks movement into a segment in squares", () => {
    expect(wallSegment({ c: [100, 0, 100, 300], move: 20 }, 100)).toEqual({ x0: 1, y0: 0, x1: 1, y1: 3 });
    expect(wallSegment({ c: [50, 50, 150, 50], move: 20 }, 100)).toEqual({ x0: 0.5, y0: 0.5, x1: 1.5, y1: 0.5 });
  });
  it("leaves out walls that do not block movement and doors that stand open; shut and locked doors block", () => {
    expect(wallSegment({ c: [0, 0, 100, 0], move: 0 }, 100)).toBeNull();
    expect(wallSegment({ c: [0, 0, 100, 0], move: 20, door: 1, ds: 1 }, 100)).toBeNull();
    expect(wallSegment({ c: [0, 0, 100, 0], move: 20, door: 2, ds: 1 }, 100)).toBeNull();
    expect(wallSegment({ c: [0, 0, 100, 0], move: 20, door: 1, ds: 0 }, 100)).not.toBeNull();
    expect(wallSegment({ c: [0, 0, 100, 0], move: 20, door: 1, ds: 2 }, 100)).not.toBeNull();
  });
  it("ignores a wall without four finite ends, and a grid without size", () => {
    expect(wallSegment({ c: [0, 0, 100], move: 20 }, 100)).toBeNull();
    expect(wallSegment({ c: [0, 0, 100, Number.NaN], move: 20 }, 100)).toBeNull();
    expect(wallSegment({ c: [0, 0, 100, 0], move: 20 }, 0)).toBeNull();
  });
});

describe("sceneWalls", () => {
  it("reads every blocking wall of a scene, and nothing without a scene or walls", () => {
    const scene = { grid: { size: 50 }, walls: { contents: [{ c: [0, 0, 50, 0], move: 20 }, { c: [0, 0, 0, 50], move: 0 }] } };
    expect(sceneWalls(scene)).toEqual([{ x0: 0, y0: 0, x1: 1, y1: 0 }]);
    expect(sceneWalls(null)).toEqual([]);
    expect(sceneWalls({ grid: { size: 50 } })).toEqual([]);
  });
});

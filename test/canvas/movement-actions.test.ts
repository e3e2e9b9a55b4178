// Draw Steel's movement costs on v13's movement actions (src/canvas/movement-actions.ts) and how a
// movement is read for opportunity attacks (src/canvas/opportunity-attacks.ts).
import { describe, expect, it } from "vitest";
import { installFoundryHarness } from "../harness/foundry.ts";
import { v13MovementActions } from "../harness/config.ts";

installFoundryHarness();
const { enemySpaceCostFunction, enemySquares, registerMovementActions } = await import("../../src/canvas/movement-actions.ts");
const { movementKind, movementPath } = await import("../../src/canvas/opportunity-attacks.ts");

type CostOf = (token: unknown, options?: unknown) => (cost: number) => number;
const costOf = (actions: Record<string, Record<string, unknown>>, action: string, token: unknown = {}) =>
  ((actions[action]!.getCostFunction as CostOf | undefined)?.(token) ?? ((c: number) => c))(5);

describe("registerMovementActions", () => {
  const actions = v13MovementActions();
  // The harness keeps v13's defaults as plain records; Foundry's config type names each field.
  registerMovementActions(actions as never);
  const flier = { actor: { system: { movement: new Set(["fly", "swim", "climb"]) } } };
  it("adds a shift at double cost (L6840)", () => {
    expect(actions.shift).toMatchObject({ label: "SE.MovementAction.shift" });
    expect(costOf(actions, "shift")).toBe(10);
  });
  it("adds a sneak at walking cost (its speed is halved instead, L6226), selectable only by a hidden creature", () => {
    expect(actions.sneak).toMatchObject({ label: "SE.MovementAction.sneak" });
    expect(costOf(actions, "sneak")).toBe(5);
    const canSelect = actions.sneak!.canSelect as (token: unknown) => boolean;
    expect(canSelect({ actor: { statuses: new Set(["hidden"]) } })).toBe(true);
    expect(canSelect({ actor: { statuses: new Set(["prone"]) } })).toBe(false);
    expect(canSelect({ actor: null })).toBe(false);
  });
  it("doubles swimming and climbing only for a creature without that movement (L6860)", () => {
    expect(costOf(actions, "swim")).toBe(10);
    expect(costOf(actions, "climb")).toBe(10);
    expect(costOf(actions, "swim", flier)).toBe(5);
    expect(costOf(actions, "climb", flier)).toBe(5);
  });
  it("costs a jump as walking (L6884), a blink nothing (L6908), and leaves walking and crawling as v13 has them", () => {
    expect(costOf(actions, "jump")).toBe(5);
    expect(costOf(actions, "blink")).toBe(0);
    expect(costOf(actions, "walk")).toBe(5);
    expect(costOf(actions, "crawl")).toBe(10);
  });
});

describe("enemy spaces (L6830)", () => {
  const scene = {
    grid: { size: 100 },
    tokens: {
      contents: [
        { id: "me", disposition: 1, x: 0, y: 0, width: 1 },
        { id: "ogre", disposition: -1, x: 300, y: 100, width: 2 },
        { id: "friend", disposition: 1, x: 500, y: 500, width: 1 },
        { id: "bystander", disposition: 0, x: 600, y: 600, width: 1 },
      ],
    },
  };
  it("lists every square of every hostile token, by row and column", () => {
    expect([...enemySquares({ id: "me", disposition: 1, parent: scene })].sort()).toEqual(["1,3", "1,4", "2,3", "2,4"]);
    expect([...enemySquares({ id: "ogre", disposition: -1, parent: scene })].sort()).toEqual(["0,0", "5,5"]);
    expect(enemySquares({ id: "bystander", disposition: 0, parent: scene }).size).toBe(0);
  });
  it("adds a square's distance to entering one, over the base cost, not for a teleport", () => {
    const fn = enemySpaceCostFunction(undefined, new Set(["1,3"]), 5);
    const walk = { actionConfig: {} };
    expect(fn({ i: 1, j: 2 }, { i: 1, j: 3 }, 5, walk)).toBe(10);
    expect(fn({ i: 1, j: 3 }, { i: 1, j: 4 }, 5, walk)).toBe(5); // leaving costs nothing more
    expect(fn({ i: 1, j: 2 }, { i: 1, j: 3 }, 5, { actionConfig: { teleport: true } })).toBe(5);
    const difficult = enemySpaceCostFunction(() => 10, new Set(["1,3"]), 5);
    expect(difficult({ i: 1, j: 2 }, { i: 1, j: 3 }, 5, walk)).toBe(10); // difficult terrain and an enemy: still +1
  });
});

describe("reading a movement", () => {
  it("is forced with the system's option, a teleport or a shift by its waypoints' actions, else a move", () => {
    const m = (action: string) => ({ origin: { x: 0, y: 0 }, passed: { waypoints: [{ x: 100, y: 0, action }] } });
    expect(movementKind(m("walk"), { "steel-echoes": { forced: true } })).toBe("forced");
    expect(movementKind(m("blink"), {})).toBe("teleport");
    expect(movementKind(m("displace"), {})).toBe("teleport");
    expect(movementKind(m("shift"), undefined)).toBe("shift");
    expect(movementKind(m("walk"), {})).toBe("move");
    expect(movementKind(m("fly"), {})).toBe("move");
  });
  it("follows straight lines from the origin through each waypoint passed", () => {
    const path = movementPath({ origin: { x: 0, y: 0, width: 1 }, passed: { waypoints: [{ x: 200, y: 0 }, { x: 200, y: 200 }] } }, 100);
    expect(path.map((s) => [s.x, s.y])).toEqual([[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]]);
  });
});

describe("the system's Token placeable", () => {
  it("adds a square to entering an enemy's space on the ruler, and leaves it to Foundry without enemies", async () => {
    const { SteelEchoesToken } = await import("../../src/canvas/token.ts");
    const scene = {
      grid: { size: 100, distance: 5 },
      tokens: { contents: [{ id: "me", disposition: 1, x: 0, y: 0, width: 1 }, { id: "ogre", disposition: -1, x: 200, y: 0, width: 1 }] },
    };
    const token = Object.assign(Object.create(SteelEchoesToken.prototype), { document: { id: "me", disposition: 1, parent: scene } });
    const cost = (token as { _getMovementCostFunction(): (f: object, t: object, d: number, s: object) => number })._getMovementCostFunction();
    expect(cost({ i: 0, j: 1 }, { i: 0, j: 2 }, 5, { actionConfig: {} })).toBe(10);
    expect(cost({ i: 0, j: 0 }, { i: 0, j: 1 }, 5, { actionConfig: {} })).toBe(5);
    const alone = Object.assign(Object.create(SteelEchoesToken.prototype), { document: { id: "me", disposition: 1, parent: { ...scene, tokens: { contents: [] } } } });
    // Without enemies, Foundry's own cost function (the harness Token's, as v13's: the action's cost of the distance).
    const aloneCost = (alone as { _getMovementCostFunction(): (f: object, t: object, d: number, s: object) => number })._getMovementCostFunction();
    expect(aloneCost({ i: 0, j: 1 }, { i: 0, j: 2 }, 5, { actionConfig: {} })).toBe(5);
    expect(aloneCost({ i: 0, j: 1 }, { i: 0, j: 2 }, 5, { actionConfig: { getCostFunction: () => (c: number) => c * 2 } })).toBe(10);
  });
});


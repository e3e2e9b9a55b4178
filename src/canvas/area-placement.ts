/**
 * Placing a cube or a line on the map (seed 004, L6517–6526): when an ability with one is used with
 * nothing targeted on a drawn scene, the user clicks the square at the cube's centre, or the line's
 * first square and then a square it points toward; the creatures its target line names in the area
 * are targeted (`targetPlacedArea`) and the area is drawn as a Region
 * (src/canvas/area-regions.ts). A right click, or a square too far or out of line of effect, places
 * nothing and the ability is used with the targets as they are.
 *
 * The click is read from PIXI's federated pointer events on `canvas.stage` (v13 draws with PIXI 7:
 * `stage.on(type, fn)` / `stage.off(type, fn)`, `event.button` 0 for the main button, and
 * `event.getLocalPosition(stage)` for the point in canvas coordinates, the frame of a token's x and
 * y). That wiring is not exercised against Foundry's real canvas here; everything after the click is.
 *
 * A redraw of the canvas ends a placement in progress, as a cancel: v13's `Canvas#draw` tears the
 * board down (client/canvas/board.mjs `Canvas#tearDown`, which calls `Hooks.callAll("canvasTearDown",
 * this)`) and then `Canvas#addListeners` begins with `this.stage.removeAllListeners()`, so the
 * pointer handlers registered here are gone and the click would never come.
 */
import { placeAreaRegion } from "./area-region-placing.ts";
import { abilityArea } from "./area-targets.ts";
import { targetPlacedArea } from "./area-targeting.ts";

type AnyActor = Actor.Implementation;
type PointerLike = { button?: number; getLocalPosition?: (target: unknown) => { x: number; y: number } };
type Handler = (event: PointerLike) => void;
type StageLike = { on(type: string, fn: Handler): unknown; off(type: string, fn: Handler): unknown };

/** Wait for a click on a square of the drawn scene: the square, or null for a right click or no scene. */
export function pickSquare(): Promise<{ x: number; y: number } | null> {
  const stage = (typeof canvas === "undefined" ? null : canvas?.stage) as StageLike | null | undefined;
  const grid = Number(typeof canvas === "undefined" ? 0 : canvas?.grid?.size) || 0;
  if (!stage || !grid) return Promise.resolve(null);
  return new Promise((resolve) => {
    let done = false;
    const finish = (square: { x: number; y: number } | null) => {
      if (done) return;
      done = true;
      stage.off("pointerdown", onDown);
      stage.off("rightdown", onCancel);
      Hooks.off("canvasTearDown", tearDown);
      resolve(square);
    };
    const onDown = (event: PointerLike) => {
      if ((event.button ?? 0) !== 0) return;
      const p = event.getLocalPosition?.(stage);
      finish(p ? { x: Math.floor(p.x / grid), y: Math.floor(p.y / grid) } : null);
    };
    const onCancel = () => finish(null);
    stage.on("pointerdown", onDown);
    stage.on("rightdown", onCancel);
    // The redraw removes the stage's listeners (see above): the placement ends as cancelled.
    const tearDown = Hooks.once("canvasTearDown", () => finish(null));
  });
}

/**
 * Ask for a cube's centre square, or a line's first square and then a square it points toward;
 * target the creatures in it and draw it. Resolves to whether it was placed.
 */
export async function placeCubeOrLine(
  actor: AnyActor, item: Item.Implementation, pick: () => Promise<{ x: number; y: number } | null> = pickSquare,
): Promise<boolean> {
  const area = abilityArea(actor, item);
  if ((area?.kind !== "cube" && area?.kind !== "line") || typeof canvas === "undefined" || !canvas?.ready) return false;
  const line = area.kind === "line";
  ui.notifications?.info(line ? "SE.Area.PickLine" : "SE.Area.PickCube", { localize: true, format: { ability: item.name } });
  const at = await pick();
  if (!at) return false;
  let toward: { x: number; y: number } | undefined;
  if (line) {
    ui.notifications?.info("SE.Area.PickDirection", { localize: true, format: { ability: item.name } });
    toward = (await pick()) ?? undefined;
    if (!toward) return false;
  }
  const placed = targetPlacedArea(actor, item, at, toward);
  if (!placed) return false;
  if ("refused" in placed) {
    const key = placed.refused === "tooFar" ? "SE.Area.Error.TooFar" : "SE.Area.Error.NoLineOfEffect";
    ui.notifications?.warn(key, { localize: true, format: { ability: item.name, within: String(area.within) } });
    return false;
  }
  ui.notifications?.info("SE.Area.CubeTargeted", { localize: true, format: { count: String(placed.count) } });
  await placeAreaRegion(actor, item, at, toward);
  return true;
}

/**
 * Build a wall area square by square (L6527): up to its size, each click a square sharing a side
 * with one already chosen (a click elsewhere, on a creature or twice on a square is ignored with a
 * word); a right click ends it early. The GM checks the whole wall again and raises it
 * (src/canvas/area-regions.ts). Resolves to whether it was placed.
 */
export async function placeWall(
  actor: AnyActor, item: Item.Implementation, pick: () => Promise<{ x: number; y: number } | null> = pickSquare,
): Promise<boolean> {
  const area = abilityArea(actor, item);
  if (area?.kind !== "wall") return false;
  const squares = await pickWallSquares(area.size, item.name ?? "", pick);
  if (!squares?.length) return false;
  return placeAreaRegion(actor, item, undefined, undefined, squares);
}

/**
 * The squares of a wall of at most `size` (L6527), clicked one at a time on the map, each sharing a side
 * with one already chosen; a right click ends it early. Null when the map is not ready or is redrawn.
 * Also Creation's wall of stone (L2401) from the Prayer card's button (src/documents/domain-effect-requests.ts).
 */
export async function pickWallSquares(
  size: number, name: string, pick: () => Promise<{ x: number; y: number } | null> = pickSquare,
): Promise<{ x: number; y: number }[] | null> {
  if (typeof canvas === "undefined" || !canvas?.ready || size < 1) return null;
  ui.notifications?.info("SE.Area.PickWall", { localize: true, format: { ability: name } });
  const squares: { x: number; y: number }[] = [];
  // A redraw ends the wall unbuilt, not with the squares chosen so far (a right click does that).
  let redrawn = false;
  const tearDown = Hooks.once("canvasTearDown", () => {
    redrawn = true;
  });
  while (squares.length < size) {
    const q = await pick();
    if (redrawn) return null;
    if (!q) break;
    const beside = squares.some((s) => Math.abs(s.x - q.x) + Math.abs(s.y - q.y) === 1);
    if (squares.some((s) => s.x === q.x && s.y === q.y) || (squares.length && !beside)) {
      ui.notifications?.warn("SE.Area.Error.WallShape", { localize: true, format: { ability: name, size: String(size) } });
      continue;
    }
    squares.push(q);
  }
  Hooks.off("canvasTearDown", tearDown);
  if (!squares.length) return null;
  ui.notifications?.info("SE.Area.WallPlaced", { localize: true, format: { ability: name, count: String(squares.length) } });
  return squares;
}

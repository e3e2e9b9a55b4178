/**
 * Placing a cube on the map (seed 004, L6517): when an ability with a cube is used with nothing
 * targeted on a drawn scene, the user clicks the square at the cube's centre; the creatures its
 * target line names in the cube are targeted (`targetCube`) and the cube is drawn as a Region
 * (src/canvas/area-regions.ts). A right click, or a square too far or out of line of effect, places
 * nothing and the ability is used with the targets as they are.
 *
 * The click is read from PIXI's federated pointer events on `canvas.stage` (v13 draws with PIXI 7:
 * `stage.on(type, fn)` / `stage.off(type, fn)`, `event.button` 0 for the main button, and
 * `event.getLocalPosition(stage)` for the point in canvas coordinates, the frame of a token's x and
 * y). That wiring is not exercised against Foundry's real canvas here; everything after the click is.
 */
import { placeAreaRegion } from "./area-regions.ts";
import { abilityArea, targetCube } from "./area-targets.ts";

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
    const finish = (square: { x: number; y: number } | null) => {
      stage.off("pointerdown", onDown);
      stage.off("rightdown", onCancel);
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
  });
}

/** Ask for the cube's centre, target the creatures in it and draw it. Resolves to whether it was placed. */
export async function placeCube(
  actor: AnyActor, item: Item.Implementation, pick: () => Promise<{ x: number; y: number } | null> = pickSquare,
): Promise<boolean> {
  if (abilityArea(actor, item)?.kind !== "cube" || typeof canvas === "undefined" || !canvas?.ready) return false;
  ui.notifications?.info("SE.Area.PickCube", { localize: true, format: { ability: item.name } });
  const centre = await pick();
  if (!centre) return false;
  const placed = targetCube(actor, item, centre);
  if (!placed) return false;
  if ("refused" in placed) {
    const within = String(abilityArea(actor, item)?.within ?? 0);
    const key = placed.refused === "tooFar" ? "SE.Area.Error.TooFar" : "SE.Area.Error.NoLineOfEffect";
    ui.notifications?.warn(key, { localize: true, format: { ability: item.name, within } });
    return false;
  }
  ui.notifications?.info("SE.Area.CubeTargeted", { localize: true, format: { count: String(placed.count) } });
  await placeAreaRegion(actor, item, centre);
  return true;
}

/**
 * Drawing an ability's area as a Scene Region, checked on the GM's client, and an aura's region
 * following its token (what ./area-regions.ts describes). Loaded with `import()`, not before `ready`:
 * by the relay's handler when a request reaches the GM (./area-regions.ts), by a GM's own placement
 * (./area-region-placing.ts), after a token moved (./token-moved.ts) and when a region is deleted.
 */
import { FLAG_SCOPE } from "../constants.ts";
import { areaRectangles, burstRectangles, placedArea, squaresOutline, wallPlacement } from "../rules/areas.ts";
import { DRAW_STEEL_LIMITS, areaLimitProblem } from "../rules/limits.ts";
import type { AbilityArea, SquareRect } from "../rules/areas.ts";
import type { WallSegment } from "../rules/line-of-effect.ts";
import type { GridSpace } from "../rules/ability-use.ts";
import { abilityArea } from "./area-targets.ts";
import { sceneWalls } from "../documents/scene-walls.ts";
import { abilityApprovalRefusal } from "../documents/ability-approval.ts";
import type { AbilityApprover } from "../documents/ability-approval.ts";
import type { Notice } from "../documents/relay.ts";
import { systemFlags } from "../documents/system-flags.ts";
import { tokenSpace } from "../documents/token-space.ts";
import { updateDocument } from "../documents/update.ts";
import { uuidOf } from "../documents/persisted.ts";
import type { AnyActor, AreaFlag, AreaRequest, TokenDoc } from "./area-regions.ts";

/** v13 CONST.REGION_VISIBILITY.ALWAYS: every user sees the region. */
const VISIBLE_TO_ALL = 2 as CONST.REGION_VISIBILITY;
/** v13 CONST.WALL_MOVEMENT_TYPES.NORMAL and CONST.WALL_SENSE_TYPES.NORMAL: a wall that blocks movement and every sense. */
const BLOCKS_MOVEMENT = 20 as CONST.WALL_MOVEMENT_TYPES;
const BLOCKS_SENSES = 20 as CONST.WALL_SENSE_TYPES;
const DEFAULT_COLOR = "#8a3b12";

type RegionDoc = RegionDocument.Implementation;

/** A region's rectangle shapes for these rectangles of squares, in pixels of a grid of `grid`. */
function shapesOfRects(rects: readonly SquareRect[], grid: number) {
  return rects.map((r) => ({
    type: "rectangle" as const, x: r.x * grid, y: r.y * grid, width: r.width * grid, height: r.height * grid, rotation: 0, hole: false,
  }));
}

/** A region's rectangle shapes for these squares, in pixels of a grid of `grid`. */
const shapesOf = (squares: readonly { x: number; y: number }[], grid: number) => shapesOfRects(areaRectangles(squares), grid);

/** The region's shapes for a burst or aura of `distance` around `space` (four rectangles), in pixels of a grid of `grid`. */
function areaShapes(space: GridSpace, distance: number, grid: number) {
  return shapesOfRects(burstRectangles(space, distance), grid);
}

const notice = (key: string, format: Record<string, string>): Notice => ({ type: "warn", key: `SE.Area.Error.${key}`, format });

/** The regions of a scene that draw an area of this token (and of this ability, when given). */
function regionsOf(scene: Scene.Implementation, tokenUuid: string, itemUuid?: string): RegionDoc[] {
  return ((scene.regions?.contents ?? []) as RegionDoc[]).filter((r) => {
    const area = systemFlags(r).area as Partial<AreaFlag> | undefined;
    return area?.tokenUuid === tokenUuid && (itemUuid === undefined || area.itemUuid === itemUuid);
  });
}

/** Draw an ability's area around a token, as `user` (the GM, or the relay's requester on the GM's client). */
export async function performAreaRegion(
  request: AreaRequest, user: { id: string | null; isGM: boolean }, approve?: AbilityApprover,
): Promise<{ ok: boolean; notice?: Notice }> {
  const item = (await fromUuid(String(request.itemUuid)).catch(() => null)) as Item.Implementation | null;
  const token = (await fromUuid(String(request.tokenUuid)).catch(() => null)) as TokenDoc | null;
  const actor = item?.parent as AnyActor | null | undefined;
  const ability = { ability: item?.name ?? "" };
  if (!item || !actor || !token || token.actor !== actor) return { ok: false, notice: notice("NotAllowed", ability) };
  const requester = user.id ? game.users?.get(user.id) : null;
  if (!user.isGM && !(requester && actor.testUserPermission(requester, "OWNER"))) return { ok: false, notice: notice("NotAllowed", ability) };
  const area = abilityArea(actor, item);
  if (!area) return { ok: false, notice: notice("NoArea", ability) };
  // A player writes her own ability items: beyond the rules' largest area or distance (with the
  // kit's bonus, src/rules/limits.ts), nothing is drawn or built for her.
  const beyond = user.isGM ? null : areaLimitProblem(area);
  if (beyond === "areaSize") return { ok: false, notice: notice("TooLarge", { ...ability, max: String(DRAW_STEEL_LIMITS.areaSize) }) };
  if (beyond === "distance") return { ok: false, notice: notice("TooDistant", { ...ability, max: String(DRAW_STEEL_LIMITS.distance) }) };
  // Within them, an area she changed (or made up) is drawn only once the Director approves that
  // version of the ability (src/documents/ability-approval.ts).
  if (!user.isGM && requester && approve) {
    const unapproved = await abilityApprovalRefusal(item, requester, approve);
    if (unapproved) return { ok: false, notice: unapproved };
  }
  const scene = token.parent as Scene.Implementation | null;
  const grid = Number(scene?.grid?.size) || 0;
  if (!scene || !grid) return { ok: false, notice: notice("NoToken", { name: actor.name ?? "" }) };
  const space = tokenSpace(token, grid);
  let shapes;
  let outline: WallSegment[] = [];
  if (area.kind === "wall") {
    // The GM checks the wall's squares itself: their shape, distance, line of effect, no creature in them.
    const squares = (request.squares ?? []).map((q) => ({ x: Number(q?.x), y: Number(q?.y) }));
    const occupied = ((scene.tokens?.contents ?? []) as TokenDoc[]).filter((t) => t.actor).map((t) => tokenSpace(t, grid));
    const refused = wallPlacement(area, space, squares, occupied, sceneWalls(scene));
    const format = { ...ability, within: String(area.within), size: String(area.size) };
    if (refused) return { ok: false, notice: notice(WALL_REFUSALS[refused.refused], format) };
    shapes = shapesOf(squares, grid);
    outline = squaresOutline(squares);
  } else if (area.kind === "cube" || area.kind === "line") {
    // The GM works out the area from its squares alone: within the distance, in line of effect.
    const whole = (q: { x: number; y: number } | undefined) => !!q && Number.isInteger(q.x) && Number.isInteger(q.y);
    const c = request.centre;
    if (!whole(c) || (request.toward !== undefined && !whole(request.toward))) return { ok: false, notice: notice("NoArea", ability) };
    const placed = placedArea(area, space, c!, request.toward, sceneWalls(scene));
    if ("refused" in placed) {
      return { ok: false, notice: placed.refused === "tooFar" ? notice("TooFar", { ...ability, within: String(area.within) }) : notice("NoLineOfEffect", ability) };
    }
    shapes = shapesOf(placed.squares, grid);
  } else shapes = areaShapes(space, area.size, grid);
  // An aura used again replaces its region; a burst or a cube is drawn each time.
  if (area.kind === "aura") for (const old of regionsOf(scene, uuidOf(token), uuidOf(item))) await old.delete();
  await raiseArea(scene, token, item, area.kind, area.size, shapes, outline, requester ?? null);
  return { ok: true };
}

/** The region (and a wall's walls along its outline) of `item`'s area of `kind` around `token`, coloured as `requester`. */
async function raiseArea(
  scene: Scene.Implementation, token: TokenDoc, item: Item.Implementation, kind: AreaFlag["kind"], size: number,
  shapes: ReturnType<typeof shapesOfRects>, outline: WallSegment[], requester: User.Implementation | null,
): Promise<void> {
  const grid = Number(scene.grid?.size) || 0;
  const actor = token.actor;
  const flag: AreaFlag = { kind, distance: size, tokenUuid: uuidOf(token), itemUuid: uuidOf(item) };
  const color = (requester as { color?: { css?: string } } | null | undefined)?.color?.css ?? DEFAULT_COLOR;
  const [region] = await scene.createEmbeddedDocuments("Region", [{
    name: game.i18n!.format("SE.Area.RegionName", { ability: item.name, name: token.name ?? actor?.name ?? "" }),
    color, shapes, elevation: { bottom: null, top: null },
    behaviors: [], visibility: VISIBLE_TO_ALL, locked: false, flags: { [FLAG_SCOPE]: { area: flag } },
  }]);
  // A wall blocks line of effect (L6527): walls along its outline, removed with its region.
  if (outline.length && region) {
    await scene.createEmbeddedDocuments("Wall", outline.map((w) => ({
      c: [w.x0 * grid, w.y0 * grid, w.x1 * grid, w.y1 * grid],
      move: BLOCKS_MOVEMENT, sight: BLOCKS_SENSES, light: BLOCKS_SENSES, sound: BLOCKS_SENSES,
      flags: { [FLAG_SCOPE]: { areaRegion: region.id } },
    })));
  }
}

/**
 * Creation's wall of stone (L2401) for the conduit's token, on the GM's client (src/documents/domain-effect-actions.ts,
 * through `DOMAIN_WALL`): the squares checked as any wall area's (`wallPlacement`, L6527) and raised
 * as one, a region of her Prayer with walls along its outline. Resolves to the squares raised, or a
 * refusal key under `SE.Area.Error`.
 */
export async function raiseDomainWall(
  token: TokenDoc, prayer: Item.Implementation, squares: { x: number; y: number }[], area: AbilityArea & { kind: "wall" }, userId: string | null,
): Promise<{ squares: number } | { refusal: string }> {
  const scene = token.parent as Scene.Implementation | null;
  const grid = Number(scene?.grid?.size) || 0;
  if (!scene || !grid) return { refusal: "NoArea" };
  const occupied = ((scene.tokens?.contents ?? []) as TokenDoc[]).filter((t) => t.actor).map((t) => tokenSpace(t, grid));
  const refused = wallPlacement(area, tokenSpace(token, grid), squares, occupied, sceneWalls(scene));
  if (refused) return { refusal: WALL_REFUSALS[refused.refused] };
  const requester = userId ? game.users?.get(userId) ?? null : null;
  await raiseArea(scene, token, prayer, "wall", area.size, shapesOf(squares, grid), squaresOutline(squares), requester as User.Implementation | null);
  return { squares: squares.length };
}

const WALL_REFUSALS = { tooFar: "TooFar", noLineOfEffect: "NoLineOfEffect", shape: "WallShape", occupied: "WallOccupied" } as const;

/** On the active GM's client, after a region of `scene` was deleted: the walls of its wall area go too. */
export async function deleteAreaWalls(scene: Scene.Implementation | null, regionId: string | null): Promise<void> {
  const walls = (scene?.walls?.contents ?? []) as { flags?: unknown; delete(): Promise<unknown> }[];
  const linked = walls.filter((w) => systemFlags(w).areaRegion === regionId);
  await Promise.all(linked.map((w) => w.delete()));
}

/** After a token moved (on the active GM's client): its auras' regions are drawn around its new space. */
export async function followAuras(token: TokenDoc): Promise<void> {
  const me = game.user;
  if (!me?.isGM || game.users?.activeGM?.id !== me.id) return;
  const scene = token.parent as Scene.Implementation | null;
  const grid = Number(scene?.grid?.size) || 0;
  if (!scene || !grid) return;
  for (const region of regionsOf(scene, uuidOf(token))) {
    const area = systemFlags(region).area as Partial<AreaFlag>;
    if (area.kind !== "aura" || !Number.isInteger(area.distance)) continue;
    await updateDocument(region, { shapes: areaShapes(tokenSpace(token, grid), area.distance!, grid) });
  }
}

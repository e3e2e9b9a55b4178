/**
 * A burst's, an aura's or a cube's area drawn on the map as a Scene Region (v13 RegionDocument; read through
 * the League's v13 types: `shapes` of `{ type: "rectangle", x, y, width, height, rotation, hole }` in
 * pixels, `elevation` `{ bottom, top }` with null for unbounded, `visibility`
 * CONST.REGION_VISIBILITY.ALWAYS = 2 so every player sees it). The region covers exactly the squares
 * the seed's counting gives (`burstSquares`: every square within the distance of the user's whole
 * space, diagonals 1, the kit's area bonus added), as few rectangles as cover them
 * (`areaRectangles`).
 *
 * Who draws it: the active GM's client. A player's use asks the GM through the relay with only the
 * ability's and the token's UUIDs; the GM checks that the requester owns the token's actor, that
 * the ability is that actor's and has a burst, an aura or a cube, that its size and distance keep
 * within the rules' largest (`areaLimitProblem`: a player writes her own items), and works out the
 * area itself (a cube from its centre square, within the ability's distance and in line of effect). Using an
 * aura again replaces its region. An aura's region follows its token: after the token moves, the GM
 * redraws it around the new space (`followAuras`). The Director can keep, move or delete a region;
 * deleting it changes nothing already applied. World setting `areaRegions` turns this off.
 */
import { FLAG_SCOPE } from "../constants.ts";
import { areaRectangles, burstRectangles, placedArea, squaresOutline, wallPlacement } from "../rules/battlefield.ts";
import { DRAW_STEEL_LIMITS, areaLimitProblem } from "../rules/limits.ts";
import type { SquareRect } from "../rules/battlefield.ts";
import type { WallSegment } from "../rules/line-of-effect.ts";
import type { GridSpace } from "../rules/ability-use.ts";
import { abilityArea } from "./area-targets.ts";
import { sceneWalls } from "../documents/scene-walls.ts";
import { registerRelayHandler } from "../documents/relay.ts";
import { abilityApprovalRefusal } from "../documents/ability-approval.ts";
import type { AbilityApprover } from "../documents/ability-approval.ts";
import type { Notice, RelayUser } from "../documents/relay.ts";
import { systemFlags } from "../documents/system-flags.ts";
import { tokenSpace } from "../documents/token-space.ts";
import { updateDocument } from "../documents/update.ts";
import { uuidOf } from "../documents/persisted.ts";

export const AREA_REGION_RELAY = "areaRegion";
/** v13 CONST.REGION_VISIBILITY.ALWAYS: every user sees the region. */
const VISIBLE_TO_ALL = 2 as CONST.REGION_VISIBILITY;
/** v13 CONST.WALL_MOVEMENT_TYPES.NORMAL and CONST.WALL_SENSE_TYPES.NORMAL: a wall that blocks movement and every sense. */
const BLOCKS_MOVEMENT = 20 as CONST.WALL_MOVEMENT_TYPES;
const BLOCKS_SENSES = 20 as CONST.WALL_SENSE_TYPES;
const DEFAULT_COLOR = "#8a3b12";

export type AnyActor = Actor.Implementation;
export type TokenDoc = TokenDocument.Implementation;
type RegionDoc = RegionDocument.Implementation;

/** What a region remembers of the area it draws (flags.steel-echoes.area): a cube's `distance` is its side. */
export interface AreaFlag { kind: "burst" | "aura" | "cube" | "line" | "wall"; distance: number; tokenUuid: string; itemUuid: string }

/** A region's rectangle shapes for these rectangles of squares, in pixels of a grid of `grid`. */
function shapesOfRects(rects: readonly SquareRect[], grid: number) {
  return rects.map((r) => ({
    type: "rectangle" as const, x: r.x * grid, y: r.y * grid, width: r.width * grid, height: r.height * grid, rotation: 0, hole: false,
  }));
}

/** A region's rectangle shapes for these squares, in pixels of a grid of `grid`. */
const shapesOf = (squares: readonly { x: number; y: number }[], grid: number) => shapesOfRects(areaRectangles(squares), grid);

/** The region's shapes for a burst or aura of `distance` around `space` (four rectangles), in pixels of a grid of `grid`. */
export function areaShapes(space: GridSpace, distance: number, grid: number) {
  return shapesOfRects(burstRectangles(space, distance), grid);
}

export const notice = (key: string, format: Record<string, string>): Notice => ({ type: "warn", key: `SE.Area.Error.${key}`, format });

/** The regions of a scene that draw an area of this token (and of this ability, when given). */
function regionsOf(scene: Scene.Implementation, tokenUuid: string, itemUuid?: string): RegionDoc[] {
  return ((scene.regions?.contents ?? []) as RegionDoc[]).filter((r) => {
    const area = systemFlags(r).area as Partial<AreaFlag> | undefined;
    return area?.tokenUuid === tokenUuid && (itemUuid === undefined || area.itemUuid === itemUuid);
  });
}

/** Draw an ability's area around a token, as `user` (the GM, or the relay's requester on the GM's client). */
export interface AreaRequest {
  itemUuid: string;
  tokenUuid: string;
  /** A cube's centre square (`cubeAround`) or a line's first square, in squares of the token's scene. */
  centre?: { x: number; y: number };
  /** The square a line points toward. */
  toward?: { x: number; y: number };
  /** A wall's squares, in the order placed. */
  squares?: { x: number; y: number }[];
}

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
  const flag: AreaFlag = { kind: area.kind, distance: area.size, tokenUuid: uuidOf(token), itemUuid: uuidOf(item) };
  const color = (requester as { color?: { css?: string } } | null | undefined)?.color?.css ?? DEFAULT_COLOR;
  const [region] = await scene.createEmbeddedDocuments("Region", [{
    name: game.i18n!.format("SE.Area.RegionName", { ability: item.name, name: token.name ?? actor.name ?? "" }),
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
  return { ok: true };
}

const WALL_REFUSALS = { tooFar: "TooFar", noLineOfEffect: "NoLineOfEffect", shape: "WallShape", occupied: "WallOccupied" } as const;

/** On the active GM's client: a wall area's region deleted takes its walls with it. */
export function registerAreaWallCleanup(): void {
  Hooks.on("deleteRegion", (region) => {
    if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return;
    const scene = region.parent as Scene.Implementation | null;
    const id = region.id;
    const walls = (scene?.walls?.contents ?? []) as { flags?: unknown; delete(): Promise<unknown> }[];
    const linked = walls.filter((w) => systemFlags(w).areaRegion === id);
    for (const w of linked) void w.delete();
  });
}

export const locks = (r: { tokenUuid?: unknown }) => [`area:${String(r.tokenUuid)}`];

/** The GM's side of the relay (index.ts registers it at init); `approve` is the Director's decision on a changed ability. */
export function registerAreaRegionRelay(approve: AbilityApprover): void {
  registerRelayHandler<Record<string, unknown>>(AREA_REGION_RELAY, {
    locks,
    run: async (data, requester: RelayUser) => {
      const square = (q: unknown) => {
        const p = q as { x?: unknown; y?: unknown } | undefined;
        return p && typeof p === "object" ? { x: Number(p.x), y: Number(p.y) } : undefined;
      };
      const centre = square(data.centre);
      const toward = square(data.toward);
      const squares = Array.isArray(data.squares) ? data.squares.slice(0, 200).map(square).filter((q) => q !== undefined) : undefined;
      const request: AreaRequest = {
        itemUuid: String(data.itemUuid), tokenUuid: String(data.tokenUuid), ...(centre ? { centre } : {}), ...(toward ? { toward } : {}),
        ...(squares ? { squares } : {}),
      };
      const outcome = await performAreaRegion(request, requester, approve);
      return { value: outcome.ok, ...(outcome.notice ? { notice: outcome.notice } : {}) };
    },
  });
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

// The flags the system writes on the Regions and Walls of an area (above).
declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface FlagConfig {
    Region: { [FLAG_SCOPE]?: { area?: AreaFlag } };
    Wall: { [FLAG_SCOPE]?: { areaRegion?: string } };
  }
}

/**
 * A burst's or an aura's area drawn on the map as a Scene Region (v13 RegionDocument; read through
 * the League's v13 types: `shapes` of `{ type: "rectangle", x, y, width, height, rotation, hole }` in
 * pixels, `elevation` `{ bottom, top }` with null for unbounded, `visibility`
 * CONST.REGION_VISIBILITY.ALWAYS = 2 so every player sees it). The region covers exactly the squares
 * the seed's counting gives (`burstSquares`: every square within the distance of the user's whole
 * space, diagonals 1, the kit's area bonus added), as few rectangles as cover them
 * (`areaRectangles`).
 *
 * Who draws it: the active GM's client. A player's use asks the GM through the relay with only the
 * ability's and the token's UUIDs; the GM checks that the requester owns the token's actor, that
 * the ability is that actor's and has a burst or an aura, and works out the area itself. Using an
 * aura again replaces its region. An aura's region follows its token: after the token moves, the GM
 * redraws it around the new space (`followAuras`). The Director can keep, move or delete a region;
 * deleting it changes nothing already applied. World setting `areaRegions` turns this off.
 */
import { FLAG_SCOPE } from "../constants.ts";
import { areaRectangles, burstSquares } from "../rules/index.ts";
import type { GridSpace } from "../rules/index.ts";
import { kitOf } from "../documents/ability-use.ts";
import { askGM, registerRelayHandler, serialized, showNotice } from "../documents/relay.ts";
import type { Notice, RelayUser } from "../documents/relay.ts";
import { systemFlags } from "../documents/system-flags.ts";
import { tokenSpace } from "../documents/token-space.ts";
import { updateDocument } from "../documents/update.ts";
import { areaRegionsOn } from "../settings/index.ts";

export const AREA_REGION_RELAY = "areaRegion";
/** v13 CONST.REGION_VISIBILITY.ALWAYS: every user sees the region. */
const VISIBLE_TO_ALL = 2;
const DEFAULT_COLOR = "#8a3b12";

type AnyActor = Actor.Implementation;
type TokenDoc = TokenDocument.Implementation;
type RegionDoc = RegionDocument.Implementation;

/** What a region remembers of the area it draws (flags.steel-echoes.area). */
export interface AreaFlag { kind: "burst" | "aura"; distance: number; tokenUuid: string; itemUuid: string }

/** The area's distance and kind for an ability item of an actor, or null when it has no burst or aura. */
export function areaOf(actor: AnyActor, item: Item.Implementation): { kind: "burst" | "aura"; distance: number } | null {
  if (item.type !== "ability") return null;
  const d = (item.system as { distance?: { kind?: string; primary?: number } }).distance;
  if (d?.kind !== "burst" && d?.kind !== "aura") return null;
  return { kind: d.kind, distance: Math.max(1, Number(d.primary) || 0) + Math.max(0, kitOf(actor)?.area ?? 0) };
}

/** The region's shapes for an area of `distance` around `space`, in pixels of a grid of `grid`. */
export function areaShapes(space: GridSpace, distance: number, grid: number) {
  return areaRectangles(burstSquares(space, distance)).map((r) => ({
    type: "rectangle", x: r.x * grid, y: r.y * grid, width: r.width * grid, height: r.height * grid, rotation: 0, hole: false,
  }));
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
  request: { itemUuid: string; tokenUuid: string }, user: { id: string | null; isGM: boolean },
): Promise<{ ok: boolean; notice?: Notice }> {
  const item = (await fromUuid(String(request.itemUuid)).catch(() => null)) as Item.Implementation | null;
  const token = (await fromUuid(String(request.tokenUuid)).catch(() => null)) as TokenDoc | null;
  const actor = item?.parent as AnyActor | null | undefined;
  const ability = { ability: item?.name ?? "" };
  if (!item || !actor || !token || token.actor !== actor) return { ok: false, notice: notice("NotAllowed", ability) };
  const requester = user.id ? game.users?.get(user.id) : null;
  if (!user.isGM && !(requester && actor.testUserPermission(requester, "OWNER"))) return { ok: false, notice: notice("NotAllowed", ability) };
  const area = areaOf(actor, item);
  if (!area) return { ok: false, notice: notice("NoArea", ability) };
  const scene = token.parent as Scene.Implementation | null;
  const grid = Number(scene?.grid?.size) || 0;
  if (!scene || !grid) return { ok: false, notice: notice("NoToken", { name: actor.name ?? "" }) };
  // An aura used again replaces its region; a burst is drawn each time.
  if (area.kind === "aura") for (const old of regionsOf(scene, token.uuid, item.uuid)) await old.delete();
  const flag: AreaFlag = { kind: area.kind, distance: area.distance, tokenUuid: token.uuid, itemUuid: item.uuid };
  const color = (requester as { color?: { css?: string } } | null | undefined)?.color?.css ?? DEFAULT_COLOR;
  await scene.createEmbeddedDocuments("Region", [{
    name: game.i18n!.format("SE.Area.RegionName", { ability: item.name, name: token.name ?? actor.name ?? "" }),
    color, shapes: areaShapes(tokenSpace(token, grid), area.distance, grid), elevation: { bottom: null, top: null },
    behaviors: [], visibility: VISIBLE_TO_ALL, locked: false, flags: { [FLAG_SCOPE]: { area: flag } },
  // Type escape: the shapes are plain BaseShapeData sources, which the League's create data types as a discriminated union.
  }] as never);
  return { ok: true };
}

const locks = (r: { tokenUuid?: unknown }) => [`area:${String(r.tokenUuid)}`];

/** Place the area of `item` around `actor`'s token on its scene, if it has one; the GM draws it. */
export async function placeAreaRegion(actor: AnyActor, item: Item.Implementation): Promise<boolean> {
  if (!areaRegionsOn() || !areaOf(actor, item)) return false;
  const token = (actor.token ?? actor.getActiveTokens()[0]?.document ?? null) as TokenDoc | null;
  if (!token?.parent) return false;
  const request = { itemUuid: item.uuid, tokenUuid: token.uuid };
  const user = game.user!;
  if (user.isGM) {
    const outcome = await serialized(locks(request), () => performAreaRegion(request, user));
    showNotice(outcome.notice);
    return outcome.ok;
  }
  return Boolean(await askGM(AREA_REGION_RELAY, request));
}

/** The GM's side of the relay (index.ts registers it at init). */
export function registerAreaRegionRelay(): void {
  registerRelayHandler<Record<string, unknown>>(AREA_REGION_RELAY, {
    locks,
    run: async (data, requester: RelayUser) => {
      const outcome = await performAreaRegion({ itemUuid: String(data.itemUuid), tokenUuid: String(data.tokenUuid) }, requester);
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
  for (const region of regionsOf(scene, token.uuid)) {
    const area = systemFlags(region).area as Partial<AreaFlag>;
    if (area.kind !== "aura" || !Number.isInteger(area.distance)) continue;
    await updateDocument(region, { shapes: areaShapes(tokenSpace(token, grid), area.distance!, grid) });
  }
}

/**
 * Targeting an area on the map (seed 004, L6517 on; src/rules/battlefield.ts `burstTargets`,
 * `targetsInArea`): the creatures the ability's target line names ("each enemy", "each ally", "each
 * creature") in a burst or an aura around the user's token, or in a cube placed by the user. A magic
 * ability's area takes the kit's area bonus. An area does not pass through walls (L6519): a creature
 * without line of effect from the area's origin (src/documents/scene-walls.ts) is not targeted. Used
 * when an ability is used with nothing targeted; the user can still change the targets by hand.
 */
import { areaAffects, burstTargets, cubeAround, cubeWithin, lineOfEffect, spaceSquares, targetsInArea } from "../rules/index.ts";
import type { AreaCreature, GridSpace } from "../rules/index.ts";
import { kitOf } from "../documents/ability-use.ts";
import { tokenSpace } from "../documents/token-space.ts";
import { sceneWalls } from "../documents/scene-walls.ts";

type AnyActor = Actor.Implementation;
type AnyToken = foundry.canvas.placeables.Token;

/** A token's space in grid squares on the drawn scene. */
const spaceOf = (token: AnyToken, grid: number) => tokenSpace(token.document, grid);

/** An ability's area on the map: its kind, its size (a burst's or aura's distance, a cube's side) and how far away a cube may be. */
export interface AbilityArea { kind: "burst" | "aura" | "cube"; size: number; within: number }

/**
 * The area of an ability item of `actor`, or null when it has no burst, aura or cube. A magic
 * ability adds the kit's area bonus to every dimension (L4699–4703); any other takes none.
 */
export function abilityArea(actor: AnyActor, item: Item.Implementation): AbilityArea | null {
  if (item.type !== "ability") return null;
  const system = item.system as { distance?: { kind?: string; primary?: number; within?: number }; keywords?: Iterable<string> };
  const kind = system.distance?.kind;
  if (kind !== "burst" && kind !== "aura" && kind !== "cube") return null;
  const magic = [...(system.keywords ?? [])].some((k) => String(k).toLowerCase() === "magic");
  const bonus = magic ? Math.max(0, kitOf(actor)?.area ?? 0) : 0;
  const size = Math.max(1, Number(system.distance?.primary) || 0) + bonus;
  return { kind, size, within: Math.max(0, Number(system.distance?.within) || 0) };
}

/** The token that stands for the actor on the drawn scene. */
const tokenOf = (actor: AnyActor) => (actor.token?.object ?? actor.getActiveTokens()[0] ?? null) as AnyToken | null;

/** The creatures on the drawn scene that the user can see, as area targeting reads them. */
function areaCreatures(token: AnyToken, grid: number): AreaCreature[] {
  const placeables = (canvas?.tokens?.placeables ?? []) as AnyToken[];
  // What the user cannot see is not targeted for them.
  const visible = placeables.filter((t) => t === token || (!!t.actor && (game.user?.isGM || !t.document.hidden)));
  return visible.map((t) => ({ id: t.document.id ?? "", space: spaceOf(t, grid), disposition: Number(t.document.disposition) || 0 }));
}

/** Target exactly these tokens (by id) for the current user. */
function targetOnly(ids: ReadonlySet<string>): void {
  for (const t of (canvas?.tokens?.placeables ?? []) as AnyToken[]) t.setTarget(ids.has(t.document.id ?? ""), { releaseOthers: false, groupSelection: true });
}

/**
 * Target the creatures in `item`'s burst or aura around `actor`'s token. Resolves to how many were
 * targeted, or null when it does not apply (not a burst or aura naming whom it affects, no token, no
 * scene drawn).
 */
export function targetArea(actor: AnyActor, item: Item.Implementation): { count: number; distance: number } | null {
  if (typeof canvas === "undefined" || !canvas?.ready) return null;
  const area = abilityArea(actor, item);
  const affects = areaAffects((item.system as { target?: string }).target ?? "");
  const grid = Number(canvas.grid?.size) || 0;
  const token = tokenOf(actor);
  if (!area || area.kind === "cube" || !affects || !grid || !token) return null;
  const self = { id: token.document.id ?? "", space: spaceOf(token, grid), disposition: Number(token.document.disposition) || 0 };
  const walls = sceneWalls(token.document.parent);
  const ids = new Set(burstTargets({ self, distance: area.size, affects, creatures: areaCreatures(token, grid), walls }));
  targetOnly(ids);
  return { count: ids.size, distance: area.size };
}

/**
 * Target the creatures the line names in `item`'s cube centred on the square `centre` (L6517): the
 * cube must have a square within the ability's distance of the user's token and line of effect from
 * it to the centre square. Resolves to the count targeted, or why it could not be placed.
 */
export function targetCube(
  actor: AnyActor, item: Item.Implementation, centre: { x: number; y: number },
): { count: number; cube: GridSpace } | { refused: "tooFar" | "noLineOfEffect" } | null {
  if (typeof canvas === "undefined" || !canvas?.ready) return null;
  const area = abilityArea(actor, item);
  const grid = Number(canvas.grid?.size) || 0;
  const token = tokenOf(actor);
  if (area?.kind !== "cube" || !grid || !token) return null;
  const user = spaceOf(token, grid);
  const cube = cubeAround(centre, area.size);
  const origin = { x: centre.x, y: centre.y, size: 1 };
  const walls = sceneWalls(token.document.parent);
  if (!cubeWithin(user, cube, area.within)) return { refused: "tooFar" };
  if (walls.length && !lineOfEffect(user, origin, walls)) return { refused: "noLineOfEffect" };
  const affects = areaAffects((item.system as { target?: string }).target ?? "");
  const self = { id: token.document.id ?? "", space: user, disposition: Number(token.document.disposition) || 0 };
  const ids = affects
    ? new Set(targetsInArea({ self, squares: spaceSquares(cube), origin, affects, creatures: areaCreatures(token, grid), walls }))
    : new Set<string>();
  if (affects) targetOnly(ids);
  return { count: ids.size, cube };
}

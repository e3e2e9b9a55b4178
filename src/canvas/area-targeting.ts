/**
 * Targeting the creatures in an ability's area, from the card or a placed area. Loaded with the
 * card's UI and area placement, not before `ready` (issue 31).
 */
import { areaAffects, burstTargets, placedArea, targetsInArea } from "../rules/areas.ts";
import type { AreaCreature } from "../rules/areas.ts";
import { rollerToken } from "../documents/creature-state.ts";
import { tokenSpace } from "../documents/token-space.ts";
import { targetTokens } from "../compat/versions.ts";
import { sceneWalls } from "../documents/scene-walls.ts";
import { abilityArea, type AnyActor } from "./area-targets.ts";

type AnyToken = foundry.canvas.placeables.Token;

/** A token's space in grid squares on the drawn scene. */
const spaceOf = (token: AnyToken, grid: number) => tokenSpace(token.document, grid);

const tokenOf = (actor: AnyActor) => rollerToken(actor) as AnyToken | null;

/** The creatures on the drawn scene that the user can see, as area targeting reads them. */
function areaCreatures(token: AnyToken, grid: number): AreaCreature[] {
  const placeables = (canvas?.tokens?.placeables ?? []) as AnyToken[];
  // What the user cannot see is not targeted for them.
  const visible = placeables.filter((t) => t === token || (!!t.actor && (game.user?.isGM || !t.document.hidden)));
  return visible.map((t) => ({ id: t.document.id ?? "", space: spaceOf(t, grid), disposition: Number(t.document.disposition) || 0 }));
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
  if (!area || (area.kind !== "burst" && area.kind !== "aura") || !affects || !grid || !token) return null;
  const self = { id: token.document.id ?? "", space: spaceOf(token, grid), disposition: Number(token.document.disposition) || 0 };
  const walls = sceneWalls(token.document.parent);
  const ids = new Set(burstTargets({ self, distance: area.size, affects, creatures: areaCreatures(token, grid), walls }));
  targetTokens(ids);
  return { count: ids.size, distance: area.size };
}

/**
 * Target the creatures the line names in `item`'s cube centred on the square `at`, or its line whose
 * first square is `at`, pointing toward `toward` (L6517): the area's origin square must be within the
 * ability's distance of the user's token (for a cube, any of its squares) and in line of effect.
 * Resolves to the count targeted and the area's squares, or why it could not be placed.
 */
export function targetPlacedArea(
  actor: AnyActor, item: Item.Implementation, at: { x: number; y: number }, toward?: { x: number; y: number },
): { count: number; squares: { x: number; y: number }[] } | { refused: "tooFar" | "noLineOfEffect" } | null {
  if (typeof canvas === "undefined" || !canvas?.ready) return null;
  const area = abilityArea(actor, item);
  const grid = Number(canvas.grid?.size) || 0;
  const token = tokenOf(actor);
  if ((area?.kind !== "cube" && area?.kind !== "line") || !grid || !token) return null;
  const user = spaceOf(token, grid);
  const placed = placedArea(area, user, at, toward, sceneWalls(token.document.parent));
  if ("refused" in placed) return placed;
  const affects = areaAffects((item.system as { target?: string }).target ?? "");
  const self = { id: token.document.id ?? "", space: user, disposition: Number(token.document.disposition) || 0 };
  const origin = { x: at.x, y: at.y, size: 1 };
  const walls = sceneWalls(token.document.parent);
  const ids = affects
    ? new Set(targetsInArea({ self, squares: placed.squares, origin, affects, creatures: areaCreatures(token, grid), walls }))
    : new Set<string>();
  if (affects) targetTokens(ids);
  return { count: ids.size, squares: placed.squares };
}

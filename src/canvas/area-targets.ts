/**
 * Targeting a burst or an aura on the map (seed 004, L6840 on; src/rules/battlefield.ts
 * `burstTargets`): the creatures the ability's target line names ("each enemy", "each ally", "each
 * creature") within the area around the user's token, the kit's area bonus added. Used when an
 * ability is used with nothing targeted; the user can still change the targets in the dialog's list
 * by targeting by hand. Walls and line of effect are not checked.
 */
import { areaAffects, burstTargets } from "../rules/index.ts";
import type { AreaCreature } from "../rules/index.ts";
import { kitOf } from "../documents/ability-use.ts";
import { tokenSpace } from "../documents/token-space.ts";
import { sceneWalls } from "../documents/scene-walls.ts";

type AnyActor = Actor.Implementation;
type AnyToken = foundry.canvas.placeables.Token;

/** A token's space in grid squares on the drawn scene. */
const spaceOf = (token: AnyToken, grid: number) => tokenSpace(token.document, grid);

/**
 * Target the creatures in `item`'s burst or aura around `actor`'s token. Resolves to how many were
 * targeted, or null when it does not apply (not a burst or aura naming whom it affects, no token, no
 * scene drawn).
 */
export function targetArea(actor: AnyActor, item: Item.Implementation): { count: number; distance: number } | null {
  if (item.type !== "ability" || typeof canvas === "undefined" || !canvas?.ready) return null;
  const system = item.system as { distance?: { kind?: string; primary?: number }; target?: string };
  const kind = system.distance?.kind;
  const affects = areaAffects(system.target ?? "");
  const grid = Number(canvas.grid?.size) || 0;
  const token = (actor.token?.object ?? actor.getActiveTokens()[0] ?? null) as AnyToken | null;
  if ((kind !== "burst" && kind !== "aura") || !affects || !grid || !token) return null;
  const distance = Math.max(1, Number(system.distance?.primary) || 0) + Math.max(0, kitOf(actor)?.area ?? 0);
  const placeables = (canvas.tokens?.placeables ?? []) as AnyToken[];
  const creature = (t: AnyToken): AreaCreature => ({
    id: t.document.id ?? "", space: spaceOf(t, grid), disposition: Number(t.document.disposition) || 0,
  });
  // What the user cannot see is not targeted for them.
  const visible = placeables.filter((t) => t === token || (!!t.actor && (game.user?.isGM || !t.document.hidden)));
  const walls = sceneWalls(token.document.parent);
  const ids = new Set(burstTargets({ self: creature(token), distance, affects, creatures: visible.map(creature), walls }));
  for (const t of placeables) t.setTarget(ids.has(t.document.id ?? ""), { releaseOthers: false, groupSelection: true });
  return { count: ids.size, distance };
}

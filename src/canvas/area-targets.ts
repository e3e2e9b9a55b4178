/**
 * Targeting an area on the map (seed 004, L6517 on; src/rules/areas.ts `burstTargets`,
 * `targetsInArea`): the creatures the ability's target line names ("each enemy", "each ally", "each
 * creature") in a burst or an aura around the user's token, or in a cube placed by the user. A magic
 * ability's area takes the kit's area bonus. An area does not pass through walls (L6519): a creature
 * without line of effect from the area's origin (src/documents/scene-walls.ts) is not targeted. Used
 * when an ability is used with nothing targeted; the user can still change the targets by hand.
 */
import { abilityAreaDimensions } from "../rules/areas.ts";
import type { AbilityArea } from "../rules/areas.ts";
import { kitOf } from "../documents/creature-state.ts";

export type AnyActor = Actor.Implementation;

export type { AbilityArea };

/**
 * The area of an ability item of `actor`, or null when it has no burst, aura, cube, line or wall:
 * its dimensions with the kit's bonuses, as `abilityAreaDimensions` (src/rules/areas.ts) says.
 */
export function abilityArea(actor: AnyActor, item: Item.Implementation): AbilityArea | null {
  if (item.type !== "ability") return null;
  type Distance = { kind?: string; primary?: number; secondary?: number; within?: number };
  const system = item.system as { distance?: Distance; keywords?: Iterable<string> };
  const kit = kitOf(actor);
  return abilityAreaDimensions({
    kind: String(system.distance?.kind ?? ""), primary: Number(system.distance?.primary) || 0, secondary: Number(system.distance?.secondary) || 0,
    within: Number(system.distance?.within) || 0, keywords: [...(system.keywords ?? [])].map(String),
    kitArea: kit?.area ?? 0, kitDistance: kit?.distance ?? 0,
  });
}

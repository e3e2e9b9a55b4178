/**
 * An ability's area placed on the scene as a Region. Loaded with the card's UI and area placement,
 * not before `ready` (issue 31); the relay is in ./area-regions.ts, the drawing itself and the auras
 * that follow tokens in ./area-region-actions.ts.
 */
import { abilityArea } from "./area-targets.ts";
import { askGM, serialized, showNotice } from "../documents/relay.ts";
import { areaRegionsOn } from "../settings/index.ts";
import { uuidOf } from "../documents/persisted.ts";
import { locks, AREA_REGION_RELAY, type AnyActor, type TokenDoc, type AreaRequest } from "./area-regions.ts";
import { performAreaRegion } from "./area-region-actions.ts";

/**
 * Place the area of `item` of `actor` on its token's scene, if it has one: a burst or an aura around
 * the token, a cube on `centre`. The GM draws it.
 */
export async function placeAreaRegion(
  actor: AnyActor, item: Item.Implementation, centre?: { x: number; y: number }, toward?: { x: number; y: number },
  squares?: { x: number; y: number }[],
): Promise<boolean> {
  const area = abilityArea(actor, item);
  if (!areaRegionsOn() || !area || ((area.kind === "cube" || area.kind === "line") && !centre) || (area.kind === "wall" && !squares?.length)) return false;
  const token = (actor.token ?? actor.getActiveTokens()[0]?.document ?? null) as TokenDoc | null;
  if (!token?.parent) return false;
  const request: AreaRequest = {
    itemUuid: uuidOf(item), tokenUuid: uuidOf(token),
    ...(centre ? { centre: { x: centre.x, y: centre.y } } : {}), ...(toward ? { toward: { x: toward.x, y: toward.y } } : {}),
    ...(squares ? { squares: squares.map((q) => ({ x: q.x, y: q.y })) } : {}),
  };
  const user = game.user!;
  if (user.isGM) {
    const outcome = await serialized(locks(request), () => performAreaRegion(request, user));
    showNotice(outcome.notice);
    return outcome.ok;
  }
  return Boolean(await askGM(AREA_REGION_RELAY, { ...request }));
}

/**
 * A domain effect's slide (Nature L2425, Trickery L2441) on the GM's client, through the forced
 * movement rules as a card's slide goes (`forcedMovement`, src/rules/battlefield.ts; the card's own is
 * forced-move-actions.ts): the squares and way the conduit chose, less the creature's stability unless
 * Trickery's willing ally ignores it; walls and object squares stop or break as there, a collision
 * hurts every creature in it (L6946–6948), a creature left in the air falls, and a grab it held ends
 * when it stands away (L6676). Loaded with `import()` when the first slide runs
 * (src/applications/chat/ability-card.ts sets `DOMAIN_SLIDER`). The GM's domain effect record keeps it
 * once a Prayer; there is no undo.
 */
import { forcedMovement } from "../rules/forced-movement.ts";
import type { DomainSlide, DomainSlideDone } from "../documents/domain-effects.ts";
import { sceneWalls } from "../documents/scene-walls.ts";
import { breakObjectSquares, sceneObjects } from "../documents/scene-object-damage.ts";
import { isObjectActor } from "../documents/environment-statuses.ts";
import { tokenSpace } from "../documents/token-space.ts";
import { updateDocument } from "../documents/update.ts";
import { FORCED_OPTION, landOn, landProne, takeUntypedDamage } from "./landing.ts";
import { releaseGrabs } from "./forced-move-actions.ts";

type AnyActor = Actor.Implementation;
type TokenDoc = TokenDocument.Implementation;

/** Slide the creature of `token` (the GM's client): resolves to what it did, or a refusal key under `SE.ForcedMove.Error`. */
export async function slideByDomain(
  token: TokenDoc, distance: number, ignoreStability: boolean, slide: DomainSlide,
): Promise<DomainSlideDone | { refusal: string }> {
  const actor = token.actor as AnyActor | null;
  const scene = token.parent as Scene.Implementation | null;
  const grid = Number(scene?.grid?.size) || 0;
  if (!actor || !scene || !grid) return { refusal: "NoToken" };
  const others = (scene.tokens?.contents ?? []).filter((t) => t !== token && t.actor);
  const movement = (actor.system as { movement?: Iterable<string> }).movement;
  const canFly = token.movementAction === "fly" || (!!movement && [...movement].includes("fly"));
  const objects = sceneObjects(scene);
  let result;
  try {
    result = forcedMovement({
      kind: "slide",
      mover: tokenSpace(token, grid),
      source: tokenSpace(token, grid),
      distance,
      // "If you choose a willing ally, this movement can ignore their stability" (L2441).
      stability: ignoreStability ? 0 : Math.max(0, Number((actor.system as { stability?: number }).stability) || 0),
      chosen: slide.squares,
      direction: slide.direction,
      creatures: others.map((t) => ({ ...tokenSpace(t, grid), id: t.uuid })),
      objects,
      walls: sceneWalls(scene),
      agility: Number((actor.system as { characteristics?: { agility?: number } }).characteristics?.agility) || 0,
      canFly,
      moverIsObject: isObjectActor(actor),
    });
  } catch {
    return { refusal: "Invalid" };
  }
  const to = { x: result.end.x * grid, y: result.end.y * grid };
  if (to.x !== token.x || to.y !== token.y) await updateDocument(token, to, FORCED_OPTION);
  // Collision damage is forced-movement damage (L7172), for the mover and each creature it hit (L6946–6948).
  await takeUntypedDamage(actor, result.damage, { forcedMove: true });
  const slammed: string[] = [];
  for (const s of result.slammed) {
    const hit = others.find((t) => t.uuid === s.id);
    if (!hit?.actor) continue;
    await takeUntypedDamage(hit.actor as AnyActor, s.damage, { forcedMove: true });
    slammed.push(hit.name ?? hit.actor.name ?? "");
  }
  if (result.fell && result.fell.damage > 0) await landOn(token, result.fell.damage);
  if (result.fell?.prone) await landProne(actor);
  const broken = (result.brokenAt ?? []).map((b) => objects.find((o) => o.x === b.x && o.y === b.y)).filter((o) => o !== undefined);
  if (broken.length) await breakObjectSquares(scene, broken);
  await releaseGrabs(actor, token, others, grid);
  return { squares: result.moved, damage: result.damage, slammed };
}

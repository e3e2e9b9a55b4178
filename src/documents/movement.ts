/**
 * A creature's speed now, for what a user sees (the token ruler, the hero sheet): the stat's speed
 * (a hero's derived from her options and bonuses, a monster's stat block), halved while it holds a
 * grab on a creature of its size or larger (L6674) or while it sneaks (L6226), then the conditions
 * (`speedNow`, src/rules/movement.ts).
 *
 * Who a creature holds is the GM's record of grabs (src/settings/grabs.ts, src/documents/grabs.ts),
 * with the grabbed effects on the scene's creatures whose source is the creature's actor
 * (`flags["steel-echoes"].sourceUuid`, written by the card that grabbed them or by the Director's
 * hand, src/documents/conditions.ts); a creature both name is counted once. The GM's client reads
 * the speed when it carries a grabbed creature along (src/canvas/grab-carry.ts): a player can only
 * take a source off her own creature's effect, which still leaves the GM's record.
 */
import { FLAG_SCOPE } from "../constants.ts";
import { grabHalvesSpeed, speedNow } from "../rules/movement.ts";
import type { Size } from "../rules/catalogue.ts";
import type { SpeedHalving } from "../rules/movement.ts";
import { isDrawSteel } from "../data/index.ts";
import { uuidOf } from "./persisted.ts";
import { actorAt, currentGrabs } from "./grabs.ts";

type AnyActor = Actor.Implementation;
type SceneLike = { tokens?: { contents?: readonly unknown[] } } | null | undefined;
type TokenLike = { actor?: AnyActor | null };

/** The sizes of the creatures `actor` holds grabbed: on `scene` by their grabbed effects' source, anywhere by the GM's record. */
export function heldSizes(actor: AnyActor, scene: SceneLike): Size[] {
  const uuid = uuidOf(actor);
  const sizes = new Map<string, Size>();
  for (const token of (scene?.tokens?.contents ?? []) as TokenLike[]) {
    const held = token.actor;
    if (!held || held === actor) continue;
    const holds = [...held.effects].some((e) => e.statuses.has("grabbed")
      && (e.flags as Record<string, { sourceUuid?: unknown } | undefined>)[FLAG_SCOPE]?.sourceUuid === uuid);
    const size = (held.system as { size?: Size }).size;
    if (holds && size) sizes.set(uuidOf(held), size);
  }
  for (const record of currentGrabs()) {
    if (record.grabber !== uuid || sizes.has(record.grabbed)) continue;
    const size = (actorAt(record.grabbed)?.system as { size?: Size } | undefined)?.size;
    if (size) sizes.set(record.grabbed, size);
  }
  return [...sizes.values()];
}

/** The speed a Draw Steel hero or monster has before conditions and halvings, or null for any other actor. */
function statSpeed(actor: AnyActor): { speed: number; size: Size } | null {
  const system = actor.system;
  if (!isDrawSteel(system)) return null;
  const s = system as { baseSpeed?: number; speed?: number; size?: Size };
  const speed = actor.type === "hero" ? s.baseSpeed : s.speed;
  if (!Number.isInteger(speed) || (speed as number) < 0 || !s.size) return null;
  return { speed: speed as number, size: s.size };
}

/**
 * The creature's speed now on `scene` (the scene its token stands on), moving with `action` (a
 * movement action's key; "sneak" halves it, L6226), or null for an actor that is not a Draw Steel
 * creature. `halvedBy` says why it is halved.
 */
export function currentSpeed(actor: AnyActor, scene: SceneLike, action?: string): { speed: number; halvedBy: SpeedHalving[] } | null {
  const stat = statSpeed(actor);
  if (!stat) return null;
  const halvedBy: SpeedHalving[] = [];
  try {
    if (grabHalvesSpeed(stat.size, heldSizes(actor, scene))) halvedBy.push("grab");
  } catch {
    // A held creature with a malformed size: its grab is not counted.
  }
  if (action === "sneak") halvedBy.push("sneak");
  return speedNow({ speed: stat.speed, statuses: actor.statuses ?? [], halvedBy });
}

/** The scene an actor's creature stands on: its own token's, else its first active token's. */
export function actorScene(actor: AnyActor): SceneLike {
  return (actor.token?.parent ?? actor.getActiveTokens?.()[0]?.document?.parent ?? null) as SceneLike;
}

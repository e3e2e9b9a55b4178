/**
 * Teleporting ends the grabbed and restrained conditions (seed 004, L6676, L6686, L6910). A token
 * moved with a movement action whose config teleports (v13 `CONFIG.Token.movement.actions`: `blink`
 * and `displace` have `teleport: true`; read by `movementKind`, src/canvas/opportunity-attacks.ts)
 * loses its actor's grabbed and restrained effects. v13 `TokenDocument#_onUpdateMovement` runs on
 * every client; only the active GM's client deletes, so it happens once and whoever owns the
 * creature (or no player at all) teleported it. A forced movement from an ability card is never a
 * teleport (it moves with the system's `forced` option).
 */
import { conditionsEndedByTeleport } from "../rules/conditions.ts";
import { movementKind } from "./opportunity-attacks.ts";
import type { MovementLike } from "./opportunity-attacks.ts";

type TokenDoc = TokenDocument.Implementation;

/** After a token moved: on the active GM's client, a teleport ends its actor's grabbed and restrained. */
export async function endConditionsOnTeleport(token: TokenDoc, movement: MovementLike, operation: object | undefined): Promise<string[]> {
  const me = game.user;
  if (!me?.isGM || game.users?.activeGM?.id !== me.id) return [];
  const actor = token.actor as Actor.Implementation | null;
  if (!actor || movementKind(movement, operation) !== "teleport") return [];
  const ending = new Set<string>(conditionsEndedByTeleport(actor.statuses ?? []));
  if (!ending.size) return [];
  const ids = [...actor.effects].filter((e) => [...e.statuses].some((s) => ending.has(s))).map((e) => e.id!).filter((id) => !!id);
  if (ids.length) await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
  return [...ending];
}

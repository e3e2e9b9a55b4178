/**
 * Moving without sneaking ends hiding (seed 004, L6212). After a token moved (v13
 * `TokenDocument#_onUpdateMovement`, run on every client), the active GM's client removes the hidden
 * status of a creature whose own move had a stretch made with any movement action other than
 * *Sneak* (src/canvas/movement-actions.ts). A forced movement from an ability card (the system's
 * `forced` option, `movementKind`) is not the creature's move and keeps it hidden. Only the GM's
 * client acts, once, whoever moved the token; it removes a status and adds nothing, so what a
 * player's move data says can only end her own creature's hiding.
 */
import { moveRevealsHidden } from "../rules/move-path.ts";
import { movementKind } from "./opportunity-attacks.ts";
import type { MovementLike } from "./opportunity-attacks.ts";

/** After a token moved: on the active GM's client, a move that was not sneaking ends its actor's hidden. Resolves to whether it did. */
export async function endHiddenOnMove(
  token: TokenDocument.Implementation, movement: MovementLike, operation: object | undefined,
): Promise<boolean> {
  const me = game.user;
  if (!me?.isGM || game.users?.activeGM?.id !== me.id) return false;
  const actor = token.actor as Actor.Implementation | null;
  if (!actor?.statuses?.has("hidden")) return false;
  const actions = (movement.passed?.waypoints ?? []).map((w) => String(w.action ?? ""));
  if (!moveRevealsHidden(actions, movementKind(movement, operation) === "forced")) return false;
  await actor.toggleStatusEffect("hidden", { active: false });
  return true;
}

/**
 * What happens after a token moved, loaded with `import()` the first time a move needs it on this
 * client (src/canvas/token-document.ts; docs/architecture.md, "Loading"): each client offers the
 * opportunity attacks its user answers for (./opportunity-attacks.ts), and the active GM's client
 * redraws the token's auras around it (./area-region-actions.ts), ends grabbed and restrained after a
 * teleport (./teleport.ts) and hidden after a move that was not sneaking (./hidden-movement.ts), and
 * deals the damage of a dragging grab (Impaling Strike, ./grab-drag.ts). Each checks for itself whose
 * client it runs on. The auras' drawing comes with the areas' rules, so only the GM's client loads it.
 */
import { offerOpportunityAttacks } from "./opportunity-attacks.ts";
import type { MovementLike } from "./opportunity-attacks.ts";
import { endConditionsOnTeleport } from "./teleport.ts";
import { endHiddenOnMove } from "./hidden-movement.ts";
import { dragGrabbed } from "./grab-drag.ts";

/** After `token` moved: all of the above at once, as the move's own client work; resolves when each has. */
export async function onTokenMoved(
  token: TokenDocument.Implementation, movement: MovementLike, operation: object | undefined,
): Promise<void> {
  await Promise.all([
    offerOpportunityAttacks(token, movement, operation),
    game.user?.isGM ? import("./area-region-actions.ts").then((m) => m.followAuras(token)) : undefined,
    endConditionsOnTeleport(token, movement, operation),
    endHiddenOnMove(token, movement, operation),
    dragGrabbed(token, movement, operation),
  ]);
}

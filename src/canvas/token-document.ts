/**
 * The system's TokenDocument: after a movement (v13 client/documents/token.mjs
 * `TokenDocument#_onUpdateMovement`, run on every client with the movement and the update operation),
 * each client offers the opportunity attacks its user answers for (src/canvas/opportunity-attacks.ts),
 * and the active GM's client redraws the token's auras around it (src/canvas/area-regions.ts) and ends
 * grabbed and restrained after a teleport (src/canvas/teleport.ts) and hidden after a move that was not
 * sneaking (src/canvas/hidden-movement.ts), deals the damage of a dragging grab (Impaling Strike,
 * src/canvas/grab-drag.ts) and brings the creatures a grabber holds along (L6674,
 * src/canvas/grab-carry.ts, loaded with `import()` the first time a creature holding a grab moves
 * on the GM's client).
 */
import { offerOpportunityAttacks } from "./opportunity-attacks.ts";
import { followAuras } from "./area-regions.ts";
import { endConditionsOnTeleport } from "./teleport.ts";
import { endHiddenOnMove } from "./hidden-movement.ts";
import { dragGrabbed } from "./grab-drag.ts";
import { holdsGrab } from "../documents/grabs.ts";
import { uuidOf } from "../documents/persisted.ts";

export class SteelEchoesTokenDocument extends foundry.documents.TokenDocument {
  // The parameters as Foundry's own declare them: v13's declarations type the operation and the user
  // as UpdateOperation and User.Implementation, v14's as OnUpdateOptions and User.Stored.
  protected override _onUpdateMovement(...args: Parameters<foundry.documents.TokenDocument["_onUpdateMovement"]>): void {
    super._onUpdateMovement(...args);
    const [movement, operation] = args;
    void offerOpportunityAttacks(this as TokenDocument.Implementation, movement, operation);
    void followAuras(this as TokenDocument.Implementation);
    void endConditionsOnTeleport(this as TokenDocument.Implementation, movement, operation);
    void endHiddenOnMove(this as TokenDocument.Implementation, movement, operation);
    void dragGrabbed(this as TokenDocument.Implementation, movement, operation);
    const actor = this.actor as Actor.Implementation | null;
    if (game.user?.isGM && actor && holdsGrab(uuidOf(actor))) {
      const token = this as TokenDocument.Implementation;
      void import("./grab-carry.ts").then((m) => m.carryGrabbed(token, movement, operation));
    }
  }
}

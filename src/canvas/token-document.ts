/**
 * The system's TokenDocument: after a movement (v13 client/documents/token.mjs
 * `TokenDocument#_onUpdateMovement`, run on every client with the movement and the update operation),
 * each client offers the opportunity attacks its user answers for (src/canvas/opportunity-attacks.ts),
 * and the active GM's client redraws the token's auras around it (src/canvas/area-regions.ts).
 */
import { offerOpportunityAttacks } from "./opportunity-attacks.ts";
import { followAuras } from "./area-regions.ts";

export class SteelEchoesTokenDocument extends foundry.documents.TokenDocument {
  protected override _onUpdateMovement(
    movement: TokenDocument.MovementOperation, operation: TokenDocument.Database.UpdateOperation, user: User.Implementation,
  ): void {
    super._onUpdateMovement(movement, operation, user);
    void offerOpportunityAttacks(this as TokenDocument.Implementation, movement, operation);
    void followAuras(this as TokenDocument.Implementation);
  }
}

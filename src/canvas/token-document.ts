/**
 * The system's TokenDocument: after a movement (v13 client/documents/token.mjs
 * `TokenDocument#_onUpdateMovement`, run on every client with the movement and the update operation),
 * each client offers the opportunity attacks its user answers for, and the active GM's client redraws
 * the token's auras around it, ends grabbed and restrained after a teleport and hidden after a move
 * that was not sneaking, and deals the damage of a dragging grab (Impaling Strike): all of that is
 * src/canvas/token-moved.ts, loaded with `import()` the first time a move needs it on this client. It
 * also brings the creatures a grabber holds along (L6674, src/canvas/grab-carry.ts, loaded the first
 * time a creature holding a grab moves on the GM's client).
 *
 * Why that can wait for a module to load: v13 `TokenDocument._onUpdateOperation` →
 * `#onUpdateOperationMovement` (client/documents/token.mjs) calls `document._onUpdateMovement(movement,
 * operation, user)` and goes on to the `moveToken` hook without awaiting it or reading what it returns
 * (v13's and v14's declarations type it `void`), so nothing Foundry does after a move waits for this
 * work, loaded or not. What it returns (the work's promise) is for the test harness to wait on.
 */
import { holdsGrab } from "../documents/grabs.ts";
import { uuidOf } from "../documents/persisted.ts";

/** Whether this client is the active GM's, which does the GM's part of a move. */
const activeGM = () => !!game.user?.isGM && game.users?.activeGM?.id === game.user.id;

export class SteelEchoesTokenDocument extends foundry.documents.TokenDocument {
  // The parameters as Foundry's own declare them: v13's declarations type the operation and the user
  // as UpdateOperation and User.Implementation, v14's as OnUpdateOptions and User.Stored.
  protected override _onUpdateMovement(...args: Parameters<foundry.documents.TokenDocument["_onUpdateMovement"]>): Promise<void> | void {
    super._onUpdateMovement(...args);
    const [movement, operation] = args;
    const token = this as TokenDocument.Implementation;
    const actor = this.actor as Actor.Implementation | null;
    const work: Promise<void>[] = [];
    if (game.user?.isGM && actor && holdsGrab(uuidOf(actor))) {
      work.push(import("./grab-carry.ts").then((m) => m.carryGrabbed(token, movement, operation)).then(() => undefined));
    }
    // A player's client has a part only in a combat under way (its opportunity attacks); the active GM's always.
    if (game.combat?.started || activeGM()) {
      work.push(import("./token-moved.ts").then((m) => m.onTokenMoved(token, movement, operation)));
    }
    if (work.length) return Promise.all(work).then(() => undefined);
  }
}

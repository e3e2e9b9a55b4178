/**
 * The grabbed creature moves with its grabber (seed 004, L6674: "If the creature grabbing you moves,
 * they bring you with them"). After a token moved (v13 client/documents/token.mjs
 * `TokenDocument#_onUpdateMovement(movement, operation, user)`, run on every client once the server
 * accepted the movement; the `moveToken` hook fires from the same place), the active GM's client
 * looks up the creatures the moved creature holds in its own record of grabs (src/settings/grabs.ts,
 * a world setting only a GM writes) and moves each one's token along the grabber's path, keeping its
 * place beside the grabber (`grabCarry`, src/rules/grabs.ts). Loaded with `import()` by
 * token-document.ts the first time a creature holding a grab moves on the GM's client.
 *
 * Only the creature's own move carries (a walk, a shift, any movement action but a teleport): a
 * forced movement from a card is not its move, and moving the grabber away that way ends the grab
 * instead (L6676, src/canvas/forced-move-actions.ts). The carried token is moved with an update of
 * its `x` and `y`, as a forced movement moves tokens (v13 `TokenDocument#move(waypoints, options)` is
 * the same `update`, with the waypoints in the operation's `movement`; client/documents/token.mjs),
 * with the system's `forced` option, so its own move triggers nothing (no opportunity attack, no
 * dragging damage, no carry of its own).
 *
 * Nothing a player writes decides where another's token goes: the record is the GM's, and the move
 * is the server's record of the grabber's movement, which its owner may make as she likes (Foundry's
 * server does not check walls or distance). So the GM's client carries only a creature that stood
 * next to the grabber when the move began, for a move no longer than the grabber's speed now (halved
 * by the grab, L6674; L6836), along a path no wall crosses, to a space no other creature fills.
 * Otherwise the grabbed token stays and the Director is told why, in a chat message only the GMs see.
 */
import { grabCarry } from "../rules/grabs.ts";
import type { GridSpace } from "../rules/ability-use.ts";
import type { CarryRefusal } from "../rules/grabs.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { movementKind, movementPath } from "./opportunity-attacks.ts";
import type { MovementLike } from "./opportunity-attacks.ts";
import { currentGrabs } from "../documents/grabs.ts";
import { currentSpeed } from "../documents/movement.ts";
import { tokenSpace } from "../documents/token-space.ts";
import { sceneWalls } from "../documents/scene-walls.ts";
import { updateDocument } from "../documents/update.ts";
import { uuidOf } from "../documents/persisted.ts";

type TokenDoc = TokenDocument.Implementation;

/** The option a carried token moves with: forced (not its own move), and carried by a grab. */
export const CARRIED_OPTION = { [FLAG_SCOPE]: { forced: true, carried: true } };

/** What a carry did: the creatures brought along, and those left where they stood, with why. */
export interface CarryOutcome {
  carried: string[];
  left: { name: string; reason: CarryRefusal }[];
}

/** After a token moved: on the active GM's client, the creatures its actor holds grabbed come along. */
export async function carryGrabbed(token: TokenDoc, movement: MovementLike, operation: object | undefined): Promise<CarryOutcome> {
  const out: CarryOutcome = { carried: [], left: [] };
  const me = game.user;
  if (!me?.isGM || game.users?.activeGM?.id !== me.id) return out;
  const actor = token.actor as Actor.Implementation | null;
  const scene = token.parent as Scene.Implementation | null;
  const grid = Number(scene?.grid?.size) || 0;
  if (!actor || !scene || !grid) return out;
  const kind = movementKind(movement, operation);
  if (kind !== "move" && kind !== "shift") return out;
  const grabber = uuidOf(actor);
  const held = currentGrabs().filter((r) => r.grabber === grabber);
  if (!held.length) return out;
  const path = movementPath(movement, grid);
  const action = String(movement.passed?.waypoints?.at(-1)?.action ?? "");
  // The speed now, halved while it holds a creature its size or larger (L6674) or sneaks (L6226).
  const speed = currentSpeed(actor, scene, action)?.speed ?? Number.NaN;
  const tokens = (scene.tokens?.contents ?? []) as TokenDoc[];
  const walls = sceneWalls(scene);
  for (const record of held) {
    const other = tokens.find((t) => t !== token && t.actor && uuidOf(t.actor as Actor.Implementation) === record.grabbed);
    if (!other) continue;
    const occupied: GridSpace[] = tokens.filter((t) => t !== token && t !== other && t.actor).map((t) => tokenSpace(t, grid));
    let result: ReturnType<typeof grabCarry>;
    try {
      result = grabCarry({ path, grabbed: tokenSpace(other, grid), speed, walls, occupied });
    } catch {
      // A token off the grid's squares: nothing is moved.
      continue;
    }
    if (!result) continue;
    const name = other.name || other.actor?.name || "";
    if ("refused" in result) {
      out.left.push({ name, reason: result.refused });
      const text = game.i18n!.format(`SE.Grab.NotCarried.${result.refused}`, {
        grabber: token.name || actor.name || "", name, squares: String(path.length - 1), speed: String(speed),
      });
      await ChatMessage.implementation.create({ content: `<p>${foundry.utils.escapeHTML(text)}</p>`, whisper: [me.id!] });
      continue;
    }
    await updateDocument(other, { x: result.to.x * grid, y: result.to.y * grid }, CARRIED_OPTION);
    out.carried.push(name);
  }
  return out;
}

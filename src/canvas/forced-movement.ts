/**
 * Forced movement from an ability card as every world has it from the start: the relay's name and
 * its handler, the request from a click, and undo's record cleanup when a card is deleted. Moving the
 * token (collisions, walls, objects, falls, grabs; seed 004, L6920–6969) is forced-move-actions.ts,
 * loaded with `import()` the first time a movement runs on this client or reaches the GM through the
 * relay, with the battlefield rules it uses (docs/architecture.md, "Loading"). Only a GM's client
 * moves another's token: a player's request travels through the GM relay, and the GM re-checks it.
 */
import { askGM, registerRelayHandler, serialized, showNotice } from "../documents/relay.ts";
import type { RelayUser } from "../documents/relay.ts";
import type { CardServices } from "../documents/card-refusals.ts";
import { targetLockKey } from "../documents/card-targets.ts";
import { forgetForcedMoves } from "../settings/forced-moves.ts";
import type { ForcedMoveRequest } from "./forced-move-actions.ts";
import type * as Actions from "./forced-move-actions.ts";

export type { ForcedMoveRequest } from "./forced-move-actions.ts";

export const FORCED_MOVE_RELAY = "forcedMove";

type Message = ChatMessage.Implementation;

/** Carry out a forced movement or its undo as `user` (forced-move-actions.ts, loaded the first time). */
export const performForcedMove = async (...a: Parameters<typeof Actions.performForcedMove>) =>
  (await import("./forced-move-actions.ts")).performForcedMove(...a);

const locks = (r: { messageId?: unknown; key?: unknown }) => [`message:${String(r.messageId)}`, targetLockKey(r.key), "scene-tokens"];

/** A forced movement from a click: the GM carries it out, a player asks the GM. */
export async function requestForcedMove(request: ForcedMoveRequest, services: CardServices): Promise<boolean> {
  const user = game.user!;
  if (user.isGM) {
    const outcome = await serialized(locks(request), () => performForcedMove(request, user, services));
    showNotice(outcome.notice);
    return outcome.ok;
  }
  return Boolean(await askGM(FORCED_MOVE_RELAY, { ...request }));
}

/** The GM's side of the relay (index.ts registers it at init). */
export function registerForcedMoveRelay(services: CardServices): void {
  // A deleted card can no longer be undone: the active GM forgets its records.
  Hooks.on("deleteChatMessage", (message: Message) => {
    const me = game.user;
    if (me?.isGM && game.users?.activeGM?.id === me.id && message.id) void forgetForcedMoves(message.id);
  });
  registerRelayHandler<Record<string, unknown>>(FORCED_MOVE_RELAY, {
    locks,
    run: async (data, requester: RelayUser) => {
      const direction = data.direction as { dx?: unknown; dy?: unknown } | undefined;
      const request: ForcedMoveRequest = {
        messageId: String(data.messageId), key: String(data.key), action: data.action === "undo" ? "undo" : data.action === "fall" ? "fall" : "move",
        ...(data.squares === undefined ? {} : { squares: Number(data.squares) }),
        ...(direction ? { direction: { dx: Number(direction.dx), dy: Number(direction.dy) } } : {}),
        ...(data.rise === 1 || data.rise === -1 ? { rise: data.rise } : {}),
      };
      const outcome = await performForcedMove(request, requester, services);
      return { value: outcome.ok, ...(outcome.notice ? { notice: outcome.notice } : {}) };
    },
  });
}

/**
 * An ability card's targets as the GM's client reads them. The card's target keys are its author's to
 * write (she writes her own message: v13 common/documents/chat-message.mjs `BaseChatMessage`), so a
 * key proves nothing until it is checked here:
 *
 * - a key is a token UUID, of a token on the card's scene (the scene its speaker names, else the
 *   active scene or the one this client views), found in that scene's tokens; an actor UUID, a token
 *   on another scene or a made-up one resolves to nothing;
 * - one creature is one target: the GM-side lock and the once-only records are per actor
 *   (`targetLockKey`), so the same creature under two keys, or two tokens of it, is hit once.
 */
import { uuidOf } from "./persisted.ts";

export type Message = ChatMessage.Implementation;
type TokenDoc = TokenDocument.Implementation;

/** A UUID no longer than this is read; a longer one is no token's. */
const MAX_KEY = 200;

/** The scenes a card's targets may stand on: the one its speaker names, or else the active and viewed scenes. */
export function cardScenes(message: Message): Scene.Implementation[] {
  const named = message.speaker?.scene ? game.scenes?.get(message.speaker.scene) : undefined;
  if (named) return [named];
  return [game.scenes?.active, game.scenes?.viewed].filter((s): s is Scene.Stored => !!s);
}

/** Whether `token` is a token embedded in one of `scenes`. */
function onScene(token: TokenDoc, scenes: readonly Scene.Implementation[]): boolean {
  const scene = token.parent;
  return !!token.id && !!scene && scenes.some((s) => s === scene && s.tokens.get(token.id!) === token);
}

/** The token a card's target key names, if it is a token on the card's scene; otherwise null. */
export async function cardTargetToken(message: Message, key: unknown): Promise<TokenDoc | null> {
  if (typeof key !== "string" || !key || key.length > MAX_KEY) return null;
  const token = await fromUuid(key).catch(() => null);
  if (!(token instanceof foundry.documents.TokenDocument)) return null;
  return onScene(token, cardScenes(message)) ? token : null;
}

/**
 * The lock a request on one target of a card takes on the GM's client: the creature's actor (so two
 * keys of one creature wait for each other), or the key itself when it names no token's actor.
 */
export function targetLockKey(key: unknown): string {
  const token = typeof key === "string" && key.length <= MAX_KEY ? fromUuidSync(key) : null;
  const actor = token instanceof foundry.documents.TokenDocument ? token.actor : null;
  return actor ? `actor:${uuidOf(actor)}` : `target:${String(key)}`;
}

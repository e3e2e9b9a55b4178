/**
 * The uuid of a document this system stores, sends or looks up: always a persisted one.
 *
 * Foundry gives a temporary (unsaved) document no uuid: the v14 declarations type `Document#uuid` as
 * `string | null` ("Always `null` for temporary documents", common/abstract/document.d.mts, `get uuid`),
 * where the v13 ones said `string`. Every workflow here names actors, tokens, items and combatants
 * that exist in the world, so a null is a bug in the caller, reported as such rather than stored.
 */
export function uuidOf(doc: { readonly uuid: string | null; readonly name?: string | null }): string {
  if (doc.uuid === null) throw new Error(`Steel & Echoes: "${doc.name ?? "?"}" is a temporary document, with no uuid.`);
  return doc.uuid;
}

/** The id of a persisted document (null only for a temporary one, as with `uuidOf`). */
export function idOf(doc: { readonly id: string | null; readonly name?: string | null }): string {
  if (doc.id === null) throw new Error(`Steel & Echoes: "${doc.name ?? "?"}" is a temporary document, with no id.`);
  return doc.id;
}

/**
 * `ChatMessage.getSpeaker` for persisted documents. The v14 declarations accept only `Actor.Stored` and
 * `TokenDocument.Stored` there (an id that is not null), the v13 ones any actor or token; at run time
 * both versions read the same fields (client/documents/chat-message.mjs, `getSpeaker`).
 */
export function speakerOf(
  options: { actor?: Actor.Implementation | null; token?: TokenDocument.Implementation | null; alias?: string },
): ChatMessage.SpeakerData {
  return ChatMessage.getSpeaker(options as ChatMessage.GetSpeakerOptions);
}

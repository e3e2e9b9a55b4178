/**
 * The EDGE cards' record the GM keeps (seed 003 S3:L818–833): which Cards hand is each player's,
 * and the encounter in which each player last played or burnt a card (one an encounter, S3:L828).
 *
 * A hand is a Cards document its player owns, and v13 lets an owner update it, flags included
 * (common/documents/cards.mjs `BaseCards.metadata.permissions`: no `update` rule, so the default
 * "OWNER" of common/abstract/document.mjs `Document.metadata` applies, tested by `Document#canUserModify`);
 * a player also writes her own User (common/documents/user.mjs `BaseUser.#canUpdate`). So neither
 * may hold what the GM's client trusts: it lives in this world setting, which only a user with
 * SETTINGS_MODIFY writes (common/documents/setting.mjs `BaseSetting.#canModify`; assistant GMs and up
 * by default), read from the Setting with no user (`WorldSettings#getSetting(key, user = null)`).
 */
import { SETTINGS, SYSTEM_ID } from "../constants.ts";

/**
 * `hands`: each player's hand, user id -> Cards id. `playedIn`: the encounter (Combat id) in which
 * each player last played or burnt a card, user id -> Combat id.
 */
export type EdgeCardsRecord = Record<"hands" | "playedIn", Record<string, string>>;

declare global {
  interface SettingConfig {
    "steel-echoes.edgeCards": EdgeCardsRecord;
  }
}

export function registerEdgeCardSettings(): void {
  game.settings!.register(SYSTEM_ID, SETTINGS.edgeCards, {
    name: "SE.EdgeCard.Record",
    scope: "world",
    config: false,
    type: Object,
    default: { hands: {}, playedIn: {} },
  });
}

const ids = (v: unknown): Record<string, string> => (v && typeof v === "object" && !Array.isArray(v)
  ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === "string"))
  : {});

/** The GM's EDGE record (empty before the settings exist). */
export function edgeCardsRecord(): EdgeCardsRecord {
  if (!game.settings?.settings?.has(`${SYSTEM_ID}.${SETTINGS.edgeCards}`)) return { hands: {}, playedIn: {} };
  const stored = game.settings.get(SYSTEM_ID, SETTINGS.edgeCards) as Partial<EdgeCardsRecord> | null;
  return { hands: ids(stored?.hands), playedIn: ids(stored?.playedIn) };
}

/** Change the GM's EDGE record for one player (GM only: the server refuses anyone else). */
export async function setEdgeCardsFor(userId: string, changes: { hand?: string; playedIn?: string }): Promise<void> {
  const record = edgeCardsRecord();
  if (changes.hand !== undefined) record.hands[userId] = changes.hand;
  if (changes.playedIn !== undefined) record.playedIn[userId] = changes.playedIn;
  await game.settings!.set(SYSTEM_ID, SETTINGS.edgeCards, record);
}

/** Replace the whole record (the migration's). */
export async function setEdgeCardsRecord(record: EdgeCardsRecord): Promise<void> {
  await game.settings!.set(SYSTEM_ID, SETTINGS.edgeCards, record);
}

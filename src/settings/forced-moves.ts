/**
 * What each forced movement from an ability card did, kept for its undo and its *Falls* button where
 * only a GM writes (issue 28): a world setting, by message id and target key.
 *
 * The record says which creatures a collision or a landing hurt, which tiles' object squares broke and
 * where the token stood; its undo gives those creatures Stamina back, deletes their prone effects and
 * mends those tiles. Kept on the moved creature (as before 0.2.0) it was that creature's owners' to
 * rewrite, so a player who owned a pushed hero could list any monster on it and have the GM's client
 * heal it or strip its conditions. Who may write a world setting (v13 common/documents/setting.mjs,
 * `BaseSetting.#canModify`): a user with SETTINGS_MODIFY, assistant GMs and up by default
 * (common/constants.mjs `USER_PERMISSIONS`); `WorldSettings#getSetting(key, user = null)`
 * (client/documents/collections/world-settings.mjs) reads a world setting only from the Setting with
 * no user, so a player's user-scoped Setting under the same key is never read.
 */
import { SETTINGS, SYSTEM_ID } from "../constants.ts";

/** One target's record (its shape is src/canvas/forced-movement.ts's to read). */
export type ForcedMoveRecord = Record<string, unknown>;
/** Records by message id, then by the target's applied key. */
export type ForcedMoveRecords = Record<string, Record<string, ForcedMoveRecord>>;

declare global {
  interface SettingConfig {
    "steel-echoes.forcedMoves": ForcedMoveRecords;
  }
}

export function registerForcedMoveSettings(): void {
  game.settings!.register(SYSTEM_ID, SETTINGS.forcedMoves, {
    name: "SE.ForcedMove.Records",
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
}

const registered = () => !!game.settings?.settings?.has(`${SYSTEM_ID}.${SETTINGS.forcedMoves}`);
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** Every message's forced-movement records (none before the setting exists). */
export function forcedMoveRecords(): ForcedMoveRecords {
  if (!registered()) return {};
  const all = game.settings!.get(SYSTEM_ID, SETTINGS.forcedMoves) as ForcedMoveRecords | null;
  return isRecord(all) ? all : {};
}

/** The records of one message's card, by target key (an empty object when it moved no one). */
export function forcedMovesOf(messageId: string): Record<string, ForcedMoveRecord> {
  const mine = forcedMoveRecords()[messageId];
  return isRecord(mine) ? mine as Record<string, ForcedMoveRecord> : {};
}

/**
 * Keep (or, with null, forget) one target's record. A message left with no record is dropped. GM only:
 * Foundry refuses anyone without SETTINGS_MODIFY.
 */
export async function setForcedMoveRecord(messageId: string, key: string, record: ForcedMoveRecord | null): Promise<void> {
  const all = { ...forcedMoveRecords() };
  const mine = { ...forcedMovesOf(messageId) };
  if (record) mine[key] = record;
  else delete mine[key];
  if (Object.keys(mine).length) all[messageId] = mine;
  else delete all[messageId];
  await game.settings!.set(SYSTEM_ID, SETTINGS.forcedMoves, all);
}

/** Add records many at once (the migration): `records` by message id, then key; records already held win. */
export async function addForcedMoveRecords(records: ForcedMoveRecords): Promise<void> {
  const all = { ...forcedMoveRecords() };
  for (const [messageId, byKey] of Object.entries(records)) all[messageId] = { ...byKey, ...(all[messageId] ?? {}) };
  await game.settings!.set(SYSTEM_ID, SETTINGS.forcedMoves, all);
}

/** Forget a deleted message's records: nothing can undo its movements any longer. GM only. */
export async function forgetForcedMoves(messageId: string): Promise<void> {
  const all = forcedMoveRecords();
  if (!(messageId in all)) return;
  const rest = { ...all };
  delete rest[messageId];
  await game.settings!.set(SYSTEM_ID, SETTINGS.forcedMoves, rest);
}

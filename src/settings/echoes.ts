/**
 * Echoes' world settings: the GM's picks under a net Debuff (seed 000 S0:L71: "the GM picks"),
 * kept where only a GM writes, by message id, until the check is applied; and what applying each
 * check did (its undo record), by message id, until it is undone. A check's message and its roller's
 * character are the player's to change, so neither a pick nor an undo record may be kept there.
 *
 * Who may write a world setting (v13 common/documents/setting.mjs, `BaseSetting.#canModify`): a user
 * with the SETTINGS_MODIFY permission, which v13 gives assistant GMs and up by default
 * (common/constants.mjs `USER_PERMISSIONS.SETTINGS_MODIFY.defaultRole: ASSISTANT`); a Setting that
 * names a `user` (a user-scoped one) is that user's, but `WorldSettings#getSetting(key, user = null)`
 * (client/documents/collections/world-settings.mjs) reads a world setting only from the Setting with
 * no user, so a player's own user-scoped Setting under the same key is never read here.
 */
import { HOOKS, SETTINGS, SYSTEM_ID } from "../constants.ts";

export type GmPicks = Record<string, { dissonance?: number; harmony?: number }>;
/** Undo records of applied checks by message id (their shape is src/documents/echoes-checks.ts's to check). */
export type EchoesUndoRecords = Record<string, Record<string, unknown>>;

declare global {
  interface SettingConfig {
    "steel-echoes.echoesGmPicks": GmPicks;
    "steel-echoes.echoesApplied": EchoesUndoRecords;
    "steel-echoes.showDissonancePoints": boolean;
  }
}

export function registerEchoesSettings(): void {
  // The GM's Dissonance Points are the GM's; a table may show them to the players (issue: "optional to players").
  game.settings!.register(SYSTEM_ID, SETTINGS.showDissonancePoints, {
    name: "SE.Setting.ShowDissonancePoints.Name",
    hint: "SE.Setting.ShowDissonancePoints.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
    onChange: () => (Hooks.callAll as (hook: string) => boolean)(HOOKS.poolsChanged),
  });
  game.settings!.register(SYSTEM_ID, SETTINGS.echoesGmPicks, {
    name: "SE.Echoes.GmPicks",
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
  game.settings!.register(SYSTEM_ID, SETTINGS.echoesApplied, {
    name: "SE.Echoes.UndoRecords",
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
}

/** Every applied check's undo record, by message id (none before the settings exist). */
export function echoesUndoRecords(): EchoesUndoRecords {
  if (!game.settings?.settings?.has(`${SYSTEM_ID}.${SETTINGS.echoesApplied}`)) return {};
  const all = game.settings!.get(SYSTEM_ID, SETTINGS.echoesApplied) as EchoesUndoRecords | null;
  return all && typeof all === "object" ? all : {};
}

/** The undo record of the check in message `messageId`, or null when it is not applied. */
export function echoesUndoRecord(messageId: string): Record<string, unknown> | null {
  const record = echoesUndoRecords()[messageId];
  return record && typeof record === "object" && !Array.isArray(record) ? record : null;
}

/** Keep (or, with null, forget) the undo record of a message's check. GM only (the server refuses anyone else). */
export async function setEchoesUndoRecords(changes: Record<string, Record<string, unknown> | null>): Promise<void> {
  const all = { ...echoesUndoRecords() };
  for (const [id, record] of Object.entries(changes)) {
    if (record) all[id] = record;
    else delete all[id];
  }
  await game.settings!.set(SYSTEM_ID, SETTINGS.echoesApplied, all);
}

/** Whether players see the Dissonance Points (false before the settings exist). */
export function dissonancePointsShown(): boolean {
  return !!game.settings?.settings?.has(`${SYSTEM_ID}.${SETTINGS.showDissonancePoints}`) && !!game.settings.get(SYSTEM_ID, SETTINGS.showDissonancePoints);
}

/** The GM's picks for a check's message (none before the settings exist). */
export function gmPicksFor(messageId: string): { dissonance?: number; harmony?: number } {
  if (!game.settings?.settings?.has(`${SYSTEM_ID}.${SETTINGS.echoesGmPicks}`)) return {};
  const all = game.settings.get(SYSTEM_ID, SETTINGS.echoesGmPicks) as GmPicks | null;
  const picks = all && typeof all === "object" ? all[messageId] : undefined;
  return picks && typeof picks === "object" ? picks : {};
}

/** Record (or, with null, forget) the GM's picks for a message. GM only. */
export async function setGmPicks(messageId: string, picks: { dissonance?: number; harmony?: number } | null): Promise<void> {
  const all = { ...(game.settings!.get(SYSTEM_ID, SETTINGS.echoesGmPicks) as GmPicks | null ?? {}) };
  if (picks) all[messageId] = picks;
  else delete all[messageId];
  await game.settings!.set(SYSTEM_ID, SETTINGS.echoesGmPicks, all);
}

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

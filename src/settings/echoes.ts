/**
 * Echoes' world settings: the GM's picks under a net Debuff (seed 000 S0:L71: "the GM picks"),
 * kept where only a GM writes, by message id, until the check is applied. A check's message is its
 * author's to change, so a pick written there could be a player's.
 */
import { HOOKS, SETTINGS, SYSTEM_ID } from "../constants.ts";

export type GmPicks = Record<string, { dissonance?: number; harmony?: number }>;

declare global {
  interface SettingConfig {
    "steel-echoes.echoesGmPicks": GmPicks;
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

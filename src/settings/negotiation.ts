/**
 * Which NPC the heroes are negotiating with: a world setting holding that actor's UUID (hidden from
 * the settings form). Every client opens the negotiation tracker for it; the negotiation itself is
 * in the actor's flags. Only a GM writes either (src/documents/negotiation.ts).
 */
import { HOOKS, SETTINGS, SYSTEM_ID } from "../constants.ts";

declare global {
  interface SettingConfig {
    "steel-echoes.negotiation": string;
  }
}

export function registerNegotiationSetting(): void {
  game.settings!.register(SYSTEM_ID, SETTINGS.negotiation, {
    name: "SE.Negotiation.Title",
    scope: "world",
    config: false,
    type: String,
    default: "",
    onChange: () => (Hooks.callAll as (hook: string) => boolean)(HOOKS.negotiationChanged),
  });
}

/** The UUID of the NPC under negotiation, "" for none (or before the setting exists). */
export function negotiationActorUuid(): string {
  return game.settings?.settings?.has(`${SYSTEM_ID}.${SETTINGS.negotiation}`) ? String(game.settings.get(SYSTEM_ID, SETTINGS.negotiation) ?? "") : "";
}

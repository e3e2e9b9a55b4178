/**
 * The montage test in progress, as a world setting (hidden from the settings form): every client
 * reads it and redraws the tracker when it changes; only a GM writes it (src/documents/montage.ts).
 */
import { HOOKS, SETTINGS, SYSTEM_ID } from "../constants.ts";

declare global {
  interface SettingConfig {
    "steel-echoes.montage": Record<string, unknown>;
  }
}

export function registerMontageSetting(): void {
  game.settings!.register(SYSTEM_ID, SETTINGS.montage, {
    name: "SE.Montage.Title",
    scope: "world",
    config: false,
    type: Object,
    // No montage is an empty object (src/data/montage.ts readMontage reads it as none).
    default: {},
    onChange: () => (Hooks.callAll as (hook: string) => boolean)(HOOKS.montageChanged),
  });
}

/** The setting's value, or null before it is registered (tests that load no system). */
export function montageSettingValue(): unknown {
  return game.settings?.settings?.has(`${SYSTEM_ID}.${SETTINGS.montage}`) ? game.settings.get(SYSTEM_ID, SETTINGS.montage) : null;
}

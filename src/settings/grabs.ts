/**
 * Who holds whom grabbed, from the ability cards that grabbed (issue 29, item 33): a world setting
 * that only a GM writes, so what the GM's client does with a grab (L3469: the grabbed creature's
 * damage when its grabber moves, its Escape Grab's bane) never rests on the grabbed creature's own
 * effect, which its owners write. Who may write a world setting (v13 common/documents/setting.mjs,
 * `BaseSetting.#canModify`): a user with SETTINGS_MODIFY, assistant GMs and up by default
 * (common/constants.mjs `USER_PERMISSIONS`); `WorldSettings#getSetting(key, user = null)`
 * (client/documents/collections/world-settings.mjs) reads a world setting only from the Setting with
 * no user. The records' rules are src/rules/grabs.ts.
 */
import { SETTINGS, SYSTEM_ID } from "../constants.ts";
import { isGrabRecord } from "../rules/grabs.ts";
import type { GrabRecord } from "../rules/grabs.ts";

declare global {
  interface SettingConfig {
    "steel-echoes.grabs": GrabRecord[];
  }
}

export function registerGrabSettings(): void {
  game.settings!.register(SYSTEM_ID, SETTINGS.grabs, {
    name: "SE.Grab.Records",
    scope: "world",
    config: false,
    type: Array,
    default: [],
    // On every client: the hero sheets that list who their hero holds show it again (sheet-parts.ts).
    onChange: () => (Hooks.callAll as (hook: string) => boolean)(GRABS_CHANGED),
  });
}

/** The hook every client calls when the record of grabs changed. */
export const GRABS_CHANGED = `${SYSTEM_ID}.grabsChanged`;

const registered = () => !!game.settings?.settings?.has(`${SYSTEM_ID}.${SETTINGS.grabs}`);

/** Every recorded grab, well-formed ones only (none before the setting exists). */
export function grabRecords(): GrabRecord[] {
  if (!registered()) return [];
  const all = game.settings!.get(SYSTEM_ID, SETTINGS.grabs) as unknown;
  return Array.isArray(all) ? all.filter(isGrabRecord) : [];
}

/** Keep these records. GM only: Foundry refuses anyone without SETTINGS_MODIFY. */
export async function setGrabRecords(records: readonly GrabRecord[]): Promise<void> {
  await game.settings!.set(SYSTEM_ID, SETTINGS.grabs, [...records]);
}

/**
 * The approved copies of players' abilities, and the setting that trusts players' edits instead.
 *
 * A player owns her hero's ability items (an embedded document takes its parent's ownership: v13
 * common/abstract/document.mjs `Document#getUserLevel`), so a fingerprint kept on the item would be
 * hers to rewrite. The GM keeps it in a world setting: v13 common/documents/setting.mjs,
 * `BaseSetting.#canModify`, lets a user write a Setting only with the SETTINGS_MODIFY permission
 * (assistant GMs and up by default); `WorldSettings#getSetting(key, user = null)` reads a world
 * setting from the Setting with no user, so a player's user-scoped Setting under the key is never read.
 */
import { SETTINGS, SYSTEM_ID } from "../constants.ts";
import type { AbilityRulesFields } from "../rules/ability-fingerprint.ts";

/** What the GM approved of one ability item: the fingerprint, and the fields (to show what changes next). */
export interface ApprovedAbility {
  fingerprint: string;
  fields: AbilityRulesFields;
}

/** Approved abilities by item UUID. */
export type ApprovedAbilities = Record<string, ApprovedAbility>;

declare global {
  interface SettingConfig {
    "steel-echoes.approvedAbilities": ApprovedAbilities;
    "steel-echoes.trustAbilityEdits": boolean;
  }
}

export function registerAbilitySettings(): void {
  game.settings!.register(SYSTEM_ID, SETTINGS.trustAbilityEdits, {
    name: "SE.Setting.TrustAbilityEdits.Name",
    hint: "SE.Setting.TrustAbilityEdits.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  game.settings!.register(SYSTEM_ID, SETTINGS.approvedAbilities, {
    name: "SE.Setting.ApprovedAbilities",
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
}

const registered = (key: typeof SETTINGS.trustAbilityEdits | typeof SETTINGS.approvedAbilities) =>
  !!game.settings?.settings?.has(`${SYSTEM_ID}.${key}`);

/** Whether the GM trusts players' edits to their abilities (false before the setting exists). */
export function trustAbilityEdits(): boolean {
  return registered(SETTINGS.trustAbilityEdits) && game.settings!.get(SYSTEM_ID, SETTINGS.trustAbilityEdits) === true;
}

/** Every approved ability, by item UUID. */
export function approvedAbilities(): ApprovedAbilities {
  if (!registered(SETTINGS.approvedAbilities)) return {};
  const all = game.settings!.get(SYSTEM_ID, SETTINGS.approvedAbilities) as ApprovedAbilities | null;
  return all && typeof all === "object" ? all : {};
}

/** Record the GM's approval of an item's current version (the GM's client only: Foundry refuses a player). */
export async function recordApprovedAbility(itemUuid: string, approved: ApprovedAbility): Promise<void> {
  await game.settings!.set(SYSTEM_ID, SETTINGS.approvedAbilities, { ...approvedAbilities(), [itemUuid]: approved });
}

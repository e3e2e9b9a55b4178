/**
 * Which Prayer cards have had their domain effect (L2397: "you can choose one of your domain's effects
 * to immediately take effect"), and what it did: a world setting by the Prayer card's message id,
 * written by the GM's client only (src/documents/domain-effect-actions.ts). A player writes her own
 * Prayer card and her own hero (v13 common/documents/chat-message.mjs `BaseChatMessage`; Actor OWNER),
 * so a record kept there could be erased and the effect used again. A world setting is written only by
 * a user with SETTINGS_MODIFY (v13 common/documents/setting.mjs `BaseSetting.#canModify`), and read
 * from the Setting with no user (client/documents/collections/world-settings.mjs
 * `WorldSettings#getSetting(key, user = null)`), so a player's user-scoped Setting of the key is never read.
 */
import { SYSTEM_ID } from "../constants.ts";

export const DOMAIN_EFFECTS_SETTING = "domainEffects";

/** What a domain effect did to one creature. */
export interface DomainEffectDone {
  name: string;
  damage?: number;
  temporary?: number;
  healed?: number;
  recoveries?: number;
  ended?: number;
  stoodUp?: boolean;
}

/** What one Prayer card's domain effect did: the domain, who asked, and each creature's change. */
export interface DomainEffectRecord {
  domain: string;
  option?: string;
  userId: string;
  /** By actor UUID: the Stamina and temporary Stamina it lost or gained, the Recoveries spent. */
  targets: Record<string, DomainEffectDone>;
}

declare global {
  interface SettingConfig {
    "steel-echoes.domainEffects": Record<string, DomainEffectRecord>;
  }
}

export function registerDomainEffectSettings(): void {
  if (game.settings?.settings?.has(`${SYSTEM_ID}.${DOMAIN_EFFECTS_SETTING}`)) return;
  game.settings!.register(SYSTEM_ID, DOMAIN_EFFECTS_SETTING, {
    name: "SE.Prayer.Records",
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
}

const registered = () => !!game.settings?.settings?.has(`${SYSTEM_ID}.${DOMAIN_EFFECTS_SETTING}`);

/** Every Prayer card's record (none before the setting exists). */
export function domainEffectRecords(): Record<string, DomainEffectRecord> {
  if (!registered()) return {};
  const all = game.settings!.get(SYSTEM_ID, DOMAIN_EFFECTS_SETTING) as Record<string, DomainEffectRecord> | null;
  return all && typeof all === "object" && !Array.isArray(all) ? all : {};
}

/** The record of one Prayer card's domain effect, or null when it has had none. */
export function domainEffectRecordOf(messageId: string): DomainEffectRecord | null {
  const record = domainEffectRecords()[messageId];
  return record && typeof record === "object" ? record : null;
}

/** Keep one Prayer card's record. GM only: Foundry refuses anyone without SETTINGS_MODIFY. */
export async function setDomainEffectRecord(messageId: string, record: DomainEffectRecord): Promise<void> {
  await game.settings!.set(SYSTEM_ID, DOMAIN_EFFECTS_SETTING, { ...domainEffectRecords(), [messageId]: record });
}

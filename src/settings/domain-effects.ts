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
import type { NextRollGrant } from "../rules/domain-lasting.ts";
import type { TurnGrant } from "../rules/domain-turns.ts";

export const DOMAIN_EFFECTS_SETTING = "domainEffects";
/**
 * What domain effects leave in force (src/rules/domain-lasting.ts): next power roll modifiers (Fate,
 * Knowledge, Love), the rolls that used them (by the card's message id), and effects lasting until the
 * end of the conduit's next turn (Protection, War). A world setting for the same reason as the records
 * above: only a user with SETTINGS_MODIFY writes it (v13 `BaseSetting.#canModify`, `canUserCreate`),
 * so a player cannot grant herself an edge or a tier, or keep one she used.
 */
export const DOMAIN_LASTING_SETTING = "domainLasting";

/** A roll that used its next-roll grants: whose, and what they gave (the GM's word on a card's Fate tier). */
export interface NextRollClaim { creature: string; edges: number; tier: 1 | 3 | null }

export interface DomainLasting {
  nextRolls: NextRollGrant[];
  claims: Record<string, NextRollClaim>;
  turns: TurnGrant[];
}

/** What a domain effect did to one creature. */
export interface DomainEffectDone {
  name: string;
  damage?: number;
  temporary?: number;
  healed?: number;
  recoveries?: number;
  ended?: number;
  stoodUp?: boolean;
  /** A next power roll's edges (Knowledge 2, Love 1) or Fate's tier. */
  edges?: number;
  fate?: 1 | 3;
  /** Protection's damage immunity, War's extra damage, until the end of the conduit's next turn. */
  immunity?: number;
  extraDamage?: number;
  /** A slide (Nature, Trickery): squares moved, collision damage, whom it slammed into. */
  slid?: { squares: number; damage: number; slammed: string[] };
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
    /** A `DomainLasting`, read through `domainLasting()` (src/documents/domain-lasting.ts), which skips what is malformed. */
    "steel-echoes.domainLasting": Record<string, unknown>;
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
  game.settings!.register(SYSTEM_ID, DOMAIN_LASTING_SETTING, {
    name: "SE.Prayer.Lasting",
    scope: "world",
    config: false,
    type: Object,
    default: { nextRolls: [], claims: {}, turns: [] },
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

/**
 * What the GM's record holds, unchecked (a world setting only a GM writes; it is checked where it is
 * used: src/documents/domain-lasting.ts). For the cheap looks of code that runs before `ready`.
 */
export function storedDomainLasting(): Partial<Record<keyof DomainLasting, unknown>> {
  if (!game.settings?.settings?.has(`${SYSTEM_ID}.${DOMAIN_LASTING_SETTING}`)) return {};
  const stored = game.settings.get(SYSTEM_ID, DOMAIN_LASTING_SETTING);
  return stored && typeof stored === "object" ? stored : {};
}

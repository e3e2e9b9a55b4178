/**
 * The hidden world setting of src/migrations/: the system version the world's data was last migrated
 * to. Registered from the entry at `init`; the migrations themselves load at `ready` (issue 31).
 */
import { SETTINGS, SYSTEM_ID } from "../constants.ts";

export const MIGRATION_SETTING = SETTINGS.migrationVersion;

declare global {
  interface SettingConfig {
    "steel-echoes.systemMigrationVersion": string;
  }
}

export function registerMigrationSetting(): void {
  game.settings!.register(SYSTEM_ID, MIGRATION_SETTING, { scope: "world", config: false, type: String, default: "" });
}

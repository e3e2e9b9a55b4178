/**
 * Before 0.2.0 a hero's level was her XP's (derived every time). Levels are now stored and rise by
 * Level up (issue 32): a hero from before keeps the level her XP gave her, written as her own. The
 * data model reads a missing level the same way until this runs. Pure.
 */
import { legacyLevel } from "../rules/advancement.ts";
import type { AdvancementMode } from "../rules/advancement.ts";

/** The update that stores a hero's level, or null (not a hero, or a level already stored). */
export function migrateHeroLevel(source: Record<string, unknown>, mode: AdvancementMode): Record<string, unknown> | null {
  if (source.type !== "hero") return null;
  const system = (source.system ?? {}) as { level?: unknown; xp?: unknown };
  if (typeof system.level === "number") return null;
  return { "system.level": legacyLevel(Number(system.xp ?? 0), mode) };
}

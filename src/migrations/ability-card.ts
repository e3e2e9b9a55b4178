/**
 * Ability cards written before version 2 kept what was applied to each target in
 * `abilityUse.applied`, keyed by the target's token UUID. Foundry splits the dots of such keys into
 * nested objects when the record is saved (`expandObject`), so a version 1 card may hold
 * `applied.Scene.<id>.Token.<id> = record`. This finds every record, by its path, and moves it onto
 * its target, as version 2 keeps it. Pure: source data in, the update for the message out.
 */
import type { AbilityUseData, AppliedRecord } from "../data/ability-use.ts";
import { deletion } from "../compat/versions.ts";

function isRecord(v: unknown): v is AppliedRecord {
  return !!v && typeof v === "object" && typeof (v as { dealt?: unknown }).dealt === "number";
}

/** Every applied record under `node`, by its key with the dots Foundry split put back. */
export function appliedRecordsByKey(node: unknown, prefix = ""): Map<string, AppliedRecord> {
  const out = new Map<string, AppliedRecord>();
  if (!node || typeof node !== "object") return out;
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (isRecord(v)) out.set(key, { dealt: v.dealt, effectIds: Array.isArray(v.effectIds) ? v.effectIds : [], userId: String(v.userId ?? "") });
    else for (const [kk, vv] of appliedRecordsByKey(v, key)) out.set(kk, vv);
  }
  return out;
}

/**
 * The changes that bring a version 1 card's record to version 2, or null when there is nothing to do.
 * A record whose target is not on the card any more is kept under `applied` (nothing is dropped).
 */
export function migrateAbilityUse(use: unknown): Record<string, unknown> | null {
  const u = use as Partial<AbilityUseData> | null;
  if (!u || typeof u !== "object" || !Array.isArray(u.targets) || (u.version ?? 1) >= 2) return null;
  const records = appliedRecordsByKey(u.applied);
  const targets = u.targets.map((t) => ({ ...t, applied: records.get(t.key) ?? t.applied ?? null }));
  const orphans = [...records].filter(([key]) => !u.targets!.some((t) => t.key === key));
  return {
    version: 2,
    targets,
    ...deletion("applied"),
    ...(orphans.length ? { orphanedApplied: Object.fromEntries(orphans.map(([key, r]) => [key.replace(/\./g, "_"), { ...r, key }])) } : {}),
  };
}

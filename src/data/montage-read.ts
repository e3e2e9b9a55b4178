/**
 * What every world reads of a montage test: its version, its limits and the check of the world
 * setting's value (src/data/montage.ts has the rest, which loads with the montage's actions when one
 * starts or changes; docs/architecture.md, "Loading"). Pure.
 */
import { MONTAGE_DIFFICULTIES } from "../rules/montage.ts";
import { TEST_DIFFICULTIES } from "../rules/tests.ts";
import type { MontageDifficulty } from "../rules/montage.ts";
import type { TestDifficulty } from "../rules/tests.ts";
import type { MontageState } from "./montage.ts";

export const MONTAGE_VERSION = 1;

export const MONTAGE_MAX = { heroes: 12, rounds: 10, title: 120, note: 200, adjust: 20 } as const;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** The montage in a setting's value, or null when there is none (or it is not one this version reads). */
export function readMontage(value: unknown): MontageState | null {
  if (!isObject(value) || value.version !== MONTAGE_VERSION) return null;
  const v = value;
  if (!MONTAGE_DIFFICULTIES.includes(v.difficulty as MontageDifficulty)) return null;
  if (!TEST_DIFFICULTIES.includes(v.testDifficulty as TestDifficulty)) return null;
  if (!Array.isArray(v.heroes) || !v.heroes.length || v.heroes.length > MONTAGE_MAX.heroes) return null;
  if (!isObject(v.limits) || !isObject(v.adjust) || !Number.isInteger(v.round) || !Number.isInteger(v.rounds)) return null;
  for (const h of v.heroes) if (!isObject(h) || typeof h.actorUuid !== "string" || typeof h.name !== "string" || !Array.isArray(h.actions)) return null;
  return v as unknown as MontageState; // checked field by field above: the setting holds the GM's own JSON
}

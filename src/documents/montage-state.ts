/**
 * The montage under way as every world reads it (src/documents/montage.ts re-exports it; the actions
 * in montage-actions.ts read it too): a world setting only a GM writes, checked by src/data/montage-read.ts.
 */
import { readMontage } from "../data/montage-read.ts";
import type { MontageState } from "../data/montage.ts";
import { montageSettingValue } from "../settings/montage.ts";

/** The lock every change of the montage holds (one at a time on the GM's client). */
export const MONTAGE_LOCK = "montage";

/** The montage under way, or null (synchronous: the tracker and `steelEchoes.montage.current()` read it). */
export function currentMontage(): MontageState | null {
  return readMontage(montageSettingValue());
}

/**
 * The actor sheets' edit-mode lists, read back in `_processFormData` before Foundry validates the
 * update (src/applications/view-models/sheet-common.ts `readSheetLists`): the expanded form with its
 * `system` read by `read`, and an error for each list that could not be read, which keeps its value.
 */
import { foundryI18n } from "../foundry-i18n.ts";

type Reader = (system: Record<string, unknown>) => { system: Record<string, unknown>; invalid: { field: string; entries: string[] }[] };

/** `labelPrefix`: the model's field labels (`SE.Actor.Hero.FIELDS`), for naming the list in the error. */
export function readFormLists<T>(formData: T, read: Reader, labelPrefix: string): T {
  const data = foundry.utils.expandObject(formData as object) as { system?: Record<string, unknown> };
  if (!data.system) return data as T;
  const { system, invalid } = read(data.system);
  for (const { field, entries } of invalid) {
    ui.notifications?.error("SE.Hero.Error.DamageModifiers", {
      localize: true, format: { field: foundryI18n.localize(`${labelPrefix}.${field}.label`), entries: entries.join(", ") },
    });
  }
  return { ...data, system } as T;
}

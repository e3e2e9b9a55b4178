/**
 * A check for stored data (pack sources, fixtures, what our builders and parsers produce), built only
 * on what Foundry v13 offers (test/harness/data-fields.ts mirrors it): not a stand-in for any Foundry API.
 *
 * v13 does not refuse data it can clean (common/data/fields.mjs `DataField#clean`): it stores 9999 for
 * 1e20 and drops keys its schema does not define. So stored data is checked twice:
 * - it must construct its model (common/abstract/data.mjs `DataModel` constructor: migrated, cleaned,
 *   validated strictly); a `DataModelValidationError` lists the failures by path;
 * - cleaning must change nothing that was written: no value clamped, rounded or cast, no key dropped.
 */
import { DataModelValidationError, getType } from "./data-fields.ts";

type Plain = Record<string, unknown>;

/** What a model class offers, as v13's DataModel does. */
export interface ModelClass {
  new (data?: Plain, context?: { parent?: unknown; strict?: boolean }): object;
  cleanData(source?: Plain, options?: { partial?: boolean }): Plain;
  migrateDataSafe(source: Plain): Plain;
}

/** Every problem v13 would find with `source` as stored data of `Model`, as "path: reason"; none when fine. */
export function sourceProblems(Model: ModelClass, source: object): string[] {
  try {
    new Model(structuredClone(source) as Plain);
  } catch (err) {
    if (!(err instanceof DataModelValidationError)) throw err;
    return Object.entries(err.getAllFailures() ?? {}).map(([path, f]) => `${path}: ${f.message}`);
  }
  const written = Model.migrateDataSafe(structuredClone(source) as Plain);
  return changedByCleaning(written, Model.cleanData(structuredClone(written)), "");
}

/** Paths whose written value cleaning dropped or changed. */
function changedByCleaning(written: unknown, cleaned: unknown, at: string): string[] {
  const path = (k: string | number) => (at ? `${at}.${k}` : String(k));
  if (getType(written) === "Object" && getType(cleaned) === "Object") {
    const c = cleaned as Plain;
    return Object.entries(written as Plain).flatMap(([k, v]) => (k in c ? changedByCleaning(v, c[k], path(k)) : [`${path(k)}: dropped (not in the schema)`]));
  }
  if (Array.isArray(written) && Array.isArray(cleaned)) {
    if (written.length !== cleaned.length) return [`${at}: stored with ${cleaned.length} elements, not ${written.length}`];
    return written.flatMap((v, i) => changedByCleaning(v, cleaned[i], path(i)));
  }
  return Object.is(written, cleaned) ? [] : [`${at}: ${JSON.stringify(written)} is stored as ${JSON.stringify(cleaned)}`];
}

/**
 * Foundry v13's update semantics for document data, which our code relies on whenever it writes:
 *
 * - `expandObject` (common/utils/helpers.mjs `expandObject`): every key with dots, at any depth,
 *   becomes nested objects. `DataModel#updateSource` (common/abstract/data.mjs) expands the changes
 *   when a top-level key has a dot (`applyUpdate`). `Document#update` expands the whole update first,
 *   whatever its keys (client/data/client-backend.mjs `#preUpdateDocumentArray`:
 *   `changes = foundry.utils.expandObject(update)`), as `World#update` does.
 * - `DataModel#updateSource` → `#updateData`: a plain object merges into the stored object key by key
 *   (keys left out stay stored); `-=key: null` deletes `key` (the only way to remove one);
 *   `==key: value` replaces the stored object whole instead of merging (the league's v13 types list
 *   these keys in every update); an array or any other value replaces the stored value whole.
 * - The returned diff holds only what changed; an update whose diff is empty is not sent, and no
 *   hook fires (client/data/client-backend.mjs `ClientDatabaseBackend#_preUpdateDocumentArray`).
 *
 * - v14 (test/harness/generation.ts) deletes with the `ForcedDeletion` operator (`_del`) as a value;
 *   its "-=" keys still delete but are deprecated since v14 until v16 (the v14 declarations,
 *   common/utils/helpers.d.mts `applyDataOperators`: "ForcedDeletion values (or deprecated "-="
 *   keys) are removed"), so the harness logs a compatibility warning for each.
 *
 * Tested in test/harness/update.test.ts.
 */
import { ForcedDeletion, isV14, logCompatibilityWarning } from "./generation.ts";

export type Plain = Record<string, unknown>;

export function isPlainObject(v: unknown): v is Plain {
  return !!v && typeof v === "object" && (v.constructor === Object || Object.getPrototypeOf(v) === null);
}

/** v13 `foundry.utils.setProperty`: set a dotted path, creating objects on the way. */
function setProperty(target: Plain, key: string, value: unknown): void {
  const parts = key.split(".");
  let obj = target;
  for (const p of parts.slice(0, -1)) {
    if (!isPlainObject(obj[p])) obj[p] = {};
    obj = obj[p] as Plain;
  }
  const last = parts.at(-1)!;
  // Two keys that expand into one object ("a.b" and "a": {...}) merge, as setProperty onto the same object.
  if (isPlainObject(value) && isPlainObject(obj[last])) Object.assign(obj[last] as Plain, value);
  else obj[last] = value;
}

/** v13 `foundry.utils.expandObject`: dotted keys at every depth become nested objects. */
export function expandObject(value: unknown, depth = 0): unknown {
  if (depth > 32) throw new Error("Maximum object expansion depth exceeded");
  if (Array.isArray(value)) return value.map((v) => expandObject(v, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Plain = {};
  for (const [k, v] of Object.entries(value)) setProperty(out, k, expandObject(v, depth + 1));
  return out;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

/** A stored copy of a new value: deletions (keys or operators) inside a value that is not merged are dropped. */
function stored(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stored);
  if (!isPlainObject(value)) return value instanceof Set ? new Set(value) : value;
  return Object.fromEntries(Object.entries(value).filter(([k, v]) => !k.startsWith("-=") && !(v instanceof ForcedDeletion)).map(([k, v]) => [k, stored(v)]));
}

function merge(target: Plain, changes: Plain, diff: Plain): void {
  for (const [key, value] of Object.entries(changes)) {
    if (key.startsWith("==")) {
      const name = key.slice(2);
      const next = stored(value);
      if (!deepEqual(target[name], next)) {
        target[name] = next;
        diff[key] = stored(next);
      }
      continue;
    }
    if (value instanceof ForcedDeletion) {
      if (key in target) {
        delete target[key];
        diff[key] = value;
      }
      continue;
    }
    if (key.startsWith("-=")) {
      if (isV14()) logCompatibilityWarning(`The "-=${key.slice(2)}" deletion key is deprecated: delete with the ForcedDeletion operator (_del)`, { since: 14, until: 16 });
      const name = key.slice(2);
      if (name in target) {
        delete target[name];
        diff[key] = null;
      }
      continue;
    }
    const current = target[key];
    if (isPlainObject(value) && isPlainObject(current)) {
      const sub: Plain = {};
      merge(current, value, sub);
      if (Object.keys(sub).length) diff[key] = sub;
      continue;
    }
    const next = stored(value);
    if (deepEqual(current, next)) continue;
    target[key] = next;
    diff[key] = stored(next);
  }
}

/**
 * Apply `changes` (dotted or nested) to `target` with v13's semantics; returns the diff (empty when
 * nothing changed).
 */
export function applyUpdate(target: Plain, changes: Plain): Plain {
  const expanded = Object.keys(changes).some((k) => k.includes(".")) ? (expandObject(changes) as Plain) : changes;
  const diff: Plain = {};
  merge(target, expanded, diff);
  return diff;
}

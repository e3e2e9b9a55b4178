/**
 * The rules-relevant part of an ability, its fingerprint and the differences between two versions.
 * The GM's client judges a player's ability card against an approved copy of the ability (its
 * compendium source, or the version the GM last approved): these functions say what "the same
 * ability" means. Pure: plain data in, plain data out.
 *
 * Only what changes what a card does counts: the three tiers (damage, conditions, forced movement,
 * the temporary Stamina their text grants),
 * distance and area, cost, keywords, type, signature, the power roll's kind and characteristics and
 * a persistent cost. Names, texts and images do not: renaming an ability is not an edit to approve.
 * Sets (keywords, characteristics, a tier's conditions and forced movements) are compared sorted, and
 * objects by sorted keys, so the fingerprint is stable under key and set order.
 */
import { temporaryEndsWithEncounter, temporaryStaminaCharacteristic, temporaryStaminaGrant } from "./temporary-stamina.ts";
import { abilityDealsPerMinion } from "./squads.ts";

export interface AbilityRulesTier {
  damage: { value: string; type: string };
  forced: { kind: string; distance: number; vertical: boolean }[];
  conditions: { id: string; duration: string; characteristic: string }[];
  /**
   * The temporary Stamina the tier's text grants ("Gain 10 temporary Stamina", L2763), absent when
   * none: the one number of a tier's text the GM's client acts on, so an edit of it is an edit.
   */
  temporaryStamina?: number;
  /** The characteristic a grant not printed as a number is equal to (L3366), absent when none. */
  temporaryStaminaEqualTo?: string;
}

export interface AbilityRulesFields {
  type: string;
  signature: boolean;
  keywords: string[];
  cost: { amount: number; resource: string };
  distance: { kind: string; primary: number; secondary: number; within: number };
  power: { kind: string; characteristics: string[] };
  tiers: AbilityRulesTier[];
  persistent: number;
  /**
   * True when a tier grants temporary Stamina and the ability's text says it disappears at the end of
   * the encounter (L2767); absent otherwise, so fingerprints recorded before it stay the same.
   */
  temporaryEndsWithEncounter?: true;
  /**
   * True when the ability's text deals its damage per minion (src/rules/squads.ts
   * `abilityDealsPerMinion`: the GM's client multiplies a squad's strike by it); absent otherwise.
   */
  perMinion?: true;
}

type Plain = Record<string, unknown>;

const obj = (v: unknown): Plain => (v && typeof v === "object" && !Array.isArray(v) ? v as Plain : {});
const str = (v: unknown): string => (typeof v === "string" ? v : v === null || v === undefined ? "" : String(v));
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : Number(v) || 0);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v instanceof Set ? [...v as Set<unknown>] : v && typeof v === "object" && Symbol.iterator in v ? [...v as Iterable<unknown>] : []);
const sortedStrings = (v: unknown): string[] => [...new Set(list(v).map(str))].sort();

/** Objects with their keys sorted, at every depth: the one JSON text of a value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const o = value as Plain;
    return `{${Object.keys(o).sort().filter((k) => o[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

const byJson = <T>(items: T[]): T[] =>
  items.map((x) => [canonicalJson(x), x] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, x]) => x);

/** The rules-relevant fields of an ability item's `system` data (arrays or sets, any key order). */
export function abilityRulesFields(system: unknown): AbilityRulesFields {
  const s = obj(system);
  const cost = obj(s.cost);
  const distance = obj(s.distance);
  const power = obj(s.power);
  const tiers = list(s.tiers).map((t): AbilityRulesTier => {
    const tier = obj(t);
    const damage = obj(tier.damage);
    const equalTo = temporaryStaminaCharacteristic(str(tier.text));
    return {
      // "2d6+8" and "2d6 + 8" are one formula.
      damage: { value: str(damage.value).replace(/\s+/g, "").toLowerCase(), type: str(damage.type) },
      forced: byJson(list(tier.forced).map((f) => {
        const x = obj(f);
        return { kind: str(x.kind), distance: num(x.distance), vertical: !!x.vertical };
      })),
      conditions: byJson(list(tier.conditions).map((c) => {
        const x = obj(c);
        return { id: str(x.id), duration: str(x.duration), characteristic: str(x.characteristic) };
      })),
      // Left out when the tier grants none, so every fingerprint recorded before it stays the same.
      ...(temporaryStaminaGrant(str(tier.text)) ? { temporaryStamina: temporaryStaminaGrant(str(tier.text)) } : {}),
      // A grant equal to a characteristic (L3366), likewise only when there is one.
      ...(equalTo ? { temporaryStaminaEqualTo: equalTo } : {}),
    };
  });
  return {
    type: str(s.type),
    signature: !!s.signature,
    keywords: sortedStrings(s.keywords),
    cost: { amount: num(cost.amount), resource: str(cost.resource) },
    distance: {
      kind: str(distance.kind), primary: num(distance.primary), secondary: num(distance.secondary), within: num(distance.within),
    },
    power: { kind: str(power.kind), characteristics: sortedStrings(power.characteristics) },
    tiers,
    persistent: num(s.persistent),
    ...(tiers.some((t) => t.temporaryStamina || t.temporaryStaminaEqualTo) && temporaryEndsWithEncounter([str(s.effect), ...list(s.tiers).map((t) => str(obj(t).text))].join(" "))
      ? { temporaryEndsWithEncounter: true as const } : {}),
    ...(abilityDealsPerMinion({ effect: s.effect, tiers: list(s.tiers) }) ? { perMinion: true as const } : {}),
  };
}

/** FNV-1a over UTF-16 code units, from a given offset basis: 8 hex digits. */
function fnv1a(text: string, basis: number): string {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/**
 * The fingerprint of an ability's rules-relevant fields (`abilityRulesFields`): 16 hex digits,
 * the same for the same rules whatever the order of keys and sets.
 */
export function abilityFingerprint(fields: AbilityRulesFields): string {
  const text = canonicalJson(fields);
  return fnv1a(text, 0x811c9dc5) + fnv1a(text, 0x01000193 ^ text.length);
}

/** One field that differs between two versions of an ability; absent values are null. */
export interface AbilityChange {
  /** The field's path: "tiers.2.damage.value", "keywords", "distance.primary". */
  path: string;
  before: string | number | boolean | null;
  after: string | number | boolean | null;
}

type Leaf = string | number | boolean;

/** Leaves by path; a list of strings (keywords, characteristics) is one leaf, a list of objects is indexed, an empty list none. */
function leaves(value: unknown, path: string, out: Map<string, Leaf>): Map<string, Leaf> {
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === "string")) {
    out.set(path, value.join(", "));
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => leaves(v, path ? `${path}.${i + 1}` : String(i + 1), out));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value as Plain)) leaves(v, path ? `${path}.${k}` : k, out);
  } else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    out.set(path, value);
  }
  return out;
}

/**
 * The fields that differ from the approved version to the current one, in the order of the current
 * version's fields (then the removed ones). With no approved version every field that says
 * something (not blank, zero or false) is listed as new.
 */
export function abilityChanges(approved: AbilityRulesFields | null, current: AbilityRulesFields): AbilityChange[] {
  const before = approved ? leaves(approved, "", new Map()) : new Map<string, Leaf>();
  const after = leaves(current, "", new Map());
  const changes: AbilityChange[] = [];
  for (const [path, value] of after) {
    const old = before.get(path);
    if (old === undefined && (value === "" || (!approved && (value === 0 || value === false)))) continue;
    if (old !== value) changes.push({ path, before: old ?? null, after: value });
  }
  for (const [path, value] of before) if (!after.has(path) && value !== "") changes.push({ path, before: value, after: null });
  return changes;
}

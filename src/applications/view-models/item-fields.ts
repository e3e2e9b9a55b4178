/**
 * The generic item sheet's rows: every scalar field of an item's schema, nested fields flattened to
 * their form names (`system.bonuses.stamina`), in schema order. Pure: it reads the field tree
 * (`fields` of schema fields, `element` of arrays) through a `kindOf` function, and the item's data.
 */

export interface FieldNode {
  fields?: Record<string, FieldNode>;
  element?: FieldNode;
}

/** What kind of field a node is; the caller decides (Foundry's sheet by instanceof on its field classes). */
export type FieldKind = "schema" | "html" | "set" | "array" | "number" | "other";
export type KindOf = (field: FieldNode) => FieldKind;

export interface FieldRow {
  name: string;
  field: FieldNode;
  value: unknown;
  /** "html" rows get the rich-text editor, "list" rows (sets of choices) a multi-select, "tiers" three numbers. */
  kind: "input" | "html" | "list" | "tiers";
}

const get = (data: unknown, key: string): unknown => (data && typeof data === "object" ? (data as Record<string, unknown>)[key] : undefined);

export function itemFieldRows(schemaFields: Record<string, FieldNode>, data: unknown, kindOf: KindOf, prefix = "system"): FieldRow[] {
  return Object.entries(schemaFields).flatMap(([key, field]): FieldRow[] => {
    const name = `${prefix}.${key}`;
    const value = get(data, key);
    const kind = kindOf(field);
    if (kind === "schema" && field.fields) return itemFieldRows(field.fields, value, kindOf, name);
    if (kind === "html") return [{ name, field, value, kind: "html" }];
    if (kind === "set") return [{ name, field, value: [...((value as Iterable<unknown>) ?? [])], kind: "list" }];
    // Three numbers, one per tier (kit damage bonuses): inputs named name.0, name.1, name.2.
    if (kind === "array" && field.element && kindOf(field.element) === "number") {
      return [{ name, field, value: [...((value as number[]) ?? [0, 0, 0])], kind: "tiers" }];
    }
    // Arrays of structured entries (tiers, forced movement, features by level) get dedicated editors.
    if (kind === "array") return [];
    return [{ name, field, value, kind: "input" }];
  });
}

/**
 * Submitted forms name per-tier inputs `x.0`, `x.1`, `x.2`, which expand to objects keyed "0".."n";
 * turn every such object back into an array before the update.
 */
export function arraysFromIndexedObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(arraysFromIndexedObjects);
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const indexed = entries.length > 0 && entries.every(([k], i) => k === String(i));
  const mapped = entries.map(([k, v]) => [k, arraysFromIndexedObjects(v)] as const);
  return indexed ? mapped.map(([, v]) => v) : Object.fromEntries(mapped);
}

/** Localisation prefix of an item type's field labels (the data model's LOCALIZATION_PREFIXES). */
export function itemLabelPrefix(type: string): string {
  return `SE.Item.${type.charAt(0).toUpperCase()}${type.slice(1)}`;
}

/** The item sheet's rows: each with its label, and per-tier rows with their three inputs. */
export function itemSheetRows(
  type: string, schemaFields: Record<string, FieldNode>, data: unknown, kindOf: KindOf, localize: (key: string) => string,
) {
  return itemFieldRows(schemaFields, data, kindOf).map((row) => ({
    ...row,
    label: localize(`${itemLabelPrefix(type)}.FIELDS.${row.name.slice("system.".length)}.label`),
    isTiers: row.kind === "tiers",
    // Rich text: the sheet shows it enriched (content links clickable) until the editor is opened.
    isHtml: row.kind === "html",
    tierInputs: row.kind === "tiers" ? (row.value as number[]).map((value, i) => ({ name: `${row.name}.${i}`, value, tier: i + 1 })) : [],
  }));
}

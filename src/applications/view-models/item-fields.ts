/**
 * The item sheet's edit rows: every field of an item's schema, nested fields flattened to their form
 * names (`system.bonuses.stamina`), in schema order. Pure: it reads the field tree (`fields` of
 * schema fields, `element` of arrays, `choices`/`min`/`max` of a field) through a `kindOf`
 * function, and the item's data.
 */

export interface FieldNode {
  fields?: Record<string, FieldNode>;
  element?: FieldNode;
  /** A StringField's choices as Foundry keeps them (`{ value: labelKey }`), when it has any. */
  choices?: unknown;
  min?: number;
  max?: number;
  blank?: boolean;
}

/** What kind of field a node is; the caller decides (Foundry's sheet by instanceof on its field classes). */
export type FieldKind = "schema" | "html" | "set" | "array" | "number" | "boolean" | "string" | "other";
export type KindOf = (field: FieldNode) => FieldKind;

export interface FieldRow {
  name: string;
  field: FieldNode;
  value: unknown;
  /**
   * "input": one scalar (Foundry's formGroup builds it); "html": the rich-text editor; "chips": a set
   * of choices as checkboxes; "tiers": three numbers; "lines": a list of strings, one a line;
   * "table": a list of small records, a row of inputs each; "nested": a list of records that hold
   * lists (the ability's tiers), which has its own editor.
   */
  kind: "input" | "html" | "chips" | "tiers" | "lines" | "table" | "nested";
}

const get = (data: unknown, key: string): unknown => (data && typeof data === "object" ? (data as Record<string, unknown>)[key] : undefined);

export function itemFieldRows(schemaFields: Record<string, FieldNode>, data: unknown, kindOf: KindOf, prefix = "system"): FieldRow[] {
  return Object.entries(schemaFields).flatMap(([key, field]): FieldRow[] => {
    const name = `${prefix}.${key}`;
    const value = get(data, key);
    const kind = kindOf(field);
    if (kind === "schema" && field.fields) return itemFieldRows(field.fields, value, kindOf, name);
    if (kind === "html") return [{ name, field, value, kind: "html" }];
    if (kind === "set") return [{ name, field, value: [...((value as Iterable<unknown>) ?? [])], kind: "chips" }];
    if (kind === "array" && field.element) {
      const element = kindOf(field.element);
      const list = [...((value as unknown[]) ?? [])];
      // Three numbers, one per tier (kit damage bonuses): inputs named name.0, name.1, name.2.
      if (element === "number") return [{ name, field, value: list.length ? list : [0, 0, 0], kind: "tiers" }];
      if (element === "string") return [{ name, field, value: list, kind: "lines" }];
      if (element === "schema") {
        const flat = Object.values(field.element.fields ?? {}).every((f) => !["schema", "array", "set"].includes(kindOf(f)));
        return [{ name, field, value: list, kind: flat ? "table" : "nested" }];
      }
    }
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

/** `{ value: labelKey }` choices of a field, as options with localised labels. */
export function fieldChoices(field: FieldNode | undefined, localize: (key: string) => string): { value: string; label: string }[] {
  const choices = field?.choices;
  if (!choices || typeof choices !== "object") return [];
  return Object.entries(choices as Record<string, string>).map(([value, key]) => ({ value, label: localize(key) }));
}

/** The label key of a form name under a type's prefix: array indexes become `element`. */
export function fieldLabelKey(type: string, name: string, suffix: "label" | "hint" = "label"): string {
  const path = name.slice("system.".length).split(".").map((p) => (/^\d+$/.test(p) ? "element" : p)).join(".");
  return `${itemLabelPrefix(type)}.FIELDS.${path}.${suffix}`;
}

/** The item sheet's rows: each with its label, and per-tier rows with their three inputs. */
export function itemSheetRows(
  type: string, schemaFields: Record<string, FieldNode>, data: unknown, kindOf: KindOf, localize: (key: string) => string,
) {
  return itemFieldRows(schemaFields, data, kindOf).map((row) => ({
    ...row,
    label: localize(fieldLabelKey(type, row.name)),
    isTiers: row.kind === "tiers",
    // Rich text: the sheet shows it enriched (content links clickable) until the editor is opened.
    isHtml: row.kind === "html",
    tierInputs: row.kind === "tiers" ? (row.value as number[]).map((value, i) => ({ name: `${row.name}.${i}`, value, tier: i + 1 })) : [],
  }));
}

/**
 * The item sheet's view-model (issue 30): a play mode that reads like the printed page (an ability
 * as its stat block, an option with what it gives, a class with what it grants) and an edit mode
 * with an input for every field of the item's schema, built from the schema
 * (src/applications/view-models/item-fields.ts). Pure: the sheet passes the schema's field tree, a
 * `kindOf` for it, the item's data, the rich-text fields already enriched, and a `resolve` that
 * names the documents the item's UUIDs point to.
 */
import { abilityView } from "./ability.ts";
import type { AbilityData } from "./ability.ts";
import type { I18n } from "./i18n.ts";
import { signed } from "./format.ts";
import { fieldChoices, fieldLabelKey, itemFieldRows, itemLabelPrefix } from "./item-fields.ts";
import type { FieldNode, FieldRow, KindOf } from "./item-fields.ts";
import { readSheetLists } from "./sheet-common.ts";
import { tierEditorContext } from "./tier-editor.ts";

export interface ResolvedDocument {
  name: string;
  type?: string;
}

export interface ItemSheetInput {
  type: string;
  name: string;
  img: string;
  /** The item's data (its `system`). */
  system: unknown;
  schemaFields: Record<string, FieldNode>;
  kindOf: KindOf;
  mode: "play" | "edit";
  /** Whether this user may edit the item (an owner); others only ever see play mode. */
  editable: boolean;
  /** The rich-text fields enriched for display (Foundry's TextEditor.enrichHTML), by form name. */
  enriched: Record<string, string>;
  /** The name (and type) of the document a UUID points to, or null when it cannot be found. */
  resolve: (uuid: string) => ResolvedDocument | null;
}

/** A UUID as the options store them (`Compendium.steel-echoes.classes.Item.abc`, `Item.abc`). */
const UUID = /^(Compendium|Item|Actor|JournalEntry)\.\S+$/;
export const looksLikeUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/** Every UUID-like string in an item's data, for the sheet to resolve before it builds the view. */
export function uuidsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (looksLikeUuid(value)) out.add(value);
  else if (value instanceof Set || Array.isArray(value)) for (const v of value) uuidsIn(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) uuidsIn(v, out);
  return out;
}

const nameOf = (value: string, input: Pick<ItemSheetInput, "resolve">, i18n: I18n) => {
  if (!looksLikeUuid(value)) return value;
  return input.resolve(value)?.name ?? i18n.format("SE.ItemSheet.Unresolved", { uuid: value });
};

/* ---------------------------------------------------------------------------------------------- */
/*  Edit mode                                                                                      */
/* ---------------------------------------------------------------------------------------------- */

interface Cell {
  name: string;
  value: unknown;
  label: string;
  isNumber: boolean;
  isCheckbox: boolean;
  isSelect: boolean;
  options: { value: string; label: string; selected: boolean }[];
  min?: number;
  max?: number;
  /** The name of the document a UUID in this cell points to. */
  note: string;
}

function cellFor(name: string, field: FieldNode, value: unknown, label: string, input: Pick<ItemSheetInput, "kindOf" | "resolve">, i18n: I18n): Cell {
  const kind = input.kindOf(field);
  const choices = fieldChoices(field, i18n.localize);
  return {
    name, value, label, note: looksLikeUuid(value) ? nameOf(value, input, i18n) : "",
    isNumber: kind === "number",
    isCheckbox: kind === "boolean",
    isSelect: choices.length > 0,
    options: [...(field.blank ? [{ value: "", label: "—", selected: value === "" }] : []),
      ...choices.map((c) => ({ ...c, selected: c.value === value }))],
    min: field.min, max: field.max,
  };
}

/** Edit rows for the template: one per schema leaf, each kind with what its input needs. */
export function itemEditRows(input: Pick<ItemSheetInput, "type" | "schemaFields" | "system" | "kindOf" | "resolve">, i18n: I18n) {
  const { type, kindOf } = input;
  // A field's hint, when lang/en.json has one; undefined otherwise, so Foundry's formGroup falls back
  // to the field's own (DataField#toFormGroup: `groupConfig.hint ??= this.hint`).
  const hint = (name: string) => {
    const key = fieldLabelKey(type, name, "hint");
    return i18n.has?.(key) ? i18n.localize(key) : undefined;
  };
  let previousGroup = "";
  return itemFieldRows(input.schemaFields, input.system, kindOf).filter((row) => row.kind !== "nested").map((row) => {
    const parts = row.name.split(".");
    // A field of a nested schema (bonuses.stamina, environment.skill) sits under its parent's heading.
    const group = parts.length > 2 ? i18n.localize(fieldLabelKey(type, parts.slice(0, -1).join("."))) : "";
    const groupStart = group && group !== previousGroup ? group : "";
    previousGroup = group;
    const label = i18n.localize(fieldLabelKey(type, row.name));
    return {
      ...row, label, hint: hint(row.name), groupStart,
      // Foundry's formGroup adds these classes to the group (client/applications/handlebars.mjs `formGroup`
      // splits the string on spaces): undefined, not "", when there are none, as an empty class name throws
      // in `classList.add`.
      classes: group ? "item-sheet__grouped" : undefined,
      isInput: row.kind === "input", isHtml: row.kind === "html", isChips: row.kind === "chips",
      isTiers: row.kind === "tiers", isLines: row.kind === "lines", isTable: row.kind === "table",
      htmlSource: row.kind === "html" ? String(row.value ?? "") : "",
      chips: row.kind === "chips" ? fieldChoices(row.field.element, i18n.localize).map((c, i) => ({
        ...c, id: `${row.name}-${i}`, checked: (row.value as unknown[]).includes(c.value),
      })) : [],
      tierInputs: row.kind === "tiers" ? (row.value as number[]).map((value, i) => ({
        name: `${row.name}.${i}`, value, tier: i + 1, label: `${label}: ${i18n.format("SE.PowerRoll.Tier", { tier: i + 1 })}`,
      })) : [],
      linesText: row.kind === "lines" ? (row.value as string[]).join("\n") : "",
      linesLabel: i18n.format("SE.ItemSheet.LinesLabel", { label }),
      // What the UUIDs of a one-a-line list point to, by name.
      linesNames: row.kind === "lines" && (row.value as string[]).some(looksLikeUuid)
        ? i18n.format("SE.ItemSheet.Points", { names: (row.value as string[]).map((v) => nameOf(v, input, i18n)).join(", ") }) : "",
      table: row.kind === "table" ? tableRows(row, label, input, i18n) : null,
    };
  });
}

function tableRows(row: FieldRow, label: string, input: Pick<ItemSheetInput, "type" | "kindOf" | "resolve">, i18n: I18n) {
  const columns = Object.entries(row.field.element?.fields ?? {});
  return {
    path: row.name,
    columns: columns.map(([key]) => i18n.localize(fieldLabelKey(input.type, `${row.name}.0.${key}`))),
    addLabel: i18n.format("SE.ItemSheet.Add", { list: label }),
    rows: (row.value as Record<string, unknown>[]).map((entry, index) => ({
      index,
      removeLabel: i18n.format("SE.ItemSheet.Remove", { n: index + 1, list: label }),
      cells: columns.map(([key, field]) => cellFor(`${row.name}.${index}.${key}`, field, entry?.[key], i18n.localize(fieldLabelKey(input.type, `${row.name}.0.${key}`)), input, i18n)),
    })),
  };
}

/**
 * The submitted form's lists read back before Foundry validates it: each set of checkbox chips
 * (FormDataExtended gives an array with `null` for each unchecked box, or one value or `null` for a
 * single box: v13 client/applications/ux/form-data-extended.mjs `#getFieldValue`) to the checked
 * values its field allows, and each one-a-line list to its non-blank, trimmed lines.
 */
export function readItemForm(
  system: Record<string, unknown>, input: Pick<ItemSheetInput, "schemaFields" | "kindOf">, localize: (k: string) => string = (k) => k,
): Record<string, unknown> {
  const rows = itemFieldRows(input.schemaFields, {}, input.kindOf);
  const choices = Object.fromEntries(rows.filter((r) => r.kind === "chips")
    .map((r) => [r.name.slice("system.".length), fieldChoices(r.field.element, localize).map((c) => c.value)]));
  const { system: out } = readSheetLists(system, { choices });
  for (const row of rows.filter((r) => r.kind === "lines")) {
    const key = row.name.slice("system.".length).split(".");
    let node: Record<string, unknown> | undefined = out;
    for (const k of key.slice(0, -1)) node = node?.[k] as Record<string, unknown> | undefined;
    const last = key[key.length - 1]!;
    const raw = node?.[last];
    if (node && typeof raw === "string") node[last] = raw.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  }
  return out;
}

/** A copy of a list field with a blank row added (from its element's initial value) or one removed. */
export function editListRows(list: readonly unknown[], change: { add: unknown } | { remove: number }): unknown[] {
  const copy = structuredClone([...list]);
  if ("add" in change) copy.push(structuredClone(change.add));
  else if (change.remove >= 0 && change.remove < copy.length) copy.splice(change.remove, 1);
  return copy;
}

/* ---------------------------------------------------------------------------------------------- */
/*  Play mode                                                                                      */
/* ---------------------------------------------------------------------------------------------- */

interface Fact { label: string; value: string }

/** A field's value as the printed page gives it, or "" when there is nothing to say. */
function factValue(row: FieldRow, input: ItemSheetInput, i18n: I18n): string {
  const kind = input.kindOf(row.field);
  const v = row.value;
  if (row.kind === "chips") {
    const labels = new Map(fieldChoices(row.field.element, i18n.localize).map((c) => [c.value, c.label]));
    return (v as string[]).map((x) => labels.get(x) ?? x).join(", ");
  }
  if (row.kind === "tiers") return (v as number[]).every((n) => !n) ? "" : (v as number[]).map(signed).join(" / ");
  if (row.kind === "lines") return (v as string[]).map((x) => nameOf(x, input, i18n)).join(", ");
  if (kind === "boolean") return v ? i18n.localize("SE.ItemSheet.Yes") : "";
  if (kind === "number") return !v ? "" : row.name.includes(".bonuses.") ? signed(v as number) : String(v);
  const choice = fieldChoices(row.field, i18n.localize).find((c) => c.value === v);
  if (choice) return choice.label;
  return typeof v === "string" ? nameOf(v.trim(), input, i18n) : "";
}

/** The lines of a table field (purchases, inciting incidents, features by level, spend). */
function tableLines(row: FieldRow, input: ItemSheetInput, i18n: I18n): string[] {
  const columns = Object.entries(row.field.element?.fields ?? {});
  return (row.value as Record<string, unknown>[]).map((entry) => columns
    .map(([key, field]) => factValue({ name: `${row.name}.${key}`, field, value: entry?.[key], kind: "input" }, input, i18n))
    .filter(Boolean).join(" · ")).filter(Boolean);
}

/** What a class grants, from its data: resource, Stamina, Recoveries, features by level, abilities. */
function classGrants(system: Record<string, unknown>, input: ItemSheetInput, i18n: I18n) {
  const resource = system.heroicResource as { name: string; gain: string };
  const features = (system.features as { level: number; uuid: string }[]) ?? [];
  const featureUuids = new Set(features.map((f) => f.uuid));
  const grants = (system.grants as string[]) ?? [];
  const byType = (pred: (t: string | undefined) => boolean) => grants
    .filter((u) => !featureUuids.has(u) && pred(input.resolve(u)?.type)).map((u) => nameOf(u, input, i18n));
  return {
    lines: [
      resource.name ? i18n.format("SE.ItemSheet.Resource", { name: resource.name, gain: resource.gain || "0" }) : "",
      i18n.format("SE.ItemSheet.Stamina", { start: Number(system.startingStamina), perLevel: Number(system.staminaPerLevel) }),
      `${i18n.localize("SE.Item.Class.FIELDS.recoveries.label")}: ${Number(system.recoveries)}`,
    ].filter(Boolean),
    features: [...features].sort((a, b) => a.level - b.level)
      .map((f) => i18n.format("SE.ItemSheet.FeatureAtLevel", { level: f.level, name: nameOf(f.uuid, input, i18n) })),
    abilities: byType((t) => t === "ability"),
    other: [...byType((t) => t === "feature"), ...byType((t) => t !== "ability" && t !== "feature")],
  };
}

/** Play mode: facts grouped under their headings, texts (enriched), lists, and per type its block. */
export function itemPlayView(input: ItemSheetInput, i18n: I18n) {
  const system = (input.system ?? {}) as Record<string, unknown>;
  const rows = itemFieldRows(input.schemaFields, system, input.kindOf);
  const isAbility = input.type === "ability";
  const isClass = input.type === "class";
  // What the type's own block already shows is not repeated as a fact.
  const shownByBlock = (name: string) => (isAbility && name !== "system.description")
    || (isClass && /^system\.(heroicResource|startingStamina|staminaPerLevel|recoveries|features|grants)\b/.test(name));
  const groups: { label: string; facts: Fact[] }[] = [];
  const texts: { label: string; html: string }[] = [];
  const lists: { label: string; items: string[] }[] = [];
  for (const row of rows) {
    if (shownByBlock(row.name) || row.kind === "nested") continue;
    const label = i18n.localize(fieldLabelKey(input.type, row.name));
    if (row.kind === "html") {
      const html = input.enriched[row.name] ?? "";
      if (html.trim()) texts.push({ label, html });
      continue;
    }
    if (row.kind === "table") {
      const items = tableLines(row, input, i18n);
      if (items.length) lists.push({ label, items });
      continue;
    }
    if (row.name.endsWith(".grants")) {
      const items = (row.value as string[]).map((u) => nameOf(u, input, i18n));
      if (items.length) lists.push({ label: i18n.localize("SE.ItemSheet.Grants"), items });
      continue;
    }
    let value = factValue(row, input, i18n);
    const parts = row.name.split(".");
    // Size reads as the book prints it: 1M, 1L.
    if (row.name.endsWith(".size.letter")) continue;
    if (row.name.endsWith(".size.value")) value = `${row.value}${String((system.size as { letter?: string })?.letter ?? "")}`;
    if (!value) continue;
    const groupLabel = parts.length > 2 && !row.name.endsWith(".size.value") ? i18n.localize(fieldLabelKey(input.type, parts.slice(0, -1).join("."))) : "";
    const group = groups.at(-1)?.label === groupLabel ? groups.at(-1)! : (groups.push({ label: groupLabel, facts: [] }), groups.at(-1)!);
    group.facts.push({ label: row.name.endsWith(".size.value") ? i18n.localize(`${itemLabelPrefix(input.type)}.FIELDS.size.label`) : label, value });
  }
  const ability = isAbility ? abilityBlock(input, system, i18n) : null;
  const grants = isClass ? classGrants(system, input, i18n) : null;
  return {
    groups, texts, lists, ability, grants,
    empty: !groups.length && !texts.length && !lists.length && !ability && !grants,
  };
}

/** An ability as its stat block: type and cost, keywords, distance, target, the power roll's tiers, effect. */
function abilityBlock(input: ItemSheetInput, system: Record<string, unknown>, i18n: I18n) {
  // Type escape: an ability item's system data as the ability view reads it; the caller has checked the type is "ability".
  const data = system as unknown as AbilityData;
  const view = abilityView({ id: "", name: input.name, img: input.img, system: data }, {}, i18n);
  const characteristics = [...data.power.characteristics].map((c) => i18n.localize(`SE.Characteristic.${c}`)).join(i18n.localize("SE.ItemSheet.Or"));
  const powerLine = view.tiers.length
    ? view.resistance || i18n.format("SE.ItemSheet.PowerRoll", { characteristics: characteristics || "—" })
    : "";
  return {
    ...view,
    signature: !!data.signature,
    powerLine,
    // Each tier under its printed range: 11 or lower, 12–16, 17 or higher (seed 004, L191–195; printed as ≤11 … 17+, L531–533).
    tiers: view.tiers.map((t) => ({ ...t, range: i18n.localize(`SE.ItemSheet.TierRange.${t.tier}`) })),
    effectHTML: input.enriched["system.effect"] ?? "",
    persistent: data.persistent ? i18n.format("SE.ItemSheet.Persistent", { n: data.persistent }) : "",
  };
}

/** The whole context of the item sheet's template. */
export function itemSheetContext(input: ItemSheetInput, i18n: I18n) {
  const isEdit = input.editable && input.mode === "edit";
  return {
    name: input.name,
    img: input.img,
    type: input.type,
    typeLabel: i18n.localize(`TYPES.Item.${input.type}`),
    editable: input.editable,
    isEdit,
    modeLabel: i18n.localize(isEdit ? "SE.Sheet.PlayMode" : "SE.Sheet.EditMode"),
    rows: isEdit ? itemEditRows(input, i18n) : [],
    tierEditor: isEdit && input.type === "ability" ? tierEditorContext((input.system as AbilityData).tiers ?? [], i18n) : [],
    play: isEdit ? null : itemPlayView(input, i18n),
  };
}

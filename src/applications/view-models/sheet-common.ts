/** Parts every actor sheet view-model shares. */
import { CHARACTERISTICS } from "../../rules/catalogue.ts";
import { parseDamageModifiers, parseNameList } from "../../rules/sheet-lists.ts";
import { signed } from "./format.ts";
import type { I18n } from "./i18n.ts";

export function sheetBasics(input: { name: string; img: string; editable: boolean; mode: "play" | "edit" }) {
  return { name: input.name, img: input.img, editable: input.editable, isEdit: input.mode === "edit" && input.editable };
}

export function characteristicViews(scores: Record<string, number>, i18n: I18n) {
  return CHARACTERISTICS.map((id) => ({
    id,
    label: i18n.localize(`SE.Characteristic.${id}`),
    abbr: i18n.localize(`SE.Characteristic.abbr.${id}`),
    value: scores[id] ?? 0,
    signed: signed(scores[id] ?? 0),
  }));
}

/** Which form fields of an actor's system a sheet edits as one line or as a group of checkboxes (dotted paths). */
export interface SheetListSpec {
  /** Free names, one line with commas (languages, keywords). */
  names?: string[];
  /** Immunities or weaknesses, one line of `key value` entries. */
  damage?: string[];
  /** Same-named checkboxes, each path with the values it may hold. */
  choices?: Record<string, readonly string[]>;
}

const getPath = (o: Record<string, unknown>, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), o);
function setPath(o: Record<string, unknown>, path: string, value: unknown, remove = false): void {
  const keys = path.split(".");
  let at = o;
  for (const k of keys.slice(0, -1)) {
    const next = at[k];
    if (!next || typeof next !== "object") return;
    at = (at[k] = { ...(next as Record<string, unknown>) });
  }
  if (remove) delete at[keys.at(-1)!];
  else at[keys.at(-1)!] = value;
}

/**
 * A sheet's one-line lists and checkbox groups read back before Foundry validates the form: names
 * (`parseNameList`), immunities and weaknesses (`parseDamageModifiers`), and checkbox groups, which
 * Foundry's FormDataExtended gives as one array with `null` for each unchecked box, or one value or
 * `null` when the group has one box (v13 client/applications/ux/form-data-extended.mjs,
 * `#getFieldValue`). A damage line with an entry it cannot read is left out of the update, so the
 * stored list stays, and its bad entries are returned for the error message.
 */
export function readSheetLists(
  system: Record<string, unknown>, spec: SheetListSpec,
): { system: Record<string, unknown>; invalid: { field: string; entries: string[] }[] } {
  const out = { ...system };
  const invalid: { field: string; entries: string[] }[] = [];
  for (const path of spec.names ?? []) {
    const v = getPath(out, path);
    if (typeof v === "string") setPath(out, path, parseNameList(v));
  }
  for (const path of spec.damage ?? []) {
    const v = getPath(out, path);
    if (typeof v !== "string") continue;
    const parsed = parseDamageModifiers(v);
    if (parsed.ok) setPath(out, path, parsed.value);
    else {
      setPath(out, path, undefined, true);
      invalid.push({ field: path, entries: parsed.invalid });
    }
  }
  for (const [path, allowed] of Object.entries(spec.choices ?? {})) {
    const raw = getPath(out, path);
    if (raw === undefined) continue;
    setPath(out, path, (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === "string" && allowed.includes(v)));
  }
  return { system: out, invalid };
}

/** An Active Effect on an actor as the sheet's Effects tab lists it. */
export interface EffectInput {
  id: string;
  name: string;
  img: string;
  disabled: boolean;
  /** The condition's duration (src/documents/conditions.ts `conditionFlags`), when it has one. */
  duration?: { kind: string; turnEndsLeft: number | null } | null;
  /** The characteristic a "(resistance ends)" effect is resisted with. */
  characteristic?: string;
  /** The name of the creature or item that imposed it, when known. */
  sourceName?: string;
}

/** The Effects tab's rows: the name, how long it lasts, where it came from, and whether it is off. */
export function effectRows(effects: readonly EffectInput[], i18n: I18n) {
  return effects.map((e) => {
    let duration = "";
    if (e.duration?.kind === "resistance") {
      duration = i18n.format("SE.Duration.resistance", {
        characteristic: e.characteristic ? i18n.localize(`SE.Characteristic.${e.characteristic}`) : i18n.localize("SE.Effects.Any"),
      });
    } else if (e.duration?.kind === "EoT" || e.duration?.kind === "EoE") {
      duration = i18n.localize(`SE.DurationLabel.${e.duration.kind}`);
      if (e.duration.kind === "EoT" && e.duration.turnEndsLeft === 2) duration = `${duration}: ${i18n.localize("SE.Effects.NextTurn")}`;
    }
    return {
      id: e.id, name: e.name, img: e.img, disabled: e.disabled, duration,
      source: e.sourceName ? i18n.format("SE.Effects.From", { name: e.sourceName }) : "",
      toggleLabel: i18n.format(e.disabled ? "SE.Effects.Enable" : "SE.Effects.Disable", { name: e.name }),
      removeLabel: i18n.format("SE.Sheet.DeleteNamed", { name: e.name }),
    };
  });
}

/**
 * Stand-ins for Foundry's `formGroup` and `not` Handlebars helpers, for the gallery only: they build
 * a labelled input from a harness data field the way Foundry's helper does from a real one (number
 * input with min/max, select for choices, multi-select for sets, checkbox for booleans, a text area
 * where Foundry puts its rich-text editor). Foundry renders the real thing.
 */
import type HandlebarsNS from "handlebars";
import { BooleanField, HTMLField, NumberField, SetField } from "./data-fields.ts";
import type { DataField } from "./data-fields.ts";
import { lookup } from "./handlebars-helpers.ts";
import type { Lang } from "./handlebars-helpers.ts";

export function registerFormHelpers(hbs: typeof HandlebarsNS, lang: Lang): void {
  const esc = hbs.escapeExpression;
  const label = (key: string) => lookup(lang, key) ?? key;
  hbs.registerHelper("not", (value: unknown) => !value);
  hbs.registerHelper("formGroup", function (this: { label?: string }, field: DataField & { element?: DataField }, options: HandlebarsNS.HelperOptions) {
    // v13 client/applications/handlebars.mjs `formGroup`: `label` and `hint` from the hash go to the group.
    const { value, name, disabled, hint, classes } = options.hash as { value: unknown; name: string; disabled?: boolean; hint?: string; classes?: string };
    const groupLabel = (options.hash as { label?: string }).label ?? this.label ?? name;
    const dis = disabled ? " disabled" : "";
    const isSet = field instanceof SetField;
    const choices = (isSet ? field.element?.options.choices : field.options.choices) as Record<string, string> | undefined;
    const optionsHTML = (selected: (v: string) => boolean) => Object.entries(choices ?? {})
      .map(([v, key]) => `<option value="${esc(v)}"${selected(v) ? " selected" : ""}>${esc(label(key))}</option>`).join("");
    let input: string;
    if (field instanceof BooleanField) input = `<input type="checkbox" name="${esc(name)}"${value ? " checked" : ""}${dis}>`;
    else if (field instanceof NumberField) {
      const { min, max } = field.options as { min?: number; max?: number };
      input = `<input type="number" name="${esc(name)}" value="${esc(String(value))}"${min === undefined ? "" : ` min="${min}"`}${max === undefined ? "" : ` max="${max}"`} step="1"${dis}>`;
    } else if (field instanceof HTMLField) input = `<textarea name="${esc(name)}"${dis}>${esc(String(value ?? ""))}</textarea>`;
    else if (isSet && choices) input = `<select name="${esc(name)}" multiple${dis}>${optionsHTML((v) => (value as string[]).includes(v))}</select>`;
    else if (choices) input = `<select name="${esc(name)}"${dis}>${field.options.blank ? "<option value=\"\"></option>" : ""}${optionsHTML((v) => v === value)}</select>`;
    else input = `<input type="text" name="${esc(name)}" value="${esc(Array.isArray(value) ? value.join(", ") : String(value ?? ""))}"${dis}>`;
    const hintHTML = hint ? `<p class="hint">${esc(label(hint))}</p>` : "";
    return new hbs.SafeString(`<div class="form-group${classes ? ` ${esc(classes)}` : ""}"><label>${esc(label(groupLabel))}</label><div class="form-fields">${input}</div>${hintHTML}</div>`);
  });
}

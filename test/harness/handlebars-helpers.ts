/**
 * Foundry's Handlebars helpers that our templates use, re-created for tests and the gallery.
 * `localize` behaves like Foundry's: with hash arguments it formats `{name}` placeholders, otherwise
 * it looks the key up; the result is a plain string, so Handlebars escapes it. Unknown keys are
 * returned unchanged (as Foundry does) and recorded in `missing` so tests can fail on them.
 */
import type HandlebarsNS from "handlebars";

export type Lang = Record<string, unknown>;

export function lookup(lang: Lang, key: string): string | undefined {
  const value = key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Lang)[part] : undefined), lang);
  return typeof value === "string" ? value : undefined;
}

export function format(template: string, data: Record<string, unknown>): string {
  return template.replace(/{[^}]+}/g, (k) => {
    const v = data[k.slice(1, -1)];
    return v === undefined ? k : String(v);
  });
}

export function registerFoundryHelpers(hbs: typeof HandlebarsNS, lang: Lang, missing: Set<string> = new Set()): Set<string> {
  hbs.registerHelper("localize", (key: string, options: HandlebarsNS.HelperOptions) => {
    const text = lookup(lang, key);
    if (text === undefined) {
      missing.add(key);
      return key;
    }
    const hash = options?.hash ?? {};
    return Object.keys(hash).length ? format(text, hash) : text;
  });
  return missing;
}

/** A view-model I18n over a language file, recording unknown keys in `missing`. */
export function langI18n(lang: Lang, missing: Set<string> = new Set()) {
  return {
    localize: (key: string) => lookup(lang, key) ?? (missing.add(key), key),
    format: (key: string, data: Record<string, string | number>) => format(lookup(lang, key) ?? (missing.add(key), key), data),
    /** Whether a key exists (v13 `Localization#has`), asked without counting it as missing. */
    has: (key: string) => typeof lookup(lang, key) === "string",
  };
}

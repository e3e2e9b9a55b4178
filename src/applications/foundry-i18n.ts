/** The view-models' I18n backed by Foundry's localisation. */
import type { I18n } from "./view-models/i18n.ts";

export const foundryI18n: I18n = {
  localize: (key) => game.i18n!.localize(key),
  format: (key, data) => game.i18n!.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))),
  has: (key) => game.i18n!.has(key),
};

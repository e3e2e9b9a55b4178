/**
 * `ui.notifications` as v13 shows them (client/applications/ui/notifications.mjs), over the project's
 * language file. Tested in test/harness/foundry.test.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { format, lookup } from "./handlebars-helpers.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const LANG = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));

/** Every notification shown: `message` as passed, `shown` as v13 displays it. */
export const notifications: { type: string; message: string; options: unknown; shown: string }[] = [];

/**
 * The text v13 shows for `ui.notifications.notify(message, type, { localize, format })`
 * (client/applications/ui/notifications.mjs `Notifications#notify`): with `format` the message is a
 * key passed to `game.i18n.format`; with `localize` it is passed to `game.i18n.localize`; otherwise it
 * is shown as given, so a bare key shows as the raw key.
 */
export function shownNotification(message: string, options: unknown): string {
  const o = (options ?? {}) as { localize?: boolean; format?: Record<string, unknown> };
  if (o.format) return format(lookup(LANG, message) ?? message, o.format);
  if (o.localize) return lookup(LANG, message) ?? message;
  return message;
}

/** True when a shown notification is an untranslated key (what a user would see as "SE.X.Y"). */
export const looksLikeRawKey = (text: string) => /^SE\.[A-Za-z0-9.-]+$/.test(text);

/** The `ui.notifications` object: each call is recorded with what v13 would show. */
export const uiNotifications = {
  error: (message: string, options: unknown) => notifications.push({ type: "error", message, options, shown: shownNotification(message, options) }),
  warn: (message: string, options: unknown) => notifications.push({ type: "warn", message, options, shown: shownNotification(message, options) }),
  info: (message: string, options: unknown) => notifications.push({ type: "info", message, options, shown: shownNotification(message, options) }),
};

/**
 * Chat as the system meets it: the messages posted (by `ChatMessage.create` and `Roll#toMessage` in
 * the single-client harness), and v13's order of processing what a user types. Tested in
 * test/harness/foundry.test.ts.
 */
import { hooks } from "./hooks.ts";
import { isV14 } from "./generation.ts";

/**
 * What v14's chat input hands the `chatMessage` hook for a typed line: its rich-text editor's HTML,
 * one paragraph, the text escaped ("/r d4" arrives as "<p>/r d4</p>", as reported on v14 in
 * AutarchLLC/foundryvtt-acks-core#191; the escaping of & < > is the editor's serialisation, not read
 * in v14's code). v13's textarea hands over the trimmed text itself.
 */
export function typedAsHookSees(line: string): string {
  if (!isV14()) return line;
  const escaped = line.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);
  return `<p>${escaped.replace(/\n/g, "<br>")}</p>`;
}

/** Every message posted, in order. */
export const messages: Record<string, unknown>[] = [];

/**
 * v13's order of chat processing (client/applications/sidebar/tabs/chat.mjs `ChatLog#processMessage`):
 * the `chatMessage` hook runs first, and a `false` from it stops everything; otherwise core parses its
 * own commands (`/r`, `/roll`, `/pr`, `/publicroll`, `/gmr`, `/br`, `/sr`, `/w`, `/ic`, `/ooc`, `/em`)
 * and posts. Here core's post is recorded as `{ core: command, args }` in `harness.messages`.
 */
export function processChatMessage(line: string): "system" | "core" | "none" {
  const message = line.trim();
  if (!message) return "none";
  if (hooks.call("chatMessage", {}, typedAsHookSees(message), { speaker: {} }) === false) return "system";
  const m = /^\/(r|roll|pr|publicroll|gmr|gmroll|br|broll|blindroll|sr|selfroll|w|whisper|ic|ooc|em|emote)(?:\s+([\s\S]*))?$/i.exec(message);
  if (m) messages.push({ core: m[1]!.toLowerCase(), args: m[2] ?? "" });
  else messages.push({ core: "none", args: message });
  return "core";
}

/**
 * Chat as the system meets it: the messages posted (by `ChatMessage.create` and `Roll#toMessage` in
 * the single-client harness), and v13's order of processing what a user types. Tested in
 * test/harness/foundry.test.ts.
 */
import { hooks } from "./hooks.ts";

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
  if (hooks.call("chatMessage", {}, message, { speaker: {} }) === false) return "system";
  const m = /^\/(r|roll|pr|publicroll|gmr|gmroll|br|broll|blindroll|sr|selfroll|w|whisper|ic|ooc|em|emote)(?:\s+([\s\S]*))?$/i.exec(message);
  if (m) messages.push({ core: m[1]!.toLowerCase(), args: m[2] ?? "" });
  else messages.push({ core: "none", args: message });
  return "core";
}

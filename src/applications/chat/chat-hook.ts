/**
 * The `chatMessage` hook as the entry registers it: it decides at once, as Foundry needs, whether a
 * line is one of the system's commands (v13 `ChatLog#processMessage`, client/applications/sidebar/tabs/chat.mjs,
 * stops at a `false` from the hook and otherwise parses core's commands), and loads the commands
 * themselves (chat-commands.ts: the parsers, dialogs and cards of every game) only when one is typed.
 */
import { isCoreRollFormula, matchCommand } from "../../parser/chat-commands.ts";
import { chatCommandText } from "../../compat/versions.ts";
import { SYSTEM_ID } from "../../constants.ts";

/** Ours (false: Foundry posts nothing else) exactly when chat-commands.ts `onChatMessage` says so. */
export function onChatMessage(log: unknown, message: string): boolean | void {
  const command = matchCommand(chatCommandText(message));
  if (!command) return;
  if (command.command === "powerRoll" && isCoreRollFormula(command.args)) return;
  void import("./chat-commands.ts").then(
    (commands) => commands.onChatMessage(log, message),
    (err: unknown) => console.error(`${SYSTEM_ID} | the chat commands did not load`, err),
  );
  return false;
}

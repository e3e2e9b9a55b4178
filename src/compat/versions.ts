/**
 * Foundry v13 and v14 from one build. Each runtime difference that matters to this system is one
 * function here, chosen by `game.release.generation` (the major version: Foundry's `Game#release`,
 * client/game.mjs). No other file asks which Foundry it runs on. docs/foundry-versions.md lists every
 * difference, where it was read, and how it is handled (and what needs nothing).
 *
 * This file is its own layer, just above the pure ones (tools/eslint-layers.mjs), so documents,
 * canvas code and applications may all use it; it imports only the pure parser.
 */
import { chatInputText } from "../parser/chat-commands.ts";

/** The Foundry generation this client runs: 13 or 14 (or later). */
export function foundryGeneration(): number {
  return Number(game.release?.generation) || 13;
}

const isV14 = (): boolean => foundryGeneration() >= 14;

/**
 * What the user typed, as the `chatMessage` hook hands it over. v13's chat input is a textarea and the
 * hook receives its trimmed text (client/applications/sidebar/tabs/chat.mjs `ChatLog#processMessage`).
 * v14's is a ProseMirror editor (the v14 declarations' `ChatLog#_onConfigurePlugins`, "the chat
 * message editor") and the hook receives its HTML: "/r d4" arrives as "<p>/r d4</p>" (reported on
 * v14 in AutarchLLC/foundryvtt-acks-core#191), so it is read back to text first.
 */
export function chatCommandText(message: string): string {
  return isV14() ? chatInputText(message) : message;
}

/**
 * The update entry that deletes the key at `path` ("flags.steel-echoes.relay.abc"). v13 deletes with
 * a `-=` key and a null (common/utils/helpers.mjs `mergeObject`, `performDeletions`, used by
 * `DataModel#updateSource`). v14 deletes with the `_del` operator, a `ForcedDeletion`; its `-=` keys
 * still work but are deprecated since v14 until v16 (the v14 declarations, common/utils/helpers.d.mts
 * `applyDataOperators` and client/client.d.mts `_del`; the official Draw Steel system made the same
 * change for v14, its commit 6ddd00ca).
 */
export function deletion(path: string): Record<string, unknown> {
  if (isV14()) return { [path]: (globalThis as { _del?: unknown })._del };
  const at = path.lastIndexOf(".");
  return { [`${path.slice(0, at + 1)}-=${path.slice(at + 1)}`]: null };
}

/** Who sees a chat message: v14's names for them (CONFIG.ChatMessage.modes). */
export type MessageMode = "public" | "gm" | "blind" | "self";

/** v13's CONST.DICE_ROLL_MODES values for the same four (v14's `Roll._mapLegacyRollMode` maps them back). */
const ROLL_MODES: Readonly<Record<MessageMode, foundry.dice.Roll.Mode>> = { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" };

const isMessageMode = (v: unknown): v is MessageMode => typeof v === "string" && v in ROLL_MODES;

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface SettingConfig {
    /** v14's client setting of the chat log's mode (the League's v14 declarations still list only core.rollMode). */
    "core.messageMode": string;
  }
}

/**
 * The mode the user picked in the chat log. v13 keeps a roll mode in the client setting `core.rollMode`;
 * v14 a message mode in `core.messageMode` (read so by the official Draw Steel system's v14 rolls,
 * src/module/rolls/base.mjs `toMessage`), `core.rollMode` being deprecated.
 */
export function currentMessageMode(): MessageMode {
  if (isV14()) {
    const mode = game.settings!.get("core", "messageMode");
    return isMessageMode(mode) ? mode : "public";
  }
  const rollMode = String(game.settings!.get("core", "rollMode"));
  return (Object.keys(ROLL_MODES) as MessageMode[]).find((m) => ROLL_MODES[m] === rollMode) ?? "public";
}

/**
 * `Roll#toMessage`'s options for a message in `mode`: v13 `{ rollMode }` (client/dice/roll.mjs), v14
 * `{ messageMode }`, its `rollMode` deprecated since v14 until v16 (the v14 declarations,
 * client/dice/roll.d.mts `toMessage`).
 */
export function rollMessageOptions(mode: MessageMode): { rollMode?: foundry.dice.Roll.Mode; messageMode?: MessageMode } {
  return isV14() ? { messageMode: mode } : { rollMode: ROLL_MODES[mode] };
}

/**
 * Chat message data to create, shown as `mode` shows it (whispered to the GMs, blind, to oneself).
 * v13: the static `ChatMessage.applyRollMode(data, rollMode)` (client/documents/chat-message.mjs)
 * sets the data's whisper and blind. v14: an unsaved message's `applyMode(mode)`, read back with
 * `toObject()`, as the official Draw Steel system's v14 rolls do (src/module/rolls/base.mjs).
 */
export function withMessageMode<D extends object>(data: D, mode: MessageMode): D {
  if (!isV14()) {
    ChatMessage.applyRollMode(data as ChatMessage.CreateData, ROLL_MODES[mode]);
    return data;
  }
  // The League's v14 declarations do not list ChatMessage#applyMode yet; its use is above.
  type Moded = ChatMessage.Implementation & { applyMode(mode: string): void };
  const message = new ChatMessage.implementation(data as ChatMessage.CreateData) as Moded;
  message.applyMode(mode);
  return { ...data, ...message.toObject() };
}

/**
 * Target exactly these tokens (by id) for the current user, broadcasting the change once.
 * `TokenLayer#setTargets(ids, { mode: "replace" })` does that in v13's later builds and in v14
 * (client/canvas/layers/tokens.mjs `setTargets`: one `broadcastActivity`, then
 * `User#_onUpdateTokenTargets`, read in v13.351); v14's `Token#setTarget` options are `releaseOthers`
 * alone. Where it is missing (the League's v13 declarations do not list it, and which v13 build added
 * it could not be read here), each token is targeted with `Token#setTarget`.
 */
export function targetTokens(ids: ReadonlySet<string>): void {
  type Layer = { setTargets?(ids: Iterable<string>, options: { mode: "replace" }): void };
  const layer = canvas?.tokens as (foundry.canvas.layers.TokenLayer & Layer) | undefined;
  if (typeof layer?.setTargets === "function") return layer.setTargets(ids, { mode: "replace" });
  for (const t of layer?.placeables ?? []) t.setTarget(ids.has(t.document.id ?? ""), { releaseOthers: false });
}

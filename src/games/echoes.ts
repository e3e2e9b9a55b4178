/**
 * Echoes' chunk (dist/chunks/echoes.mjs): what a world that plays Echoes registers beyond the entry,
 * loaded by src/games/loader.ts. The entry keeps Echoes' data models, its Harmony roll and its
 * settings (documents and chat messages of a game switched off still load; docs/architecture.md).
 */
import { SYSTEM_ID, templatePath } from "../constants.ts";
import { ECHOES_CHECK_DIALOG_TEMPLATE, EchoesSheet, echoesCheckByName } from "../applications/sheets/echoes-sheet.ts";
import { EchoesAdversarySheet } from "../applications/sheets/echoes-adversary-sheet.ts";
import { ECHOES_CARD_FOOTER_TEMPLATE, onRenderEchoesCheck } from "../applications/chat/echoes-card.ts";
import { registerEchoesRelay } from "../documents/echoes-checks.ts";
import { DISSONANCE_ROLL_TEMPLATE, onRenderDissonanceRoll } from "../applications/chat/dissonance-roll.ts";
import {
  ECHOES_ACTIVATION_CARD_TEMPLATE, ECHOES_ACTIVATION_DIALOG_TEMPLATE, openEnemyActivation, registerEnemyPhasePrompt,
} from "../applications/dialogs/echoes-activation.ts";
import { whenReady } from "./when-ready.ts";

export { echoesCheckByName, openEnemyActivation };

/** The templates Echoes' sheets and cards include by path. */
export const TEMPLATES = [
  templatePath("actor/echoes-conditions.hbs"), ECHOES_CHECK_DIALOG_TEMPLATE, ECHOES_CARD_FOOTER_TEMPLATE,
  ECHOES_ACTIVATION_DIALOG_TEMPLATE, ECHOES_ACTIVATION_CARD_TEMPLATE, DISSONANCE_ROLL_TEMPLATE,
];

export function register(): void {
  foundry.documents.collections.Actors.registerSheet(SYSTEM_ID, EchoesSheet, {
    types: ["echoes"], makeDefault: true, label: "SE.Sheet.EchoesSheet",
  });
  foundry.documents.collections.Actors.registerSheet(SYSTEM_ID, EchoesAdversarySheet, {
    types: ["echoesAdversary"], makeDefault: true, label: "SE.Sheet.EchoesAdversarySheet",
  });
  registerEchoesRelay();
  Hooks.on("renderChatMessageHTML", (message, html) => void onRenderEchoesCheck(message, html));
  Hooks.on("renderChatMessageHTML", (message, html) => onRenderDissonanceRoll(message, html));
  whenReady(registerEnemyPhasePrompt);
  void foundry.applications.handlebars.loadTemplates(TEMPLATES);
}

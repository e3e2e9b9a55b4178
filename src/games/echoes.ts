/**
 * Echoes' chunk (dist/chunks/echoes.mjs): what a world that plays Echoes registers beyond the entry,
 * loaded by src/games/loader.ts before Foundry builds the documents in a world that plays Echoes or
 * holds its actors, items or Harmony rolls. It brings Echoes' data models, its Harmony roll and dice,
 * its status effects and turn rules; the entry keeps only Echoes' settings (docs/architecture.md, "Loading").
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
import { EchoesCharacterModel } from "../data/echoes.ts";
import { EchoesAdversaryModel } from "../data/echoes-adversary.ts";
import { EchoesAbilityModel, EchoesWeaponModel } from "../data/echoes-items.ts";
import { HarmonyRoll } from "../dice/harmony-roll.ts";
import { DissonanceDie, HarmonyDie } from "../dice/percentile-dice.ts";
import { ROLL_CARDS } from "../dice/render.ts";
import { harmonyCardContext } from "../applications/view-models/harmony-card.ts";
import { echoesStatusEntries, registerEchoesStatusSync } from "../documents/echoes-status-effects.ts";
import { endEchoesTurn, startEchoesTurn } from "../documents/echoes-conditions.ts";
import { GAME_TURNS } from "../documents/game-hooks.ts";

export { echoesCheckByName, openEnemyActivation, HarmonyRoll, DissonanceDie, HarmonyDie };

/** Echoes' data models by document type (system.json lists the types; src/data/index.ts Draw Steel's). */
export const ECHOES_MODELS = {
  Actor: { echoes: EchoesCharacterModel, echoesAdversary: EchoesAdversaryModel },
  Item: { echoesWeapon: EchoesWeaponModel, echoesAbility: EchoesAbilityModel },
};

/** The templates Echoes' sheets and cards include by path. */
export const TEMPLATES = [
  templatePath("actor/echoes-conditions.hbs"), ECHOES_CHECK_DIALOG_TEMPLATE, ECHOES_CARD_FOOTER_TEMPLATE,
  ECHOES_ACTIVATION_DIALOG_TEMPLATE, ECHOES_ACTIVATION_CARD_TEMPLATE, DISSONANCE_ROLL_TEMPLATE,
];

export function register(): void {
  // What Foundry needs while it builds the documents (src/games/loader.ts says why this runs before):
  // the data models (`TypeDataField#initialize`, common/data/fields.mjs, reads CONFIG[name].dataModels),
  // the roll and dice classes (`Roll.fromData` and `RollTerm.fromData`, client/dice/, find them by name).
  Object.assign(CONFIG.Actor.dataModels, ECHOES_MODELS.Actor);
  Object.assign(CONFIG.Item.dataModels, ECHOES_MODELS.Item);
  // Cast: the v14 declarations type CONFIG.Dice.rolls as exactly `typeof Roll` (src/index.ts says why).
  CONFIG.Dice.rolls.push(HarmonyRoll as unknown as typeof foundry.dice.Roll);
  CONFIG.Dice.terms[DissonanceDie.DENOMINATION] = DissonanceDie;
  CONFIG.Dice.terms[HarmonyDie.DENOMINATION] = HarmonyDie;
  ROLL_CARDS.harmony = harmonyCardContext;
  // Echoes' conditions after Draw Steel's in the token HUD (each offered on its game's actors).
  CONFIG.statusEffects.push(...echoesStatusEntries());
  registerEchoesStatusSync();
  GAME_TURNS.startEchoesTurn = startEchoesTurn;
  GAME_TURNS.endEchoesTurn = endEchoesTurn;
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

/**
 * Steel & Echoes: entry point. Hooks and registration only. This module and what it imports
 * statically is what every world loads (docs/architecture.md, "Loading"): registration, the rules
 * core, Draw Steel, and every game's settings. The other games (their rolls, data models, sheets,
 * cards and relays) are chunks (src/games/), and so are the importers, builders and trackers: `import()`
 * loads them when they are needed. No top-level `await` here: Foundry's start does not wait for it.
 */
import { installKeyboardActivation } from "./applications/keyboard.ts";
import { onChatMessage } from "./applications/chat/chat-hook.ts";
import { registerDiceSoNiceHooks } from "./compat/dice-so-nice.ts";
import { PowerRoll } from "./dice/power-roll.ts";
import { SYSTEM_TEMPLATES } from "./dice/render.ts";
import { registerSettings } from "./settings/index.ts";
import { ACTOR_MODELS, ITEM_MODELS } from "./data/index.ts";
import { SteelEchoesActor } from "./documents/actor.ts";
import { SteelEchoesItem } from "./documents/item.ts";
import { SteelEchoesToken } from "./canvas/token.ts";
import { SteelEchoesTokenRuler } from "./canvas/token-ruler.ts";
import { HeroSheet } from "./applications/sheets/hero-sheet.ts";
import { MonsterSheet } from "./applications/sheets/monster-sheet.ts";
import { SteelEchoesItemSheet } from "./applications/sheets/item-sheet.ts";
import { addActorDirectoryButtons, addHeroBuilderButton, addImportButton } from "./applications/sidebar/directory-buttons.ts";
import { api } from "./api.ts";
import { TEST_DIALOG_TEMPLATE } from "./applications/templates.ts";
import { TEST_REQUEST_TEMPLATE, onRenderTestRequest } from "./applications/chat/test-request.ts";
import { ASSIST_DIALOG_TEMPLATE, TEST_CARD_TEMPLATE, onRenderTestCard, testCardServices } from "./applications/chat/test-cards.ts";
import { registerTestCardRelay } from "./documents/test-card-relay.ts";
import { registerMontageRelay } from "./documents/montage.ts";
import { registerMontageSetting } from "./settings/montage.ts";
import { registerNegotiationSetting } from "./settings/negotiation.ts";
import { registerNegotiationRelay } from "./documents/negotiation.ts";
import { useAbilityByUuid } from "./applications/chat/ability-card.ts";
import {
  ABILITY_CARD_TEMPLATE, ABILITY_DIALOG_TEMPLATE, FORCED_MOVE_DIALOG_TEMPLATE, HEAL_RESIST_DIALOG_TEMPLATE, onHotbarDrop,
  onRenderChatMessage, registerCardQuery,
} from "./applications/chat/ability-card.ts";
import { registerCombat } from "./applications/combat/combat-registration.ts";
import { registerRelay } from "./documents/relay.ts";
import { registerMigrationSetting } from "./settings/migrations.ts";
import { registerHotReload } from "./compat/hot-reload.ts";
import { onDropCanvasData } from "./canvas/condition-drop.ts";
import { SYSTEM_ID, templatePath } from "./constants.ts";
import { registerRollCards } from "./applications/chat/roll-cards.ts";
import { registerEchoesSettings } from "./settings/echoes.ts";
import { registerAbilitySettings } from "./settings/abilities.ts";
import { registerForcedMoveSettings } from "./settings/forced-moves.ts";
import { registerGrabSettings } from "./settings/grabs.ts";
import { registerGrabHud } from "./canvas/grab-hud.ts";
import { gameEnabled, registerGameSettings } from "./settings/games.ts";
import { onRenderOpportunityCard } from "./applications/chat/opportunity-card.ts";
import { OPPORTUNITY_TEMPLATE } from "./canvas/opportunity-text.ts";
import { SteelEchoesTokenDocument } from "./canvas/token-document.ts";
import { registerEdgeCardSettings } from "./settings/edge-cards.ts";
import { registerFlyingFalls } from "./canvas/flying-falls.ts";
import { hidePacksOfGamesOff } from "./applications/sidebar/compendium-games.ts";
import { checkGridDiagonals, registerMovementActions } from "./canvas/movement-actions.ts";
import { gatePlayedGames, loadGame, loadGameRules } from "./games/loader.ts";
import { setGameLoader } from "./documents/game-hooks.ts";
import { openMontageTracker, registerTrackers } from "./applications/trackers/lazy-trackers.ts";
import { addBrowserButton } from "./applications/compendium-browser/lazy-browser.ts";
import { PartySheet } from "./applications/sheets/party-sheet.ts";
import { registerPartyHooks } from "./documents/party.ts";
import { HOOKS } from "./constants.ts";
import { registerEnrichers } from "./applications/enrichers/lazy-enrichers.ts";
import { registerTokenActionHud } from "./compat/token-action-hud.ts";
import { rollTest } from "./applications/chat/lazy-rolls.ts";
import { addEncounterButton, addEncounterTool } from "./applications/encounter/lazy-encounter.ts";
import { registerEncounterSettings } from "./settings/encounter.ts";

/** Partials the sheets include by path. */
const SHEET_PARTIALS = [
  templatePath("partials/ability.hbs"),
  templatePath("item/tier-editor.hbs"),
  ABILITY_CARD_TEMPLATE,
  ABILITY_DIALOG_TEMPLATE,
  FORCED_MOVE_DIALOG_TEMPLATE,
  HEAL_RESIST_DIALOG_TEMPLATE,
  OPPORTUNITY_TEMPLATE,
  TEST_DIALOG_TEMPLATE,
  TEST_REQUEST_TEMPLATE,
  TEST_CARD_TEMPLATE,
  ASSIST_DIALOG_TEMPLATE,
];

export { api };


Hooks.once("init", () => {
  globalThis.steelEchoes = api;
  // Foundry always has a document; the unit-test harness (test/harness/) runs without a DOM.
  if (typeof document !== "undefined") installKeyboardActivation(document);
  // Cast: the v14 declarations type CONFIG.Dice.rolls as exactly `typeof Roll`, whose generic constructor no
  // subclass with options of its own matches (v13's say Roll.Internal.AnyConstructor); Foundry only looks the classes up by name.
  // The other games' rolls register with their chunks (src/games/), before Foundry builds the chat messages.
  CONFIG.Dice.rolls.push(...[PowerRoll] as (typeof foundry.dice.Roll)[]);
  registerRollCards();
  CONFIG.Actor.documentClass = SteelEchoesActor;
  CONFIG.Item.documentClass = SteelEchoesItem;
  CONFIG.Token.objectClass = SteelEchoesToken;
  CONFIG.Token.rulerClass = SteelEchoesTokenRuler;
  CONFIG.Token.documentClass = SteelEchoesTokenDocument;
  registerMovementActions(CONFIG.Token.movement.actions);
  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
  registerSettings();
  registerGameSettings();
  registerMigrationSetting();
  registerRelay();
  registerCardQuery();
  registerTestCardRelay(testCardServices);
  registerMontageSetting();
  registerMontageRelay();
  registerNegotiationSetting();
  registerNegotiationRelay();
  registerEchoesSettings();
  registerAbilitySettings();
  registerForcedMoveSettings();
  registerGrabSettings();
  // The token HUD's grabbed toggle asks who grabbed the creature (issue 29, item 33).
  registerGrabHud();
  registerEdgeCardSettings();
  registerFlyingFalls();
  registerCombat();
  // [[/pr]], [[/damage]], [[/heal]], [[/test]], @Condition and @PowerRoll in journals and descriptions (issue 33).
  registerEnrichers();
  // Token Action HUD Core, when the module is active (src/compat/token-action-hud.ts).
  registerTokenActionHud({
    useAbility: (uuid) => useAbilityByUuid(uuid),
    rollTest: (actor, c) => rollTest(actor, c, Number((actor.system as { characteristics?: Record<string, number> }).characteristics?.[c])
      || 0),
  });
  registerEncounterSettings();
  // The chunks of the other games the world plays, registered before Foundry builds the documents
  // and applies the sheets (src/games/loader.ts says how, from Foundry's source).
  setGameLoader(loadGame);
  void gatePlayedGames();
  foundry.documents.collections.Actors.registerSheet(SYSTEM_ID, HeroSheet, {
    types: ["hero"], makeDefault: true, label: "SE.Sheet.HeroSheet",
  });
  foundry.documents.collections.Actors.registerSheet(SYSTEM_ID, MonsterSheet, {
    types: ["monster"], makeDefault: true, label: "SE.Sheet.MonsterSheet",
  });
  // The party (issue 32): its sheet's code loads on its first render (party-sheet.ts).
  foundry.documents.collections.Actors.registerSheet(SYSTEM_ID, PartySheet, {
    types: ["party"], makeDefault: true, label: "SE.Party.Sheet",
  });
  registerPartyHooks(() => (Hooks.callAll as (hook: string) => boolean)(HOOKS.poolsChanged));
  foundry.documents.collections.Items.registerSheet(SYSTEM_ID, SteelEchoesItemSheet, {
    makeDefault: true, label: "SE.Sheet.ItemSheet",
  });
  void foundry.applications.handlebars.loadTemplates([...Object.values(SYSTEM_TEMPLATES), ...SHEET_PARTIALS]);
});

// The GM is told when the world's grid does not count diagonals as Draw Steel does.
Hooks.once("ready", () => void checkGridDiagonals(gameEnabled("drawSteel")));
// The montage and negotiation trackers follow their world settings on every client (loaded when one opens).
Hooks.once("ready", () => registerTrackers());
// `steelEchoes.rules` gets Draw Steel's and the shared rules now, not before `ready` (src/games/loader.ts GAME_RULES).
Hooks.once("ready", () => void loadGameRules("drawSteel"));
// A button in the Token controls opens it (v13 SceneControls: controls keyed by name, tools by name).
Hooks.on("getSceneControlButtons", (controls) => {
  const tokens = controls.tokens;
  if (!tokens?.tools) return;
  tokens.tools.steelEchoesMontage = {
    name: "steelEchoesMontage", title: "SE.Montage.Title", icon: "fa-solid fa-person-hiking", order: Object.keys(tokens.tools).length,
    // A Draw Steel tool: shown while the world plays Draw Steel (src/settings/games.ts).
    button: true, visible: gameEnabled("drawSteel"), onChange: () => void openMontageTracker(),
  };
});
// The active GM brings the world's data up to this version (src/migrations/).
Hooks.once("ready", () => void import("./migrations/index.ts").then((m) => m.runMigrations()));
Hooks.on("chatMessage", onChatMessage);
Hooks.on("renderChatMessageHTML", (message, html) => onRenderChatMessage(message, html));
Hooks.on("renderChatMessageHTML", (message, html) => onRenderTestRequest(message, html));
Hooks.on("renderChatMessageHTML", (message, html) => onRenderTestCard(message, html));
Hooks.on("renderChatMessageHTML", (message, html) => onRenderOpportunityCard(message, html));
Hooks.on("hotbarDrop", (bar, data, slot) => onHotbarDrop(bar, data as { type?: string; uuid?: string }, slot));
Hooks.on("dropCanvasData", (board, data) => onDropCanvasData(board, data));
Hooks.on("renderItemDirectory", (app, html) => addImportButton(app, html));
Hooks.on("renderCompendiumDirectory", (app, html) => hidePacksOfGamesOff(app, html));
// The compendium browser's button (the window is a chunk loaded on the first click).
Hooks.on("renderCompendiumDirectory", (app, html) => addBrowserButton(app, html));
// The tile's material field loads with the first Tile Configuration a GM opens (issue 31); it is
// added to the rendered form, which Foundry reads only when the form is submitted.
Hooks.on("renderTileConfig", (app, html) => {
  if (game.user?.isGM) void import("./applications/sheets/tile-material.ts").then((m) => m.onRenderTileConfig(app, html));
});
const actorDirectoryButtons = addActorDirectoryButtons();
Hooks.on("renderActorDirectory", (app, html) => actorDirectoryButtons(app, html));
// The hero builder (issue 32): "Build a hero" in the Actors directory; the window is a chunk.
const heroBuilderButton = addHeroBuilderButton();
Hooks.on("renderActorDirectory", (app, html) => heroBuilderButton(app, html));
// The encounter builder (issue 33): the GM's buttons in the Token controls, the combat tracker and the Actors directory.
Hooks.on("getSceneControlButtons", (controls) => addEncounterTool(controls, gameEnabled("drawSteel")));
Hooks.on("renderCombatTracker", (app, html) => addEncounterButton(app, html));
Hooks.on("renderActorDirectory", (app, html) => addEncounterButton(app, html));
registerDiceSoNiceHooks();
// npm run dev only: templates and language files reload in place (Vite removes this from builds).
registerHotReload(import.meta.hot);

/**
 * The gallery: renders every chat card fixture with the real templates, view-models, localisation
 * and CSS, in Foundry's light and dark themes, plus a chat box that runs the real command parser and
 * rules with random dice. `npm run test:e2e` screenshots it and clicks through a roll.
 */
import { effectRows } from "../src/applications/view-models/sheet-common.ts";
import { installKeyboardActivation } from "../src/applications/keyboard.ts";
import { AbilityCollapse } from "../src/applications/sheets/ability-collapse.ts";
import Handlebars from "handlebars/dist/cjs/handlebars.js";
import { formValues } from "./form.ts";
import "../styles/steel-echoes.scss";
import "./gallery.css";
// Foundry draws Font Awesome icons with the Font Awesome Pro it bundles (docs/development.md, "The
// gallery's icons"); the gallery loads the Free release (a dev dependency) so icon-only buttons show.
import "@fortawesome/fontawesome-free/css/all.min.css";
import lang from "../lang/en.json";
import { registerFoundryHelpers, lookup, format, langI18n } from "../test/harness/handlebars-helpers.ts";
import { actionFixtures, arcFixtures, d12Fixtures, harmonyFixtures, powerRollFixtures, reactionFixtures } from "../test/fixtures/cards.ts";
import { arcCardContext, reactionCardContext } from "../src/applications/view-models/arc-card.ts";
import { actionCardContext } from "../src/applications/view-models/action-dice-card.ts";
import { d12CardContext, d12ChoiceContext, deathSaveCardContext } from "../src/applications/view-models/d12-card.ts";
import { D12_SETBACKS } from "../src/data/d12-tables.ts";
import { EDGE_CARDS } from "../src/data/edge-cards.ts";
import { edgeHandContext } from "../src/applications/view-models/edge-hand.ts";
import { powerRollCardContext } from "../src/applications/view-models/power-roll-card.ts";
import { harmonyCardContext } from "../src/applications/view-models/harmony-card.ts";
import { heroSheetContext } from "../src/applications/view-models/hero-sheet.ts";
import { bestiaryPackDocs, heroFixtures, monsterFixtures } from "../test/fixtures/actors.ts";
import { formatStatBlock } from "../src/parser/stat-block.ts";
import type { MonsterLike } from "../src/parser/stat-block.ts";
import { monsterSheetContext } from "../src/applications/view-models/monster-sheet.ts";
import { tierEditorContext } from "../src/applications/view-models/tier-editor.ts";
import { abilityView } from "../src/applications/view-models/ability.ts";
import type { AbilityData } from "../src/applications/view-models/ability.ts";
import { HERO_PARTS, HERO_TABS, renderSheet, sheetTabs } from "../test/fixtures/sheets.ts";
import { bigHero } from "../test/fixtures/bench-hero.ts";
import { matchCommand } from "../src/parser/chat-commands.ts";
import { parseHarmonyCheckCommand, parsePowerRollCommand } from "../src/parser/command-args.ts";
import { abilityCardContext } from "../src/applications/view-models/ability-card.ts";
import { abilityDialogContext, choicesFromForm } from "../src/applications/view-models/ability-dialog.ts";
import type { AbilityDialogInput } from "../src/applications/view-models/ability-dialog.ts";
import { abilitySource } from "../src/data/ability-use.ts";
import { buildAbilityUse, targetModifiers } from "../src/data/ability-use-build.ts";
import { ABILITIES, abilityUseFixtures, goblin } from "../test/fixtures/ability-use.ts";
import { abilityApprovalContext } from "../src/applications/view-models/ability-approval.ts";
import { domainOfferHtml } from "../src/documents/domain-effect-offers.ts";
import { grabberChoiceContent } from "../src/canvas/grab-choices.ts";
import { abilityChanges, abilityRulesFields, heroBuildWarnings } from "../src/rules/index.ts";
import { buildWarningLines } from "../src/applications/view-models/build-warnings.ts";
import { combatMissing, galleryRecovery, renderCombatSection } from "./combat.ts";
import { renderBattlefieldSection } from "./battlefield.ts";
import { liveTestCards } from "./test-cards.ts";
import { liveMontage, renderMontageSection } from "./montage.ts";
import { liveBuilder, renderBuilderSection } from "./builder.ts";
import { levelUpCard } from "../src/documents/level-up.ts";
import { liveNegotiation, renderNegotiationSection } from "./negotiation.ts";
import { liveEncounter, renderEncounterSection } from "./encounter.ts";
import { liveEchoes, renderEchoesSection } from "./echoes.ts";
import { liveBrowser, renderBrowserSection } from "./compendium-browser.ts";
import { testCardFixtures } from "../test/fixtures/test-cards.ts";
import { testCardContext } from "../src/applications/view-models/test-card.ts";
import { COMMAND_HELP } from "../src/parser/command-checks.ts";
import { parseActionDiceCommand, parseArcCommand, parseD12Command, parseGroupTestCommand, parseOpposedTestCommand, parseReactCommand } from "../src/parser/command-args.ts";
import { advantageFromSources, bonusDieFaces, guardAgainst } from "../src/rules/index.ts";
import { DIALOG_COMMANDS, engineCheckContext, engineCheckOptions } from "../src/applications/view-models/engine-check-dialog.ts";
import type { CheckDialogKind, CheckDialogOptions } from "../src/applications/view-models/engine-check-dialog.ts";
import { maintenanceChoiceContent } from "../src/applications/dialogs/maintenance.ts";
import { opportunityBarredText } from "../src/canvas/opportunity-text.ts";
import { tileMaterialField } from "../src/applications/sheets/tile-material.ts";
import { tileObjectState } from "../src/documents/scene-objects.ts";
import { opportunityVerdict, persistentUpkeep } from "../src/rules/index.ts";
import { enrichedTexts, onGalleryEnricherClick } from "./enrichers.ts";
import { ability as fixtureAbility } from "../test/fixtures/actors.ts";
import { renderPartySheets } from "./party.ts";

const sources = import.meta.glob("../templates/**/*.hbs", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const hbs = Handlebars.create();
const missing = registerFoundryHelpers(hbs, lang);
// Compiled once per template, as Foundry caches them.
const compiled = new Map<string, HandlebarsTemplateDelegate>();
const template = (name: string) => {
  const source = sources[`../templates/${name}`];
  if (source === undefined) throw new Error(`No template ${name}`);
  if (!compiled.has(name)) compiled.set(name, hbs.compile(source));
  return compiled.get(name)!;
};
hbs.registerPartial("systems/steel-echoes/templates/partials/ability.hbs", sources["../templates/partials/ability.hbs"]!);
hbs.registerPartial("systems/steel-echoes/templates/item/tier-editor.hbs", sources["../templates/item/tier-editor.hbs"]!);
hbs.registerPartial("systems/steel-echoes/templates/actor/echoes-conditions.hbs", sources["../templates/actor/echoes-conditions.hbs"]!);
const powerCard = template("chat/power-roll.hbs");
const harmonyCard = template("chat/harmony-roll.hbs");
const hiddenCard = template("chat/hidden-roll.hbs");
const abilityCard = template("chat/ability-card.hbs");
const abilityDialog = template("dialog/ability-use.hbs");
const testCard = template("chat/test-card.hbs");
const d12Card = template("chat/d12-roll.hbs");
const checkCard = template("chat/check-roll.hbs");

const THEMES = ["theme-light", "theme-dark"] as const;

/** The gallery's targets: what a user would have targeted on the canvas. */
const GALLERY_TARGETS = [goblin(["prone"], 0, "Goblin Skirmisher"), goblin([], 1, "Ogre Brute")];
const GALLERY_DIALOG: AbilityDialogInput = {
  name: "Brutal Slam", kind: "ability", offered: ["might", "agility"], characteristics: { might: 2, agility: 1 }, characteristic: "might",
  spend: [{ amount: 1, text: "The target is also slowed (EoT)." }], resourceName: "Rage", resourceValue: 3, cost: 0, skills: [],
  // The second target stands behind a wall: its row warns of no line of effect.
  targets: GALLERY_TARGETS.map((t, i) => ({
    key: t.key, name: t.name, edges: t.state.statuses.includes("prone") ? 1 : 0, banes: 0, reasons: t.state.statuses.includes("prone") ? ["targetProne"] : [],
    ...(i === 1 ? { noLineOfEffect: true } : {}),
  })),
  ownEdges: 0, ownBanes: 0, ownReasons: [],
};

/** A variable Spend line (L3934) and a persistent ability that may be maintained (L2872). */
const GALLERY_SPEND_DIALOG: AbilityDialogInput = {
  ...GALLERY_DIALOG, name: "Burn!", resourceName: "Essence", resourceValue: 5, cost: 3, targets: [],
  spend: [{ amount: 0, text: "For each essence spent, the fire deals 1 extra damage.", variable: { min: 1, max: 2 } }],
  maintain: { persistent: 1, allowed: true },
};

function message(html: string, name: string): string {
  return `<div class="chat-message" data-fixture="${name}"><p class="fixture-name">${name}</p>${html}</div>`;
}

/** A section of cards in both themes; `shot` names its screenshots (`cards-<shot>-<theme>.png`, tools/e2e.mjs). */
function section(shot: string, title: string, cards: { name: string; html: string }[]): string {
  const columns = THEMES.map((theme) => `<div class="theme-column ${theme}"><h3>${theme}</h3><div class="cards-row">${
    cards.map((c) => message(c.html, c.name)).join("")}</div></div>`).join("");
  return `<h2>${title}</h2><div class="themes" data-shot="${shot}">${columns}</div>`;
}

/** Foundry's escapeHTML, as the sheets and dialogs use it. */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The system's fields in a tile's configuration, for a tile on a grid of 100 pixels. */
function tileConfigHtml(tile: Parameters<typeof tileObjectState>[0]): string {
  const material = String((tile.flags as Record<string, Record<string, unknown>>)["steel-echoes"]?.material ?? "");
  const fields = tileMaterialField(material, langI18n(lang, missing), escapeText, tileObjectState(tile, 100));
  return `<form class="application sheet steel-echoes tile-config"><div class="window-content"><div class="tab active">${fields}</div></div></form>`;
}

const cards = document.getElementById("cards")!;
cards.innerHTML = [
  section("power", "Power rolls", powerRollFixtures.map(({ name, input }) => ({ name, html: powerCard(powerRollCardContext(input)) }))),
  section("harmony", "Harmony/Dissonance checks", harmonyFixtures.map(({ name, input }) => ({ name, html: harmonyCard(harmonyCardContext(input)) }))),
  section("ability", "Ability cards", abilityUseFixtures().map(({ name, use }) => ({ name, html: abilityCard(abilityCardContext(use, langI18n(lang, missing))) }))),
  section("edge-hand", "EDGE cards: a player's hand (2d12 Exploits)", [{ name: "edge-hand", html: `<div class="application dialog steel-echoes"><div class="window-content">${
    template("dialog/edge-hand.hbs")(edgeHandContext(EDGE_CARDS.slice(0, 2).map((c) => ({ id: c.slug, name: c.name, faces: c.sentences.map((text) => ({ text: `<p>${text}</p>` })) })), langI18n(lang, missing)))}</div></div>` }]),
  section("dialog", "Roll dialog", [
    { name: "brutal-slam-two-targets", html: `<div class="application dialog steel-echoes"><div class="window-content">${abilityDialog(abilityDialogContext(GALLERY_DIALOG, langI18n(lang, missing)))}</div></div>` },
    // Over the turn's budget (src/documents/turn-budget.ts): a second action this turn.
    { name: "brutal-slam-over-budget", html: `<div class="application dialog steel-echoes"><div class="window-content">${abilityDialog(abilityDialogContext({
      // …and its first target is hidden (L6212): its row says it cannot be attacked until found.
      ...GALLERY_DIALOG, budgetWarning: { key: "SE.Budget.Refusal.action-used", name: "Korva <b>the bold</b>" },
      targets: GALLERY_DIALOG.targets.map((t, i) => (i === 0 ? { ...t, hidden: true } : t)),
    }, langI18n(lang, missing)))}</div></div>` },
    // Grab (L7013–7030): the Goblin is smaller than the user (an edge, L7030); the Ogre is larger,
    // out of "1 creature the same size or smaller than you" (L7022): its row warns.
    { name: "grab-sizes", html: `<div class="application dialog steel-echoes"><div class="window-content">${abilityDialog(abilityDialogContext({
      ...GALLERY_DIALOG, name: "Grab", offered: ["might"], spend: [], resourceName: "", resourceValue: null,
      targets: [
        { key: "goblin", name: "Goblin Skirmisher", edges: 1, banes: 0, reasons: ["targetSmaller"] },
        { key: "ogre", name: "Ogre Brute", edges: 0, banes: 0, reasons: [], tooLarge: true },
      ],
    }, langI18n(lang, missing)))}</div></div>` },
    // Underwater without a swim speed (L7249): the bane and its reason on the row.
    { name: "underwater-bane", html: `<div class="application dialog steel-echoes"><div class="window-content">${abilityDialog(abilityDialogContext({
      ...GALLERY_DIALOG, targets: [{ key: "goblin", name: "Goblin Skirmisher", edges: 0, banes: 1, reasons: ["underwater"] }],
    }, langI18n(lang, missing)))}</div></div>` },
    // Grabbed, the user can't use Knockback (L6674); two targets without Four Arms (L7045, L1987): warned, the Director decides.
    { name: "knockback-while-grabbed", html: `<div class="application dialog steel-echoes"><div class="window-content">${abilityDialog(abilityDialogContext({
      ...GALLERY_DIALOG, name: "Knockback", offered: ["might"], spend: [], resourceName: "", resourceValue: null,
      ruleWarnings: [
        { key: "SE.AbilityDialog.GrabbedKnockback", data: { name: "Korva <b>the bold</b>" } },
        { key: "SE.AbilityDialog.TooManyTargets", data: { ability: "Knockback" } },
      ],
      targets: [
        { key: "goblin", name: "Goblin Skirmisher", edges: 1, banes: 0, reasons: ["targetSmaller"] },
        { key: "bandit", name: "Bandit Captain", edges: 0, banes: 0, reasons: [] },
      ],
    }, langI18n(lang, missing)))}</div></div>` },
    // A next-roll grant from the GM's record (issue 29, L2409–2421): Knowledge's double edge, Fate's tier 3.
    { name: "next-roll-knowledge-fate", html: `<div class="application dialog steel-echoes"><div class="window-content">${abilityDialog(abilityDialogContext({
      ...GALLERY_DIALOG, targets: [
        { key: "goblin", name: "Goblin Skirmisher", edges: 2, banes: 0, reasons: ["domainKnowledge"] },
        { key: "ogre", name: "Ogre Brute", edges: 0, banes: 0, reasons: ["domainFate3"] },
      ],
    }, langI18n(lang, missing)))}</div></div>` },
    { name: "spend-by-the-point-and-maintain", html: `<div class="application dialog steel-echoes"><div class="window-content">${abilityDialog(abilityDialogContext(GALLERY_SPEND_DIALOG, langI18n(lang, missing)))}</div></div>` },
  ]),
  section("approval", "The Director's prompt for a changed ability", [{ name: "brutal-slam-edited", html: `<div class="application dialog steel-echoes"><div class="window-content">${
    template("dialog/ability-approval.hbs")(abilityApprovalContext({
      itemName: "Brutal Slam", actorName: "Vex", userName: "Mallory", against: "compendium",
      changes: abilityChanges(abilityRulesFields(ABILITIES.brutalSlam), abilityRulesFields({
        ...ABILITIES.brutalSlam, tiers: ABILITIES.brutalSlam!.tiers.map((t) => ({ ...t, damage: { ...t.damage, value: "30" }, conditions: [{ id: "restrained", duration: "EoT", characteristic: "" }] })),
      })),
    }, langI18n(lang, missing)))}</div></div>` }]),
  section("hidden", "Private rolls", [
    { name: "hidden-power-roll", html: hiddenCard({ messageKey: "SE.PowerRoll.Hidden" }) },
    { name: "hidden-harmony", html: hiddenCard({ messageKey: "SE.Harmony.Hidden" }) },
  ]),
  section("opportunity", "Opportunity attack (whispered to the enemy's owner)", [{ name: "opportunity-attack", html: template("chat/opportunity-attack.hbs")({
    text: langI18n(lang, missing).format("SE.Opportunity.Text", { attacker: "Goblin <b>sniper</b>", target: "Korva" }),
    note: langI18n(lang, missing).localize("SE.Opportunity.Note"), button: langI18n(lang, missing).localize("SE.Opportunity.Strike"),
  }) },
  // With a bane or a double bane on the free strike the enemy can't make it (L7105): the verdict is the
  // rule's (a prone attacker; prone and weakened), the card has no button (src/canvas/opportunity-attacks.ts).
  ...([["opportunity-attack-bane", ["prone"]], ["opportunity-attack-double-bane", ["prone", "weakened"]]] as const).map(([name, statuses]) => ({
    name, html: template("chat/opportunity-attack.hbs")({
      text: opportunityBarredText(opportunityVerdict({ key: "goblin", statuses }, { key: "korva", statuses: [] }), { attacker: "Goblin <b>sniper</b>", target: "Korva" }, langI18n(lang, missing)),
      note: "", button: "",
    }),
  }))]),
  // Persistent Magic's tier 2 (L2887): the hero chooses which maintained ability ends, as DialogV2 shows the form.
  section("persistent", "Persistent Magic: the maintained ability that ends", [{ name: "maintenance-choice", html: `<div class="application dialog steel-echoes"><header class="window-header"><h1 class="window-title">${
    langI18n(lang, missing).localize("SE.Persistent.ChooseTitle")}</h1></header><div class="window-content">${maintenanceChoiceContent([
    { id: "burn", name: "Burn!", persistent: 1 }, { id: "conflagration", name: "Conflagration <i>of Ash</i>", persistent: 2 },
  ], langI18n(lang, missing), escapeText)}</div><footer class="form-footer"><button type="button">${langI18n(lang, missing).localize("SE.Persistent.Confirm")}</button></footer></div>` }]),
  // A tier-3 Prayer's domain effects (L2395–2446, issue 29): each domain's effect with its numbers and
  // the buttons the Director's client carries out (src/documents/domain-effect-offers.ts); a typed name escaped.
  section("domain-offer", "Prayer: the domain effects offered on a tier 3", [
    { name: "creation-fate", html: `<div class="chat-message message"><div class="message-content">${domainOfferHtml(
      { name: "Ash <b>of the Vale</b>", domains: ["creation", "fate"], conduit: { level: 1, intuition: 2 }, buttons: true }, langI18n(lang, missing), escapeText)}</div></div>` },
    { name: "life-nature", html: `<div class="chat-message message"><div class="message-content">${domainOfferHtml(
      { name: "Ash", domains: ["life", "nature"], conduit: { level: 1, intuition: 2 }, buttons: true }, langI18n(lang, missing), escapeText)}</div></div>` },
  ]),
  // Grabbed set from the token HUD (issue 29, L6676): who grabbed the creature, among the adjacent ones (src/canvas/grab-naming.ts).
  section("grab-naming", "Token HUD: who grabbed the creature", [{ name: "who-grabbed", html: `<div class="application dialog steel-echoes"><header class="window-header"><h1 class="window-title">${
    escapeText(langI18n(lang, missing).format("SE.Grab.Named.Title", { name: "Goblin <i>Skirmisher</i>" }))}</h1></header><div class="window-content">${grabberChoiceContent("Goblin <i>Skirmisher</i>", [
    { uuid: "Scene.a.Token.korva", name: "Korva" }, { uuid: "Scene.a.Token.ogre", name: "Ogre <b>Brute</b>" },
  ], langI18n(lang, missing), escapeText)}</div><footer class="form-footer"><button type="button">${langI18n(lang, missing).localize("SE.Grab.Named.Confirm")}</button><button type="button">${
    langI18n(lang, missing).localize("SE.Grab.Named.NoOne")}</button></footer></div>` }]),
  // The tile configuration's fields the system adds for the Director (src/applications/sheets/tile-material.ts):
  // a tile that is no object, and a 3-square stone wall that took 5 damage (18 Stamina, L7241); Foundry's own fields are not drawn.
  section("tile-material", "Tile configuration: material, damage taken and Stamina (the system's fields)", [
    { name: "tile-no-material", html: tileConfigHtml({ x: 0, y: 0, width: 100, height: 100, flags: {} }) },
    { name: "tile-stone-wall-damaged", html: tileConfigHtml({ x: 0, y: 0, width: 300, height: 100, flags: { "steel-echoes": { material: "stone", damage: 5 } } }) },
  ]),
  section("d12", "2d12 Exploits checks", [
    ...d12Fixtures.map(({ name, input }) => ({ name, html: d12Card(d12CardContext(input)) })),
    { name: "exploit-to-choose", html: d12Card(d12CardContext({ dice: [12, 5], modifier: 2, advantage: 0, dc: 15 }))
      + template("chat/d12-choice.hbs")(d12ChoiceContext({ rank: 5, chosen: { exploit: null, setback: null }, rights: { exploit: true, setback: false } }, langI18n(lang, missing))) },
    { name: "death-saves-dying", html: template("chat/death-saves.hbs")(deathSaveCardContext({ name: "Mira", events: [{ roll: 8 }, { roll: 3 }, { damage: true }] }, langI18n(lang, missing))) },
    { name: "death-saves-stable", html: template("chat/death-saves.hbs")(deathSaveCardContext({ name: "Mira", events: [{ roll: 2 }, { roll: 12 }] }, langI18n(lang, missing))) },
    { name: "setback-chosen", html: d12Card(d12CardContext({ dice: [1, 6], modifier: 2, advantage: 0, dc: 15 }))
      + template("chat/d12-choice.hbs")(d12ChoiceContext({ rank: 0, chosen: { exploit: null, setback: D12_SETBACKS.find((x) => x.roll === 14)! }, rights: { exploit: false, setback: false } }, langI18n(lang, missing))) },
  ]),
  section("action", "Action Dice checks", actionFixtures.map(({ name, input }) => ({ name, html: checkCard(actionCardContext(input)) }))),
  section("arc", "Action Resolution and Reaction checks", [
    ...arcFixtures.map(({ name, input }) => ({ name, html: checkCard(arcCardContext(input)) })),
    ...reactionFixtures.map(({ name, input }) => ({ name, html: checkCard(reactionCardContext(input)) })),
  ]),
  section("help", "/help", [{ name: "help", html: template("chat/help.hbs")({ groups: COMMAND_HELP.map((g) => ({
    title: langI18n(lang, missing).localize(`SE.Command.Help.Game.${g.game}`),
    commands: g.commands.map((c) => ({ word: `/${c.word}`, usage: langI18n(lang, missing).localize(`SE.Command.Error.${c.usageKey}`) })),
  })) }) }]),
  // Issue 33: enrichers in a journal page and an item description.
  section("enrichers", "Enrichers in a journal page and an item description", enrichedTexts(langI18n(lang, missing))),
  section("tests", "Group and opposed tests", testCardFixtures().map(({ name, state }) => ({ name, html: testCard(testCardContext(state, langI18n(lang, missing))) }))),
].join("");

// The montage tracker in every state, and a live one the browser tests play through.
const montageTemplate = template("apps/montage-tracker.hbs");
document.getElementById("sheets")!.insertAdjacentHTML("beforebegin", `<section id="montage"><h2>Montage tracker (live)</h2><div id="montage-live"></div>${
  renderMontageSection(montageTemplate, langI18n(lang, missing))}</section>`);
liveMontage(document.getElementById("montage-live")!, montageTemplate, langI18n(lang, missing));
// The compendium browser over the real packs in both themes, and a live one the browser tests filter and search.
const browserTemplates = {
  tabs: template("compendium-browser/tabs.hbs"), filters: template("compendium-browser/filters.hbs"), results: template("compendium-browser/results.hbs"),
};
document.getElementById("sheets")!.insertAdjacentHTML("beforebegin", `<section id="compendium-browser"><h2>Compendium browser (live)</h2><div id="browser-live"></div>${
  renderBrowserSection(browserTemplates, langI18n(lang, missing))}</section>`);
liveBrowser(document.getElementById("browser-live")!, browserTemplates, langI18n(lang, missing));

// The encounter builder (issue 33) in both themes, and a live one the browser tests change.
const encounterTemplate = template("encounter/builder.hbs");
document.getElementById("sheets")!.insertAdjacentHTML("beforebegin", `<section id="encounter"><h2>Encounter builder (live)</h2><div id="encounter-live"></div>${
  renderEncounterSection(encounterTemplate, langI18n(lang, missing))}</section>`);
liveEncounter(document.getElementById("encounter-live")!, encounterTemplate, langI18n(lang, missing));

// The negotiation tracker in every state, and a live one the browser tests play through.
const negotiationTemplate = template("apps/negotiation-tracker.hbs");
document.getElementById("sheets")!.insertAdjacentHTML("beforebegin", `<section id="negotiation"><h2>Negotiation tracker (live)</h2><div id="negotiation-live"></div>${
  renderNegotiationSection(negotiationTemplate, langI18n(lang, missing))}</section>`);
liveNegotiation(document.getElementById("negotiation-live")!, negotiationTemplate, langI18n(lang, missing));

// Echoes: the character sheet, the check dialog and its cards.
document.getElementById("sheets")!.insertAdjacentHTML("beforebegin", `<section id="echoes"><h2>Echoes check (live)</h2><div id="echoes-live"></div>${renderEchoesSection(template, langI18n(lang, missing))}</section>`);
liveEchoes(document.getElementById("echoes-live")!, template, langI18n(lang, missing));

// Sheets, each in both themes, in play mode and (the first hero) in edit mode.
const i18n = langI18n(lang, missing);
const sheets = document.getElementById("sheets")!;
const heroes = heroFixtures();
const D_ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7' fill='%23a44'/%3E%3C/svg%3E";
const elementalist = heroes.find((h) => h.name === "elementalist-spellslinger")!.input;
// Burn! and Conflagration as the seed prints them (L3122–3137, L3198–3209): Persistent 1 and 2.
const persistentAbilities = [
  fixtureAbility("Burn!", {
    keywords: ["attack", "fire", "magic", "persistent", "ranged"], cost: { amount: 3, resource: "heroic" },
    distance: { kind: "ranged", primary: 5, secondary: 0, within: 0, text: "" }, power: { kind: "ability", characteristics: ["reason"] },
    tiers: ["6", "8", "13"].map((value) => ({ damage: { value, type: "fire" }, forced: [], conditions: [], text: "" })),
    effect: "Persistent 1: If the target is within distance at the start of your turn, make a power roll for this ability again.",
  }),
  fixtureAbility("Conflagration", {
    keywords: ["area", "fire", "magic", "persistent", "ranged"], cost: { amount: 5, resource: "heroic" }, target: "All enemies",
    distance: { kind: "cube", primary: 4, secondary: 0, within: 5, text: "" }, power: { kind: "ability", characteristics: ["reason"] },
    tiers: ["5", "7", "10"].map((value) => ({ damage: { value, type: "fire" }, forced: [], conditions: [], text: "" })),
    effect: "Persistent 2: At the start of your turn, you can use this ability again as a maneuver without spending essence.",
  }),
].map((item, i) => ({ ...item, system: { ...item.system, persistent: i + 1 } as Record<string, unknown> }));
/** What the real sheet's abilities tab lists as maintained (src/applications/sheets/hero-sheet.ts `maintainedContext`). */
const galleryMaintained = {
  abilities: persistentAbilities.map((a) => ({ id: a.id, name: a.name, persistent: Number(a.system.persistent) })),
  upkeep: persistentUpkeep(persistentAbilities.map((a) => Number(a.system.persistent))),
  editable: true,
};
/** What the real sheet's abilities tab lists as held by a recorded grab (src/applications/sheets/sheet-parts.ts `holdingContext`). */
const galleryHolding = {
  creatures: [{ uuid: "Actor.galleryGoblin", name: "Goblin Skirmisher", label: i18n.format("SE.Grab.ReleaseLabel", { name: "Goblin Skirmisher" }) }],
  editable: true,
};
const conduit = heroes.find((h) => h.name === "conduit-bloodpact")!;
const heroSheets = [
  ...heroes.map((h) => ({ name: h.name, input: h.input })),
  { name: `${heroes[0]!.name}-edit`, input: { ...heroes[0]!.input, mode: "edit" as const } },
  { name: "elementalist-maintaining", input: { ...elementalist, items: [...elementalist.items.filter((i) => i.name !== "Burn!"), ...persistentAbilities] } },
  // A conduit's many abilities, every one collapsed (issue 30): the caret and collapse/expand-all work here too.
  { name: `${conduit.name}-collapsed`, input: conduit.input },
  // Issue 32: her XP has reached the next level (Level up in the header), and her hand-made build breaks two rules.
  { name: `${heroes[0]!.name}-levelling`, input: { ...heroes[0]!.input, system: { ...heroes[0]!.input.system, levelUp: { ready: true, next: heroes[0]!.input.system.level + 1 } } } },
];
/** The levelling hero's warnings, found by the rules from a hand-made build (src/rules/hero-building.ts). */
const galleryBuildWarnings = buildWarningLines(heroBuildWarnings({
  skills: ["swim"],
  cultureAspects: [
    { aspect: "environment", skillOptions: "One skill from the exploration or interpersonal skill groups.", skill: "swim" },
    { aspect: "organization", skillOptions: "One skill from the lore skill group.", skill: "sneak" },
  ],
  careerSkills: [], pointBuy: null, className: "Fury", subclass: "Berserker", kits: [{ name: "Boren", kitType: "stormwight" }],
}), i18n);
const sheetContexts = new Map<string, ReturnType<typeof heroSheetContext>>();
// Each sheet's collapsed abilities, kept as the real sheet keeps them: the viewer's browser storage (src/applications/sheets/ability-collapse.ts).
const collapseStores = new Map(heroSheets.map(({ name }) => [name, new AbilityCollapse("gallery", `Actor.${name}`)]));
collapseStores.get(`${conduit.name}-collapsed`)!.setAll(true);
for (const { name } of heroSheets) if (!name.endsWith("-collapsed")) collapseStores.get(name)!.setAll(false);
function heroColumns(name: string): string {
  const { input } = heroSheets.find((h) => h.name === name)!;
  const store = collapseStores.get(name)!;
  // The first hero carries conditions, to show the Effects tab's durations, sources and controls.
  const effects = name === heroes[0]!.name ? effectRows([
    { id: "e1", name: "Bleeding", img: D_ICON, disabled: false, duration: { kind: "EoT", turnEndsLeft: 2 }, sourceName: "Goblin Skirmisher" },
    { id: "e2", name: "Restrained", img: D_ICON, disabled: false, duration: { kind: "resistance", turnEndsLeft: null }, characteristic: "might" },
    { id: "e3", name: "Blessed", img: D_ICON, disabled: true },
  ], i18n) : [];
  const context = {
    ...heroSheetContext({ ...input, collapsed: (id) => store.isCollapsed(id) }, i18n), tabs: sheetTabs(HERO_TABS), effects, biographySource: "",
    ...galleryRecovery(input.system),
    ...(name === "elementalist-maintaining" ? { maintained: galleryMaintained, holding: galleryHolding } : {}),
    ...(name.endsWith("-levelling") ? { buildWarnings: galleryBuildWarnings } : {}),
  };
  sheetContexts.set(name, context);
  return THEMES.map((t) => `<div class="theme-column ${t}" data-theme="${t}">${renderSheet(template, HERO_PARTS, context, `hero-sheet ${t}`)}</div>`).join("");
}
sheets.innerHTML = heroSheets.map(({ name }) => {
  // `data-schema`: the browser test finds an input for every field of this data model in the edit mode.
  return `<h2>Hero sheet: ${name}</h2><div class="themes sheet-themes" data-sheet="${name}"${name.endsWith("-edit") ? ' data-schema="hero"' : ""}>${heroColumns(name)}</div>`;
}).join("") + [...monsterFixtures(), { ...monsterFixtures()[1]!, name: `${monsterFixtures()[1]!.name}-edit`, input: { ...monsterFixtures()[1]!.input, mode: "edit" as const } }].map(({ name, input }) => {
  const html = template("actor/monster-statblock.hbs")(monsterSheetContext(input, i18n));
  return `<h2>Monster sheet: ${name}</h2><div class="themes sheet-themes" data-monster="${name}"${input.mode === "edit" ? ' data-schema="monster"' : ""}>${THEMES.map((t) =>
    `<div class="theme-column ${t}" data-theme="${t}"><div class="application sheet steel-echoes actor-sheet monster-sheet ${t}"><div class="window-content">${html}</div></div></div>`).join("")}</div>`;
}).join("");

// The party sheet (issue 32).
sheets.insertAdjacentHTML("beforeend", renderPartySheets(template, THEMES));

// The chat box: the real parser and rules, random dice.
const d10 = () => 1 + Math.floor(Math.random() * 10);
const d0 = () => Math.floor(Math.random() * 10);
const dice = (n: number, roll: () => number) => Array.from({ length: n }, roll);
const log = document.getElementById("chat-log")!;
const notifications = document.getElementById("notifications")!;
log.innerHTML = THEMES.map((t) => `<div class="theme-column ${t}" data-log="${t}"></div>`).join("");

const tests = liveTestCards(log, (state) => testCard(testCardContext(state, langI18n(lang, missing))));

function post(html: string) {
  for (const column of log.querySelectorAll(".theme-column")) column.insertAdjacentHTML("afterbegin", message(html, "rolled"));
}

function notify(key: string, data: Record<string, string | number>) {
  const text = format(lookup(lang, key) ?? key, data);
  const div = document.createElement("div");
  div.className = "error";
  div.textContent = text;
  notifications.replaceChildren(div);
}

/** Roll one of the other engines' checks with random dice through the real rules, and post its card. */
function rollEngine(chosen: CheckDialogOptions): void {
  if (chosen.kind === "d12") {
    const o = chosen.options;
    const advantage = advantageFromSources(o.advantages, o.disadvantages);
    const dice = Array.from({ length: advantage === 0 ? 2 : 3 }, () => 1 + Math.floor(Math.random() * 12));
    return post(d12Card(d12CardContext({ dice, advantage, modifier: o.modifier, dc: o.dc })));
  }
  if (chosen.kind === "actionDice") {
    const o = chosen.options;
    const faces = bonusDieFaces(o);
    const chains = Array.from({ length: o.bonusDice }, () => {
      const chain = [1 + Math.floor(Math.random() * faces)];
      while (chain.at(-1) === faces && chain.length < 20) chain.push(1 + Math.floor(Math.random() * faces));
      return chain;
    });
    const target = o.guard ? guardAgainst(o.guard) : o.vs;
    return post(checkCard(actionCardContext({ action: 1 + Math.floor(Math.random() * 20), chains, faces, target, targetKind: o.guard ? "guard" : target === null ? "" : "vs" })));
  }
  if (chosen.kind === "arc") return post(checkCard(arcCardContext({ ...chosen.options, roll: 1 + Math.floor(Math.random() * chosen.options.esDie) })));
  return post(checkCard(reactionCardContext({ som: chosen.options.som, roll: d10() })));
}

/** The check dialog of `/ad`, `/arc`, `/react` or `/d12` typed alone: Roll reads the form as Foundry's dialog does. */
function openCheckDialog(kind: CheckDialogKind): void {
  const host = document.getElementById("dialog-host")!;
  host.innerHTML = `<form class="application dialog steel-echoes theme-light" id="check-dialog"><div class="window-content">${
    template("dialog/engine-check.hbs")(engineCheckContext(kind))}</div><footer class="form-footer"><button type="submit" data-button="roll">${
    i18n.localize("SE.AbilityDialog.Roll")}</button></footer></form>`;
  host.querySelector("form")!.addEventListener("submit", (event) => {
    event.preventDefault();
    const form = formValues(event.target as HTMLFormElement);
    host.replaceChildren();
    // The form's own ranges stop a value the command would refuse (the browser tests check it).
    rollEngine(engineCheckOptions(kind, form));
  });
}

document.getElementById("chat-form")!.addEventListener("submit", (event) => {
  event.preventDefault();
  notifications.replaceChildren();
  const line = (document.getElementById("chat-input") as HTMLInputElement).value;
  const command = matchCommand(line);
  if (!command) return;
  // The other engines' commands typed alone open their dialog, as in Foundry.
  const dialogKind = DIALOG_COMMANDS[command.command];
  if (dialogKind && !command.args.trim()) return openCheckDialog(dialogKind);
  if (command.command === "d12") {
    const r = parseD12Command(command.args);
    return r.ok ? rollEngine({ kind: "d12", options: r.value }) : notify(r.error.key, r.error.data);
  }
  if (command.command === "actionDice") {
    const r = parseActionDiceCommand(command.args);
    return r.ok ? rollEngine({ kind: "actionDice", options: r.value }) : notify(r.error.key, r.error.data);
  }
  if (command.command === "arc") {
    const r = parseArcCommand(command.args);
    return r.ok ? rollEngine({ kind: "arc", options: r.value }) : notify(r.error.key, r.error.data);
  }
  if (command.command === "react") {
    const r = parseReactCommand(command.args);
    return r.ok ? rollEngine({ kind: "react", options: r.value }) : notify(r.error.key, r.error.data);
  }
  if (command.command === "groupTest") {
    const r = parseGroupTestCommand(command.args);
    return r.ok ? tests.group(r.value) : notify(r.error.key, r.error.data);
  }
  if (command.command === "opposedTest") {
    const r = parseOpposedTestCommand(command.args);
    return r.ok ? tests.opposed(r.value) : notify(r.error.key, r.error.data);
  }
  if (command.command === "powerRoll") {
    const r = parsePowerRollCommand(command.args);
    if (!r.ok) return notify(r.error.key, r.error.data);
    post(powerCard(powerRollCardContext({ ...r.value, dice: [d10(), d10()] })));
  } else {
    const r = parseHarmonyCheckCommand(command.args);
    if (!r.ok) return notify(r.error.key, r.error.data);
    const { big, small } = r.value;
    post(harmonyCard(harmonyCardContext({ ...r.value, dissonance: dice(1 + Math.abs(big), d0), harmony: dice(1 + Math.abs(small), d0) })));
  }
});

// Issue 33: a click on a power roll enricher posts its card, as [[/pr]] does in Foundry.
onGalleryEnricherClick((roll, tierTexts) => post(powerCard(powerRollCardContext({ ...roll, dice: [d10(), d10()], ...(tierTexts ? { tierTexts } : {}) }))));

// The ability item sheet's preview and tier editor (the rest of the item sheet is built by
// Foundry's formGroup helper from the data model, which only Foundry can render).
const abilityItem = monsterFixtures()[1]!.input.items[1]!;
const abilityHTML = `<ul class="ability-list">${hbs.partials["systems/steel-echoes/templates/partials/ability.hbs"] ? template("partials/ability.hbs")(abilityView(abilityItem as never, {}, i18n)) : ""}</ul>`
  + template("item/tier-editor.hbs")({ tierEditor: tierEditorContext((abilityItem.system as unknown as AbilityData).tiers, i18n), editable: true });
sheets.insertAdjacentHTML("beforeend", `<h2>Ability item sheet: tier editor</h2><div class="themes sheet-themes" data-item-sheet="ability">${THEMES.map((t) =>
  `<div class="theme-column ${t}" data-theme="${t}"><div class="application sheet steel-echoes item-sheet ${t}"><div class="window-content">${abilityHTML}</div></div></div>`).join("")}</div>`);

// Foundry's <prose-mirror> editor reads its stored HTML from the `value` attribute
// (v13 client/applications/elements/prose-mirror.mjs, HTMLProseMirrorElement's constructor); here a
// stand-in shows that HTML in the box the editor would, so a screenshot shows what it holds.
if (!customElements.get("prose-mirror")) {
  customElements.define("prose-mirror", class extends HTMLElement {
    connectedCallback() {
      if (!this.dataset.shown) this.innerHTML = this.getAttribute("value") ?? "";
      this.dataset.shown = "1";
    }
  });
}

// Item sheets, one of each type, in play and edit mode, with stand-ins for Foundry's form helpers.
// Each edit-mode sheet carries its schema's leaf names (data-schema-leaves, test/harness/schema-paths.ts
// `schemaLeafNames`), which the browser test looks for as inputs.
{
  const { TypeDataModel, fields } = await import("../test/harness/data-fields.ts");
  (globalThis as Record<string, unknown>).foundry = { abstract: { TypeDataModel }, data: { fields } };
  // Draw Steel's models and Echoes' (which register with its chunk, src/games/echoes.ts `ECHOES_MODELS`).
  const data = await import("../src/data/index.ts");
  const { EchoesCharacterModel } = await import("../src/data/echoes.ts");
  const { EchoesAdversaryModel } = await import("../src/data/echoes-adversary.ts");
  const { EchoesAbilityModel, EchoesWeaponModel } = await import("../src/data/echoes-items.ts");
  const ITEM_MODELS = { ...data.ITEM_MODELS, echoesWeapon: EchoesWeaponModel, echoesAbility: EchoesAbilityModel };
  const ACTOR_MODELS = { ...data.ACTOR_MODELS, echoes: EchoesCharacterModel, echoesAdversary: EchoesAdversaryModel };
  // Every actor model's fields, built from its schema, for the browser test of the edit modes (tools/e2e.mjs):
  // a field added to a model without an input on its sheet fails it.
  const { schemaLeafNames } = await import("../test/harness/schema-paths.ts");
  const schemaFields = Object.fromEntries(Object.entries(ACTOR_MODELS).map(([type, Model]) => [type, schemaLeafNames(Model.schema)]));
  document.body.insertAdjacentHTML("beforeend", `<script type="application/json" id="schema-fields">${JSON.stringify(schemaFields)}</script>`);
  const { itemSheetContext } = await import("../src/applications/view-models/item-sheet.ts");
  const { kindOfFields } = await import("../src/applications/view-models/field-kinds.ts");
  const { registerFormHelpers } = await import("../test/harness/form-helpers.ts");
  registerFormHelpers(hbs, lang);
  const { itemFixtures, ITEM_UUID_NAMES } = await import("../test/fixtures/items.ts");
  const itemSheet = template("item/item-sheet.hbs");
  sheets.insertAdjacentHTML("beforeend", itemFixtures().flatMap(({ type, name, system }) => (["play", "edit"] as const).map((mode) => {
    const Model = (ITEM_MODELS as unknown as Record<string, { schema: { fields: Record<string, never> }; new (d: object): object }>)[type]!;
    const data = new Model(system) as Record<string, unknown>;
    const context = itemSheetContext({
      type, name, img: "", system: data, schemaFields: Model.schema.fields, kindOf: kindOfFields(fields), mode, editable: true,
      // Foundry's enrichHTML leaves plain HTML as it is (no links to enrich in these fixtures).
      enriched: Object.fromEntries(["description", "effect", "benefit", "drawback", "ward"].map((k) => [`system.${k}`, String(data[k] ?? "")])),
      resolve: (uuid) => ITEM_UUID_NAMES[uuid] ?? null,
    }, i18n);
    const leaves = mode === "edit" ? ` data-schema-leaves="${hbs.escapeExpression(schemaLeafNames(Model.schema).join(" "))}"` : "";
    return `<h2>Item sheet: ${type} (${mode})</h2><div class="themes sheet-themes" data-item="${type}" data-item-mode="${mode}"${leaves}>${THEMES.map((t) =>
      `<div class="theme-column ${t}" data-theme="${t}"><form class="application sheet steel-echoes item-sheet ${t}"><div class="window-content">${itemSheet(context)}</div></form></div>`).join("")}</div>`;
  })).join(""));
}

// Sheet clicks roll as the real sheet does: a test for a characteristic, the ability's tiers for an ability.
sheets.addEventListener("click", (event) => {
  const target = (event.target as HTMLElement).closest<HTMLElement>("[data-action]");
  const name = target?.closest<HTMLElement>("[data-sheet]")?.dataset.sheet;
  const context = name ? sheetContexts.get(name) : undefined;
  if (!target || !context) return;
  const dice: [number, number] = [d10(), d10()];
  if (target.dataset.action === "rollCharacteristic") {
    const c = context.characteristics.find((x) => x.id === target.dataset.characteristic)!;
    post(powerCard(powerRollCardContext({ dice, characteristic: c.value, flavor: i18n.format("SE.Hero.TestFlavor", { characteristic: c.label }) })));
  } else if (target.dataset.action === "rollAbility") {
    openAbilityDialog(name!, target.dataset.itemId ?? "");
  } else if (target.dataset.action === "toggleAbility" || target.dataset.action === "collapseAbilities") {
    // As the real sheet: the viewer's own state changes and the sheet is drawn again.
    const store = collapseStores.get(name!)!;
    if (target.dataset.action === "toggleAbility") store.toggle(target.dataset.itemId ?? "");
    else store.setAll(target.dataset.collapse === "all");
    const host = target.closest<HTMLElement>("[data-sheet]")!;
    host.innerHTML = heroColumns(name!);
    host.querySelector<HTMLElement>(`[data-theme="theme-light"] [data-action="toggleAbility"][data-item-id="${target.dataset.itemId ?? ""}"]`)?.focus();
  } else if (target.dataset.action === "openItem") {
    // The real sheet opens the item's sheet; the gallery names the item it would open.
    const item = hero(name!).items.find((i) => i.id === target.dataset.itemId);
    let out = document.getElementById("opened-item");
    if (!out) {
      out = document.createElement("p");
      out.id = "opened-item";
      sheets.append(out);
    }
    out.textContent = item?.name ?? "";
  }
});
// Enter and Space on a sheet's link-like controls, as the system installs it in Foundry (src/index.ts).
installKeyboardActivation(document);

// Using an ability as in Foundry: the roll dialog against the gallery's targets, then the ability card.
const hero = (name: string) => heroSheets.find((h) => h.name === name)!.input;
function openAbilityDialog(sheetName: string, itemId: string) {
  const input = hero(sheetName);
  const item = input.items.find((i) => i.id === itemId)!;
  const ability = abilitySource(item);
  const characteristics = input.system.characteristics;
  const offered = ability.power.characteristics;
  const best = offered.reduce((b, c) => ((characteristics[c] ?? 0) > (characteristics[b] ?? 0) ? c : b), offered[0] ?? "");
  const roller = { key: "hero", statuses: [] };
  const automatic = targetModifiers(ability, roller, GALLERY_TARGETS);
  const dialogInput: AbilityDialogInput = {
    ...GALLERY_DIALOG, name: ability.name, kind: ability.power.kind, offered, characteristics, characteristic: best, spend: [], cost: 0,
    targets: GALLERY_TARGETS.map((t, i) => ({ key: t.key, name: t.name, edges: automatic[i]!.edges, banes: automatic[i]!.banes, reasons: automatic[i]!.reasons.map((r) => r.reason) })),
  };
  const host = document.getElementById("dialog-host")!;
  host.innerHTML = `<form class="application dialog steel-echoes theme-light" id="ability-dialog"><div class="window-content">${abilityDialog(abilityDialogContext(dialogInput, i18n))}</div><footer class="form-footer"><button type="submit" data-button="roll">${i18n.localize("SE.AbilityDialog.Roll")}</button></footer></form>`;
  host.querySelector("form")!.addEventListener("submit", (event) => {
    event.preventDefault();
    const form = formValues(event.target as HTMLFormElement);
    const choices = choicesFromForm(form, dialogInput);
    const kit = input.items.find((i) => i.type === "kit")?.system.bonuses as never ?? null;
    const use = buildAbilityUse({
      actorUuid: "hero", itemUuid: itemId, ability, roller, characteristics, kit, targets: GALLERY_TARGETS, choices,
      dice: [d10(), d10()], dying: false, spent: { amount: 0, resource: "" }, effect: "",
    });
    host.replaceChildren();
    post(abilityCard(abilityCardContext(use, i18n)));
  });
}
// "Copy as text" on a bestiary monster's sheet shows the stat block text the real sheet copies.
sheets.addEventListener("click", (event) => {
  const target = (event.target as HTMLElement).closest<HTMLElement>('[data-action="copyStatBlock"]');
  const doc = bestiaryPackDocs[target?.closest<HTMLElement>("[data-monster]")?.dataset.monster ?? ""];
  if (!target || !doc) return;
  let out = document.getElementById("copied-statblock");
  if (!out) {
    out = document.createElement("pre");
    out.id = "copied-statblock";
    sheets.append(out);
  }
  out.textContent = formatStatBlock(doc as MonsterLike);
});

// For `npm run bench`: render the big hero's sheet (60 abilities, 30 features) and lay it out.
const benchHost = document.createElement("div");
benchHost.style.cssText = "position:absolute; left:-10000px; top:0; width:760px";
document.body.append(benchHost);
// As in Foundry, only the active tab is displayed; the abilities tab (the heaviest) is the active one.
const benchStyle = document.createElement("style");
benchStyle.textContent = ".bench-host .tab:not(.active) { display: none; }";
document.head.append(benchStyle);
benchHost.className = "bench-host";
const benchHero = bigHero(60, 30);
(window as unknown as { steelEchoesBench: object }).steelEchoesBench = {
  /** Milliseconds for [view-model + HTML, DOM insertion + layout]. */
  renderBigHero(): [number, number] {
    const start = performance.now();
    const context = { ...heroSheetContext(benchHero, i18n), tabs: sheetTabs(HERO_TABS, "abilities"), effects: [], biographySource: "" };
    const html = renderSheet(template, HERO_PARTS, context, "hero-sheet theme-light");
    const built = performance.now();
    benchHost.innerHTML = html;
    void benchHost.offsetHeight;
    return [built - start, performance.now() - built];
  },
};

// An ability card saved with older markup is drawn again from its data when its message renders
// (onRenderChatMessage in src/applications/chat/ability-card.ts). The stand-ins are only what that
// path reaches: foundry.dice.Roll (the dice modules declare subclasses; none is used here),
// renderTemplate and game.i18n.
{
  const g = globalThis as Record<string, unknown>;
  const renderTemplate = async (path: string, context: object) => template(path.replace("systems/steel-echoes/templates/", ""))(context);
  Object.assign(g.foundry as object, { dice: { Roll: class {} }, applications: { handlebars: { renderTemplate } } });
  g.game = { i18n };
  const { onRenderChatMessage } = await import("../src/applications/chat/ability-card.ts");
  const use = abilityUseFixtures().find((f) => f.name === "three-targets-by-tier")!.use;
  // The same card as markup 1 wrote it: no version, rows named target-row.
  const old = abilityCard(abilityCardContext(use, i18n)).replace(/ data-se-markup="[^"]*"/, "").replace(/ability-card__target(?=[ "])/g, "target-row");
  const host = document.createElement("section");
  host.innerHTML = `<h2>Ability card saved with older markup, redrawn</h2><div class="theme-light" data-redraw="ability-card">${old}</div>`;
  document.getElementById("gallery")!.append(host);
  // The card's UI is a chunk the hook loads (issue 31): each card is wired on its client before the next.
  await onRenderChatMessage({ id: "redrawn", flags: { "steel-echoes": { abilityUse: use } } } as never, host.querySelector<HTMLElement>("[data-redraw]")!);

  // The Director's view of a card: the *Damage objects* controls are added on a GM's client only.
  const escapeHTML = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const f = g.foundry as { utils?: Record<string, unknown> };
  f.utils = { escapeHTML, ...(f.utils ?? {}) };
  g.game = { i18n, user: { isGM: true } };
  const gmHost = document.createElement("section");
  gmHost.innerHTML = `<h2>Ability card, the Director's view: damage objects</h2><div class="theme-light" data-gm-view="ability-card">${abilityCard(abilityCardContext(use, i18n))}</div>`;
  document.getElementById("gallery")!.append(gmHost);
  await onRenderChatMessage({ id: "director", flags: { "steel-echoes": { abilityUse: use } } } as never, gmHost.querySelector<HTMLElement>("[data-gm-view]")!);
  g.game = { i18n };
}

// Issue 32: the card Level up posts, in both themes: a fury reaching 2nd level (her class's row, L3272) and a
// conduit reaching 4th, which the seed does not print (game.i18n and foundry.utils.escapeHTML are the gallery's, above).
document.getElementById("cards")!.insertAdjacentHTML("beforeend", section("level-up", "Level up: the chat card", [
  { name: "level-up-fury-2", html: levelUpCard({ type: "hero", name: "Korga <b>Stonefist</b>", isOwner: true, items: [{ type: "class", name: "Fury" }], system: { level: 2, stamina: { value: 30, max: 39 } }, update: async () => null }, 2, 9) },
  { name: "level-up-conduit-4", html: levelUpCard({ type: "hero", name: "Sister Aldea", isOwner: true, items: [{ type: "class", name: "Conduit" }], system: { level: 4, stamina: { value: 30, max: 30 } }, update: async () => null }, 4, 6) },
]));

renderCombatSection(document.getElementById("gallery")!);
renderBattlefieldSection(document.getElementById("gallery")!);
// The hero builder (issue 32): each step in both themes (gallery/builder.ts).
hbs.registerPartial("systems/steel-echoes/templates/builder/skill-picks.hbs", sources["../templates/builder/skill-picks.hbs"]!);
document.getElementById("sheets")!.insertAdjacentHTML("beforebegin", `<section id="hero-builder"><h2>Hero builder (live)</h2><div id="builder-live"></div>${
  renderBuilderSection(template("builder/hero-builder.hbs"), langI18n(lang, missing))}</section>`);
// A live builder over the real packs, which the browser test clicks through as a player (gallery/builder.ts).
liveBuilder(document.getElementById("builder-live")!, template("builder/hero-builder.hbs"), langI18n(lang, missing));

for (const key of combatMissing) missing.add(key);
if (missing.size) console.error(`Missing localisation keys: ${[...missing].join(", ")}`);
document.body.dataset.ready = "true";

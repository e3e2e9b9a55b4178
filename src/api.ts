/**
 * The public API for macros and modules: `globalThis.steelEchoes` (set at init by index.ts). What it
 * holds is documented in docs/api.md.
 */
import type * as coreRules from "./rules/core.ts";
import type * as allRules from "./rules/index.ts";
import type { HarmonyRoll } from "./dice/harmony-roll.ts";
import type { D12Roll } from "./dice/d12-roll.ts";
import type { ActionRoll } from "./dice/action-dice-roll.ts";
import type { ArcRoll, ReactionRoll } from "./dice/arc-rolls.ts";
import type { DissonanceDie, HarmonyDie } from "./dice/percentile-dice.ts";
import { PowerRoll } from "./dice/power-roll.ts";
import { applyCondition, removeCondition } from "./documents/conditions.ts";
import { changePoolValue, poolValue, setPoolValue } from "./documents/pools.ts";
import type * as PostRolls from "./applications/chat/post-rolls.ts";
import type { postActionCheck } from "./applications/chat/action-dice-checks.ts";
import type { postArcCheck, postReactionCheck } from "./applications/chat/arc-checks.ts";
import { postTestRequest } from "./applications/chat/test-request.ts";
import { postGroupTest, postOpposedTest } from "./applications/chat/test-cards.ts";
import { beginMontage, currentMontage, directCurrentMontage, endCurrentMontage } from "./documents/montage.ts";
import { openMontageTracker, openNegotiationTracker } from "./applications/trackers/lazy-trackers.ts";
import {
  closeCurrentNegotiation, currentNegotiation, discoverInNegotiation, judgeCurrentArgument, startNegotiation,
} from "./documents/negotiation.ts";
import { useAbilityByUuid } from "./applications/chat/ability-card.ts";
import { loadGame, loadGameRules, registeredGames, setRulesHome } from "./games/loader.ts";
import { openImporter, openMonsterBuilder } from "./applications/sidebar/directory-buttons.ts";
import { openEncounterBuilder, placeEncounterPlan } from "./applications/encounter/lazy-encounter.ts";
import type { MonsterLike } from "./parser/stat-block.ts";
import type { ChunkedGame, RulesGame } from "./games/loader.ts";
import type { CheckDialogKind } from "./applications/view-models/engine-check-dialog.ts";
import { squadsOf } from "./documents/squads-state.ts";
import type * as Squads from "./documents/squads.ts";

const postRolls = () => import("./applications/chat/post-rolls.ts");

/** The Director's squad tools (src/documents/squads.ts), loaded on first use. */
const squadTools = () => import("./documents/squads.ts");

// What lives in a chunk (src/games/, and the dialogs below) is loaded when a macro first calls it.
// A game's chunk registers its hooks and relays as it loads, even in a world that does not play it.
const echoes = () => loadGame("echoes");
const d12 = () => loadGame("d12");
const echoesCheckByName = async (...args: Parameters<Awaited<ReturnType<typeof echoes>>["echoesCheckByName"]>) => (await echoes()).echoesCheckByName(...args);
const openEnemyActivation = async (speed?: "fast" | "slow") => (await echoes()).openEnemyActivation(speed);
const postDeathSaveCard = async (name: string) => (await d12()).postDeathSaveCard(name);
const setupEdgeDeck = async () => (await d12()).setupEdgeDeck();
const giveEdgeCard = async (userId: string) => (await d12()).giveEdgeCard(userId);
const openEdgeHand = async () => (await d12()).openEdgeHand();
// Seed 001's and 002's checks are in their games' chunks (src/games/action-dice.ts, arc.ts): a macro loads the game first.
const actionDice = () => loadGame("actionDice");
const arc = () => loadGame("arc");
const actionCheck = async (...args: Parameters<typeof postActionCheck>) => (await actionDice()).postActionCheck(...args);
const arcCheck = async (...args: Parameters<typeof postArcCheck>) => (await arc()).postArcCheck(...args);
const reactionCheck = async (...args: Parameters<typeof postReactionCheck>) => (await arc()).postReactionCheck(...args);
/** The game whose chunk a check dialog posts with (src/applications/view-models/engine-check-dialog.ts). */
const DIALOG_GAME = { actionDice: "actionDice", arc: "arc", react: "arc", d12: "d12" } as const satisfies Record<CheckDialogKind, ChunkedGame>;
const openCheckDialog = async (kind: CheckDialogKind) => {
  // An unknown kind is refused by the dialog itself, with its message.
  const which = (DIALOG_GAME as Partial<Record<string, ChunkedGame>>)[kind];
  if (which) await loadGame(which);
  return (await import("./applications/dialogs/engine-checks.ts")).openCheckDialog(kind);
};

/**
 * `steelEchoes.rules`: each game's rules join it as they load (src/games/loader.ts `loadGameRules`):
 * Draw Steel's and the shared ones (src/rules/core.ts) when `ready` fires, in every world (issue 31:
 * they are not loaded before `ready`); another game's at start when the world plays it, or on
 * `games.rules(game)` / `games.load(game)`. Typed as all of src/rules/ with Draw Steel's present: a macro
 * that runs before they have loaded (a module's own `ready` hook) awaits `games.rules("drawSteel")` first
 * (docs/api.md).
 */
type Rules = typeof coreRules & Partial<Omit<typeof allRules, keyof typeof coreRules>>;
// Empty until the rules load: the type says what a macro finds once `games.rules("drawSteel")` resolved.
const rules = {} as Rules;
setRulesHome(rules);

/** A roll class registered in CONFIG.Dice.rolls, by name, as Foundry finds it (client/dice/roll.mjs `Roll.fromData`). */
function rollClass<T>(name: string): T | undefined {
  return CONFIG.Dice.rolls.find((cls) => cls.name === name) as T | undefined;
}

/** A dice term class registered in CONFIG.Dice.terms (keyed by denomination), by class name. */
function termClass<T>(name: string): T | undefined {
  return Object.values(CONFIG.Dice.terms).find((cls) => (cls as { name?: string }).name === name) as T | undefined;
}

export const api = {
  /**
   * The games' chunks on this client (src/games/loader.ts): `registered()` lists those loaded (the
   * world's games load at start), `load("echoes" | "actionDice" | "arc" | "d12")` loads one now.
   */
  games: {
    registered: registeredGames,
    load: async (which: ChunkedGame): Promise<void> => void (await loadGame(which)),
    /** Load a game's rules onto `steelEchoes.rules` (`"drawSteel" | "echoes" | "actionDice" | "arc" | "d12"`) and return them. */
    rules: <G extends RulesGame>(which: G) => loadGameRules(which),
  },
  rules,
  /** The text parsers, loaded on first use: each returns a promise of what the parser returns (docs/api.md). */
  parser: {
    parseAbilityBlock: async (text: string) => (await import("./parser/ability-block.ts")).parseAbilityBlock(text),
    parseStatBlock: async (text: string) => (await import("./parser/stat-block.ts")).parseStatBlock(text),
    formatStatBlock: async (monster: MonsterLike) => (await import("./parser/stat-block.ts")).formatStatBlock(monster),
  },
  openImporter,
  openMonsterBuilder,
  /** The encounter builder (issue 33): `open()` the Director's window; `place(plan)` places groups and creates the combat (docs/api.md). */
  encounter: { open: openEncounterBuilder, place: placeEncounterPlan },
  /**
   * The roll classes and dice terms. Draw Steel's `PowerRoll` is always here; the other games' (Echoes'
   * `HarmonyRoll`, `DissonanceDie`, `HarmonyDie`, seed 001's `ActionRoll`, seed 002's `ArcRoll` and
   * `ReactionRoll`, seed 003's `D12Roll`) once their game has loaded (at start in a world that plays it
   * or holds its rolls; `await steelEchoes.games.load(game)` otherwise), else undefined.
   */
  dice: {
    PowerRoll,
    get ArcRoll() { return rollClass<typeof ArcRoll>("ArcRoll"); },
    get ReactionRoll() { return rollClass<typeof ReactionRoll>("ReactionRoll"); },
    get ActionRoll() { return rollClass<typeof ActionRoll>("ActionRoll"); },
    get HarmonyRoll() { return rollClass<typeof HarmonyRoll>("HarmonyRoll"); },
    get D12Roll() { return rollClass<typeof D12Roll>("D12Roll"); },
    get DissonanceDie() { return termClass<typeof DissonanceDie>("DissonanceDie"); },
    get HarmonyDie() { return termClass<typeof HarmonyDie>("HarmonyDie"); },
  },
  // The posting code (applications/chat/post-rolls.ts) loads with the first roll a macro posts (issue 31).
  powerRoll: async (...a: Parameters<typeof PostRolls.postPowerRoll>) => (await postRolls()).postPowerRoll(...a),
  harmonyCheck: async (...a: Parameters<typeof PostRolls.postHarmonyCheck>) => (await postRolls()).postHarmonyCheck(...a),
  /** Seed 003's check: `steelEchoes.d12Check({ modifier: 3, dc: 17, advantages: 1, disadvantages: 0 })`. */
  d12Check: async (...a: Parameters<typeof PostRolls.postD12Check>) => (await postRolls()).postD12Check(...a),
  /** Seed 002's ARC: `steelEchoes.arcCheck({ ks: 7, us: 4, es: 5, esDie: 8, adjustment: 1, against: 9 })`. */
  arcCheck,
  /** Seed 002's Reaction check: `steelEchoes.reactionCheck({ som: 6 })`. */
  reactionCheck,
  /** Seed 001's action check: `steelEchoes.actionCheck({ bonusDice: 2, charges: 1, guard: { guard: 15, behind: true } })`. */
  actionCheck,
  /** The other engines' check dialogs: `steelEchoes.checkDialog("actionDice" | "arc" | "react" | "d12")`. */
  checkDialog: openCheckDialog,
  /** Use an owned ability by UUID (what hotbar macros run); `fast` skips the dialog. */
  useAbility: useAbilityByUuid,
  /** Post a "request a test" card: `steelEchoes.requestTest({ characteristic: "might", difficulty: "hard" })`. */
  requestTest: postTestRequest,
  /**
   * Post a group test card (GM): `steelEchoes.requestGroupTest({ characteristic: "agility", difficulty:
   * "medium", actorUuids? })`; without UUIDs, the controlled tokens or else every player's hero roll.
   */
  requestGroupTest: postGroupTest,
  /** Post an opposed test card (GM): `steelEchoes.requestOpposedTest({ first: "agility", second: "intuition", actorUuids? })`. */
  requestOpposedTest: postOpposedTest,
  /** The montage test (GM): `steelEchoes.montage.start({ title, difficulty: "hard", actorUuids? })`, `direct`, `end`, `open`, `current`. */
  montage: {
    start: beginMontage, direct: directCurrentMontage, end: endCurrentMontage, open: openMontageTracker, current: currentMontage,
  },
  /**
   * Negotiation (GM): `steelEchoes.negotiation.start(actor, { attitude: "neutral", language: 1 })`,
   * `judge({ kind, subject, caughtLying })`, `discover(id, true)`, `close(victory)`, `open(actor?)`, `current()`.
   */
  negotiation: {
    start: startNegotiation, judge: judgeCurrentArgument, discover: discoverInNegotiation, close: closeCurrentNegotiation,
    open: openNegotiationTracker, current: currentNegotiation,
  },
  /** An Echoes character's check: `steelEchoes.echoesCheck(actor, "STR")`, `"hit"`/`"damage"` for the Saves, `{ fast: true }` to skip the dialog. */
  echoesCheck: echoesCheckByName,
  /** The GM's Echoes enemy phase: who acts after a player's turn, paid in Dissonance Points. */
  enemyPhase: openEnemyActivation,
  /** Seed 003's death-save tally card: `steelEchoes.deathSaves("Mira")`. */
  deathSaves: postDeathSaveCard,
  /**
   * Seed 003's EDGE cards: `edge.setupDeck()` and `edge.give(userId)` for the GM; `edge.openHand()`
   * for a player's own hand (src/documents/edge-cards.ts).
   */
  edge: { setupDeck: setupEdgeDeck, give: giveEdgeCard, openHand: openEdgeHand },
  /** `applyCondition(actor, { id, duration: "" | "EoT" | "EoE" | "resistance", characteristic?, sourceUuid? })`, for creatures the user owns. */
  applyCondition,
  /** `removeCondition(actor, id)` */
  removeCondition,
  pools: {
    get: poolValue,
    change: changePoolValue,
    set: setPoolValue,
  },
  /**
   * Minion squads in a combat, the Director's (src/documents/squads.ts): `squads.form(combat, combatantIds)`,
   * `captain(combat, groupId, combatantId | null)`, `threshold(combat, groupId, 1 | null)` (L7343's Last
   * Stand), `disband(combat, groupId)`, `of(combat)` (each squad's record by group id).
   */
  squads: {
    form: async (...a: Parameters<typeof Squads.formSquad>) => (await squadTools()).formSquad(...a),
    captain: async (...a: Parameters<typeof Squads.setSquadCaptain>) => (await squadTools()).setSquadCaptain(...a),
    threshold: async (...a: Parameters<typeof Squads.setSquadThreshold>) => (await squadTools()).setSquadThreshold(...a),
    disband: async (...a: Parameters<typeof Squads.disbandSquad>) => (await squadTools()).disbandSquad(...a),
    of: squadsOf,
  },
};

declare global {
  var steelEchoes: typeof api;
}

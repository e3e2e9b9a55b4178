/**
 * The combat tracker: Foundry's sidebar tab with its tracker part replaced by one that shows both
 * sides, which side picks now, who has acted this round, and "Take turn" / "End turn" buttons; or,
 * in the other engines, the one order by initiative, each creature's stats, and "Roll", "Stats",
 * "End turn" and "Delay" buttons. Before the start the Director picks the combat's engine.
 * The view-model is `combatTrackerContext`; clicks go to the Combat document (the GM) or, for a
 * player, through the GM's queries.
 */
import type { SteelEchoesCombat } from "../../documents/combat.ts";
import { alternativeInitiative } from "../../documents/combat.ts";
import { requestDelayTurn, requestEndTurn, requestEngineInitiative, requestTakeTurn } from "../../documents/combat-relay.ts";
import { isOrderedEngine, skipsTurn } from "../../documents/engine-combat.ts";
import { budgetLeftOf, requestMoveAction } from "../../documents/turn-budget.ts";
import { availableEngines, isCombatEngine } from "../../settings/combat.ts";
import { openEngineStats } from "./engine-stats.ts";
import { combatTrackerContext } from "../view-models/combat-tracker.ts";
import type { TrackerCombatantInput, TrackerInput } from "../view-models/combat-tracker.ts";
import { isDrawSteel } from "../../data/index.ts";
import { staminaBarView } from "../../rules/index.ts";
import { templatePath } from "../../constants.ts";

/** Foundry's tracker, typed as the few members used here (the League's types' generics are too deep for a subclass). */
interface TrackerBase {
  viewed: Combat.Implementation | null;
  element: HTMLElement;
  _prepareTrackerContext(context: object, options: object): Promise<unknown>;
  _onRender(context: object, options: object): Promise<void>;
}
// Type escape: the League's CombatTracker generics are too deep for tsc in a subclass; typed by the members used.
type TrackerClass = (new (...args: never[]) => TrackerBase) & { PARTS: Record<string, object> };
const CombatTracker = foundry.applications.sidebar.tabs.CombatTracker as unknown as TrackerClass;

/** The tracker's input from a combat: every number and answer comes from the document and the rules. */
export function trackerInput(combat: SteelEchoesCombat | null, user: { isGM: boolean }): TrackerInput {
  if (!combat) return { started: false, round: 0, firstSide: null, sideToAct: null, isGM: user.isGM, alternative: false, combatants: [] };
  const acting = combat.combatant?.id ?? null;
  const engine = combat.engine;
  return {
    engine,
    engines: availableEngines(),
    started: combat.started,
    round: combat.round,
    firstSide: combat.firstSide,
    sideToAct: combat.sideToAct,
    isGM: user.isGM,
    alternative: alternativeInitiative(),
    combatants: combat.turns.map((c) => ({
      id: c.id!,
      name: c.name ?? "",
      img: c.img ?? "",
      side: c.side,
      acted: c.hasActed,
      acting: c.id === acting,
      defeated: c.isDefeated,
      owner: c.isOwner,
      mayStart: combat.turnRefusal(c) === null,
      initiative: c.initiative,
      hidden: c.hidden,
      groupName: groupNameOf(c),
      ...(c.activatedInEnemyPhase ? { enemyPhase: true } : {}),
      budget: budgetLeftOf(combat, c),
      stamina: staminaOf(c.actor),
      conditions: conditionsOf(c.actor),
      ...(isOrderedEngine(engine)
        ? { stats: c.engineStats, skips: skipsTurn(engine, c.engineStats, combat.round, c.lostTurn), lostTurn: c.lostTurn } : {}),
    })),
  };
}

/** A Draw Steel creature's Stamina for its row, with the token bar's fill (src/rules/stamina-bar.ts). */
function staminaOf(actor: Actor.Implementation | null | undefined): TrackerCombatantInput["stamina"] {
  const system = actor?.system;
  if (!isDrawSteel(system)) return null;
  const s = system.stamina;
  const dying = "deathThreshold" in s ? { deathThreshold: Number(s.deathThreshold) } : {};
  const { fill } = staminaBarView({ value: s.value, max: s.max, winded: s.winded, ...dying });
  return { value: s.value, max: s.max, fill, state: s.state };
}

/**
 * The creature's statuses as the token HUD shows them: `Actor#statuses` (v13 client/documents/actor.mjs,
 * the status ids of its active effects) matched with `CONFIG.statusEffects` for the icon and name.
 */
function conditionsOf(actor: Actor.Implementation | null | undefined): TrackerCombatantInput["conditions"] {
  const statuses = actor?.statuses;
  if (!statuses?.size) return [];
  return CONFIG.statusEffects.filter((e) => statuses.has(e.id)).map((e) => ({
    id: e.id, label: game.i18n?.localize(String(e.name ?? e.id)) ?? e.id, img: String(e.img ?? ""),
  }));
}

/** The name of the combatant's group (Foundry v13 prepares `group` as the CombatantGroup document). */
function groupNameOf(combatant: unknown): string {
  const group = (combatant as { group?: unknown }).group;
  return group && typeof group === "object" ? String((group as { name?: unknown }).name ?? "") : "";
}

export class SteelEchoesCombatTracker extends CombatTracker {
  static DEFAULT_OPTIONS = {
    actions: {
      seTakeTurn: SteelEchoesCombatTracker.#takeTurn,
      seEndTurn: SteelEchoesCombatTracker.#endTurn,
      seRollInitiative: SteelEchoesCombatTracker.#rollInitiative,
      seEngineStats: SteelEchoesCombatTracker.#engineStats,
      seDelay: SteelEchoesCombatTracker.#delay,
      seMove: SteelEchoesCombatTracker.#move,
    },
  };

  static override PARTS = {
    ...CombatTracker.PARTS,
    tracker: { template: templatePath("combat/tracker.hbs"), scrollable: [""] },
  };

  override async _prepareTrackerContext(context: object, options: object) {
    await super._prepareTrackerContext(context, options);
    Object.assign(context, { se: combatTrackerContext(trackerInput(this.viewed, game.user!)) });
  }

  /** The Director's choice of engine, before the start. */
  override async _onRender(context: object, options: object): Promise<void> {
    await super._onRender(context, options);
    const select = this.element.querySelector<HTMLSelectElement>("select[data-se-engine]");
    select?.addEventListener("change", () => {
      const combat = this.viewed;
      if (combat && isCombatEngine(select.value)) void combat.setEngine(select.value);
    });
  }

  /** The combatant of the row clicked. */
  #rowCombatant(target: HTMLElement) {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    return id ? this.viewed?.combatants.get(id) : undefined;
  }

  static async #rollInitiative(this: SteelEchoesCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combatant = this.#rowCombatant(target);
    if (this.viewed && combatant) await requestEngineInitiative(this.viewed, combatant);
  }

  static async #engineStats(this: SteelEchoesCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combatant = this.#rowCombatant(target);
    if (this.viewed && combatant) await openEngineStats(this.viewed, combatant);
  }

  static async #delay(this: SteelEchoesCombatTracker) {
    if (this.viewed) await requestDelayTurn(this.viewed);
  }

  static async #takeTurn(this: SteelEchoesCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.viewed;
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combatant = id ? combat?.combatants.get(id) : undefined;
    if (combat && combatant) await requestTakeTurn(combat, combatant);
  }

  static async #endTurn(this: SteelEchoesCombatTracker) {
    const combat = this.viewed;
    if (combat) await requestEndTurn(combat);
  }

  /** The acting creature's "Move" button: record a move action in its turn's budget. */
  static async #move(this: SteelEchoesCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.viewed;
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combatant = id ? combat?.combatants.get(id) : undefined;
    if (combat && combatant) await requestMoveAction(combat, combatant);
  }
}

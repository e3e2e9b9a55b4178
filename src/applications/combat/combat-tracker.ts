/**
 * The combat tracker: Foundry's sidebar tab with its tracker part replaced by one that shows both
 * sides, which side picks now, who has acted this round, and "Take turn" / "End turn" buttons; or,
 * in the other engines, the one order by initiative, each creature's stats, and "Roll", "Stats",
 * "End turn" and "Delay" buttons. Before the start the Director picks the combat's engine.
 * The view-model is `combatTrackerContext`, with the tracker's input (tracker-input.ts), in the combat
 * UI's chunk, which the first render loads (issue 31); clicks go to the Combat document (the GM) or,
 * for a player, through the GM's queries.
 */
import type { SteelEchoesCombat } from "../../documents/combat.ts";
import { requestDelayTurn, requestEndTurn, requestEngineInitiative, requestTakeTurn } from "../../documents/combat-relay.ts";
import { requestMoveAction } from "../../documents/turn-budget.ts";
import { isCombatEngine } from "../../settings/combat.ts";
import { combatUI } from "./lazy-combat.ts";
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

export class SteelEchoesCombatTracker extends CombatTracker {
  static DEFAULT_OPTIONS = {
    actions: {
      seTakeTurn: SteelEchoesCombatTracker.#takeTurn,
      seEndTurn: SteelEchoesCombatTracker.#endTurn,
      seRollInitiative: SteelEchoesCombatTracker.#rollInitiative,
      seEngineStats: SteelEchoesCombatTracker.#engineStats,
      seDelay: SteelEchoesCombatTracker.#delay,
      seMove: SteelEchoesCombatTracker.#move,
      seLastStand: SteelEchoesCombatTracker.#lastStand,
    },
  };

  static override PARTS = {
    ...CombatTracker.PARTS,
    tracker: { template: templatePath("combat/tracker.hbs"), scrollable: [""] },
  };

  override async _prepareTrackerContext(context: object, options: object) {
    await super._prepareTrackerContext(context, options);
    // v13 CombatTracker#_preparePartContext awaits this for the tracker part (client/applications/sidebar/tabs/combat-tracker.mjs).
    const ui = await combatUI();
    Object.assign(context, { se: ui.combatTrackerContext(ui.trackerInput(this.viewed as SteelEchoesCombat | null, game.user!)) });
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
    // Type escape: the tracker's viewed combat is the system's Combat class (CONFIG.Combat.documentClass), and its
    // combatant is the stats dialog's structural one; the League types give Foundry's base classes.
    if (this.viewed && combatant) await (await combatUI()).openEngineStats(this.viewed as SteelEchoesCombat, combatant as never);
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

  /** The Director's "Last stand" (L7343), after a confirmation. */
  static async #lastStand(this: SteelEchoesCombatTracker) {
    if (this.viewed) await (await combatUI()).confirmLastStand(this.viewed as SteelEchoesCombat);
  }

  /** The acting creature's "Move" button: record a move action in its turn's budget. */
  static async #move(this: SteelEchoesCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.viewed;
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combatant = id ? combat?.combatants.get(id) : undefined;
    if (combat && combatant) await requestMoveAction(combat, combatant);
  }
}

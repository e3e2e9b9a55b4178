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
import { isCombatEngine } from "../../settings/combat.ts";
import { combatUI } from "./lazy-combat.ts";
import { templatePath } from "../../constants.ts";
import { groupIdOf } from "../../documents/squads-state.ts";
import { showNotice } from "../../documents/relay.ts";

/** The Director's squad tools, loaded on the first click (issue 31: the entry stays small). */
const squadTools = () => import("../../documents/squads.ts");

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
      seFormSquad: SteelEchoesCombatTracker.#formSquad,
      seMakeSquad: SteelEchoesCombatTracker.#makeSquad,
      seSquadCaptain: SteelEchoesCombatTracker.#squadCaptain,
      seSquadDisband: SteelEchoesCombatTracker.#squadDisband,
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

  /** The combatants of this combat whose tokens are selected on the canvas (v13 `TokenLayer#controlled`). */
  #selectedCombatants(): string[] {
    const combat = this.viewed;
    const tokens = new Set((canvas?.tokens?.controlled ?? []).map((t) => t.document.id));
    return combat ? [...combat.combatants].filter((c) => c.tokenId && tokens.has(c.tokenId)).map((c) => c.id!) : [];
  }

  /** The Director's "Squad": a minion squad from the selected tokens. */
  static async #formSquad(this: SteelEchoesCombatTracker) {
    const combat = this.viewed;
    const ids = this.#selectedCombatants();
    if (!ids.length) return showNotice({ type: "warn", key: "SE.Squad.Error.NoSelection" });
    if (combat) await (await squadTools()).formSquad(combat, ids);
  }

  /** The Director's "Make squad" on a minion of a group: the whole group becomes a squad. */
  static async #makeSquad(this: SteelEchoesCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.viewed;
    const groupId = groupIdOf(this.#rowCombatant(target));
    if (!combat || !groupId) return;
    await (await squadTools()).formSquad(combat, [...combat.combatants].filter((c) => groupIdOf(c) === groupId).map((c) => c.id!));
  }

  /** The Director's "Captain" on a squad: the selected creature becomes its captain, none when nothing is selected. */
  static async #squadCaptain(this: SteelEchoesCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.viewed;
    const groupId = target.closest<HTMLElement>("[data-squad]")?.dataset.squad;
    if (!combat || !groupId) return;
    const ids = this.#selectedCombatants();
    if (ids.length > 1) return showNotice({ type: "warn", key: "SE.Squad.Error.NotCaptain" });
    await (await squadTools()).setSquadCaptain(combat, groupId, ids[0] ?? null);
  }

  static async #squadDisband(this: SteelEchoesCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.viewed;
    const groupId = target.closest<HTMLElement>("[data-squad]")?.dataset.squad;
    if (combat && groupId) await (await squadTools()).disbandSquad(combat, groupId);
  }

  /** The acting creature's "Move" button: record a move action in its turn's budget. */
  static async #move(this: SteelEchoesCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.viewed;
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combatant = id ? combat?.combatants.get(id) : undefined;
    // The turn budget's requests load on the first click (issue 31).
    if (combat && combatant) await (await import("../../documents/turn-budget.ts")).requestMoveAction(combat, combatant);
  }
}

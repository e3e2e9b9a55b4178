/**
 * The combat tracker: Foundry's sidebar tab with its tracker part replaced by one that shows both
 * sides, which side picks now, who has acted this round, and "Take turn" / "End turn" buttons.
 * The view-model is `combatTrackerContext`; clicks go to the Combat document (the GM) or, for a
 * player, through the GM's queries.
 */
import type { SteelEchoesCombat } from "../../documents/combat.ts";
import { alternativeInitiative } from "../../documents/combat.ts";
import { requestEndTurn, requestTakeTurn } from "../../documents/combat-relay.ts";
import { combatTrackerContext } from "../view-models/combat-tracker.ts";
import type { TrackerInput } from "../view-models/combat-tracker.ts";
import { templatePath } from "../../constants.ts";

/** Foundry's tracker, typed as the few members used here (the League's types' generics are too deep for a subclass). */
interface TrackerBase {
  viewed: Combat.Implementation | null;
  _prepareTrackerContext(context: object, options: object): Promise<unknown>;
}
// Type escape: the League's CombatTracker generics are too deep for tsc in a subclass; typed by the members used.
type TrackerClass = (new (...args: never[]) => TrackerBase) & { PARTS: Record<string, object> };
const CombatTracker = foundry.applications.sidebar.tabs.CombatTracker as unknown as TrackerClass;

/** The tracker's input from a combat: every number and answer comes from the document and the rules. */
export function trackerInput(combat: SteelEchoesCombat | null, user: { isGM: boolean }): TrackerInput {
  if (!combat) return { started: false, round: 0, firstSide: null, sideToAct: null, isGM: user.isGM, alternative: false, combatants: [] };
  const acting = combat.combatant?.id ?? null;
  return {
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
    })),
  };
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
}

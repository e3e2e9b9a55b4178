/**
 * The turn's budget in a Draw Steel combat (src/rules/turn-budget.ts, seed 004 L6790–6814): what each
 * creature has used of its move action, maneuver and action this turn, and its triggered action this
 * round.
 *
 * The counts are kept in the combat's flags, `flags["steel-echoes"].budgets.<combatant id> =
 * { turnRound, action, maneuver, move, triggeredRound, triggered }`, which only a GM can write (v13
 * common/documents/combat.mjs `BaseCombat.#canUpdate`; see `CombatFlags` in combat.ts), not on the
 * creature's actor or Combatant, whose owner writes them. The turn's counts are read only when
 * `turnRound` is the combat's round, the triggered count only when `triggeredRound` is: a new round
 * clears the triggered action, and the start of the creature's turn (`SteelEchoesCombat#takeTurn`)
 * writes its turn's counts back to zero.
 *
 * Using an ability asks the active GM's client to record the use (`BUDGET_RELAY`, handled in
 * src/documents/combat-relay.ts). The user is warned before the roll when the seed would not allow
 * it, and may go on (tables run exceptions: docs/rules-decisions.md); the GM's client records the use
 * all the same and, when a player went over the budget, whispers the Director a flagged note.
 */
import { budgetLeft, budgetOf, spend } from "../rules/turn-budget.ts";
import type { BudgetKind, BudgetLeft, BudgetRefusal, BudgetSituation, TurnBudget } from "../rules/turn-budget.ts";
import { FLAG_SCOPE, RELAY_REQUESTS } from "../constants.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "./combat.ts";
import { askGM, showNotice } from "./relay.ts";
import type { RelayUser } from "./relay.ts";
import { updateDocument } from "./update.ts";

const SCOPE = FLAG_SCOPE;

/** Relay request: record a use in the budget of a combatant the requester owns. */
export const BUDGET_RELAY = RELAY_REQUESTS.spendBudget;

/** The flag path of a combatant's budget on its combat. */
export function budgetPath(combatantId: string): string {
  return `flags.${SCOPE}.budgets.${combatantId}`;
}

type StoredBudget = {
  turnRound?: unknown; action?: unknown; maneuver?: unknown; move?: unknown; triggeredRound?: unknown; triggered?: unknown;
};

/** A combatant's budget this round, from its combat's flags (values of another round read as 0). */
export function combatantBudget(combat: { round: number; flags?: unknown }, combatantId: string): TurnBudget {
  const flags = (combat.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[SCOPE];
  const all = (flags?.budgets ?? {}) as Record<string, unknown>;
  const raw = all[combatantId];
  const stored: StoredBudget = raw && typeof raw === "object" ? raw as StoredBudget : {};
  const turn = stored.turnRound === combat.round ? stored : {};
  const triggered = stored.triggeredRound === combat.round ? stored.triggered : 0;
  return budgetOf({ action: turn.action, maneuver: turn.maneuver, move: turn.move, triggered });
}

/** The update that starts a creature's turn with its whole budget (its triggered action of the round is kept). */
export function freshTurnBudget(combatantId: string, round: number): Record<string, unknown> {
  const path = budgetPath(combatantId);
  return { [`${path}.turnRound`]: round, [`${path}.action`]: 0, [`${path}.maneuver`]: 0, [`${path}.move`]: 0 };
}

/** Whether the combat plays by Draw Steel's turns and has started (the other engines keep no budget). */
export function tracksBudget(combat: SteelEchoesCombat | null | undefined): combat is SteelEchoesCombat {
  return !!combat?.started && combat.engine === "drawSteel";
}

/** The creature's situation now: whether it acts, and its statuses (dazed, surprised, unconscious…). */
export function situationOf(combat: SteelEchoesCombat, combatant: SteelEchoesCombatant): BudgetSituation {
  return { ownTurn: combat.combatant?.id === combatant.id, statuses: [...(combatant.actor?.statuses ?? [])] };
}

export interface BudgetCheck {
  combat: SteelEchoesCombat;
  combatant: SteelEchoesCombatant;
  kind: BudgetKind;
  /** Why the seed would not allow the use now, or null. */
  refusal: BudgetRefusal | null;
  /** The warning to show: a key under SE.Budget.Refusal, with the creature's name. */
  warning: string | null;
  left: BudgetLeft;
}

/** On any client: would this use fit the combatant's budget? Null when no Draw Steel combat tracks it. */
export function checkCombatant(combat: SteelEchoesCombat, combatant: SteelEchoesCombatant, kind: BudgetKind | null): BudgetCheck | null {
  if (!kind || !tracksBudget(combat) || !combatant.id || combatant.parent !== combat) return null;
  const budget = combatantBudget(combat, combatant.id);
  const situation = situationOf(combat, combatant);
  const { refusal } = spend(budget, kind, situation);
  return { combat, combatant, kind, refusal, warning: refusal ? `SE.Budget.Refusal.${refusal}` : null, left: budgetLeft(budget, situation) };
}

/**
 * The tracker's "Move" button: record a move action (L6792) for the acting creature, warned first
 * when it has none left. Resolves to the GM's answer.
 */
export async function requestMoveAction(combat: SteelEchoesCombat, combatant: SteelEchoesCombatant): Promise<unknown> {
  const check = checkCombatant(combat, combatant, "move");
  if (check?.warning) showNotice({ type: "warn", key: check.warning, format: { name: String(combatant.name ?? "") } });
  return recordBudgetUse(check);
}

/** After a use: ask the GM's client to record it in the creature's budget. Resolves to the GM's answer. */
export async function recordBudgetUse(check: BudgetCheck | null): Promise<unknown> {
  // With no GM connected nothing is counted (the budget is the GM's record), and nobody is nagged for it.
  if (!check || (!game.user?.isGM && !game.users?.activeGM)) return null;
  return askGM(BUDGET_RELAY, { combatId: check.combat.id, combatantId: check.combatant.id, kind: check.kind });
}

/**
 * On the GM's client: record a use in the combatant's budget, recomputed from the combat's flags and
 * the creature's statuses (nothing the requester sent but which creature and what kind). A player's
 * use the seed would not allow is recorded and the Director is whispered a note of it.
 */
export async function spendBudgetAsGM(
  combat: SteelEchoesCombat, combatant: SteelEchoesCombatant, kind: BudgetKind, requester: RelayUser,
): Promise<{ refusal: BudgetRefusal | null; left: BudgetLeft } | null> {
  if (!tracksBudget(combat) || !combatant.id) return null;
  const situation = situationOf(combat, combatant);
  const before = combatantBudget(combat, combatant.id);
  const { budget, refusal } = spend(before, kind, situation);
  const path = budgetPath(combatant.id);
  const changes: Record<string, unknown> = {};
  if (budget.action !== before.action || budget.maneuver !== before.maneuver || budget.move !== before.move) {
    Object.assign(changes, {
      [`${path}.turnRound`]: combat.round, [`${path}.action`]: budget.action, [`${path}.maneuver`]: budget.maneuver, [`${path}.move`]: budget.move,
    });
  }
  if (budget.triggered !== before.triggered) {
    Object.assign(changes, { [`${path}.triggeredRound`]: combat.round, [`${path}.triggered`]: budget.triggered });
  }
  if (Object.keys(changes).length) await updateDocument(combat, changes);
  if (refusal && !requester.isGM) await flagToDirector(combatant, kind, refusal, requester);
  return { refusal, left: budgetLeft(budget, situation) };
}

/** Whisper the GMs that a player's creature went over its budget (the names players typed are escaped). */
async function flagToDirector(
  combatant: SteelEchoesCombatant, kind: BudgetKind, refusal: BudgetRefusal, requester: RelayUser,
): Promise<void> {
  const i18n = game.i18n!;
  const name = combatant.name ?? combatant.actor?.name ?? "";
  const why = i18n.format(`SE.Budget.Refusal.${refusal}`, { name });
  const text = i18n.format("SE.Budget.Flagged", { user: requester.name ?? "", kind: i18n.localize(`SE.AbilityType.${kind}`), why });
  const gms = (game.users?.filter((u) => u.isGM) ?? []).map((u) => u.id!);
  await ChatMessage.implementation.create({
    content: `<p class="se-budget-flag">${foundry.utils.escapeHTML(text)}</p>`,
    whisper: gms,
    speaker: { alias: i18n.localize("SE.Combat.Director") },
  });
}

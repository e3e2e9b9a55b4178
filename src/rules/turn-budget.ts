/**
 * The turn's budget (seed 004, L6790–6814): what a creature may still do on its turn and in the round.
 *
 * - L6792: a move action, a maneuver and an action on its turn; "You can also turn your action into a
 *   move action or a maneuver, so that your turn can alternatively consist of two move actions and a
 *   maneuver; or two maneuvers and a move action."
 * - L6798: "You can use one triggered action per round, either on your turn or another creature's turn".
 * - L6800: a free triggered action "doesn't count against your limit of one triggered action per round".
 * - L6808: free maneuvers "on your turn", "as many free maneuvers as you like".
 * - L6666: dazed, "only one thing on your turn: use a maneuver, use an action, or take a move action",
 *   and no triggered actions, free triggered actions or free maneuvers.
 * - L6748: surprised, no triggered or free triggered actions (until the end of round 1).
 * - L7224: unconscious, no actions, maneuvers, triggered actions, free triggered actions or free
 *   maneuvers (and speed 0, so no move either).
 * - L6804 / L6814: what prevents triggered actions prevents free triggered ones; what prevents
 *   maneuvers prevents free maneuvers.
 *
 * A refusal is advice, not a lock: the Director runs exceptions (a critical hit's extra action, L6584,
 * is taken "even if it isn't your turn" and even when dazed), so `spend` records the use either way
 * and says why the seed would not allow it (docs/rules-decisions.md).
 */

/** What a creature uses: the types of abilities (L6489) plus the move action. */
export type BudgetKind = "action" | "maneuver" | "move" | "triggered" | "freeTriggered" | "freeManeuver";

export const BUDGET_KINDS: readonly BudgetKind[] = ["action", "maneuver", "move", "triggered", "freeTriggered", "freeManeuver"];

/**
 * What a creature has used: `action`, `maneuver` and `move` on its current turn, `triggered`
 * (triggered actions, not free ones) in the current round. Free maneuvers and free triggered
 * actions are unlimited and not counted.
 */
export interface TurnBudget {
  action: number;
  maneuver: number;
  move: number;
  triggered: number;
}

export const FRESH_BUDGET: Readonly<TurnBudget> = Object.freeze({ action: 0, maneuver: 0, move: 0, triggered: 0 });

/** The creature's situation when it uses something. */
export interface BudgetSituation {
  /** It is this creature's turn. */
  ownTurn: boolean;
  /** Its statuses (condition and state ids: dazed, surprised, unconscious, dead). */
  statuses: Iterable<string>;
}

export type BudgetRefusal =
  | "unconscious" | "dazed-one-thing" | "dazed-no-triggered" | "dazed-no-free-maneuver" | "surprised-no-triggered"
  | "triggered-used" | "action-used" | "maneuver-used" | "move-used" | "off-turn";

/** Which kind an ability's type is (the item's `system.type`), or null for types with no budget (villain actions…). */
export function budgetKindOf(type: string): BudgetKind | null {
  return (BUDGET_KINDS as readonly string[]).includes(type) ? type as BudgetKind : null;
}

const count = (n: unknown): number => (Number.isInteger(n) && (n as number) > 0 ? n as number : 0);

/** A budget from stored data: anything not a whole number ≥ 0 reads as 0. */
export function budgetOf(data: unknown): TurnBudget {
  const d = data && typeof data === "object" ? data as Record<string, unknown> : {};
  return { action: count(d.action), maneuver: count(d.maneuver), move: count(d.move), triggered: count(d.triggered) };
}

/**
 * How much of the action the turn has used (L6792): the action itself, and every maneuver and move
 * beyond the first, each of which is the action turned into one.
 */
function actionSlotUse(b: TurnBudget): number {
  return b.action + Math.max(0, b.maneuver - 1) + Math.max(0, b.move - 1);
}

const mainUsed = (b: TurnBudget): number => b.action + b.maneuver + b.move;

/** The state that forbids everything of this kind, if any (unconscious, then dazed, then surprised). */
function conditionRefusal(kind: BudgetKind, statuses: ReadonlySet<string>, b: TurnBudget): BudgetRefusal | null {
  if (statuses.has("unconscious") || statuses.has("dead")) return "unconscious";
  const triggered = kind === "triggered" || kind === "freeTriggered";
  if (statuses.has("dazed")) {
    if (triggered) return "dazed-no-triggered";
    if (kind === "freeManeuver") return "dazed-no-free-maneuver";
    if (mainUsed(b) >= 1) return "dazed-one-thing";
  }
  if (triggered && statuses.has("surprised")) return "surprised-no-triggered";
  return null;
}

/** Why the seed would not let the creature use `kind` now, after what `budget` records; null when it may. */
export function budgetRefusal(budget: TurnBudget, kind: BudgetKind, situation: BudgetSituation): BudgetRefusal | null {
  const b = budgetOf(budget);
  const statuses = new Set(situation.statuses);
  const byCondition = conditionRefusal(kind, statuses, b);
  if (byCondition) return byCondition;
  switch (kind) {
    case "triggered":
      return b.triggered >= 1 ? "triggered-used" : null;
    case "freeTriggered":
      return null;
    case "freeManeuver":
      return situation.ownTurn ? null : "off-turn";
    default: {
      if (!situation.ownTurn) return "off-turn";
      const next = { ...b, [kind]: b[kind] + 1 };
      if (next.action <= 1 && actionSlotUse(next) <= 1) return null;
      return `${kind}-used`;
    }
  }
}

/**
 * Use `kind` now: the budget with the use recorded, and why the seed would not allow it (or null).
 * The use is recorded even when refused (the table may allow it); a main action, maneuver or move
 * taken off the creature's turn (a critical hit's extra action) does not count against its turn.
 */
export function spend(
  budget: TurnBudget, kind: BudgetKind, situation: BudgetSituation,
): { budget: TurnBudget; refusal: BudgetRefusal | null } {
  const b = budgetOf(budget);
  const refusal = budgetRefusal(b, kind, situation);
  const counted = kind === "triggered" || ((kind === "action" || kind === "maneuver" || kind === "move") && situation.ownTurn);
  return { budget: counted ? { ...b, [kind]: b[kind as keyof TurnBudget] + 1 } : b, refusal };
}

/** What is left: how many actions, maneuvers and moves the turn still allows, and triggered actions this round. */
export interface BudgetLeft {
  action: number;
  maneuver: number;
  move: number;
  triggered: number;
}

/**
 * What the creature may still use (for the tracker and the dialog): on its own turn, the action
 * (0 or 1), and the maneuvers and moves (each up to 2, the second taking the action, L6792); one
 * of the three when dazed (L6666); the triggered action of the round (L6798) unless dazed,
 * surprised or unconscious. Off its turn, no action, maneuver or move.
 */
export function budgetLeft(budget: TurnBudget, situation: BudgetSituation): BudgetLeft {
  const b = budgetOf(budget);
  const statuses = new Set(situation.statuses);
  const triggered = conditionRefusal("triggered", statuses, b) || b.triggered >= 1 ? 0 : 1;
  if (!situation.ownTurn || statuses.has("unconscious") || statuses.has("dead")) return { action: 0, maneuver: 0, move: 0, triggered };
  if (statuses.has("dazed")) {
    const one = mainUsed(b) >= 1 ? 0 : 1;
    return { action: one, maneuver: one, move: one, triggered };
  }
  const slot = actionSlotUse(b) < 1 ? 1 : 0;
  return {
    action: slot,
    maneuver: (b.maneuver < 1 ? 1 : 0) + slot,
    move: (b.move < 1 ? 1 : 0) + slot,
    triggered,
  };
}

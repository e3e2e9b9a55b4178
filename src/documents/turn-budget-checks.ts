/**
 * The turn's budget checked and recorded when an ability is used (issue 29, item 28). Loaded with the
 * ability flow, not before `ready` (issue 31); the budget's start and the relay are in ./turn-budget.ts.
 */
import { budgetLeft } from "../rules/turn-budget.ts";
import type { BudgetKind, BudgetLeft } from "../rules/turn-budget.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "./combat.ts";
import { showNotice } from "./relay.ts";
import { tracksBudget, combatantBudget, situationOf, checkCombatant, type BudgetCheck } from "./turn-budget.ts";

/** The few members of an actor the budget reads: its id, name and (unlinked) token. */
type ActorRef = { id: string | null; name?: string | null; token?: { id: string | null } | null };

/** The combatant in this combat that stands for the actor: its token's, else (a linked actor) the acting one or the first. */
export function combatantOfActor(combat: SteelEchoesCombat, actor: ActorRef): SteelEchoesCombatant | null {
  const tokenId = actor.token?.id ?? null;
  const mine = [...combat.combatants].filter((c) => (tokenId ? c.tokenId === tokenId : c.actorId === actor.id && !!actor.id));
  return mine.find((c) => c.id === combat.combatant?.id) ?? mine[0] ?? null;
}

/** What a creature has left this turn and round, or null when no Draw Steel combat tracks it. */
export function budgetLeftOf(combat: SteelEchoesCombat, combatant: SteelEchoesCombatant): BudgetLeft | null {
  if (!tracksBudget(combat) || !combatant.id) return null;
  return budgetLeft(combatantBudget(combat, combatant.id), situationOf(combat, combatant));
}

/** On any client: would this use fit the actor's budget in the viewed combat? Null when no Draw Steel combat tracks it. */
export function checkBudget(actor: ActorRef, kind: BudgetKind | null): BudgetCheck | null {
  // game.combat is of the configured class (CONFIG.Combat.documentClass = SteelEchoesCombat).
  const combat = (game.combat ?? null) as SteelEchoesCombat | null;
  if (!kind || !tracksBudget(combat)) return null;
  const combatant = combatantOfActor(combat, actor);
  return combatant ? checkCombatant(combat, combatant, kind) : null;
}

/** Warn this user (a notification) when the use would go over the budget; resolves to the check. */
export function warnBudget(actor: ActorRef, kind: BudgetKind | null): BudgetCheck | null {
  const check = checkBudget(actor, kind);
  if (check?.warning) showNotice({ type: "warn", key: check.warning, format: { name: String(actor.name ?? "") } });
  return check;
}

/**
 * A squad's turn mates (L6784): what the turn flow and the card actions read. Split from ./squads-
 * state.ts, which keeps what the tracker and the ability dialog read before ready (issue 31).
 */
import { livingMembers } from "../rules/squads.ts";
import { squadOfMinion, groupIdOf, type CombatLike } from "./squads-state.ts";

/** The living minions of the squad a combatant is a minion of (they take one turn together, L6784), or []. */
export function squadTurnMates(combat: CombatLike, combatantId: string): string[] {
  const squad = squadOfMinion(combat, combatantId);
  if (!squad) return [];
  return livingMembers(squad.record).map((m) => m.id).filter((id) => {
    const c = combat.combatants.get(id);
    return !!c && groupIdOf(c) === squad.groupId;
  });
}

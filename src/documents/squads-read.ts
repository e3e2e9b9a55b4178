/**
 * A squad read from the combat's flags for the squad tools and cards (issue 33): its minions, captain
 * bonus, paths. Loaded with those tools, not before `ready` (issue 31).
 */
import { FLAG_SCOPE } from "../constants.ts";
import { squadRole } from "../rules/squad-damage.ts";

export const squadPath = (groupId: string) => `flags.${FLAG_SCOPE}.squads.${groupId}`;

/** Whether an actor is a minion (a monster of the minion organization). */
export function isMinionActor(actor: Actor.Implementation | null | undefined): boolean {
  const system = actor?.system as { organization?: unknown } | undefined;
  return actor?.type === "monster" && squadRole(typeof system?.organization === "string" ? system.organization : null) === "minion";
}

/**
 * Dazed (L6666): what a creature has done this turn, so the sheet and the roll dialog can warn when
 * a dazed creature uses a second action, maneuver or move action, a triggered action or a free
 * maneuver. Stored on the actor as `flags["steel-echoes"].turnActivity = { turn, done }`.
 */
import { activityOfAbilityType, dazedWarning } from "../rules/index.ts";
import type { TurnActivity } from "../rules/index.ts";
import { currentTurnKey } from "./healing.ts";
import { FLAG_SCOPE } from "../constants.ts";

const SCOPE = FLAG_SCOPE;

interface ActivityActor {
  name: string;
  isOwner: boolean;
  statuses: Set<string>;
  flags: Record<string, unknown>;
  update(changes: object): Promise<unknown>;
}

/** The dazed warning key for using an ability of this type now, or null (also null when not dazed). */
export function dazedWarningFor(actor: ActivityActor, abilityType: string): string | null {
  const next = activityOfAbilityType(abilityType);
  if (!next || !actor.statuses.has("dazed")) return null;
  const stored = (actor.flags?.[SCOPE] as { turnActivity?: { turn: string; done: TurnActivity[] } } | undefined)?.turnActivity;
  const done = stored && stored.turn === currentTurnKey() ? stored.done : [];
  const warning = dazedWarning(done, next);
  return warning ? `SE.Dazed.${warning}` : null;
}

/**
 * Note that the creature used an ability of this type; warns (without stopping it: the Director
 * may allow it) when it is dazed and the seed forbids it. Resolves to the warning key or null.
 */
export async function noteTurnActivity(actor: ActivityActor, abilityType: string): Promise<string | null> {
  const warning = dazedWarningFor(actor, abilityType);
  if (warning) ui.notifications?.warn(warning, { localize: true, format: { name: actor.name } });
  const next = activityOfAbilityType(abilityType);
  const turn = currentTurnKey();
  if (next && turn && actor.isOwner) {
    const stored = (actor.flags?.[SCOPE] as { turnActivity?: { turn: string; done: TurnActivity[] } } | undefined)?.turnActivity;
    const done = stored && stored.turn === turn ? stored.done : [];
    await actor.update({ [`flags.${SCOPE}.turnActivity`]: { turn, done: [...done, next] } });
  }
  return warning;
}

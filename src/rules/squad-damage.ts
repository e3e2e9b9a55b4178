/**
 * A squad's damage and summary (issue 33): the pool hit, minions past it, per-minion strikes. Apart
 * from the pool's size and captain bonuses (./squads.ts), so that they load with the cards' actions and
 * the squad tools (issue 31).
 */
import { LAST_STAND_MINION_THRESHOLD } from "./diminish-numbers.ts";
import { squadPoolMax, livingMembers, whole, type SquadState, type SquadMember } from "./squads.ts";

/** The most the pool can hold: the Stamina of the minions alive. */
export function squadPoolCap(state: Pick<SquadState, "members" | "dead">): number {
  return squadPoolMax(livingMembers(state));
}

/**
 * Which of the living minions the pool no longer reaches, in the order they die: `first` (the struck
 * minion) if alive, then the others in the squad's order. A minion dies once the minions after it
 * can hold the whole pool (their Stamina together is at least the pool): with the pool at 0 all die.
 */
export function minionsPastPool(living: readonly SquadMember[], pool: number, first: string | null = null): string[] {
  const order = [...living.filter((m) => m.id === first), ...living.filter((m) => m.id !== first)];
  let left = squadPoolMax(order);
  const died: string[] = [];
  for (const m of order) {
    const after = left - whole(m.stamina);
    if (after < pool) break;
    died.push(m.id);
    left = after;
  }
  return died;
}

export interface SquadDamage {
  /** The pool after the damage. */
  pool: number;
  /** What the pool lost. */
  lost: number;
  /** The minions that died, in order (the struck minion first when it died). */
  died: string[];
  /** Whether the squad is gone (every minion dead). */
  wiped: boolean;
}

/**
 * Damage dealt to one minion of a squad (already after its immunities and weaknesses): it comes off
 * the squad's pool, and the minions the pool no longer reaches die. Under a damage threshold
 * (L7343), damage of at least the threshold kills the struck minion whatever the pool holds. Damage
 * to a dead minion does nothing. Throws when `struckId` is not a minion of the squad.
 */
export function damageSquad(state: SquadState, struckId: string, dealt: number): SquadDamage {
  if (!state.members.some((m) => m.id === struckId)) throw new RangeError(`${struckId} is not a minion of this squad`);
  const living = livingMembers(state);
  const cap = squadPoolMax(living);
  const before = Math.min(whole(state.pool), cap);
  const amount = whole(dealt);
  if (!living.some((m) => m.id === struckId) || amount === 0) return { pool: before, lost: 0, died: [], wiped: living.length === 0 };
  let pool = Math.max(0, before - amount);
  const threshold = state.threshold ?? null;
  if (threshold !== null && threshold > 0 && amount >= threshold) {
    // The struck minion dies outright: the pool falls at least past its share.
    const struck = living.find((m) => m.id === struckId)!;
    pool = Math.min(pool, cap - whole(struck.stamina));
  }
  const died = minionsPastPool(living, pool, struckId);
  return { pool, lost: before - pool, died, wiped: died.length === living.length };
}

/**
 * The pool after minions died some other way (the Director marked one defeated): at most what the
 * living minions can hold (the dead minion's share goes with it).
 */
export function poolAfterLosses(state: Pick<SquadState, "members" | "dead" | "pool">): number {
  return Math.min(whole(state.pool), squadPoolCap(state));
}

/** What a squad shows: its pool against the Stamina of its minions when it formed, and the minions alive. */
export function squadSummary(state: SquadState): { pool: number; max: number; living: number; total: number } {
  const living = livingMembers(state).length;
  return { pool: poolAfterLosses(state), max: squadPoolMax(state.members), living, total: state.members.length };
}

/** The damage of a squad's strike: multiplied by the minions alive when its text deals it per minion. */
export function squadStrikeDamage(damage: number, living: number, perMinion: boolean): number {
  const base = whole(damage);
  return perMinion ? base * whole(living) : base;
}

/** Whether a creature may be a squad's minion (a minion monster) or its captain (any other creature). */
export function squadRole(organization: string | null | undefined): "minion" | "captain" {
  return organization === "minion" ? "minion" : "captain";
}

/**
 * A squad under Last-Stand Stamina (L7343: "each enemy's Stamina drops to 1, and each minion has a
 * damage threshold of 1"): each minion's share drops to 1 (a share of 0 stays 0), the pool to at most
 * what the living minions now hold (one each), and the squad's threshold becomes 1. So the pool, the
 * minions' own Stamina (1 each) and who dies next agree: any damage kills the struck minion, and
 * damage beyond it spills over to the others one Stamina each.
 */
export function lastStandSquad<T extends SquadState>(state: T): T {
  const members = state.members.map((m) => ({ id: m.id, stamina: Math.min(whole(m.stamina), LAST_STAND_MINION_THRESHOLD) }));
  const pool = Math.min(whole(state.pool), squadPoolCap({ members, dead: state.dead }));
  return { ...state, members, pool, threshold: LAST_STAND_MINION_THRESHOLD };
}

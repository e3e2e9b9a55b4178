/**
 * Minion squads and their captains. The seed names minion squads (L6784: the Director picks "a single
 * creature or minion squad to take a turn"), counts minions at 1/5 of their level (L7283) and gives
 * each minion "a damage threshold" under the Last Stand option (L7343); it prints no squad rules (its
 * Bestiary is absent). Our reading, recorded in docs/rules-decisions.md ("Minion squads and captains"):
 *
 * - a squad's minions share one Stamina pool, the sum of each minion's Stamina when the squad formed;
 * - damage dealt to one minion comes off the pool, whatever that minion's own Stamina;
 * - minions die as the pool falls past each one's Stamina: the struck minion first, then the others
 *   in the squad's order, each dying once the minions left after it can hold the whole pool;
 * - under a damage threshold (L7343: 1 under the Last Stand option), damage of at least the threshold
 *   to a minion kills it outright: the pool falls at least past that minion's share;
 * - the squad takes one turn (L6784); a strike whose text deals damage "for each minion" multiplies
 *   that damage by the minions alive (the squad's living minions when the damage is applied);
 * - under Last-Stand Stamina (L7343) each minion's share of the pool drops to 1 and the threshold is 1
 *   (`lastStandSquad`);
 * - a captain (a creature of the squad that is not a minion) gives the squad's minions its bonus while
 *   it lives: an edge on their strikes.
 *
 * Pure: no Foundry globals.
 */
import { LAST_STAND_MINION_THRESHOLD } from "./diminish-numbers.ts";

/** A minion of a squad: its combatant's id and its Stamina when the squad formed. */
export interface SquadMember {
  id: string;
  stamina: number;
}

/** A squad's state: its minions (in the squad's order), those dead, and its Stamina pool. */
export interface SquadState {
  members: readonly SquadMember[];
  dead: readonly string[];
  pool: number;
  /** A damage threshold for every minion of the squad (L7343), or none. */
  threshold?: number | null;
}

const whole = (n: unknown): number => (typeof n === "number" && Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

/** The pool of a new squad: the sum of its minions' Stamina. */
export function squadPoolMax(members: readonly SquadMember[]): number {
  return members.reduce((sum, m) => sum + whole(m.stamina), 0);
}

/** The minions still alive, in the squad's order. */
export function livingMembers(state: Pick<SquadState, "members" | "dead">): SquadMember[] {
  const dead = new Set(state.dead);
  return state.members.filter((m) => !dead.has(m.id));
}

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

/**
 * Squad damage: whether a strike's text deals its damage once for each minion ("for each minion",
 * "per minion"), as a squad's stat block may say (the bestiary's Ember-Pit Needler does).
 */
export function damagePerMinion(text: string): boolean {
  const plain = String(text ?? "").replace(/<[^>]*>/g, " ").toLowerCase();
  return /\b(?:for each|per) (?:living )?minion\b/.test(plain);
}

/**
 * Whether an ability deals its damage per minion: its effect or one of its tiers' texts says so
 * (`damagePerMinion`). Read from the ability itself (the item), never from a card.
 */
export function abilityDealsPerMinion(ability: { effect?: unknown; tiers?: unknown }): boolean {
  const tiers = Array.isArray(ability?.tiers) ? ability.tiers as { text?: unknown }[] : [];
  return damagePerMinion([String(ability?.effect ?? ""), ...tiers.map((t) => String(t?.text ?? ""))].join(" "));
}

/** The damage of a squad's strike: multiplied by the minions alive when its text deals it per minion. */
export function squadStrikeDamage(damage: number, living: number, perMinion: boolean): number {
  const base = whole(damage);
  return perMinion ? base * whole(living) : base;
}

/** The captain's bonus, our reading where the seed is silent: an edge on the minions' strikes. */
export type CaptainBonus = "edge";
export const CAPTAIN_BONUSES: readonly CaptainBonus[] = ["edge"];

/**
 * The bonus a squad's captain gives now: its bonus while it lives (not defeated, not dead), else none.
 * A squad without a captain has none.
 */
export function activeCaptainBonus(captain: { alive: boolean; bonus: CaptainBonus } | null): CaptainBonus | null {
  return captain && captain.alive ? captain.bonus : null;
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

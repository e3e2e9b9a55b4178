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

export const whole = (n: unknown): number => (typeof n === "number" && Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

/** The pool of a new squad: the sum of its minions' Stamina. */
export function squadPoolMax(members: readonly SquadMember[]): number {
  return members.reduce((sum, m) => sum + whole(m.stamina), 0);
}

/** The minions still alive, in the squad's order. */
export function livingMembers(state: Pick<SquadState, "members" | "dead">): SquadMember[] {
  const dead = new Set(state.dead);
  return state.members.filter((m) => !dead.has(m.id));
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

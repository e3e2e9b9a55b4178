/**
 * What a domain effect leaves behind after its moment (seed 004, L2409–2445): a modifier on a
 * creature's next power roll (Fate L2409, Knowledge L2413, Love's edge L2421) and an effect that
 * lasts until the end of the conduit's next turn (Protection L2429, War L2445). Pure: the GM's client
 * keeps these records (src/settings/domain-effects.ts) and asks these functions what they give and
 * when they end.
 */
import type { Tier } from "./power-roll.ts";
import { liveTurnGrants } from "./domain-turns.ts";
import type { LiveCombat, TurnGrant } from "./domain-turns.ts";

/** A next power roll's modifier the GM granted a creature. */
export interface NextRollGrant {
  /** The creature's actor UUID: "their next power roll" (L2409), "the next power roll they make" (L2413, L2421). */
  creature: string;
  domain: "fate" | "knowledge" | "love";
  /** Edges on that roll: Knowledge's double edge 2 (L2413), Love's edge 1 (L2421). */
  edges: number;
  /** Fate's result (L2409): the roll gets this tier, whatever the dice say. */
  tier?: 1 | 3;
  /** The Prayer card it came from. */
  prayer: string;
  /** Love's "before the end of the encounter" (L2421): the combat it ends with; null when it lasts until used. */
  combatId: string | null;
}

/** What a creature's next power roll gets from its grants. */
export interface NextRollModifier {
  edges: number;
  /** The tier Fate sets (the latest Fate's, when two conduits chose for one creature), or null. */
  tier: 1 | 3 | null;
  domains: NextRollGrant["domain"][];
}

const isTierChoice = (t: unknown): t is 1 | 3 => t === 1 || t === 3;

/** Whether a stored value is a grant (the GM wrote it; anything else in the record is skipped). */
export function isNextRollGrant(g: unknown): g is NextRollGrant {
  if (!g || typeof g !== "object") return false;
  const r = g as Record<string, unknown>;
  return typeof r.creature === "string" && ["fate", "knowledge", "love"].includes(String(r.domain))
    && Number.isInteger(r.edges) && (r.edges as number) >= 0 && (r.tier === undefined || isTierChoice(r.tier))
    && typeof r.prayer === "string" && (r.combatId === null || typeof r.combatId === "string");
}

/** The grants still in force: Love's edge ends with its encounter (L2421); the others wait for the roll. */
export function liveNextRolls(grants: readonly NextRollGrant[], live: LiveCombat): NextRollGrant[] {
  return grants.filter((g) => isNextRollGrant(g) && (g.combatId === null || live(g.combatId)));
}

/** What `creature`'s next power roll gets: the edges add up (at most two count, L217); Fate's tier is the latest Fate's. */
export function nextRollFor(grants: readonly NextRollGrant[], creature: string, live: LiveCombat): NextRollModifier {
  const mine = liveNextRolls(grants, live).filter((g) => g.creature === creature);
  const fates = mine.filter((g) => g.tier !== undefined);
  return {
    edges: mine.reduce((n, g) => n + g.edges, 0),
    tier: fates.length ? fates.at(-1)!.tier! : null,
    domains: [...new Set(mine.map((g) => g.domain))],
  };
}

/**
 * The power roll `creature` makes uses its grants up (L2409 "their next power roll", L2413, L2421
 * "the next power roll they make"): what it gets, and the grants left (its own gone, and any ended).
 */
export function claimNextRoll(grants: readonly NextRollGrant[], creature: string, live: LiveCombat): {
  claimed: NextRollModifier; rest: NextRollGrant[];
} {
  const claimed = nextRollFor(grants, creature, live);
  return { claimed, rest: liveNextRolls(grants, live).filter((g) => g.creature !== creature) };
}

/** A roll's tier under a modifier: Fate's tier replaces the rolled one ("automatically gets", L2409). */
export function fatedTier(rolled: Tier, modifier: Pick<NextRollModifier, "tier"> | null | undefined): Tier {
  return modifier?.tier ?? rolled;
}

/** A turn's key: the combat, its round and the acting combatant. */
export function turnKey(combatId: string, round: number, combatantId: string): string {
  return `${combatId}:${round}:${combatantId}`;
}

/**
 * The end of a turn of `conduit`'s (`ending`: its key): her grants end, except those granted during
 * this very turn ("until the end of your next turn", L2429, L2445). Returns those ending and those kept.
 */
export function turnGrantsAtTurnEnd(grants: readonly TurnGrant[], conduit: string, ending: string, live: LiveCombat): {
  ended: TurnGrant[]; kept: TurnGrant[];
} {
  const all = liveTurnGrants(grants, live);
  const ends = (g: TurnGrant) => g.conduit === conduit && g.grantedTurn !== ending;
  return { ended: all.filter(ends), kept: all.filter((g) => !ends(g)) };
}

/** War's extra damage on `attacker`'s attacks (L2445): the highest in force, on an attack that deals damage. */
export function warExtraDamage(
  grants: readonly TurnGrant[], attacker: string, attack: { isAttack: boolean; damage: number }, live: LiveCombat,
): number {
  if (!attack.isAttack || attack.damage <= 0) return 0;
  return liveTurnGrants(grants, live).filter((g) => g.domain === "war" && g.creature === attacker)
    .reduce((n, g) => Math.max(n, g.amount), 0);
}

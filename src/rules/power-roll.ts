/**
 * Draw Steel power rolls (seed 004): 2d10 + characteristic (L163–171), tiers (L187–195), natural
 * result (L203–207), edges and banes (L209–240), bonuses and penalties (L242–246).
 */

export type Tier = 1 | 2 | 3;
export type NetEdges = -2 | -1 | 0 | 1 | 2;

export interface PowerRollInput {
  /** The two d10 faces, each 1..10. */
  dice: [number, number];
  characteristic: number;
  edges?: number;
  banes?: number;
  /** Sum of all bonuses (positive) and penalties (negative). */
  bonuses?: number;
}

export interface PowerRollResult {
  natural: number;
  total: number;
  tier: Tier;
  netEdges: NetEdges;
  isNatural19or20: boolean;
}

/** Highest total of tier 1 and tier 2 (L187–195): ≤11 tier 1, 12–16 tier 2, 17+ tier 3. */
export const TIER_THRESHOLDS = { tier1Max: 11, tier2Max: 16 } as const;

/** Edges and banes each count at most twice (L236). */
export const EDGE_CAP = 2;

export function tierOfTotal(total: number): Tier {
  if (total <= TIER_THRESHOLDS.tier1Max) return 1;
  if (total <= TIER_THRESHOLDS.tier2Max) return 2;
  return 3;
}

function assertCount(name: string, n: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number of 0 or more, got ${n}`);
}

/**
 * Net edges after capping each side at 2 and cancelling (L225–230): edge + bane → none; double edge
 * + double bane → none; double edge + one bane → one edge; double bane + one edge → one bane.
 */
export function netEdgesOf(edges: number, banes: number): NetEdges {
  assertCount("edges", edges);
  assertCount("banes", banes);
  return (Math.min(edges, EDGE_CAP) - Math.min(banes, EDGE_CAP)) as NetEdges;
}

function clampTier(t: number): Tier {
  return Math.max(1, Math.min(3, t)) as Tier;
}

/**
 * Resolve a power roll. A single net edge or bane is ±2 on the total; a double edge or bane adds
 * nothing and moves the tier one step (1..3); a natural 19 or 20 is always tier 3 (L207), applied
 * after the double-bane shift.
 */
export function resolvePowerRoll(input: PowerRollInput): PowerRollResult {
  const { dice, characteristic, edges = 0, banes = 0, bonuses = 0 } = input;
  if (!Array.isArray(dice) || dice.length !== 2 || dice.some((d) => !Number.isInteger(d) || d < 1 || d > 10)) {
    throw new RangeError(`dice must be two whole numbers from 1 to 10, got ${JSON.stringify(dice)}`);
  }
  if (!Number.isInteger(characteristic)) throw new RangeError(`characteristic must be a whole number, got ${characteristic}`);
  if (!Number.isInteger(bonuses)) throw new RangeError(`bonuses must be a whole number, got ${bonuses}`);
  const netEdges = netEdgesOf(edges, banes);
  const natural = dice[0] + dice[1];
  const total = natural + characteristic + bonuses + (netEdges === 1 ? 2 : netEdges === -1 ? -2 : 0);
  const isNatural19or20 = natural >= 19;
  let tier = tierOfTotal(total);
  if (netEdges === 2) tier = clampTier(tier + 1);
  if (netEdges === -2) tier = clampTier(tier - 1);
  if (isNatural19or20) tier = 3;
  return { natural, total, tier, netEdges, isNatural19or20 };
}

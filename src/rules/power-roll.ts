/**
 * Draw Steel power rolls (seed 004): 2d10 + characteristic (L185), tiers (L187–195), natural
 * result (L203–207), edges and banes (L209–240), bonuses and penalties (L242–246).
 */

/** Power roll outcome tier (L187–195). */
export type Tier = 1 | 2 | 3;
/** Net edges after cancellation: −2 double bane, −1 bane, 0 none, 1 edge, 2 double edge (L209–240). */
export type NetEdges = -2 | -1 | 0 | 1 | 2;

/** The arguments of {@link resolvePowerRoll}; randomness comes in as the two dice faces. */
export interface PowerRollInput {
  /** The two d10 faces, each 1..10. */
  dice: [number, number];
  /** The characteristic added to the roll (L185), a whole number. */
  characteristic: number;
  /** Edges on the roll, a whole number ≥ 0 (default 0); only two count (L217, L236–240). */
  edges?: number;
  /** Banes on the roll, a whole number ≥ 0 (default 0); only two count (L223, L236–240). */
  banes?: number;
  /** Sum of all bonuses (positive) and penalties (negative). */
  bonuses?: number;
}

export interface PowerRollResult {
  /** The dice sum before any modifier (L203–205). */
  natural: number;
  /** natural + characteristic + bonuses, ±2 for a single net edge or bane. */
  total: number;
  /** The outcome tier after double edge/bane shifts and the natural 19/20 rule. */
  tier: Tier;
  /** Net edges (+) or banes (−) after capping at two and cancelling. */
  netEdges: NetEdges;
  /** A natural 19 or 20: always tier 3 (L207). */
  isNatural19or20: boolean;
}

/** Highest total of tier 1 and tier 2 (L187–195): ≤11 tier 1, 12–16 tier 2, 17+ tier 3. */
export const TIER_THRESHOLDS = { tier1Max: 11, tier2Max: 16 } as const;

/** Edges and banes each count at most twice ("double edge"/"double bane", L217, L223; "Why cap?", L236–240). */
export const EDGE_CAP = 2;

/**
 * The tier of a modified total (L187–195): 11 or lower tier 1, 12–16 tier 2, 17 or higher tier 3.
 * Throws a RangeError for a total that is not a whole number.
 */
export function tierOfTotal(total: number): Tier {
  if (!Number.isInteger(total)) throw new RangeError(`total must be a whole number, got ${total}`);
  if (total <= TIER_THRESHOLDS.tier1Max) return 1;
  if (total <= TIER_THRESHOLDS.tier2Max) return 2;
  return 3;
}

function assertCount(name: string, n: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number of 0 or more, got ${n}`);
}

/**
 * Net edges after capping each side at 2 and cancelling (L225–231): edge + bane → none; double edge
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
 * Resolve a power roll (L187–246). Bonuses and penalties are summed before edges and banes
 * (L242–246). A single net edge or bane is ±2 on the total (L217, L223); a double edge or bane adds
 * nothing and moves the tier one step (1..3); a natural 19 or 20 is always tier 3 (L207), applied
 * after the double-bane shift. Throws a RangeError for dice that are not two whole numbers 1..10,
 * negative or fractional edges/banes, or a characteristic/bonuses that is not a whole number.
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

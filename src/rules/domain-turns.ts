/**
 * Protection's damage immunity until the end of the conduit's next turn (seed 004, L2429), and the
 * shape of every effect that lasts that long (War's too, L2445): what every client reads when it
 * applies damage. Apart from ./domain-lasting.ts, whose rules load only with the code that grants and
 * ends these effects (issue 31).
 */

/** Something a grant is kept under: a combat still there (a grant tied to one ends when it does). */
export type LiveCombat = (combatId: string) => boolean;

/** An effect lasting until the end of the conduit's next turn (Protection L2429, War L2445). */
export interface TurnGrant {
  domain: "protection" | "war";
  /** Who has it: Protection's ally, War's conduit herself. */
  creature: string;
  /** Whose turn ends it: the conduit's actor UUID. */
  conduit: string;
  /** Protection's damage immunity (Intuition + level), War's extra damage (2 × Intuition). */
  amount: number;
  prayer: string;
  /** The combat it was granted in (it ends with it), or null out of combat. */
  combatId: string | null;
  /**
   * The conduit's turn it was granted in (`turnKey`), when she was acting then: that turn's end is
   * not her "next turn"'s. Null when granted outside her turn.
   */
  grantedTurn: string | null;
}

export function isTurnGrant(g: unknown): g is TurnGrant {
  if (!g || typeof g !== "object") return false;
  const r = g as Record<string, unknown>;
  return ["protection", "war"].includes(String(r.domain)) && typeof r.creature === "string" && typeof r.conduit === "string"
    && Number.isInteger(r.amount) && (r.amount as number) >= 0 && typeof r.prayer === "string"
    && (r.combatId === null || typeof r.combatId === "string") && (r.grantedTurn === null || typeof r.grantedTurn === "string");
}

/** The grants still in force (one granted in a combat ends with it). */
export function liveTurnGrants(grants: readonly TurnGrant[], live: LiveCombat): TurnGrant[] {
  return grants.filter((g) => isTurnGrant(g) && (g.combatId === null || live(g.combatId)));
}

/** Protection's damage immunity on `creature` (L2429): the highest in force (immunities of one kind do not add up). */
export function protectionImmunity(grants: readonly TurnGrant[], creature: string, live: LiveCombat): number {
  return liveTurnGrants(grants, live).filter((g) => g.domain === "protection" && g.creature === creature)
    .reduce((n, g) => Math.max(n, g.amount), 0);
}

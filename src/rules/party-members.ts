/**
 * Adding and removing a party's members, placing them, and merging hero tokens (issue 32): what the party
 * actions and the migration use. Split from ./party.ts, which keeps the limits and the ownership rule the
 * data model and hooks read before ready (issue 31).
 */
import { PARTY_MAX_MEMBERS } from "./party.ts";

/** Why a member cannot be added; each is a localisation key under SE.Party.Refusal. */
export type PartyMemberProblem = "not-hero" | "already-member" | "full";

/**
 * The party's members after adding `id` (a hero actor's id), or why not: only heroes join (the party
 * holds the heroes who share the hero tokens, L250), each once, at most PARTY_MAX_MEMBERS.
 */
export function addPartyMember(
  members: readonly string[], id: string, isHero: boolean,
): { members: string[] } | { problem: PartyMemberProblem } {
  if (!isHero) return { problem: "not-hero" };
  if (members.includes(id)) return { problem: "already-member" };
  if (members.length >= PARTY_MAX_MEMBERS) return { problem: "full" };
  return { members: [...members, id] };
}

/** The party's members without `id` (unchanged when it is not one). */
export function removePartyMember(members: readonly string[], id: string): string[] {
  return members.filter((m) => m !== id);
}

/** A square of the grid (column, row). */
export interface GridSquare { col: number; row: number }

/**
 * Where `count` members' tokens go around `center`: the free squares nearest to it, ring by ring
 * (a square's ring is its Chebyshev distance, as Draw Steel counts squares diagonally too), in a
 * fixed order within a ring (row, then column), skipping `occupied` squares ("col,row") and staying
 * inside `bounds` (columns and rows from 0). Fewer than `count` when the scene has no room.
 */
export function partyPlacement(
  count: number, center: GridSquare, occupied: ReadonlySet<string>, bounds: { cols: number; rows: number },
): GridSquare[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number of 0 or more, got ${count}`);
  const out: GridSquare[] = [];
  const maxRing = Math.max(bounds.cols, bounds.rows);
  for (let ring = 0; ring <= maxRing && out.length < count; ring++) {
    for (let row = center.row - ring; row <= center.row + ring && out.length < count; row++) {
      for (let col = center.col - ring; col <= center.col + ring && out.length < count; col++) {
        if (Math.max(Math.abs(col - center.col), Math.abs(row - center.row)) !== ring) continue;
        if (col < 0 || row < 0 || col >= bounds.cols || row >= bounds.rows || occupied.has(`${col},${row}`)) continue;
        out.push({ col, row });
      }
    }
  }
  return out;
}

/**
 * A world's hero tokens joining a party's pool (the migration from the world setting, issue 32):
 * nothing is lost, the party holds both. Whole numbers of 0 or more; anything else counts as 0.
 */
export function mergedHeroTokens(worldPool: unknown, partyPool: unknown): number {
  const whole = (n: unknown) => (typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : 0);
  return whole(worldPool) + whole(partyPool);
}

/**
 * The party (issue 32): the heroes who play together, who share the hero tokens (L250: hero tokens
 * "are then shared by all players"; L252 a hero spends one for herself; L254 unused ones disappear at
 * the end of a session). Pure: who is a member, who may see the party, where the members' tokens go
 * when the Director places them, and how a world's old pool joins a party's.
 */

/** The most members a party holds (a table's heroes; a bigger list is bad input). */
export const PARTY_MAX_MEMBERS = 24;

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

/** Foundry's ownership levels the party uses (CONST.DOCUMENT_OWNERSHIP_LEVELS). */
export const PARTY_OBSERVER = 2;

/**
 * Who sees the party: every user who owns one of its members is given Observer on it (she sees the
 * sheet, the pool and her companions' Stamina, and writes nothing: only an owner writes an actor).
 * `current`: the party's ownership now (user id → level, and `default`); `memberOwners`: for each
 * member, the ids of the users who own it (not GMs: they own everything anyway); `granted`: the
 * users this rule gave Observer to before. A level the Director set by hand is kept: only a user this
 * rule granted, who owns no member any more, loses it, and nobody's level is lowered for a member.
 * Resolves to the new ownership and the new granted list.
 */
export function partyOwnership(
  current: Readonly<Record<string, number>>, memberOwners: readonly (readonly string[])[], granted: readonly string[],
): { ownership: Record<string, number>; granted: string[] } {
  const ownership: Record<string, number> = { ...current };
  const owners = new Set(memberOwners.flat());
  const nowGranted: string[] = [];
  for (const id of owners) {
    const level = ownership[id];
    if (level === undefined || level < PARTY_OBSERVER || (granted.includes(id) && level === PARTY_OBSERVER)) {
      ownership[id] = PARTY_OBSERVER;
      nowGranted.push(id);
    }
  }
  for (const id of granted) {
    if (owners.has(id) || ownership[id] !== PARTY_OBSERVER) continue;
    delete ownership[id];
  }
  return { ownership, granted: nowGranted.sort() };
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

/** The most hero tokens a party's pool holds (the stored numbers' ceiling, src/data/fields.ts). */
export const PARTY_MAX_HERO_TOKENS = 9_999;

/**
 * A world's hero tokens joining a party's pool (the migration from the world setting, issue 32):
 * nothing is lost, the party holds both. Whole numbers of 0 or more; anything else counts as 0.
 */
export function mergedHeroTokens(worldPool: unknown, partyPool: unknown): number {
  const whole = (n: unknown) => (typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : 0);
  return whole(worldPool) + whole(partyPool);
}

/**
 * Turn order by initiative, for the engines whose creatures act one at a time in a fixed order each
 * round: seed 001 (action dice, highest first, S1:L12), seed 002 (declarations by ascending State of
 * Mind, S2:L83–95) and seed 003 (a DEX check, highest first, S3:L372–378). The engines decide the order
 * (their comparisons live in their own files); this file walks it. Pure.
 */

/** One creature in the order of a round. */
export interface OrderedTurn {
  id: string;
  /** It has had its turn this round. */
  acted: boolean;
  /** It does not take a turn this round (defeated, or skipped by its engine's rules). */
  skips: boolean;
}

/**
 * Who acts next: the first creature after the one acting now (or from the top when nobody is) that
 * has not acted and does not skip, or null when the round is over. Creatures that joined above the
 * current place, or were passed over, wait for the next round: the order is the order.
 */
export function nextOrderedTurn(order: readonly OrderedTurn[], currentId: string | null): string | null {
  const from = currentId === null ? 0 : order.findIndex((t) => t.id === currentId) + 1;
  if (currentId !== null && from === 0) throw new RangeError(`${currentId} is not in the order`);
  return order.slice(from).find((t) => !t.acted && !t.skips)?.id ?? null;
}

type Ranked = { initiative: number | null; tiebreak?: number };

/**
 * Highest initiative first (S1:L12, S3:L374); a creature without initiative comes last; a tie goes
 * to the higher tiebreak (a roll-off, S3:L375). Negative when `a` acts before `b`.
 */
export function descendingInitiative(a: Ranked, b: Ranked): number {
  const ia = a.initiative ?? -Infinity;
  const ib = b.initiative ?? -Infinity;
  if (ia !== ib) return ib > ia ? 1 : -1;
  return (b.tiebreak ?? 0) - (a.tiebreak ?? 0);
}

/**
 * Who must roll off (S2:L87, S3:L375): the creatures whose place in the order (`key`, null for none
 * yet) equals another's. Creatures of one `unit` (a group that acts at the same time, S3:L374) share
 * their place and roll as one, so a tie within a unit needs no roll. Ids in the entries' order.
 */
export function rollOffNeeded(entries: readonly { id: string; key: string | null; unit?: string }[]): string[] {
  const units = new Map<string, Set<string>>();
  for (const e of entries) if (e.key !== null) units.set(e.key, (units.get(e.key) ?? new Set()).add(e.unit ?? e.id));
  return entries.filter((e) => e.key !== null && units.get(e.key)!.size > 1).map((e) => e.id);
}

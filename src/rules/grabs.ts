/**
 * Who holds whom grabbed, as the GM keeps it (seed 004):
 * - L7030 (Grab, Effect): "You can grab only one creature at a time this way." L1987 (the time
 *   raider's Four Arms): "You can grab up to two creatures at a time."
 * - L3469 (the fury's Impaling Strike, Effect): "If the target is grabbed, they take a bane on
 *   attempts to escape the grab. If you move while you have the target grabbed, they take 1 damage
 *   for each square you move." Both clauses are read from an ability's effect text when its card
 *   grabs (`escapeBaneClause`, src/rules/grab-limits.ts; `dragDamageClause` here) and kept in the
 *   grab's record, never read back from the grabbed creature.
 * - L6674 (Grabbed): the grab holds while the creature is grabbed; it ends when the grabbed status
 *   goes (an escape, a teleport, the grabber's release), so a record counts only while its grabbed
 *   creature still has the status (`liveGrabs`).
 */

/** One grab an ability card made, as the GM's client recorded it. */
export interface GrabRecord {
  /** The grabbed creature's actor UUID. */
  grabbed: string;
  /** The grabbing creature's actor UUID. */
  grabber: string;
  /** L3469's first clause: the grabbed creature's Escape Grab takes a bane. */
  escapeBane: boolean;
  /** L3469's second clause: damage per square the grabber moves (0 for none). */
  dragDamage: number;
  /** The card (message id) and its target key that made the grab, for its undo. */
  message: string;
  key: string;
}

/** The largest per-square damage the system takes from a dragging clause (the seed prints 1). */
export const DRAG_DAMAGE_CEILING = 10;

/**
 * L3469's dragging clause in an ability's effect text: the damage a grabbed target takes for each
 * square its grabber moves ("If you move while you have the target grabbed, they take 1 damage for
 * each square you move"), or 0. Case and spacing do not matter; a number above
 * `DRAG_DAMAGE_CEILING` is read as none (no ability prints one).
 */
export function dragDamageClause(effect: string | null | undefined): number {
  const text = String(effect ?? "").toLowerCase().replace(/\s+/g, " ");
  const m = /\bif you move while you have (?:the|a|that) (?:target|creature) grabbed, (?:they|it|the target|that creature) takes? (\d{1,3}) damage for each square you move\b/.exec(text);
  const n = m ? Number(m[1]) : 0;
  return n > 0 && n <= DRAG_DAMAGE_CEILING ? n : 0;
}

/** How many creatures a creature may hold grabbed at once: 1 (L7030), 2 with Four Arms (L1987). */
export function grabCapacity(fourArms: boolean): 1 | 2 {
  return fourArms ? 2 : 1;
}

const isId = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 200;

/** Whether a stored value is a grab record (a world setting read back: anything else is ignored). */
export function isGrabRecord(v: unknown): v is GrabRecord {
  const r = v as Partial<GrabRecord> | null;
  return !!r && typeof r === "object" && isId(r.grabbed) && isId(r.grabber) && r.grabbed !== r.grabber
    && typeof r.escapeBane === "boolean" && Number.isInteger(r.dragDamage) && (r.dragDamage as number) >= 0
    && (r.dragDamage as number) <= DRAG_DAMAGE_CEILING && isId(r.message) && isId(r.key);
}

/** The records that still hold: their grabbed creature is grabbed now (L6674). Malformed ones are dropped. */
export function liveGrabs(records: readonly unknown[], isGrabbed: (actorUuid: string) => boolean): GrabRecord[] {
  return records.filter(isGrabRecord).filter((r) => isGrabbed(r.grabbed));
}

/**
 * The records after a card's grab: a grab of the same creature by the same grabber replaces the
 * older (the status is one condition, L6612), every other grab stays.
 */
export function withGrab(records: readonly GrabRecord[], grab: GrabRecord): GrabRecord[] {
  return [...records.filter((r) => !(r.grabbed === grab.grabbed && r.grabber === grab.grabber)), grab];
}

/** The records without what one card's application made (its undo). */
export function withoutCardGrab(records: readonly GrabRecord[], message: string, key: string): GrabRecord[] {
  return records.filter((r) => !(r.message === message && r.key === key));
}

/** The creatures `grabber` holds, oldest grab first. */
export function heldBy(records: readonly GrabRecord[], grabber: string): GrabRecord[] {
  return records.filter((r) => r.grabber === grabber);
}

/**
 * How many grabs a creature would hold beyond what it may (L7030, L1987) if it grabbed `adding` too
 * (creatures it holds already are not counted twice). 0 when within its capacity.
 */
export function grabsBeyondCapacity(held: readonly string[], adding: readonly string[], fourArms: boolean): number {
  const all = new Set([...held, ...adding]);
  return Math.max(0, all.size - grabCapacity(fourArms));
}

/** Whether the grabbed creature's Escape Grab takes L3469's bane: one of the grabs on it says so. */
export function escapeBaneFrom(records: readonly GrabRecord[], grabbed: string): boolean {
  return records.some((r) => r.grabbed === grabbed && r.escapeBane);
}

/**
 * L3469: the damage each creature `grabber` holds takes when it moves `squares` squares: the
 * grab's per-square damage times the squares, for the grabs whose ability says so. Nothing for no
 * squares or a grab without the clause.
 */
export function dragDamage(records: readonly GrabRecord[], grabber: string, squares: number): { grabbed: string; damage: number }[] {
  const n = Number.isInteger(squares) && squares > 0 ? squares : 0;
  if (!n) return [];
  return heldBy(records, grabber).filter((r) => r.dragDamage > 0).map((r) => ({ grabbed: r.grabbed, damage: r.dragDamage * n }));
}

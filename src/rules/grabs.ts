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
import { checkGridSpace, spacesAdjacent } from "./ability-use.ts";
import type { GridSpace } from "./ability-use.ts";
import type { Size } from "./catalogue.ts";
import { stepCrossesWall } from "./line-of-effect.ts";
import type { WallSegment } from "./line-of-effect.ts";
import { sizeTargetProblem } from "./size-maneuvers.ts";

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

/**
 * Why the GM does not record a grab a player's card made (issue 29, item 33), or null. The record is
 * what lets the grabber's moves carry the grabbed creature's token (L6674, `grabCarry`) and deal
 * Impaling Strike's damage (L3469), so it is kept only for a grab the rules allow:
 * - "notGrabbed": the card's tier for that target does not apply grabbed, or the creature does not
 *   have the grabbed status from the card's user (the application did not happen).
 * - "notAdjacent": the two creatures are not adjacent (Grab's "Reach 1", L7021; L6676: a grab ends
 *   once the grabber stands away from the grabbed creature), or either has no space on the scene.
 * - "tooLarge": the ability's target line reads "the same size or smaller than you" (Grab L7022,
 *   Impaling Strike L3461) and the grabbed creature is larger than its grabber (sizes L6716).
 */
export type GrabRecordProblem = "notGrabbed" | "notAdjacent" | "tooLarge";

export function grabRecordProblem(input: {
  /** The card's tier for the target applies grabbed. */
  tierGrabs: boolean;
  /** The target has the grabbed status, from the card's user. */
  grabbedByUser: boolean;
  grabber: GridSpace | null;
  grabbed: GridSpace | null;
  /** The ability's target line, as its item says. */
  targetText: string | null | undefined;
  grabberSize: Size | null | undefined;
  grabbedSize: Size | null | undefined;
}): GrabRecordProblem | null {
  if (!input.tierGrabs || !input.grabbedByUser) return "notGrabbed";
  if (!input.grabber || !input.grabbed || !spacesAdjacent(input.grabber, input.grabbed)) return "notAdjacent";
  try {
    return sizeTargetProblem(input.targetText, input.grabberSize, input.grabbedSize);
  } catch {
    // A malformed size (a player's hero's ancestry): nothing can be said of it, as for a missing one.
    return null;
  }
}

/** Why a grabbed creature is not carried along by its grabber's move (`grabCarry`). */
export type CarryRefusal = "notAdjacent" | "beyondSpeed" | "wall" | "occupied";

/**
 * Where a grabbed creature goes when its grabber moves (L6674: "If the creature grabbing you moves,
 * they bring you with them"): along the grabber's path, keeping its place beside the grabber (the
 * path shifted by the offset between the two at the start), so it ends adjacent to the grabber as
 * it began. `path` is the grabber's squares from where it started to where it ended.
 * - null: nothing to do: the grabber did not change its space, or the grabbed creature is still
 *   adjacent to it where it ended (it was brought along as far as the rules need).
 * - "notAdjacent": the grabbed creature did not stand next to the grabber when the move began (the
 *   grab cannot be carried; L6676).
 * - "beyondSpeed": the move is longer than `speed`, the grabber's speed now (a move is at most the
 *   speed, L6836; halved while it holds a creature its size or larger, L6674, `grabHalvesSpeed`).
 * - "wall": a step of the carried path crosses a wall (a stationary object, L6956).
 * - "occupied": the carried creature would end in a space another creature fills.
 */
export function grabCarry(input: {
  path: readonly GridSpace[];
  grabbed: GridSpace;
  speed: number;
  walls?: readonly WallSegment[];
  /** The spaces of the other creatures on the map (not the grabber's, not the grabbed creature's). */
  occupied?: readonly GridSpace[];
}): { to: GridSpace; path: GridSpace[] } | { refused: CarryRefusal } | null {
  const { path, grabbed } = input;
  checkGridSpace("grabbed", grabbed);
  path.forEach((s, i) => checkGridSpace(`path[${i}]`, s));
  const start = path[0];
  const end = path.at(-1);
  if (!start || !end || (start.x === end.x && start.y === end.y)) return null;
  if (!spacesAdjacent(start, grabbed)) return { refused: "notAdjacent" };
  if (spacesAdjacent(end, grabbed)) return null;
  if (!Number.isInteger(input.speed) || input.speed < 0 || path.length - 1 > input.speed) return { refused: "beyondSpeed" };
  const dx = grabbed.x - start.x;
  const dy = grabbed.y - start.y;
  const carried = path.map((s) => ({ x: s.x + dx, y: s.y + dy, size: grabbed.size }));
  const walls = input.walls ?? [];
  for (let i = 1; i < carried.length; i++) {
    if (walls.length && stepCrossesWall(carried[i - 1]!, carried[i]!, walls)) return { refused: "wall" };
  }
  const to = carried.at(-1)!;
  if ((input.occupied ?? []).some((o) => overlaps(o, to))) return { refused: "occupied" };
  return { to, path: carried };
}

const overlaps = (a: GridSpace, b: GridSpace) =>
  a.x < b.x + b.size && b.x < a.x + a.size && a.y < b.y + b.size && b.y < a.y + a.size;

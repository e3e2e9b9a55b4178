/**
 * The tactician's Mark (seed 004, L4277): "The target is marked by you until the start of your
 * next turn. When attacking a marked target, you and each of your allies gains an edge on power rolls
 * and deals extra damage equal to your Reason score." Readings (docs/rules-decisions.md):
 * - "you and each of your allies": the tactician herself, or a creature on her side.
 * - "when attacking": an ability with the Attack keyword; the edge is on its power roll against that
 *   target, the extra damage on a tier that deals damage (a tier without damage gains none).
 * - Each tactician's mark is its own effect: a target two allied tacticians marked gives their side
 *   both edges (a double edge) and both Reasons. A Reason below 0 adds nothing.
 */

/** The targets one tactician has marked (card target keys: token UUIDs), as the GM records them. */
export interface MarkRecord {
  /** The tactician's actor UUID. */
  tactician: string;
  /** The marked creatures' keys (token UUIDs, as ability cards key targets). */
  targets: string[];
}

const isId = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 200;

/** Whether a stored value is a mark record (anything else read back is ignored). */
export function isMarkRecord(v: unknown): v is MarkRecord {
  const r = v as Partial<MarkRecord> | null;
  return !!r && typeof r === "object" && isId(r.tactician) && Array.isArray(r.targets) && r.targets.length <= 20 && r.targets.every(isId);
}

/** The records after `tactician` marked `targets` (added to her marks; L4277 lasts until her next turn). */
export function withMarks(records: readonly MarkRecord[], tactician: string, targets: readonly string[]): MarkRecord[] {
  const mine = records.find((r) => r.tactician === tactician)?.targets ?? [];
  const all = [...new Set([...mine, ...targets])].slice(0, 20);
  return [...records.filter((r) => r.tactician !== tactician), { tactician, targets: all }];
}

/** The records after the start of `tactician`'s turn: her marks end (L4277). */
export function withoutMarks(records: readonly MarkRecord[], tactician: string): MarkRecord[] {
  return records.filter((r) => r.tactician !== tactician);
}

/** What the marks on a target give one attack against it (L4277): edges, extra damage and whose marks. */
export interface MarkBenefit {
  edges: number;
  extraDamage: number;
  tacticians: string[];
}

/**
 * The benefit of the marks on `target` for an attacker: for each tactician who marked it and is the
 * attacker or on the attacker's side (`sameSide`), an edge and extra damage equal to her Reason
 * (`reasonOf`, at least 0). Nothing when the ability is not an attack.
 */
export function markBenefit(
  records: readonly MarkRecord[],
  input: { attack: boolean; target: string; sameSide: (tactician: string) => boolean; reasonOf: (tactician: string) => number },
): MarkBenefit {
  const out: MarkBenefit = { edges: 0, extraDamage: 0, tacticians: [] };
  if (!input.attack) return out;
  for (const r of records) {
    if (!r.targets.includes(input.target) || !input.sameSide(r.tactician)) continue;
    const reason = Number(input.reasonOf(r.tactician));
    out.edges += 1;
    out.extraDamage += Number.isInteger(reason) && reason > 0 ? reason : 0;
    out.tacticians.push(r.tactician);
  }
  return out;
}

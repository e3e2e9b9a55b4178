/**
 * A domain effect's targets and operations checked (issue 29, item 20). Apart from the numbers a
 * Prayer's card shows (./domain-effects.ts), so that these load with the effect's actions (issue 31).
 */
import { spendRecovery } from "./healing.ts";
import type { RecoveryInput } from "./healing.ts";
import { LIFE_OPTIONS, type DomainEffectNumbers } from "./domain-effects.ts";

export type LifeOption = (typeof LIFE_OPTIONS)[number];
/** "within 10 squares of you" (L2405–2441). */
export const DOMAIN_EFFECT_RANGE = 10;

/** A creature the effect names, as the conduit's side sees it. */
export interface DomainEffectTarget {
  key: string;
  /** The conduit herself, an ally (her side), an enemy (the other side), or neither (neutral). */
  role: "self" | "ally" | "enemy" | "other";
  /** Squares from the conduit's space (`spaceDistance`); null off the map. */
  distance: number | null;
  /** Its space, for Storm's 3-cube (L2433); absent off the map. */
  space?: { x: number; y: number; size: number };
}

/** What the effect does to one creature. */
export interface DomainEffectOperation {
  key: string;
  damage?: { amount: number; type: string };
  temporaryStamina?: number;
  /** Life (L2417): Recoveries to spend, effects of EoT or ended by a resistance roll to end, prone to end. */
  recoveries?: number;
  endEffects?: boolean;
  standUp?: boolean;
}

export type DomainEffectPlan =
  | { ok: true; operations: DomainEffectOperation[] }
  | { ok: false; reason: "notApplied" | "option" | "noTarget" | "tooMany" | "role" | "range" | "cube" | "repeated" };

const within = (t: DomainEffectTarget) => t.role === "self" || (t.distance !== null && t.distance <= DOMAIN_EFFECT_RANGE);

/** Whether some 3×3 square area (a 3-cube seen from above) overlaps every space: Storm's area (L2433). */
export function fitInCube(spaces: readonly { x: number; y: number; size: number }[], size = 3): boolean {
  if (!spaces.length) return true;
  // An area [a, a + size) overlaps [x, x + s) when a ≤ x + s − 1 and a + size − 1 ≥ x, on each axis.
  const fits = (axis: "x" | "y") => {
    const low = Math.max(...spaces.map((s) => s[axis] - size + 1));
    const high = Math.min(...spaces.map((s) => s[axis] + s.size - 1));
    return low <= high;
  };
  return fits("x") && fits("y");
}

/**
 * What the domain effect chosen on Prayer's tier 3 does to the creatures named (L2397–2445), or why
 * it cannot: the targets' number, side and distance the effect's text asks for. Applied by the
 * system: Death (two enemies, L2405), Storm (each enemy in a 3-cube, L2433), Sun (one enemy, L2437),
 * Life (you or one ally: 2 Recoveries with its ends and standing up, or 20 temporary Stamina, L2417)
 * and Love (each ally within 10 squares, L2421: its caller lists them all). The others (a wall, a
 * slide, an edge or a tier on a next roll, immunity or extra damage until the end of the conduit's
 * next turn) are the table's: `notApplied`.
 */
export function planDomainEffect(
  numbers: DomainEffectNumbers, targets: readonly DomainEffectTarget[], option?: LifeOption | null,
): DomainEffectPlan {
  const keys = new Set(targets.map((t) => t.key));
  if (keys.size !== targets.length) return { ok: false, reason: "repeated" };
  const enemies = (max: number | null): DomainEffectPlan => {
    if (!targets.length) return { ok: false, reason: "noTarget" };
    if (max !== null && targets.length > max) return { ok: false, reason: "tooMany" };
    if (targets.some((t) => t.role !== "enemy")) return { ok: false, reason: "role" };
    if (!targets.every(within)) return { ok: false, reason: "range" };
    return { ok: true, operations: targets.map((t) => ({ key: t.key, damage: { ...numbers.damage! } })) };
  };
  switch (numbers.domain) {
    case "death": return enemies(2);
    case "sun": return enemies(1);
    case "storm": {
      const plan = enemies(null);
      if (!plan.ok) return plan;
      const spaces = targets.map((t) => t.space);
      if (spaces.some((s) => !s) || !fitInCube(spaces as { x: number; y: number; size: number }[])) return { ok: false, reason: "cube" };
      return plan;
    }
    case "life": {
      if (!option || !(LIFE_OPTIONS as readonly string[]).includes(option)) return { ok: false, reason: "option" };
      if (!targets.length) return { ok: false, reason: "noTarget" };
      if (targets.length > 1) return { ok: false, reason: "tooMany" };
      const t = targets[0]!;
      if (t.role !== "self" && t.role !== "ally") return { ok: false, reason: "role" };
      if (!within(t)) return { ok: false, reason: "range" };
      return {
        ok: true,
        operations: [option === "temporary"
          ? { key: t.key, temporaryStamina: numbers.temporaryStamina! }
          : { key: t.key, recoveries: numbers.recoveries!, endEffects: true, standUp: true }],
      };
    }
    case "love": {
      // "Each ally within 10 squares of you" (L2421): the caller lists every creature of her side in
      // range; an ally is another creature (Life's "you or an ally" names the conduit apart).
      if (targets.some((t) => t.role !== "ally")) return { ok: false, reason: "role" };
      if (!targets.every(within)) return { ok: false, reason: "range" };
      if (!targets.length) return { ok: false, reason: "noTarget" };
      return { ok: true, operations: targets.map((t) => ({ key: t.key, temporaryStamina: numbers.temporaryStamina! })) };
    }
    default: return { ok: false, reason: "notApplied" };
  }
}

/**
 * Life's "spend 2 Recoveries" (L2417), one Recovery after another as L349 has each ("you regain
 * Stamina equal to your recovery value"), through `spendRecovery`: it stops when none is left or one
 * would buy nothing (bleeding: `spendRecovery` refuses). Resolves to the Stamina and Recoveries after,
 * and how many were spent.
 */
export function spendRecoveries(input: RecoveryInput, count: number): { value: number; recoveries: number; spent: number; gained: number } {
  let state = { value: input.value, recoveries: input.recoveries, spent: 0, gained: 0 };
  for (let i = 0; i < count; i++) {
    const r = spendRecovery({ ...input, value: state.value, recoveries: state.recoveries });
    if (!r.ok) break;
    state = { value: r.value, recoveries: r.recoveries, spent: state.spent + 1, gained: state.gained + r.gained };
  }
  return state;
}

/**
 * A domain effect's targets and operations checked (issue 29, item 20). Apart from the numbers a
 * Prayer's card shows (./domain-effects.ts), so that these load with the effect's actions (issue 31).
 */
import { spendRecovery } from "./healing.ts";
import type { RecoveryInput } from "./healing.ts";
import { LIFE_OPTIONS, type DOMAIN_OPTIONS, type DomainEffectNumbers } from "./domain-effects.ts";

export type LifeOption = (typeof LIFE_OPTIONS)[number];
/** A domain effect's way: Life's (L2417) or Fate's tier (L2409). */
export type DomainOption = (typeof DOMAIN_OPTIONS)[number];
/** Knowledge's "up to three allies" (L2413). */
export const KNOWLEDGE_ALLIES = 3;
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
  /** Whether the conduit has line of effect to it (Fate, L2409); absent when unknown (taken as none). */
  lineOfEffect?: boolean;
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
  /** A modifier on the creature's next power roll: Fate's tier (L2409), Knowledge's double edge (L2413), Love's edge (L2421). */
  nextRoll?: { edges: number; tier?: 1 | 3 };
  /** Until the end of the conduit's next turn: Protection's damage immunity (L2429), War's extra damage (L2445). */
  lasting?: { domain: "protection" | "war"; amount: number };
  /** A slide of this many squares (Nature L2425, Trickery L2441), ignoring stability for Trickery's willing ally. */
  slide?: { distance: number; ignoreStability: boolean };
}

export type DomainEffectPlan =
  | { ok: true; operations: DomainEffectOperation[] }
  | { ok: false; reason: "notApplied" | "option" | "noTarget" | "tooMany" | "role" | "range" | "cube" | "repeated" | "lineOfEffect" };

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
 * and Love (each ally within 10 squares, L2421: its caller lists them all, each with 5 temporary
 * Stamina and an edge on its next power roll); Fate (another creature she has line of effect to, a
 * tier 1 or 3 on its next power roll, L2409); Knowledge (up to three allies within 10 squares, a double
 * edge on the next power roll, L2413); Protection (an ally within 10 squares, damage immunity,
 * L2429); War (the conduit herself, extra damage, L2445); Nature and Trickery (a creature within 10
 * squares slid, L2425, L2441; Trickery's ally, willing, ignores stability). Creation's wall takes no
 * creature (`notApplied` here): its squares are checked as a wall area's (`creationWallArea`, src/rules/areas.ts).
 */
export function planDomainEffect(
  numbers: DomainEffectNumbers, targets: readonly DomainEffectTarget[], option?: DomainOption | null,
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
  // One creature the text allows, within 10 squares.
  const single = (allowed: (t: DomainEffectTarget) => boolean):
    { ok: true; target: DomainEffectTarget } | { ok: false; reason: "noTarget" | "tooMany" | "role" | "range" } => {
    if (!targets.length) return { ok: false, reason: "noTarget" };
    if (targets.length > 1) return { ok: false, reason: "tooMany" };
    const t = targets[0]!;
    if (!allowed(t)) return { ok: false, reason: "role" };
    if (numbers.domain !== "fate" && !within(t)) return { ok: false, reason: "range" };
    return { ok: true, target: t };
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
      const love = (t: DomainEffectTarget) => ({ key: t.key, temporaryStamina: numbers.temporaryStamina!, nextRoll: { edges: 1 } });
      return { ok: true, operations: targets.map(love) };
    }
    case "fate": {
      // "Choose another creature you have line of effect to" (L2409): any side, no range, not herself.
      if (option !== "tier1" && option !== "tier3") return { ok: false, reason: "option" };
      const one = single((t) => t.role !== "self");
      if (!one.ok) return one;
      if (one.target.lineOfEffect !== true) return { ok: false, reason: "lineOfEffect" };
      return { ok: true, operations: [{ key: one.target.key, nextRoll: { edges: 0, tier: option === "tier1" ? 1 : 3 } }] };
    }
    case "knowledge": {
      if (!targets.length) return { ok: false, reason: "noTarget" };
      if (targets.length > KNOWLEDGE_ALLIES) return { ok: false, reason: "tooMany" };
      if (targets.some((t) => t.role !== "ally")) return { ok: false, reason: "role" };
      if (!targets.every(within)) return { ok: false, reason: "range" };
      return { ok: true, operations: targets.map((t) => ({ key: t.key, nextRoll: { edges: 2 } })) };
    }
    case "protection": {
      const one = single((t) => t.role === "ally");
      if (!one.ok) return one;
      return { ok: true, operations: [{ key: one.target.key, lasting: { domain: "protection", amount: numbers.immunity! } }] };
    }
    case "war": {
      // "Your attacks" (L2445): the conduit herself; the caller names her.
      const one = single((t) => t.role === "self");
      if (!one.ok) return one;
      return { ok: true, operations: [{ key: one.target.key, lasting: { domain: "war", amount: numbers.extraDamage! } }] };
    }
    case "nature":
    case "trickery": {
      // "A creature of your choice within 10 squares" (L2425), "a creature within 10 squares" (L2441):
      // any creature, the conduit too. Trickery's willing ally moves ignoring stability.
      const one = single(() => true);
      if (!one.ok) return one;
      const ignoreStability = numbers.domain === "trickery" && one.target.role === "ally";
      return { ok: true, operations: [{ key: one.target.key, slide: { distance: numbers.slide!, ignoreStability } }] };
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

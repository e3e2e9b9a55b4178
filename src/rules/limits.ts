/**
 * The largest numbers Draw Steel's rules give (seed 004), as caps the active GM's client puts on
 * what a player asks it to act on: the area of an ability, how far away it reaches, its damage and
 * its forced movement. A player writes her own ability items and her own cards, so none of those
 * numbers is evidence; beyond these caps no ability of the seed (with the largest kit bonus added)
 * goes, and the GM's client refuses instead of drawing, walling or dealing. Pure: plain data in,
 * the broken cap (or null) out. The seed lines are in docs/rules-decisions.md as well.
 */

export interface DrawSteelLimits {
  /** An area's every dimension: a burst's or aura's distance, a cube's side, a line's length and width, a wall's squares. */
  readonly areaSize: number;
  /** How far away anything reaches: a distance, an area's "within", a forced movement. */
  readonly distance: number;
  /** The most damage one tier may deal, and the most its formula may roll. */
  readonly damage: number;
  /** The longest damage formula, in characters ("2d6 + 18 + 4" is 12). */
  readonly formulaLength: number;
  /** The most dice a damage formula may roll. */
  readonly dice: number;
}

export const DRAW_STEEL_LIMITS: DrawSteelLimits = Object.freeze({
  // The largest areas are 5: "5 burst" (L2803, L3230), "5 × 1 line within 1" (L3601), "a 5 wall"
  // (L2401, L2932); cubes are 4 at most (L2737). The largest kit area bonus is +1 (Frigid's Magic
  // Area Bonus, L5320), added to every dimension of a magic ability's area (L4699–4703).
  areaSize: 5 + 1,
  // The longest distance is "Ranged 15" (L5107, L5399); the largest distance bonus is +10 (Sniper's
  // Weapon Distance Bonus, L5097; Missile's Magic Distance Bonus, L5390). The farthest area, "3 cube
  // within 12" (L5329), plus 10, and the longest reach, "Reach 3" (L5205) plus the Reach Bonus +1
  // (L4777), lie within it; so does the longest forced movement, "push 6" (L3608).
  distance: 15 + 10,
  // The most a tier deals is "2d6 + 18 damage" (L4182), up to 30 ("21 damage", L3591, is the
  // largest flat one); the largest kit damage bonus is +4 on tier 3 (+0/+0/+4, L5217).
  damage: 2 * 6 + 18 + 4,
  // Sanity bounds, not the seed's: its longest tier formula is "2d6 + 18" (L4180–4182), two dice.
  formulaLength: 40,
  dice: 10,
});

/** Which cap an area breaks: its size (any dimension) or how far away it may be placed. */
export type AreaLimit = "areaSize" | "distance";

const within = (n: unknown, max: number) => typeof n === "number" && Number.isFinite(n) && n >= 0 && n <= max;

/**
 * The cap an ability's area breaks, or null when it keeps to them all: its size and width (a line's)
 * at most `areaSize`, how far away it may be placed (`within`) at most `distance`. A value that is not
 * a finite number of 0 or more breaks the cap it belongs to.
 */
export function areaLimitProblem(
  area: { size: unknown; width: unknown; within: unknown }, limits: DrawSteelLimits = DRAW_STEEL_LIMITS,
): AreaLimit | null {
  if (!within(area?.size, limits.areaSize) || !within(area?.width, limits.areaSize)) return "areaSize";
  if (!within(area?.within, limits.distance)) return "distance";
  return null;
}

/** Why a damage formula is refused: too long, not a sum of whole numbers and dice, a number beyond the damage cap, too many dice, or a roll that can exceed the cap. */
export type DamageFormulaLimit = "length" | "format" | "number" | "dice" | "total";

/**
 * Why the GM's client refuses a damage formula ("9", "2d6 + 18", "1d6 - 1"), or null for one within
 * the caps. An empty formula deals no damage and passes. Checked in this order: its length (before
 * anything else is read), its shape (whole numbers and NdM dice joined by + and -, so "1e20" is
 * refused), each number (no number above the damage cap, so 10^20 written out is refused), the dice
 * it rolls, and the most it can roll. Linear in the formula's length.
 */
export function damageFormulaProblem(formula: unknown, limits: DrawSteelLimits = DRAW_STEEL_LIMITS): DamageFormulaLimit | null {
  if (typeof formula !== "string") return "format";
  if (formula.length > limits.formulaLength) return "length";
  const compact = formula.replace(/\s+/g, "");
  if (!compact) return null;
  if (!/^[+-]?(\d+d\d+|\d+)([+-](\d+d\d+|\d+))*$/i.test(compact)) return "format";
  let dice = 0;
  let max = 0;
  for (const [, sign, count, faces, flat] of compact.matchAll(/([+-]?)(?:(\d+)d(\d+)|(\d+))/gi)) {
    const numbers = [count, faces, flat].filter((n): n is string => n !== undefined);
    // Compared as digits first: a number of more digits than the cap's cannot be read safely.
    if (numbers.some((n) => n.replace(/^0+/, "").length > String(limits.damage).length || Number(n) > limits.damage)) return "number";
    const most = flat !== undefined ? Number(flat) : Number(count) * Number(faces);
    if (flat === undefined) dice += Number(count);
    if (sign !== "-") max += most;
  }
  if (dice > limits.dice) return "dice";
  return max > limits.damage ? "total" : null;
}

/** Which cap an ability card's tiers break. */
export type CardLimit = "damageFormula" | "damage" | "forced";

/**
 * The first cap an ability card's tiers break, or null: each tier's damage dealt (a whole number
 * from 0 to `damage`, or null for none), its damage formula (`damageFormulaProblem`) and its forced
 * movements' distances (whole numbers from 0 to `distance`). The GM's client checks a
 * player's card with it before applying anything from it.
 */
export function cardLimitProblem(
  tiers: readonly { damage?: { formula?: unknown; value?: unknown } | null; forced?: readonly { distance?: unknown }[] | null }[],
  limits: DrawSteelLimits = DRAW_STEEL_LIMITS,
): CardLimit | null {
  if (!Array.isArray(tiers)) return "damage";
  for (const tier of tiers) {
    const value = tier?.damage?.value ?? null;
    if (value !== null && !(Number.isInteger(value) && within(value, limits.damage))) return "damage";
    const formula = tier?.damage?.formula ?? "";
    if (typeof formula !== "string" || damageFormulaProblem(formula, limits)) return "damageFormula";
    const forced = tier?.forced ?? [];
    if (!Array.isArray(forced) || forced.some((f) => !(Number.isInteger(f?.distance) && within(f?.distance, limits.distance)))) return "forced";
  }
  return null;
}

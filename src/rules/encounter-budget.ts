/**
 * The encounter budget: what a party can fight, in the same Encounter Value (EV) the monster baseline
 * gives every monster (src/rules/monster-baseline.ts), the EV a list of monsters spends, the
 * difficulty band that leaves, and how the Director's creatures split into the groups they act in.
 *
 * The seed (004) prints none of this: it names the Bestiary as where "information for building groups"
 * is found (L6784), says a trivially easy encounter may earn no Victory (L301) and a particularly hard
 * one two (L315). The numbers here are this project's proposal, derived from the baseline's own unit
 * (docs/rules-decisions.md, "Encounter budget"): one platoon creature of a hero's level, EV
 * (2 × level) + 4, stands for one hero. Every number is a world setting the Director can change
 * (src/settings/encounter.ts); these are its defaults.
 */
/** The bands with a lower bound (trivial is everything below easy). */
export const ENCOUNTER_BAND_BOUNDS = ["easy", "standard", "hard", "extreme"] as const;
export type EncounterBandBound = (typeof ENCOUNTER_BAND_BOUNDS)[number];

export interface EncounterBudgetRules {
  /** One hero's EV: `base + perLevel × level` (the baseline's platoon creature of that level: 4 + 2 × level). */
  heroEvBase: number;
  heroEvPerLevel: number;
  /** Every this many Victories the party has on average counts as one more hero; 0 ignores Victories. */
  victoriesPerExtraHero: number;
  /** Each band's lower bound as a fraction of the budget (EV spent ÷ budget ≥ bound). */
  bands: Record<EncounterBandBound, number>;
}

export const DEFAULT_ENCOUNTER_BUDGET_RULES: EncounterBudgetRules = Object.freeze({
  heroEvBase: 4,
  heroEvPerLevel: 2,
  victoriesPerExtraHero: 2,
  bands: Object.freeze({ easy: 0.5, standard: 0.85, hard: 1.15, extreme: 1.5 }),
}) as EncounterBudgetRules;

/** Why a set of budget rules is refused (each has a localised message, SE.Encounter.RulesError.*). */
export type EncounterRulesError = "heroEv" | "victories" | "bandOrder" | "bandRange";

export const isWhole = (n: unknown, min: number, max: number): n is number => typeof n === "number" && Number.isInteger(n) && n >= min && n <= max;
const isFraction = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n) && n > 0 && n <= 10;

/**
 * Budget rules as the Director typed them, checked: whole EV numbers 0–100 with a hero worth at least
 * 1 EV at level 1, Victories per extra hero a whole number 0–20, band bounds above 0 and at most 10
 * times the budget, each band's above the one before. Returns the rules (a clean copy) or the reason.
 */
export function checkEncounterBudgetRules(raw: unknown): { rules: EncounterBudgetRules } | { error: EncounterRulesError } {
  const r = (raw ?? {}) as Partial<Record<keyof EncounterBudgetRules, unknown>>;
  if (!isWhole(r.heroEvBase, 0, 100) || !isWhole(r.heroEvPerLevel, 0, 100) || r.heroEvBase + r.heroEvPerLevel < 1) return { error: "heroEv" };
  if (!isWhole(r.victoriesPerExtraHero, 0, 20)) return { error: "victories" };
  const bands = (r.bands ?? {}) as Partial<Record<EncounterBandBound, unknown>>;
  const values = ENCOUNTER_BAND_BOUNDS.map((b) => bands[b]);
  if (!values.every(isFraction)) return { error: "bandRange" };
  for (let i = 1; i < values.length; i++) if ((values[i] as number) <= (values[i - 1] as number)) return { error: "bandOrder" };
  const clean = Object.fromEntries(ENCOUNTER_BAND_BOUNDS.map((b, i) => [b, values[i] as number])) as Record<EncounterBandBound, number>;
  const { heroEvBase, heroEvPerLevel, victoriesPerExtraHero } = r;
  return { rules: { heroEvBase, heroEvPerLevel, victoriesPerExtraHero, bands: clean } };
}

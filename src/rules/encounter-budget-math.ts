/**
 * The encounter budget's arithmetic (issue 33): budget, EV spent, difficulty, initiative groups.
 * Apart from its rules' shape and defaults (./encounter-budget.ts), which the world setting needs at
 * start, so that the builder's maths loads with the builder (issue 31).
 */
import { MONSTER_ORGANIZATION_IDS } from "./monster-baseline.ts";
import type { MonsterOrganization } from "./monster-baseline.ts";
import { DEFAULT_ENCOUNTER_BUDGET_RULES, isWhole, ENCOUNTER_BAND_BOUNDS, type EncounterBudgetRules, type EncounterBandBound } from "./encounter-budget.ts";

/** A minion's EV is the EV of a group of this many (the baseline's "a minion's EV is for a group of four"). */
export const MINION_EV_GROUP = 4;

export const ENCOUNTER_DIFFICULTIES = ["trivial", "easy", "standard", "hard", "extreme"] as const;
export type EncounterDifficulty = (typeof ENCOUNTER_DIFFICULTIES)[number];

export const HERO_LEVEL_MIN = 1;
export const HERO_LEVEL_MAX = 10;
/** The most heroes (or hero slots) a budget counts: a guard against typos, not a rule. */
export const PARTY_SIZE_MAX = 12;

/** One hero's EV at a level: the EV of a platoon creature of that level with the default rules. */
export function heroEv(level: number, rules: EncounterBudgetRules = DEFAULT_ENCOUNTER_BUDGET_RULES): number {
  if (!isWhole(level, HERO_LEVEL_MIN, HERO_LEVEL_MAX)) throw new RangeError(`hero level must be a whole number from 1 to 10, got ${level}`);
  return rules.heroEvBase + rules.heroEvPerLevel * level;
}

export interface BudgetHero { level: number; victories: number }

export interface EncounterBudget {
  /** The EV the party can fight at a standard difficulty. */
  budget: number;
  heroes: number;
  /** The heroes' own EV, added up. */
  heroesEv: number;
  /** Extra heroes the party's Victories count as, and the EV they add (each the heroes' average, rounded half up). */
  extraHeroes: number;
  victoriesEv: number;
  averageVictories: number;
}

/**
 * The party's budget: each hero's EV, plus one average hero's EV for every `victoriesPerExtraHero`
 * Victories the heroes have on average (rounded down). A hero's Victories make her stronger: she
 * starts each combat with her Heroic Resource equal to them (L2371–2373, L3293–3295). An empty party
 * has no budget (0); a level outside 1–10 or negative or fractional Victories throw a RangeError.
 */
export function encounterBudget(
  heroes: readonly BudgetHero[], rules: EncounterBudgetRules = DEFAULT_ENCOUNTER_BUDGET_RULES,
): EncounterBudget {
  if (heroes.length > PARTY_SIZE_MAX) throw new RangeError(`a party has at most ${PARTY_SIZE_MAX} heroes here, got ${heroes.length}`);
  for (const h of heroes) {
    if (!isWhole(h.victories, 0, 1000)) throw new RangeError(`Victories must be a whole number of 0 or more, got ${h.victories}`);
  }
  const evs = heroes.map((h) => heroEv(h.level, rules));
  const heroesEv = evs.reduce((a, b) => a + b, 0);
  if (!heroes.length) return { budget: 0, heroes: 0, heroesEv: 0, extraHeroes: 0, victoriesEv: 0, averageVictories: 0 };
  const averageVictories = heroes.reduce((a, h) => a + h.victories, 0) / heroes.length;
  const extraHeroes = rules.victoriesPerExtraHero > 0 ? Math.floor(averageVictories / rules.victoriesPerExtraHero + 1e-9) : 0;
  const victoriesEv = extraHeroes * Math.floor(heroesEv / heroes.length + 0.5);
  return { budget: heroesEv + victoriesEv, heroes: heroes.length, heroesEv, extraHeroes, victoriesEv, averageVictories };
}

/** A party given as a count of heroes of one level and one number of Victories each. */
export function partyOf(count: number, level: number, victories = 0): BudgetHero[] {
  if (!isWhole(count, 0, PARTY_SIZE_MAX)) throw new RangeError(`a party has 0 to ${PARTY_SIZE_MAX} heroes, got ${count}`);
  return Array.from({ length: count }, () => ({ level, victories }));
}

const isOrganization = (v: string): v is MonsterOrganization => (MONSTER_ORGANIZATION_IDS as readonly string[]).includes(v);

export interface EncounterMonster {
  /** The monster's EV as its stat block gives it (for a minion: a group of four's). */
  ev: number;
  organization: string;
  count: number;
}

/** How many groups of four `count` minions make, a part group counting as a whole one. */
export function minionGroups(count: number): number {
  return Math.ceil(count / MINION_EV_GROUP);
}

/** How many more minions would fill the last group of four (0 when every group is full). */
export function minionsShort(count: number): number {
  return (MINION_EV_GROUP - (count % MINION_EV_GROUP)) % MINION_EV_GROUP;
}

/**
 * The EV `count` of one monster spend: EV × count, but minions by the group of four (a part group
 * costs a whole one: the Director pays for the squad). A count must be a whole number 0–100, an EV a
 * whole number 0 or more; an unknown organization throws.
 */
export function monsterEvSpent({ ev, organization, count }: EncounterMonster): number {
  if (!isWhole(count, 0, 100)) throw new RangeError(`a count must be a whole number from 0 to 100, got ${count}`);
  if (!isWhole(ev, 0, 100000)) throw new RangeError(`an EV must be a whole number of 0 or more, got ${ev}`);
  if (!isOrganization(organization)) throw new RangeError(`unknown monster organization: ${organization}`);
  return organization === "minion" ? ev * minionGroups(count) : ev * count;
}

/**
 * The EV a list of monsters spends, entry by entry: minions split between two entries (two initiative
 * groups) pay for each entry's part group, as each entry is a squad of its own.
 */
export function encounterEvSpent(monsters: readonly EncounterMonster[]): number {
  return monsters.reduce((sum, m) => sum + monsterEvSpent(m), 0);
}

/** The difficulty band of spending `spent` EV against `budget` (a budget of 0 or less throws). */
export function encounterDifficulty(
  spent: number, budget: number, rules: EncounterBudgetRules = DEFAULT_ENCOUNTER_BUDGET_RULES,
): EncounterDifficulty {
  if (!(budget > 0)) throw new RangeError(`a budget must be above 0, got ${budget}`);
  if (!(spent >= 0)) throw new RangeError(`EV spent must be 0 or more, got ${spent}`);
  const ratio = spent / budget;
  let band: EncounterDifficulty = "trivial";
  for (const b of ENCOUNTER_BAND_BOUNDS) if (ratio >= rules.bands[b] - 1e-9) band = b;
  return band;
}

/**
 * Each band's EV range for a budget: `[from, to]` whole EV, `to` null for extreme (no upper end).
 * A band's lowest EV is its bound × budget rounded up; it ends one below the next band's.
 */
export type DifficultyRanges = Record<EncounterDifficulty, [number, number | null]>;

export function difficultyRanges(budget: number, rules: EncounterBudgetRules = DEFAULT_ENCOUNTER_BUDGET_RULES): DifficultyRanges {
  if (!(budget > 0)) throw new RangeError(`a budget must be above 0, got ${budget}`);
  const from = (b: EncounterBandBound) => Math.ceil(rules.bands[b] * budget - 1e-9);
  const starts = [0, ...ENCOUNTER_BAND_BOUNDS.map(from)];
  const range = (i: number): [number, number | null] =>
    [starts[i]!, i + 1 < starts.length ? Math.max(starts[i]!, starts[i + 1]! - 1) : null];
  return Object.fromEntries(ENCOUNTER_DIFFICULTIES.map((d, i) => [d, range(i)])) as DifficultyRanges;
}

/**
 * The Victories the heroes earn for winning an encounter of this difficulty: 1 (L301, L315); a
 * trivial one may earn none (L301: "a trivially easy encounter doesn't increase a hero's Victories");
 * a hard or extreme one is the seed's "particularly hard" encounter, worth 2 (L315).
 */
export function victoriesForDifficulty(difficulty: EncounterDifficulty): number {
  return difficulty === "trivial" ? 0 : difficulty === "hard" || difficulty === "extreme" ? 2 : 1;
}

export interface GroupableMonster {
  /** What tells one monster from another (its UUID). */
  key: string;
  organization: string;
  ev: number;
  count: number;
}

export interface InitiativeGroup {
  members: { key: string; count: number }[];
  /** The EV the group spends. */
  ev: number;
}

interface Unit { key: string; count: number; ev: number }

/**
 * How the Director's creatures split into the groups they act in (L6784: the Director picks a group,
 * then each creature or minion squad of it acts in turn). The seed leaves building groups to the
 * Bestiary, which it does not print; this project's proposal:
 * - a solo acts alone: a group each;
 * - minions of one kind fight in squads of four (a part squad for the rest), each squad one unit;
 *   every other creature is a unit;
 * - the units start in one group per kind; then, so that the sides take about as many turns (L6756–
 *   6768 alternate them), the groups are merged (the two with the least EV) or split (the one with the
 *   most EV, in halves) until there are as many as heroes less solos, at least one.
 * Solos come first, then the groups by EV, most first. A kind listed twice is one kind.
 */
export function suggestInitiativeGroups(monsters: readonly GroupableMonster[], heroes: number): InitiativeGroup[] {
  const solos: InitiativeGroup[] = [];
  const kinds = new Map<string, Unit[]>();
  for (const m of monsters) {
    monsterEvSpent(m); // validates
    if (m.count === 0) continue;
    if (m.organization === "solo") {
      for (let i = 0; i < m.count; i++) solos.push({ members: [{ key: m.key, count: 1 }], ev: m.ev });
      continue;
    }
    const units = kinds.get(m.key) ?? [];
    kinds.set(m.key, units);
    if (m.organization === "minion") {
      // Squads are made of all the kind's minions together (a kind listed twice fills squads across entries).
      const total = units.reduce((a, u) => a + u.count, 0) + m.count;
      units.length = 0;
      for (let left = total; left > 0; left -= MINION_EV_GROUP) {
        units.push({ key: m.key, count: Math.min(MINION_EV_GROUP, left), ev: m.ev });
      }
    } else {
      for (let i = 0; i < m.count; i++) units.push({ key: m.key, count: 1, ev: m.ev });
    }
  }
  let groups = [...kinds.values()].filter((u) => u.length).map((units) => [...units]);
  const unitCount = groups.reduce((a, g) => a + g.length, 0);
  const evOf = (g: Unit[]) => g.reduce((a, u) => a + u.ev, 0);
  if (groups.length) {
    const target = Math.min(unitCount, Math.max(1, heroes - solos.length));
    while (groups.length > target) {
      // The two groups with the least EV (the later one on a tie) become one.
      const order = groups.map((g, i) => ({ i, ev: evOf(g) })).sort((a, b) => a.ev - b.ev || b.i - a.i);
      const [a, b] = [order[0]!.i, order[1]!.i].sort((x, y) => x - y) as [number, number];
      groups[a] = [...groups[a]!, ...groups[b]!];
      groups.splice(b, 1);
    }
    while (groups.length < target) {
      let best = -1;
      for (let i = 0; i < groups.length; i++) if (groups[i]!.length > 1 && (best < 0 || evOf(groups[i]!) > evOf(groups[best]!))) best = i;
      if (best < 0) break;
      const g = groups[best]!;
      const half = Math.ceil(g.length / 2);
      groups = [...groups.slice(0, best), g.slice(0, half), g.slice(half), ...groups.slice(best + 1)];
    }
  }
  const summarise = (units: Unit[]): InitiativeGroup => {
    const members: { key: string; count: number }[] = [];
    for (const u of units) {
      const m = members.find((x) => x.key === u.key);
      if (m) m.count += u.count;
      else members.push({ key: u.key, count: u.count });
    }
    return { members, ev: evOf(units) };
  };
  const rest = groups.map(summarise).map((g, i) => ({ g, i })).sort((a, b) => b.g.ev - a.g.ev || a.i - b.i).map(({ g }) => g);
  return [...solos, ...rest];
}

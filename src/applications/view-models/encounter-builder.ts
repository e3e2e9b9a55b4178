/**
 * View-model of the encounter builder (`templates/encounter/builder.hbs`): the Director's draft (the
 * party and the groups of monsters), the changes the window makes to it, and the context the template
 * shows (budget, EV spent, difficulty band and its EV ranges, Victories for winning, the groups).
 * Pure: the budget rules are passed in (the world setting), so are the localisation functions.
 */
import { ENCOUNTER_BAND_BOUNDS } from "../../rules/encounter-budget.ts";
import { ENCOUNTER_DIFFICULTIES, HERO_LEVEL_MAX, HERO_LEVEL_MIN, PARTY_SIZE_MAX, difficultyRanges, encounterBudget, encounterDifficulty, heroEv, minionsShort, monsterEvSpent, partyOf, suggestInitiativeGroups, victoriesForDifficulty } from "../../rules/encounter-budget-math.ts";
import type { EncounterBudgetRules } from "../../rules/encounter-budget.ts";
import type { BudgetHero } from "../../rules/encounter-budget-math.ts";
import type { I18n } from "./i18n.ts";

export interface DraftHero { uuid: string; name: string; img: string; level: number; victories: number }
export interface DraftMonster {
  uuid: string;
  name: string;
  img: string;
  level: number;
  organization: string;
  role: string;
  ev: number;
  count: number;
}
export interface DraftGroup { id: string; name: string; members: DraftMonster[] }
export interface EncounterDraft {
  party: {
    mode: "heroes" | "count"; heroes: DraftHero[]; count: number; level: number; victories: number;
    /** The party actor the heroes are (its members), or null when picked by hand or counted. */
    partyId?: string | null;
  };
  groups: DraftGroup[];
  hidden: boolean;
}

export const emptyDraft = (): EncounterDraft => ({
  party: { mode: "count", heroes: [], count: 4, level: 1, victories: 0, partyId: null }, groups: [], hidden: false,
});

/** A party actor as the builder offers it: its id, name, whether it is the world's primary party. */
export interface PartyChoice { id: string; name: string; primary: boolean }

/**
 * The party becomes a party actor's members (as heroes, at their levels and Victories), at most
 * PARTY_SIZE_MAX of them, each once. A party with no hero falls back to the count and level.
 */
export function useParty(draft: EncounterDraft, party: { id: string; heroes: readonly DraftHero[] }): EncounterDraft {
  const heroes: DraftHero[] = [];
  for (const h of party.heroes) {
    if (heroes.length >= PARTY_SIZE_MAX || heroes.some((x) => x.uuid === h.uuid)) continue;
    heroes.push({ ...h, level: clampInt(h.level, HERO_LEVEL_MIN, HERO_LEVEL_MAX, 1), victories: clampInt(h.victories, 0, 1000, 0) });
  }
  return { ...draft, party: { ...draft.party, mode: heroes.length ? "heroes" : "count", heroes, partyId: party.id } };
}

const clampInt = (n: unknown, min: number, max: number, fallback: number) => {
  const v = Math.round(Number(n));
  return Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;
};

let nextGroup = 0;
const groupId = () => `g${Date.now().toString(36)}${(++nextGroup).toString(36)}`;

/** The party as the budget reads it. */
export function draftParty(draft: EncounterDraft): BudgetHero[] {
  const p = draft.party;
  return p.mode === "heroes" ? p.heroes.map((h) => ({ level: h.level, victories: h.victories })) : partyOf(p.count, p.level, p.victories);
}

/** A hero added to the party (once; the party switches to heroes). At most PARTY_SIZE_MAX. */
export function addHero(draft: EncounterDraft, hero: DraftHero): EncounterDraft {
  const heroes = draft.party.heroes.some((h) => h.uuid === hero.uuid) || draft.party.heroes.length >= PARTY_SIZE_MAX
    ? draft.party.heroes
    : [...draft.party.heroes, {
      ...hero, level: clampInt(hero.level, HERO_LEVEL_MIN, HERO_LEVEL_MAX, 1), victories: clampInt(hero.victories, 0, 1000, 0),
    }];
  return { ...draft, party: { ...draft.party, mode: "heroes", heroes, partyId: null } };
}

export function removeHero(draft: EncounterDraft, uuid: string): EncounterDraft {
  return { ...draft, party: { ...draft.party, heroes: draft.party.heroes.filter((h) => h.uuid !== uuid), partyId: null } };
}

/** The count-and-level party's fields, each clamped to what the budget accepts. */
export function setPartyField(draft: EncounterDraft, field: "mode" | "count" | "level" | "victories", value: unknown): EncounterDraft {
  const p = { ...draft.party };
  if (field === "mode") {
    p.mode = value === "heroes" ? "heroes" : "count";
    p.partyId = null;
  }
  else if (field === "count") p.count = clampInt(value, 1, PARTY_SIZE_MAX, p.count);
  else if (field === "level") p.level = clampInt(value, HERO_LEVEL_MIN, HERO_LEVEL_MAX, p.level);
  else p.victories = clampInt(value, 0, 1000, p.victories);
  return { ...draft, party: p };
}

/**
 * A monster dropped on a group (or, with no group id or an unknown one, on a new group): one more of
 * it when the group has it already (four more for a minion, a squad), else a new member with a count of
 * one (four for a minion).
 */
export function addMonster(draft: EncounterDraft, monster: Omit<DraftMonster, "count">, toGroup: string | null, newName = ""): EncounterDraft {
  const step = monster.organization === "minion" ? 4 : 1;
  const target = draft.groups.find((g) => g.id === toGroup);
  if (!target) return { ...draft, groups: [...draft.groups, { id: groupId(), name: newName, members: [{ ...monster, count: step }] }] };
  return {
    ...draft,
    groups: draft.groups.map((g) => {
      if (g !== target) return g;
      const has = g.members.some((m) => m.uuid === monster.uuid);
      return {
        ...g,
        members: has
          ? g.members.map((m) => (m.uuid === monster.uuid ? { ...m, count: Math.min(100, m.count + step) } : m))
          : [...g.members, { ...monster, count: step }],
      };
    }),
  };
}

/** A member's count (a whole number 1–100); 0 or less removes it. */
export function setMemberCount(draft: EncounterDraft, group: string, uuid: string, count: unknown): EncounterDraft {
  const n = Math.round(Number(count));
  if (!Number.isFinite(n)) return draft;
  return {
    ...draft,
    groups: draft.groups.map((g) => (g.id !== group ? g : {
      ...g,
      members: n <= 0
        ? g.members.filter((m) => m.uuid !== uuid)
        : g.members.map((m) => (m.uuid === uuid ? { ...m, count: Math.min(100, n) } : m)),
    })),
  };
}

export function renameGroup(draft: EncounterDraft, group: string, name: string): EncounterDraft {
  return { ...draft, groups: draft.groups.map((g) => (g.id === group ? { ...g, name: name.slice(0, 80) } : g)) };
}

export function addGroup(draft: EncounterDraft): EncounterDraft {
  return { ...draft, groups: [...draft.groups, { id: groupId(), name: "", members: [] }] };
}

export function removeGroup(draft: EncounterDraft, group: string): EncounterDraft {
  return { ...draft, groups: draft.groups.filter((g) => g.id !== group) };
}

/** Every monster of the draft regrouped by the rules' suggestion for this party (names are cleared). */
export function suggestGroups(draft: EncounterDraft): EncounterDraft {
  const kinds = new Map<string, DraftMonster>();
  for (const g of draft.groups) {
    for (const m of g.members) {
      const k = kinds.get(m.uuid);
      kinds.set(m.uuid, k ? { ...k, count: k.count + m.count } : { ...m });
    }
  }
  const heroes = draftParty(draft).length;
  const monsters = [...kinds.values()].map((m) => ({ key: m.uuid, organization: m.organization, ev: m.ev, count: m.count }));
  const groups = suggestInitiativeGroups(monsters, heroes);
  return {
    ...draft,
    groups: groups.map((g) => ({ id: groupId(), name: "", members: g.members.map((x) => ({ ...kinds.get(x.key)!, count: x.count })) })),
  };
}

/** What the window needs to place the draft (src/documents/encounter.ts `placeEncounter`), names defaulted. */
export function draftPlan(draft: EncounterDraft, i18n: I18n) {
  return {
    groups: draft.groups.map((g, i) => ({
      name: g.name.trim() || i18n.format("SE.Encounter.GroupName", { n: i + 1 }),
      members: g.members.map((m) => ({ uuid: m.uuid, count: m.count })),
    })),
    heroUuids: draft.party.mode === "heroes" ? draft.party.heroes.map((h) => h.uuid) : [],
    hidden: draft.hidden,
  };
}

const safeSpent = (m: DraftMonster) => {
  try {
    return monsterEvSpent(m);
  } catch {
    return 0;
  }
};

/**
 * The party select's choices: each party actor (its members as the heroes), heroes picked by hand,
 * or a count and a level; the draft's choice selected.
 */
function partyChoices(draft: EncounterDraft, parties: readonly PartyChoice[], i18n: I18n) {
  const chosen = draft.party.mode === "heroes" && draft.party.partyId ? `party:${draft.party.partyId}` : draft.party.mode;
  return [
    ...parties.map((p) => ({
      value: `party:${p.id}`, label: i18n.format(p.primary ? "SE.Encounter.PartyActorPrimary" : "SE.Encounter.PartyActor", { name: p.name }),
    })),
    { value: "heroes", label: i18n.localize("SE.Encounter.PartyHeroes") },
    { value: "count", label: i18n.localize("SE.Encounter.PartyCount") },
  ].map((c) => ({ ...c, selected: c.value === chosen }));
}

/**
 * The template's context. `isGM`: the window is the Director's; a player's view says so and shows
 * nothing else. `parties`: the world's party actors the Director may take the heroes from.
 */
export function encounterBuilderContext(
  draft: EncounterDraft, rules: EncounterBudgetRules, i18n: I18n, { isGM = true, parties = [] as readonly PartyChoice[] } = {},
) {
  const party = draftParty(draft);
  const budget = encounterBudget(party, rules);
  const members = draft.groups.flatMap((g) => g.members);
  // Entry by entry (the rules' encounterEvSpent); an entry the rules refuse (a bad count) spends nothing.
  const spent = members.reduce((a, m) => a + safeSpent(m), 0);
  const band = budget.budget > 0 ? encounterDifficulty(spent, budget.budget, rules) : null;
  const ranges = budget.budget > 0 ? difficultyRanges(budget.budget, rules) : null;
  const label = (d: string) => i18n.localize(`SE.Encounter.Band.${d}`);
  return {
    isGM,
    party: {
      heroesMode: draft.party.mode === "heroes",
      choices: partyChoices(draft, parties, i18n),
      // A party actor chosen with no hero among its members: the count and level stand in.
      emptyParty: draft.party.mode === "count" && draft.party.partyId
        ? i18n.format("SE.Encounter.PartyEmpty", { name: parties.find((p) => p.id === draft.party.partyId)?.name ?? "" }) : "",
      count: draft.party.count, level: draft.party.level, victories: draft.party.victories,
      heroes: draft.party.heroes.map((h) => ({
        ...h,
        line: i18n.format("SE.Encounter.HeroLine", { level: h.level, victories: h.victories, ev: heroEv(h.level, rules) }),
        removeLabel: i18n.format("SE.Encounter.RemoveHero", { name: h.name }),
      })),
      levelMin: HERO_LEVEL_MIN, levelMax: HERO_LEVEL_MAX, countMax: PARTY_SIZE_MAX,
    },
    hasBudget: budget.budget > 0,
    budget: budget.budget,
    budgetDetail: i18n.format("SE.Encounter.BudgetDetail", {
      heroes: budget.heroes, heroesEv: budget.heroesEv, extra: budget.victoriesEv, extraHeroes: budget.extraHeroes,
    }),
    spent,
    band: band ?? "",
    bandLabel: band ? label(band) : "",
    award: band ? i18n.format("SE.Encounter.Award", { n: victoriesForDifficulty(band) }) : "",
    ranges: ranges ? ENCOUNTER_DIFFICULTIES.map((d) => {
      const [from, to] = ranges[d];
      return {
        band: d, label: label(d), current: d === band,
        range: to === null ? i18n.format("SE.Encounter.RangeOpen", { from }) : i18n.format("SE.Encounter.RangeClosed", { from, to }),
      };
    }) : [],
    meter: budget.budget > 0 ? Math.min(100, Math.round((spent / budget.budget) * 50)) : 0,
    groups: draft.groups.map((g, i) => {
      const ev = g.members.reduce((a, m) => a + safeSpent(m), 0);
      const name = g.name || i18n.format("SE.Encounter.GroupName", { n: i + 1 });
      return {
        id: g.id, name: g.name, placeholder: i18n.format("SE.Encounter.GroupName", { n: i + 1 }),
        nameLabel: i18n.format("SE.Encounter.GroupLabel", { n: i + 1 }),
        removeLabel: i18n.format("SE.Encounter.RemoveGroup", { name }),
        ev: i18n.format("SE.Encounter.GroupEv", { ev }),
        empty: !g.members.length,
        members: g.members.map((m) => {
          const short = m.organization === "minion" ? minionsShort(m.count) : 0;
          return {
            ...m,
            line: i18n.format("SE.Encounter.MemberLine", {
              level: m.level, ev: safeSpent(m),
              organization: i18n.localize(`SE.Organization.${m.organization}`), role: i18n.localize(`SE.Role.${m.role}`),
            }),
            short: short ? i18n.format("SE.Encounter.MinionsShort", { n: short }) : "",
            countLabel: i18n.format("SE.Encounter.CountOf", { name: m.name }),
            removeLabel: i18n.format("SE.Encounter.RemoveMember", { name: m.name }),
          };
        }),
      };
    }),
    canPlace: isGM && members.some((m) => m.count > 0),
    hidden: draft.hidden,
    rules: {
      heroEvBase: rules.heroEvBase, heroEvPerLevel: rules.heroEvPerLevel, victoriesPerExtraHero: rules.victoriesPerExtraHero,
      bands: ENCOUNTER_BAND_BOUNDS.map((b) => ({ band: b, value: rules.bands[b], label: i18n.format("SE.Encounter.Rules.Band", { band: label(b) }) })),
    },
  };
}

export type EncounterBuilderContext = ReturnType<typeof encounterBuilderContext>;

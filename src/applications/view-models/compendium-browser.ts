/**
 * View-model of the compendium browser (`templates/compendium-browser/*.hbs`): the index model
 * (every system pack's entries, src/rules/compendium-filters.ts), the filter the user set and the
 * labels in, the tabs, filter controls and results out. Pure. The filter controls are a form whose
 * field names are the filter's paths; `browserFilterFromForm` reads them back.
 */
import { BROWSER_KINDS, BROWSER_SORTS, emptyBrowserFilter, facetValues, filterEntries, kindCounts } from "../../rules/compendium-filters.ts";
import { STATE_IDS } from "../../rules/conditions.ts";
import type { BrowserEntry, BrowserFacetValues, BrowserFilter, BrowserKind, BrowserSort, NumberRange } from "../../rules/compendium-filters.ts";
import type { I18n } from "./i18n.ts";

/** Results drawn at most at once; the count says how many more there are (a narrower filter shows them). */
export const BROWSER_RESULT_LIMIT = 200;

const SORTS_OF: Record<BrowserKind, BrowserSort[]> = {
  ability: ["name", "cost", "distance"], monster: ["name", "level", "ev"], class: ["name"], kit: ["name"], ancestry: ["name"],
  culture: ["name"], career: ["name"], complication: ["name"], condition: ["name"],
};

interface CheckOption { value: string; label: string; checked: boolean }
export interface CheckFacet { kind: "checks"; name: string; label: string; options: CheckOption[] }
export interface RangeFacet { kind: "range"; name: string; label: string; min: string; max: string; low: number | null; high: number | null }
export interface ToggleFacet { kind: "toggle"; name: string; label: string; checked: boolean }
export type BrowserFacet = CheckFacet | RangeFacet | ToggleFacet;

function checks(
  name: string, label: string, values: readonly string[], chosen: readonly string[], labelOf: (v: string) => string,
): CheckFacet | null {
  if (values.length < 2 && !chosen.length) return null;
  const all = [...new Set([...values, ...chosen])];
  return { kind: "checks", name, label, options: all.map((value) => ({ value, label: labelOf(value), checked: chosen.includes(value) })) };
}

function range(name: string, label: string, span: NumberRange, chosen: NumberRange): RangeFacet | null {
  if (span.min === null || (span.min === span.max && chosen.min === null && chosen.max === null)) return null;
  const text = (n: number | null) => (n === null ? "" : String(n));
  return { kind: "range", name, label, min: text(chosen.min), max: text(chosen.max), low: span.min, high: span.max };
}

/** The filter controls of a tab, with only the choices its entries can match. */
export function browserFacets(kind: BrowserKind, values: BrowserFacetValues, filter: BrowserFilter, i18n: I18n): BrowserFacet[] {
  const L = (key: string) => (v: string) => i18n.localize(`${key}.${v}`);
  const plain = (v: string) => v;
  const t = (key: string) => i18n.localize(`SE.Browser.Filter.${key}`);
  const f = filter;
  const list: (BrowserFacet | null)[] = [];
  const group = (label: string) => checks("groups", t(label), values.groups, f.groups, plain);
  switch (kind) {
    case "ability":
      list.push(
        group("Class"),
        checks("ability.types", t("Type"), values.abilityTypes, f.ability.types, L("SE.AbilityType")),
        checks("ability.keywords", t("Keywords"), values.keywords, f.ability.keywords, L("SE.Keyword")),
        values.keywords.length > 1 ? { kind: "toggle", name: "ability.allKeywords", label: t("AllKeywords"), checked: f.ability.allKeywords } : null,
        range("ability.cost", t("Cost"), values.cost, f.ability.cost),
        checks("ability.resources", t("Resource"), values.resources, f.ability.resources, L("SE.CostResource")),
        checks("ability.distanceKinds", t("Distance"), values.distanceKinds, f.ability.distanceKinds, L("SE.DistanceKind")),
        range("ability.distance", t("DistanceValue"), values.distance, f.ability.distance),
      );
      break;
    case "monster":
      list.push(
        range("monster.level", t("Level"), values.level, f.monster.level),
        checks("monster.organizations", t("Organization"), values.organizations, f.monster.organizations, L("SE.Organization")),
        checks("monster.roles", t("Role"), values.roles, f.monster.roles, L("SE.Role")),
        range("monster.ev", t("EV"), values.ev, f.monster.ev),
        checks("monster.keywords", t("Keywords"), values.monsterKeywords, f.monster.keywords, plain),
        group("Group"),
      );
      break;
    case "kit":
      list.push(
        checks("kit.kitTypes", t("KitType"), values.kitTypes, f.kit.kitTypes, L("SE.KitType")),
        checks("kit.weapons", t("Weapon"), values.weapons, f.kit.weapons, L("SE.Weapon")),
        checks("kit.armor", t("Armor"), values.armor, f.kit.armor, L("SE.Armor")),
        group("Group"),
      );
      break;
    case "condition":
      list.push(checks("condition.statusKinds", t("ConditionKind"), ["condition", "state"], f.condition.statusKinds, L("SE.Browser.ConditionKind")));
      break;
    default:
      list.push(checks("types", t("Type"), values.types, f.types, L("TYPES.Item")), group(kind === "class" ? "Class" : "Group"));
  }
  return list.filter((x): x is BrowserFacet => x !== null);
}

/** A facet with the flags the template switches on (Handlebars has no equality test of its own here). */
function drawnFacet(facet: BrowserFacet) {
  return { ...facet, isToggle: facet.kind === "toggle", isRange: facet.kind === "range" };
}

/** One line about an entry under its name: what a Director scans a list for. */
export function entrySummary(entry: BrowserEntry, i18n: I18n): string {
  const a = entry.ability;
  if (a) {
    const shape = a.distanceKind ? `${i18n.localize(`SE.DistanceKind.${a.distanceKind}`)}${["self", "special"].includes(a.distanceKind) ? "" : ` ${a.distance}`}` : "";
    const distance = a.distanceText || shape;
    const resource = i18n.localize(`SE.CostResource.${a.resource || "other"}`);
    const cost = a.cost > 0 ? i18n.format("SE.Browser.Cost", { cost: a.cost, resource }) : "";
    return [a.type ? i18n.localize(`SE.AbilityType.${a.type}`) : "", distance, cost, entry.group].filter(Boolean).join(" · ");
  }
  const m = entry.monster;
  if (m) {
    return [
      i18n.format("SE.Browser.MonsterLine", {
        level: m.level, organization: m.organization ? i18n.localize(`SE.Organization.${m.organization}`) : "",
        role: m.role ? i18n.localize(`SE.Role.${m.role}`) : "",
      }).replace(/\s+/g, " ").trim(),
      i18n.format("SE.Browser.EV", { ev: m.ev }),
    ].join(" · ");
  }
  const k = entry.kit;
  if (k) {
    const words = (key: string, list: string[]) => list.map((v) => i18n.localize(`${key}.${v}`)).join(", ");
    return [
      k.kitType ? i18n.localize(`SE.KitType.${k.kitType}`) : "",
      k.weapons.length ? i18n.format("SE.Browser.Weapons", { list: words("SE.Weapon", k.weapons) }) : "",
      k.armor.length ? i18n.format("SE.Browser.ArmorList", { list: words("SE.Armor", k.armor) }) : "",
    ].filter(Boolean).join(" · ");
  }
  if (entry.kind === "condition") {
    return i18n.localize(`SE.Browser.ConditionKind.${(STATE_IDS as readonly string[]).includes(entry.statusId ?? "") ? "state" : "condition"}`);
  }
  return [i18n.localize(`TYPES.${entry.documentName}.${entry.type}`), entry.group].filter(Boolean).join(" · ");
}

/** The keywords shown as tags on a result. */
function entryTags(entry: BrowserEntry, i18n: I18n): string[] {
  if (entry.ability) return entry.ability.keywords.map((k) => i18n.localize(`SE.Keyword.${k}`));
  return entry.monster?.keywords ?? [];
}

/** What the window draws: tabs with their counts, the active tab's controls, and its results. */
export function compendiumBrowserContext(
  entries: readonly BrowserEntry[], filter: BrowserFilter, i18n: I18n, limit = BROWSER_RESULT_LIMIT,
) {
  const counts = kindCounts(entries);
  const found = filterEntries(entries, filter, STATE_IDS);
  const sorts = SORTS_OF[filter.kind];
  return {
    kind: filter.kind,
    search: filter.search,
    tabs: BROWSER_KINDS.map((kind) => ({
      kind, label: i18n.localize(`SE.Browser.Tab.${kind}`), count: counts[kind], active: kind === filter.kind,
    })).filter((t) => t.count > 0 || t.active),
    facets: browserFacets(filter.kind, facetValues(entries, filter.kind), filter, i18n).map(drawnFacet),
    sorts: sorts.map((s) => ({ value: s, label: i18n.localize(`SE.Browser.Sort.${s}`), selected: s === filter.sort })),
    hasSorts: sorts.length > 1,
    results: found.slice(0, limit).map((e) => ({
      uuid: e.uuid, documentName: e.documentName, name: e.name, img: e.img || "icons/svg/book.svg",
      summary: entrySummary(e, i18n), tags: entryTags(e, i18n),
    })),
    count: i18n.format(found.length > limit ? "SE.Browser.CountMore" : "SE.Browser.Count", { shown: Math.min(found.length, limit), total: found.length }),
    empty: found.length === 0,
    loading: false,
  };
}

const numberOrNull = (v: string | undefined) => {
  if (v === undefined || v.trim() === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : null;
};

/**
 * The filter a form holds (its fields named for the filter's paths: `groups`, `ability.cost.min`, …):
 * pairs as `FormData#entries()` gives them. What is not a known choice is left out; a range's ends
 * are whole numbers or open; a low end above the high end swaps them.
 */
export function browserFilterFromForm(kind: BrowserKind, pairs: Iterable<[string, string]>): BrowserFilter {
  const f = emptyBrowserFilter(kind);
  const lists = new Map<string, string[]>();
  const one = new Map<string, string>();
  for (const [name, value] of pairs) {
    one.set(name, value);
    lists.set(name, [...(lists.get(name) ?? []), value]);
  }
  const list = (name: string) => [...new Set(lists.get(name) ?? [])];
  const rangeOf = (name: string): NumberRange => {
    const lo = numberOrNull(one.get(`${name}.min`));
    const hi = numberOrNull(one.get(`${name}.max`));
    return lo !== null && hi !== null && lo > hi ? { min: hi, max: lo } : { min: lo, max: hi };
  };
  f.search = (one.get("search") ?? "").slice(0, 200);
  const sort = one.get("sort");
  f.sort = (BROWSER_SORTS as readonly string[]).includes(sort ?? "") && SORTS_OF[kind].includes(sort as BrowserSort) ? sort as BrowserSort : "name";
  f.groups = list("groups");
  f.types = list("types");
  f.ability = {
    types: list("ability.types"), keywords: list("ability.keywords"), allKeywords: one.has("ability.allKeywords"),
    cost: rangeOf("ability.cost"), resources: list("ability.resources"), distanceKinds: list("ability.distanceKinds"),
    distance: rangeOf("ability.distance"),
  };
  f.monster = {
    level: rangeOf("monster.level"), organizations: list("monster.organizations"), roles: list("monster.roles"),
    ev: rangeOf("monster.ev"), keywords: list("monster.keywords"),
  };
  f.kit = { kitTypes: list("kit.kitTypes"), weapons: list("kit.weapons"), armor: list("kit.armor") };
  f.condition = { statusKinds: list("condition.statusKinds").filter((k): k is "condition" | "state" => k === "condition" || k === "state") };
  return f;
}

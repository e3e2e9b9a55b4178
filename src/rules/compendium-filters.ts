/**
 * The compendium browser's model (issue 33): compendium index entries (plain objects, as
 * `CompendiumCollection#getIndex({fields})` returns them) become browser entries, which are sorted
 * into kinds, filtered by what fits each kind and searched by their text. Pure: no Foundry, no DOM.
 *
 * What each kind is filtered by comes from the seed's own entries: an ability's keywords (L6441 on),
 * type (L6486), distance (L6497 on) and cost (Heroic Resource cost, L333 on); a kit's armor (L4552)
 * and weapon (L4563) categories; a monster's level, organization, role, EV and keywords (the stat
 * block's header, docs/rules-decisions.md). The "class" of an ability is the top folder it sits in
 * (the abilities pack files each class's abilities in a folder named for the class).
 */

/** The browser's tabs, in order. */
export const BROWSER_KINDS = [
  "ability", "monster", "class", "kit", "ancestry", "culture", "career", "complication", "condition",
] as const;
export type BrowserKind = (typeof BROWSER_KINDS)[number];

/** An index entry as Foundry gives it: `_id`, `name`, `img`, `type`, `folder`, `uuid` and the fields asked for. */
export interface RawIndexEntry {
  _id?: string;
  uuid: string;
  name?: string;
  img?: string | null;
  type?: string;
  folder?: string | null;
  system?: Record<string, unknown>;
}

export interface AbilityFacets {
  type: string;
  keywords: string[];
  /** Heroic Resource (or Villain Power) cost; 0 for a free ability. */
  cost: number;
  resource: string;
  distanceKind: string;
  /** Reach, range or area size (the distance's first number). */
  distance: number;
  /** The distance as the ability writes it ("Reach 1 or Ranged 5"), or "". */
  distanceText: string;
}

export interface MonsterFacets {
  level: number;
  organization: string;
  role: string;
  ev: number;
  keywords: string[];
}

export interface KitFacets {
  kitType: string;
  weapons: string[];
  armor: string[];
}

export interface BrowserEntry {
  uuid: string;
  /** Foundry's document name, the drag data's `type`: "Item" or "Actor". */
  documentName: string;
  kind: BrowserKind;
  /** The document's sub-type (`ancestry`, `feature`, …). */
  type: string;
  name: string;
  img: string;
  pack: string;
  /** The top folder's name in its pack ("Fury", "Devil", "Bandits of the tollgate"), or "". */
  group: string;
  /** Lower-case plain text that search looks in, the name excluded. */
  text: string;
  /** Lower-case name without accents, for search. */
  key: string;
  ability?: AbilityFacets;
  monster?: MonsterFacets;
  kit?: KitFacets;
  /** A condition item's status id; for telling conditions from states. */
  statusId?: string;
}

/** Where an entry comes from: its pack's id and document name, and its folder's path of names (top first). */
export interface EntrySource {
  pack: string;
  documentName: string;
  folders?: readonly string[];
}

const TYPE_KIND: Record<string, BrowserKind> = {
  ability: "ability", monster: "monster", class: "class", kit: "kit", ancestry: "ancestry", culture: "culture",
  career: "career", complication: "complication", condition: "condition",
};
/** A feature's `source` decides its tab: an ancestry's trait is browsed with the ancestries. */
const FEATURE_KIND: Record<string, BrowserKind> = {
  ancestry: "ancestry", class: "class", subclass: "class", culture: "culture", career: "career", kit: "kit",
};

/** The tab an index entry belongs in, or null for documents the browser does not list (journals, Echoes items). */
export function browserKindOf(type: string, system: Record<string, unknown> = {}): BrowserKind | null {
  if (type === "feature") return FEATURE_KIND[String(system.source ?? "")] ?? null;
  return TYPE_KIND[type] ?? null;
}

const num = (v: unknown, fallback = 0) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const str = (v: unknown) => (typeof v === "string" ? v : "");
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? v as Record<string, unknown> : {});

/**
 * Plain text of stored HTML: tags dropped, the common entities read, spaces collapsed. Linear in the
 * input: each `<` looks for its `>` once, and after an unclosed `<` the rest is text (a regex such as
 * `<[^>]*>` would scan to the end from every `<` of "<p<p<p…").
 */
export function plainText(html: string): string {
  let out = "";
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf("<", at);
    const close = open < 0 ? -1 : html.indexOf(">", open);
    if (close < 0) {
      out += html.slice(at);
      break;
    }
    out += `${html.slice(at, open)} `;
    at = close + 1;
  }
  // One pass for the entities: "&amp;lt;" reads as "&lt;", not "<".
  return out.replace(/&(nbsp|lt|gt|quot|#39|amp);/g, (_m, name: string) => ENTITIES[name]!).replace(/\s+/g, " ").trim();
}

const ENTITIES: Record<string, string> = { nbsp: " ", lt: "<", gt: ">", quot: "\"", "#39": "'", amp: "&" };

/** Lower case without accents: "Élan" and "elan" match. */
export function searchKey(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

/** The fields of `system` whose text search reads, by document sub-type. */
const TEXT_FIELDS = ["description", "effect", "trigger", "target", "benefit", "drawback", "biography", "signatureAbility"] as const;

/**
 * The index fields the browser needs for a pack of the given document name: what `pack.getIndex({fields})`
 * must add to the core fields (`_id`, `name`, `img`, `type`, `sort`, `folder`).
 */
export function browserIndexFields(documentName: string): string[] {
  if (documentName === "Actor") {
    return ["system.level", "system.organization", "system.role", "system.ev", "system.keywords", "system.biography"];
  }
  return [
    "system.keywords", "system.type", "system.cost", "system.distance", "system.source", "system.kitType",
    "system.weapons", "system.armor", "system.statusId",
    ...TEXT_FIELDS.filter((f) => f !== "biography").map((f) => `system.${f}`),
  ];
}

/** One index entry as a browser entry, or null when the browser does not list it. */
export function browserEntry(raw: RawIndexEntry, source: EntrySource): BrowserEntry | null {
  const type = str(raw.type);
  const system = obj(raw.system);
  const kind = browserKindOf(type, system);
  if (!kind || !raw.uuid) return null;
  const name = str(raw.name);
  const keywords = strings(system.keywords);
  const textParts = TEXT_FIELDS.map((f) => plainText(str(system[f]))).filter(Boolean);
  const entry: BrowserEntry = {
    uuid: raw.uuid, documentName: source.documentName, kind, type, name, img: str(raw.img), pack: source.pack,
    group: source.folders?.[0] ?? "", text: "", key: searchKey(name),
  };
  if (kind === "ability" && type === "ability") {
    const cost = obj(system.cost);
    const distance = obj(system.distance);
    entry.ability = {
      type: str(system.type), keywords, cost: Math.max(0, num(cost.amount)), resource: str(cost.resource),
      distanceKind: str(distance.kind), distance: Math.max(0, num(distance.primary)), distanceText: str(distance.text),
    };
    textParts.push(str(distance.text));
  }
  if (kind === "monster") {
    entry.monster = {
      level: num(system.level, 1), organization: str(system.organization), role: str(system.role), ev: num(system.ev), keywords,
    };
  }
  if (kind === "kit" && type === "kit") {
    entry.kit = { kitType: str(system.kitType), weapons: strings(system.weapons), armor: strings(system.armor) };
  }
  if (kind === "condition") entry.statusId = str(system.statusId);
  textParts.push(...keywords);
  entry.text = searchKey(textParts.join(" "));
  return entry;
}

/** A range of whole numbers; an end left null is open. */
export interface NumberRange {
  min: number | null;
  max: number | null;
}

/**
 * What the Director (or a player) asked for. Every list is "any of these" (empty: no limit); the
 * lists of different facets must all hold. `search` words must each be found in the name or text.
 */
export interface BrowserFilter {
  kind: BrowserKind;
  search: string;
  /** Top folder names (an ability's class or source, a monster's group, an ancestry). */
  groups: string[];
  /** Document sub-types within a tab (`ancestry` or `feature`, `class` or `feature`). */
  types: string[];
  ability: {
    types: string[];
    keywords: string[];
    /** Every one of these keywords (an ability tagged Melee and Weapon), not any. */
    allKeywords: boolean;
    cost: NumberRange;
    resources: string[];
    distanceKinds: string[];
    distance: NumberRange;
  };
  monster: { level: NumberRange; organizations: string[]; roles: string[]; ev: NumberRange; keywords: string[] };
  kit: { kitTypes: string[]; weapons: string[]; armor: string[] };
  condition: { statusKinds: ("condition" | "state")[] };
  sort: BrowserSort;
}

export const BROWSER_SORTS = ["name", "level", "ev", "cost", "distance"] as const;
export type BrowserSort = (typeof BROWSER_SORTS)[number];

const open = (): NumberRange => ({ min: null, max: null });

/** No filter at all on a tab: every entry of the kind, by name. */
export function emptyBrowserFilter(kind: BrowserKind = "ability"): BrowserFilter {
  return {
    kind, search: "", groups: [], types: [],
    ability: { types: [], keywords: [], allKeywords: false, cost: open(), resources: [], distanceKinds: [], distance: open() },
    monster: { level: open(), organizations: [], roles: [], ev: open(), keywords: [] },
    kit: { kitTypes: [], weapons: [], armor: [] },
    condition: { statusKinds: [] },
    sort: "name",
  };
}

const inRange = (n: number, r: NumberRange) => (r.min === null || n >= r.min) && (r.max === null || n <= r.max);
const anyOf = (wanted: readonly string[], value: string) => !wanted.length || wanted.includes(value);
const anyIn = (wanted: readonly string[], values: readonly string[]) => !wanted.length || wanted.some((w) => values.includes(w));
const allIn = (wanted: readonly string[], values: readonly string[]) => wanted.every((w) => values.includes(w));

/** The words of a search: lower case, accents dropped, split on spaces; quotes keep a phrase together. */
export function searchTerms(search: string): string[] {
  const terms: string[] = [];
  for (const m of searchKey(search).matchAll(/"([^"]*)"|(\S+)/g)) {
    const term = (m[1] ?? m[2] ?? "").trim();
    if (term) terms.push(term);
  }
  return terms;
}

/** Whether every search term is in the entry's name or text. */
export function matchesSearch(entry: BrowserEntry, terms: readonly string[]): boolean {
  return terms.every((t) => entry.key.includes(t) || entry.text.includes(t));
}

/** Which of the conditions pack's entries are the seed's conditions and which are states (conditions.ts). */
export function conditionKind(statusId: string, stateIds: readonly string[]): "condition" | "state" {
  return stateIds.includes(statusId) ? "state" : "condition";
}

/** Whether one entry passes the filter's facets (not its search). `stateIds`: the statuses that are states. */
export function matchesFacets(entry: BrowserEntry, filter: BrowserFilter, stateIds: readonly string[] = []): boolean {
  if (entry.kind !== filter.kind) return false;
  if (!anyOf(filter.groups, entry.group) || !anyOf(filter.types, entry.type)) return false;
  const f = filter;
  const a = entry.ability;
  const abilityFiltered = f.ability.types.length || f.ability.keywords.length || f.ability.resources.length
    || f.ability.distanceKinds.length || f.ability.cost.min !== null || f.ability.cost.max !== null
    || f.ability.distance.min !== null || f.ability.distance.max !== null;
  if (entry.kind === "ability" && abilityFiltered) {
    if (!a) return false;
    if (!anyOf(f.ability.types, a.type) || !anyOf(f.ability.distanceKinds, a.distanceKind)) return false;
    if (!(f.ability.allKeywords ? allIn : anyIn)(f.ability.keywords, a.keywords)) return false;
    if (!inRange(a.cost, f.ability.cost) || !inRange(a.distance, f.ability.distance)) return false;
    // "Free" (resource "") always passes a resource filter that lists "": a cost of 0 costs nothing.
    if (f.ability.resources.length && !f.ability.resources.includes(a.cost === 0 ? "" : a.resource)) return false;
  }
  const m = entry.monster;
  if (entry.kind === "monster" && m) {
    if (!inRange(m.level, f.monster.level) || !inRange(m.ev, f.monster.ev)) return false;
    if (!anyOf(f.monster.organizations, m.organization) || !anyOf(f.monster.roles, m.role)) return false;
    if (!anyIn(f.monster.keywords, m.keywords)) return false;
  }
  const k = entry.kit;
  const kitFiltered = f.kit.kitTypes.length || f.kit.weapons.length || f.kit.armor.length;
  if (entry.kind === "kit" && kitFiltered) {
    if (!k) return false;
    if (!anyOf(f.kit.kitTypes, k.kitType) || !anyIn(f.kit.weapons, k.weapons) || !anyIn(f.kit.armor, k.armor)) return false;
  }
  if (entry.kind === "condition" && f.condition.statusKinds.length) {
    if (!f.condition.statusKinds.includes(conditionKind(entry.statusId ?? "", stateIds))) return false;
  }
  return true;
}

// One collator for every comparison: String#localeCompare with options builds one per call.
const collator = new Intl.Collator("en", { sensitivity: "base" });
const byName = (a: BrowserEntry, b: BrowserEntry) => collator.compare(a.name, b.name) || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);

/** The number a sort key orders by; entries without it go last. */
function sortValue(entry: BrowserEntry, sort: BrowserSort): number | null {
  switch (sort) {
    case "level": return entry.monster?.level ?? null;
    case "ev": return entry.monster?.ev ?? null;
    case "cost": return entry.ability?.cost ?? null;
    case "distance": return entry.ability?.distance ?? null;
    default: return null;
  }
}

/** Entries ordered by a key (lowest first, then by name); "name" orders by name alone. A new array. */
export function sortEntries(entries: readonly BrowserEntry[], sort: BrowserSort): BrowserEntry[] {
  return [...entries].sort((a, b) => {
    const x = sortValue(a, sort);
    const y = sortValue(b, sort);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return x - y;
    }
    return byName(a, b);
  });
}

/**
 * How well an entry answers a search: 0 for a name that starts with the whole search, 1 for a name
 * that holds every word, 2 for a match in the text only.
 */
export function searchRank(entry: BrowserEntry, terms: readonly string[]): number {
  if (!terms.length) return 0;
  if (entry.key.startsWith(terms.join(" "))) return 0;
  return terms.every((t) => entry.key.includes(t)) ? 1 : 2;
}

/**
 * The entries the filter lets through, in its order. While searching, the entries whose name
 * answers the search come first (then the filter's order within each rank).
 */
export function filterEntries(entries: readonly BrowserEntry[], filter: BrowserFilter, stateIds: readonly string[] = []): BrowserEntry[] {
  const terms = searchTerms(filter.search);
  const found = sortEntries(entries.filter((e) => matchesFacets(e, filter, stateIds) && matchesSearch(e, terms)), filter.sort);
  if (!terms.length) return found;
  const ranks = new Map(found.map((e) => [e, searchRank(e, terms)]));
  // Array#sort is stable: within a rank the filter's order stays.
  return found.sort((a, b) => ranks.get(a)! - ranks.get(b)!);
}

/** How many entries each tab holds. */
export function kindCounts(entries: readonly BrowserEntry[]): Record<BrowserKind, number> {
  const counts = Object.fromEntries(BROWSER_KINDS.map((k) => [k, 0])) as Record<BrowserKind, number>;
  for (const e of entries) counts[e.kind]++;
  return counts;
}

/** The values present in a tab, for its filter controls: each list sorted, numbers as their lowest and highest. */
export interface BrowserFacetValues {
  groups: string[];
  types: string[];
  abilityTypes: string[];
  keywords: string[];
  resources: string[];
  distanceKinds: string[];
  cost: NumberRange;
  distance: NumberRange;
  organizations: string[];
  roles: string[];
  monsterKeywords: string[];
  level: NumberRange;
  ev: NumberRange;
  kitTypes: string[];
  weapons: string[];
  armor: string[];
}

const sorted = (set: Set<string>) => [...set].filter(Boolean).sort(collator.compare);
function span(values: number[]): NumberRange {
  return values.length ? { min: Math.min(...values), max: Math.max(...values) } : open();
}

/** Every value a tab's entries have, so a control offers only choices that can match something. */
export function facetValues(entries: readonly BrowserEntry[], kind: BrowserKind): BrowserFacetValues {
  const of = entries.filter((e) => e.kind === kind);
  const set = (f: (e: BrowserEntry) => readonly string[] | string | undefined) => {
    const s = new Set<string>();
    for (const e of of) {
      const v = f(e);
      if (typeof v === "string") s.add(v);
      else for (const x of v ?? []) s.add(x);
    }
    return sorted(s);
  };
  const abilities = of.flatMap((e) => (e.ability ? [e.ability] : []));
  const monsters = of.flatMap((e) => (e.monster ? [e.monster] : []));
  return {
    groups: set((e) => e.group),
    types: set((e) => e.type),
    abilityTypes: set((e) => e.ability?.type),
    keywords: set((e) => e.ability?.keywords),
    // A cost of 0 costs nothing, whatever resource it names.
    resources: set((e) => (e.ability && e.ability.cost > 0 ? e.ability.resource : undefined)),
    distanceKinds: set((e) => e.ability?.distanceKind),
    cost: span(abilities.map((a) => a.cost)),
    distance: span(abilities.map((a) => a.distance)),
    organizations: set((e) => e.monster?.organization),
    roles: set((e) => e.monster?.role),
    monsterKeywords: set((e) => e.monster?.keywords),
    level: span(monsters.map((m) => m.level)),
    ev: span(monsters.map((m) => m.ev)),
    kitTypes: set((e) => e.kit?.kitType),
    weapons: set((e) => e.kit?.weapons),
    armor: set((e) => e.kit?.armor),
  };
}

/**
 * The drag data of an entry, as Foundry's compendium window gives its entries (v13
 * client/applications/sidebar/apps/compendium.mjs `Compendium#_getEntryDragData`): the document
 * name and the UUID, which sheets, the canvas and the hotbar resolve with `fromUuid`.
 */
export function browserDragData(entry: Pick<BrowserEntry, "documentName" | "uuid">): { type: string; uuid: string } {
  return { type: entry.documentName, uuid: entry.uuid };
}

/** A pack's index as the browser reads it: its id, document name, index entries and folders. */
export interface PackIndex {
  id: string;
  documentName: string;
  entries: readonly RawIndexEntry[];
  /** The pack's folders: id, name and parent folder id (Foundry's `pack.folders`). */
  folders: readonly { _id?: string; id?: string; name?: string; folder?: string | null }[];
}

/** The names of a folder and its ancestors, top first (a cycle or a missing parent ends the walk). */
export function folderPath(
  folderId: string | null | undefined, folders: ReadonlyMap<string, { name: string; parent: string | null }>,
): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  let id = folderId ?? null;
  while (id && !seen.has(id)) {
    seen.add(id);
    const f = folders.get(id);
    if (!f) break;
    path.unshift(f.name);
    id = f.parent;
  }
  return path;
}

/** Every listed entry of every pack, in pack order (the browser's index model). */
export function browserEntries(packs: readonly PackIndex[]): BrowserEntry[] {
  const out: BrowserEntry[] = [];
  for (const pack of packs) {
    const folders = new Map(pack.folders.map((f) => [String(f._id ?? f.id ?? ""), { name: str(f.name), parent: f.folder ?? null }]));
    for (const raw of pack.entries) {
      const entry = browserEntry(raw, { pack: pack.id, documentName: pack.documentName, folders: folderPath(raw.folder, folders) });
      if (entry) out.push(entry);
    }
  }
  return out;
}

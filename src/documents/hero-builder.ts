/**
 * The hero builder's writes (issue 32): each step's choice becomes items, skills, languages and
 * numbers on the hero, and the builder's record of what was chosen (`flags.steel-echoes.build`).
 *
 * Every item a step adds carries `flags.steel-echoes.builderStep` (the step) and `builderChoice`
 * (the compendium entry it was copied from, or the culture's own key), and an item granted by an
 * option also carries `grantedBy` (the option's id, as a drop on the sheet does: options.ts), so the
 * sheet's ✕ still removes an option with what it granted. Changing a step later ("Changing character
 * options", L525) compares the new choice with the items of that step: what is no longer chosen is
 * deleted, what is newly chosen is created, what stays is kept (and updated, e.g. a class's subclass);
 * no other item is touched. A skill a step picked goes when the pick changes, unless another step
 * still gives it (`skillsAfterChange`); skills ticked by hand stay.
 *
 * Who writes: the hero's owner writes her own actor and its items (Foundry's `Document#canUserModify`
 * lets an owner update her actor and create or delete its embedded items), so nothing here goes
 * through the GM. The record is the player's own and nobody else trusts it: the sheet's warnings
 * re-read the hero's items (hero-build.ts), not this record.
 */
import { FLAG_SCOPE } from "../constants.ts";
import { CHARACTERISTICS } from "../rules/catalogue.ts";
import { CULTURE_ASPECTS, careerSkillOptions, checkCharacteristics, checkPurchases, legalSkillPicks, parseSkillOptions, skillsAfterChange, subclassSkillOptions } from "../rules/hero-building.ts";
import type { Characteristic } from "../rules/catalogue.ts";
import type { CultureAspect, SkillOptions } from "../rules/hero-building.ts";
import { updateDocument } from "./update.ts";

/** What the builder has chosen for a hero, step by step (the hero's `flags.steel-echoes.build`). */
export interface BuildRecord {
  ancestry?: { uuid: string; purchases: string[] };
  culture?: { aspects: Partial<Record<CultureAspect, string>>; language: string };
  /**
   * The career, its inciting incident, the languages typed for the extra languages it allows, and the
   * Renown and project points it added (taken off again when the career changes).
   */
  career?: { uuid: string; incident: string; languages?: string[]; renown?: number; projectPoints?: number };
  class?: { uuid: string; subclasses: string[]; abilities: string[] };
  kit?: { uuids: string[] };
  complication?: { uuid: string };
  /** The skills picked for each source: "culture.environment", "career", "class.subclass"... */
  skills?: Record<string, string[]>;
  /** The languages the culture step gave. */
  languages?: string[];
}

/** The steps that place items, each keyed in the items' `builderStep` flag. */
export type ItemStep = "ancestry" | "culture" | "career" | "class" | "kit" | "complication";

interface ItemLike {
  id: string | null;
  type: string;
  name: string;
  system?: unknown;
  flags?: Record<string, Record<string, unknown> | undefined>;
  update?(changes: object): Promise<unknown>;
}

/** The hero as the builder writes it. */
export interface BuilderHost {
  name: string;
  /** Whether this client's user owns the hero (v13 `Document#isOwner`): only she (or the Director) builds her. */
  isOwner: boolean;
  items: Iterable<ItemLike>;
  system: unknown;
  flags?: Record<string, Record<string, unknown> | undefined>;
  update(changes: object): Promise<unknown>;
  createEmbeddedDocuments(name: "Item", data: object[]): Promise<ItemLike[]>;
  deleteEmbeddedDocuments(name: "Item", ids: string[]): Promise<unknown>;
}

/** Reading compendium entries: a copy's source data by UUID, null when it is gone. */
export interface BuilderServices {
  load(uuid: string): Promise<Record<string, unknown> | null>;
  localize(key: string): string;
}

type Flagged = { flags?: Record<string, Record<string, unknown> | undefined> };
const flagOf = (doc: Flagged, key: string): unknown => doc.flags?.[FLAG_SCOPE]?.[key];
const sys = (doc: { system?: unknown } | null | undefined) => (doc?.system ?? {}) as Record<string, unknown>;

/** The builder's record on a hero (empty for a hero it never touched). */
export function buildRecordOf(actor: { flags?: Record<string, Record<string, unknown> | undefined> }): BuildRecord {
  const stored = flagOf(actor, "build");
  if (!stored || typeof stored !== "object") return {};
  const record = structuredClone(stored) as BuildRecord;
  // Sources are stored with "-" for "." (Foundry's update expands a dotted key into nested objects).
  if (record.skills) record.skills = Object.fromEntries(Object.entries(record.skills).map(([k, v]) => [k.replace(/-/g, "."), v]));
  return record;
}

const storedSkills = (skills: Record<string, string[]>) => Object.fromEntries(Object.entries(skills).map(([k, v]) => [k.replace(/\./g, "-"), v]));

/** The hero's items a step placed. */
export function stepItems<T extends ItemLike>(items: Iterable<T>, step: ItemStep): T[] {
  return [...items].filter((i) => flagOf(i, "builderStep") === step);
}

/** One item a step wants on the hero: its choice key, its source data, and the choice that grants it. */
interface Wanted {
  choice: string;
  source: Record<string, unknown>;
  parent?: string;
  /** Changes to an item that stays (the class's subclass, the culture's aspects). */
  update?: Record<string, unknown>;
}

/**
 * Bring a step's items to `wanted`: delete the step's items whose choice is gone, create the new
 * ones (options first, so the granted ones can name their option's id), update those that stay.
 */
async function syncStep(actor: BuilderHost, step: ItemStep, wanted: readonly Wanted[]): Promise<void> {
  const have = stepItems(actor.items, step);
  const keys = new Set(wanted.map((w) => w.choice));
  const gone = have.filter((i) => !keys.has(String(flagOf(i, "builderChoice")))).map((i) => i.id!).filter(Boolean);
  if (gone.length) await actor.deleteEmbeddedDocuments("Item", gone);
  const byChoice = new Map(stepItems(actor.items, step).map((i) => [String(flagOf(i, "builderChoice")), i]));
  for (const w of wanted) {
    const item = byChoice.get(w.choice);
    // Type escape: updateDocument is typed for the League's documents; the builder's actor and items are its structural types, Foundry documents at run time.
    if (item && w.update && Object.keys(w.update).length) await updateDocument(item as never, w.update);
  }
  for (const round of [wanted.filter((w) => !w.parent), wanted.filter((w) => w.parent)]) {
    const fresh = round.filter((w) => !byChoice.has(w.choice));
    if (!fresh.length) continue;
    const created = await actor.createEmbeddedDocuments("Item", fresh.map((w) => itemData(w, step, byChoice)));
    created.forEach((item, i) => byChoice.set(fresh[i]!.choice, item));
  }
}

function itemData(w: Wanted, step: ItemStep, byChoice: Map<string, ItemLike>): object {
  const data = structuredClone(w.source) as {
    _id?: string; folder?: unknown; flags?: Record<string, Record<string, unknown>>; system?: Record<string, unknown>;
  };
  delete data._id;
  delete data.folder;
  const parentId = w.parent ? byChoice.get(w.parent)?.id : undefined;
  // A copy of a compendium entry names it, as v13 client/documents/abstract/world-collection.mjs
  // `WorldCollection#fromCompendium` records (`_stats.compendiumSource`): the ability approval trusts
  // an unchanged copy of a pack's ability (ability-approval.ts).
  if (w.choice.startsWith("Compendium.")) {
    const stats = ((data as { _stats?: Record<string, unknown> })._stats ??= {});
    stats.compendiumSource = w.choice;
  }
  data.flags = {
    ...(data.flags ?? {}),
    [FLAG_SCOPE]: {
      ...(data.flags?.[FLAG_SCOPE] ?? {}), builderStep: step, builderChoice: w.choice, ...(parentId ? { grantedBy: parentId } : {}),
    },
  };
  if (w.update) {
    for (const [path, value] of Object.entries(w.update)) setPath(data, path, value);
  }
  return data;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let at = target;
  for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  at[keys.at(-1)!] = value;
}

async function loadAll(uuids: readonly string[], services: BuilderServices): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const uuid of new Set(uuids)) {
    const doc = await services.load(uuid);
    if (doc) out.set(uuid, doc);
  }
  return out;
}

/** An option and what it grants (its `system.grants`), plus extra chosen entries granted by it. */
async function optionWanted(
  uuid: string, extra: readonly string[], services: BuilderServices, update?: Record<string, unknown>,
): Promise<Wanted[]> {
  const option = await services.load(uuid);
  if (!option) return [];
  const grants = (sys(option as { system?: unknown }).grants as string[] | undefined) ?? [];
  const children = await loadAll([...grants, ...extra], services);
  return [
    { choice: uuid, source: option, ...(update ? { update } : {}) },
    ...[...children].map(([choice, source]) => ({ choice, source, parent: uuid })),
  ];
}

/**
 * A new choice of a single option replaces one of its type put on the hero by hand (dropped before
 * the builder was used), with what that one granted (its `grantedBy` items), as a drop on the sheet
 * replaces it (options.ts `applyOption`).
 */
async function replaceHandOption(actor: BuilderHost, type: string): Promise<void> {
  const old = [...actor.items].filter((i) => i.type === type && !flagOf(i, "builderStep") && i.id);
  if (!old.length) return;
  const ids = new Set(old.map((i) => i.id!));
  const granted = [...actor.items].filter((i) => ids.has(String(flagOf(i, "grantedBy"))) && i.id).map((i) => i.id!);
  await actor.deleteEmbeddedDocuments("Item", [...ids, ...granted]);
}

async function writeRecord(actor: BuilderHost, key: keyof BuildRecord, value: unknown): Promise<void> {
  // Type escape: updateDocument is typed for the League's documents; the builder's actor and items are its structural types, Foundry documents at run time.
  await updateDocument(actor as never, { [`flags.${FLAG_SCOPE}.build.${key}`]: value });
}

/* ---------- skills ---------- */

/** The skill options each source of the record offers now (culture aspects, career, subclass), with who offers them. */
export async function skillSources(record: BuildRecord, services: BuilderServices): Promise<Map<string, SkillOptions>> {
  const out = new Map<string, SkillOptions>();
  for (const aspect of CULTURE_ASPECTS) {
    const uuid = record.culture?.aspects[aspect];
    const doc = uuid ? await services.load(uuid) : null;
    const options = doc ? parseSkillOptions(skillOptionsOf(doc)) : null;
    if (options) out.set(`culture.${aspect}`, options);
  }
  const career = record.career?.uuid ? await services.load(record.career.uuid) : null;
  if (career) {
    const s = sys(career as { system?: unknown });
    out.set("career", careerSkillOptions({ skills: (s.skills as string[] | undefined) ?? [], skillOptions: String(s.skillOptions ?? "") }));
  }
  const klass = record.class?.uuid ? await services.load(record.class.uuid) : null;
  const subclass = record.class?.subclasses[0] ?? "";
  const options = klass && subclass ? subclassSkillOptions(String(klass.name ?? ""), subclass) : null;
  if (options) out.set("class.subclass", options);
  return out;
}

/** The "Skill Options:" line of an aspect's description, as plain text. */
export function skillOptionsOf(doc: { system?: unknown }): string {
  const text = String(sys(doc).description ?? "").replace(/<\/p>|<br\s*\/?>/gi, "\n").replace(/<[^>]*>/g, "");
  return /Skill Options:\s*([^\n]+)/i.exec(text)?.[1]?.trim() ?? "";
}

/**
 * Set the skills one source picked: the hero's skills lose the old picks (unless another source
 * still gives them) and gain the new; the record keeps the picks; a culture aspect's pick is also
 * written on the hero's culture item (which the sheet's warnings read), a career's on her career.
 */
export async function setSkillPicks(actor: BuilderHost, source: string, picks: readonly string[]): Promise<void> {
  const record = buildRecordOf(actor);
  const all = { ...(record.skills ?? {}) };
  const old = all[source] ?? [];
  const others = Object.entries(all).filter(([k]) => k !== source).flatMap(([, v]) => v);
  const current = [...((sys(actor).skills as Iterable<string> | undefined) ?? [])];
  all[source] = [...picks];
  // Type escape: updateDocument is typed for the League's documents; the builder's actor and items are its structural types, Foundry documents at run time.
  await updateDocument(actor as never, {
    "system.skills": skillsAfterChange(current, old, picks, others),
    [`flags.${FLAG_SCOPE}.build.skills`]: storedSkills(all),
  });
  const aspect = /^culture\.(environment|organization|upbringing)$/.exec(source)?.[1];
  const culture = stepItems(actor.items, "culture").find((i) => i.type === "culture");
  // Type escape: updateDocument is typed for the League's documents; the builder's actor and items are its structural types, Foundry documents at run time.
  if (aspect && culture) await updateDocument(culture as never, { [`system.${aspect}.skill`]: picks[0] ?? "" });
  const career = stepItems(actor.items, "career").find((i) => i.type === "career");
  // Type escape: updateDocument is typed for the League's documents; the builder's actor and items are its structural types, Foundry documents at run time.
  if (source === "career" && career) await updateDocument(career as never, { "system.skills": [...picks] });
}

/**
 * After a step changed, drop the picks its sources no longer allow (a new aspect or subclass offering
 * other skills; a source that is gone), keeping every pick that is still legal.
 */
async function prunePicks(actor: BuilderHost, prefix: string, services: BuilderServices): Promise<void> {
  const record = buildRecordOf(actor);
  const sources = await skillSources(record, services);
  for (const [source, picks] of Object.entries(record.skills ?? {})) {
    if (!source.startsWith(prefix) || !picks.length) continue;
    const options = sources.get(source);
    const others = Object.entries(buildRecordOf(actor).skills ?? {}).filter(([k]) => k !== source).flatMap(([, v]) => v);
    const legal = options ? legalSkillPicks(options, others) : [];
    const kept = picks.filter((p) => (legal as string[]).includes(p)).slice(0, options?.count ?? 0);
    if (kept.length !== picks.length) await setSkillPicks(actor, source, kept);
  }
}

/* ---------- the steps ---------- */

/**
 * Ancestry: the ancestry, what it grants, and the fiendish features bought with its points (L796–814).
 * Purchases the points do not cover, or not on offer, are refused (false) and nothing is written.
 */
export async function chooseAncestry(
  actor: BuilderHost, uuid: string, purchases: readonly string[], services: BuilderServices,
): Promise<boolean> {
  const ancestry = uuid ? await services.load(uuid) : null;
  const s = sys(ancestry as { system?: unknown });
  const offered = (s.purchases as { name: string; cost: number; uuid: string }[] | undefined) ?? [];
  if (checkPurchases(Number(s.fiendPoints) || 0, offered, purchases).length) return false;
  const bought = offered.filter((p) => purchases.includes(p.name));
  if (ancestry) await replaceHandOption(actor, "ancestry");
  await syncStep(actor, "ancestry", ancestry ? await optionWanted(uuid, bought.map((p) => p.uuid).filter(Boolean), services) : []);
  await writeRecord(actor, "ancestry", { uuid: ancestry ? uuid : "", purchases: bought.map((p) => p.name) });
  return true;
}

/**
 * Culture: a culture item holding the language and the three aspects (their names and Skill Options
 * lines, the sheet's warnings read them), the aspects' own texts as features granted by it, and the
 * language on the hero (L2025–2027).
 */
export async function chooseCulture(
  actor: BuilderHost, aspects: Partial<Record<CultureAspect, string>>, language: string, services: BuilderServices,
): Promise<void> {
  const record = buildRecordOf(actor);
  const docs = await loadAll(Object.values(aspects).filter((u): u is string => !!u), services);
  const picks = record.skills ?? {};
  const system: Record<string, unknown> = { language };
  for (const aspect of CULTURE_ASPECTS) {
    const doc = aspects[aspect] ? docs.get(aspects[aspect]!) : undefined;
    system[aspect] = { name: String(doc?.name ?? ""), skillOptions: doc ? skillOptionsOf(doc) : "", skill: picks[`culture.${aspect}`]?.[0] ?? "" };
  }
  const any = docs.size > 0 || !!language.trim();
  if (any) await replaceHandOption(actor, "culture");
  const culture: Wanted = {
    choice: "culture",
    source: { type: "culture", name: services.localize("SE.Builder.CultureName"), system },
    update: Object.fromEntries(Object.entries(system).map(([k, v]) => [`system.${k}`, v])),
  };
  await syncStep(actor, "culture", any ? [culture, ...[...docs].map(([choice, source]) => ({ choice, source, parent: "culture" }))] : []);
  const oldLanguages = record.languages ?? [];
  const newLanguages = language.trim() ? [language.trim()] : [];
  const careerLanguages = new Set(record.career?.languages ?? []);
  const current = [...((sys(actor).languages as Iterable<string> | undefined) ?? [])]
    .filter((l) => !oldLanguages.includes(l) || careerLanguages.has(l));
  // Type escape: as above, the builder's actor is its structural type, a Foundry Actor at run time.
  await updateDocument(actor as never, {
    "system.languages": [...new Set([...current, ...newLanguages])],
    [`flags.${FLAG_SCOPE}.build.culture`]: { aspects: { ...aspects }, language: language.trim() },
    [`flags.${FLAG_SCOPE}.build.languages`]: newLanguages,
  });
  await prunePicks(actor, "culture.", services);
}

/**
 * Career: the career with what it grants, its inciting incident (L2185–2193) in the record, and the
 * benefits its item holds (L2161–2177): the skills it names are granted, the Renown and project points it gives are added to the hero's
 * (what the old career added is taken off first), and a language typed for each extra language it
 * allows joins her languages (the old career's typed ones leave, unless her culture gives them too).
 */
export async function chooseCareer(
  actor: BuilderHost, uuid: string, incident: string, services: BuilderServices, languages: readonly string[] = [],
): Promise<void> {
  const record = buildRecordOf(actor);
  const changed = record.career?.uuid !== uuid;
  const career = uuid ? await services.load(uuid) : null;
  const s = sys(career as { system?: unknown });
  const incidents = ((s.incitingIncidents as { name: string }[] | undefined) ?? []).map((i) => i.name);
  if (career) await replaceHandOption(actor, "career");
  await syncStep(actor, "career", career ? await optionWanted(uuid, [], services) : []);
  const grant = careerGrants(s, languages);
  const hero = sys(actor);
  const old = record.career ?? { uuid: "", incident: "" };
  const keep = new Set(record.languages ?? []);
  const current = [...((hero.languages as Iterable<string> | undefined) ?? [])]
    .filter((l) => !(old.languages ?? []).includes(l) || keep.has(l));
  // Type escape: updateDocument is typed for the League's documents; the builder's actor is its structural type, a Foundry Actor at run time.
  await updateDocument(actor as never, {
    "system.renown": Math.max(0, (Number(hero.renown) || 0) - (old.renown ?? 0) + grant.renown),
    "system.projectPoints": Math.max(0, (Number(hero.projectPoints) || 0) - (old.projectPoints ?? 0) + grant.projectPoints),
    "system.languages": [...new Set([...current, ...grant.languages])],
    [`flags.${FLAG_SCOPE}.build.career`]: {
      uuid: career ? uuid : "", incident: incidents.includes(incident) ? incident : "", ...grant,
    },
  });
  if (!changed) return;
  // The skills a career's item names are granted with it; one the hero has from another source is left
  // for her to replace with another skill of its group (L2163).
  const options = career ? careerSkillOptions({ skills: (s.skills as string[] | undefined) ?? [], skillOptions: String(s.skillOptions ?? "") }) : null;
  const fixed = options && !options.groups.length && options.skills.length === options.count ? options.skills : [];
  const others = new Set(Object.entries(buildRecordOf(actor).skills ?? {}).filter(([k]) => k !== "career").flatMap(([, v]) => v));
  await setSkillPicks(actor, "career", fixed.filter((skill) => !others.has(skill)));
}

/** What a career's item gives (its Renown, project points, and up to its count of typed languages, trimmed, without repeats). */
function careerGrants(system: Record<string, unknown>, typed: readonly string[]) {
  const count = Math.max(0, Number(system.languages) || 0);
  return {
    languages: [...new Set(typed.map((l) => l.trim()).filter(Boolean))].slice(0, count),
    renown: Math.max(0, Number(system.renown) || 0),
    projectPoints: Math.max(0, Number(system.projectPoints) || 0),
  };
}

/**
 * Class: the class with its features (its grants), its subclass(es) written on the class item, and the
 * chosen 1st-level abilities (L2687 and the like) as items granted by it.
 */
export async function chooseClass(
  actor: BuilderHost, uuid: string, subclasses: readonly string[], abilities: readonly string[], services: BuilderServices,
): Promise<void> {
  const record = buildRecordOf(actor);
  const klass = uuid ? await services.load(uuid) : null;
  // Abilities belong to the class they were picked for: a new class starts with none.
  const kept = record.class?.uuid === uuid ? [...new Set(abilities.filter(Boolean))] : [];
  const offered = (sys(klass as { system?: unknown }).subclasses as string[] | undefined) ?? [];
  const subs = [...new Set(subclasses.filter((s) => offered.includes(s)))];
  if (klass) await replaceHandOption(actor, "class");
  await syncStep(actor, "class", klass ? await optionWanted(uuid, kept, services, { "system.subclass": subs.join(", ") }) : []);
  await writeRecord(actor, "class", { uuid: klass ? uuid : "", subclasses: subs, abilities: klass ? kept : [] });
  await prunePicks(actor, "class.", services);
}

/** Kit: one kit (two for the tactician, L4386), each with what it grants (its signature ability). */
export async function chooseKits(actor: BuilderHost, uuids: readonly string[], services: BuilderServices): Promise<void> {
  const wanted: Wanted[] = [];
  for (const uuid of uuids.filter(Boolean)) wanted.push(...await optionWanted(uuid, [], services));
  if (wanted.length) await replaceHandOption(actor, "kit");
  await syncStep(actor, "kit", wanted);
  await writeRecord(actor, "kit", { uuids: uuids.filter(Boolean) });
}

/** Complication (optional, L549): one, or none. */
export async function chooseComplication(actor: BuilderHost, uuid: string, services: BuilderServices): Promise<void> {
  if (uuid) await replaceHandOption(actor, "complication");
  await syncStep(actor, "complication", uuid ? await optionWanted(uuid, [], services) : []);
  await writeRecord(actor, "complication", { uuid });
}

/**
 * Characteristics: the five scores as entered (docs/rules-decisions.md "Characteristics"); a score out
 * of range (L135–161) is refused (false) and nothing is written.
 */
export async function setCharacteristics(actor: BuilderHost, values: Record<Characteristic, number>): Promise<boolean> {
  if (checkCharacteristics(values).length) return false;
  // Type escape: updateDocument is typed for the League's documents; the builder's actor and items are its structural types, Foundry documents at run time.
  await updateDocument(actor as never, Object.fromEntries(CHARACTERISTICS.map((c) => [`system.characteristics.${c}`, values[c]])));
  return true;
}

/** Details: the name and the biography (L553–571). */
export async function setDetails(actor: BuilderHost, name: string, biography: string): Promise<void> {
  // Type escape: updateDocument is typed for the League's documents; the builder's actor and items are its structural types, Foundry documents at run time.
  await updateDocument(actor as never, { ...(name.trim() ? { name: name.trim() } : {}), "system.biography": biography });
}

/**
 * Reads the rules reference of the Draw Steel seed into journal pages: one page per condition and
 * state (ids from src/rules/conditions.ts), and reference journals for tests, montage tests, combat
 * and negotiation, the hero options' chapter introductions and the kits chapter, one page per
 * section. Which headings start a page is the curated list below. Pure.
 */
import { CONDITION_IDS, STATE_IDS } from "../rules/conditions.ts";
import { findHeading, headingTitle, ok, proseHTML, readSection, seedError, seedLines } from "./seed-text.ts";
import type { SeedResult } from "./seed-text.ts";

export interface SeedPage {
  /** A stable slug for the page (the condition or state id for the Conditions journal). */
  id: string;
  name: string;
  line: number;
  html: string;
}

/** Where each condition or state is described: its heading, searched after `after`, and where the text stops. */
export const CONDITION_SOURCES: Record<string, { heading: string; after: string; until?: string[] }> = {
  ...Object.fromEntries(CONDITION_IDS.map((id) => [id, { heading: id.toUpperCase(), after: "CONDITIONS" }])),
  surprised: { heading: "DETERMINE SURPRISE", after: "COMBAT" },
  unconscious: { heading: "KNOCKING CREATURES OUT", after: "COMBAT", until: ["TEMPORARY STAMINA"] },
  hidden: { heading: "HIDING", after: "HIDE AND SNEAK" },
  winded: { heading: "WINDED", after: "COMBAT" },
  dying: { heading: "DYING AND DEATH", after: "COMBAT" },
  dead: { heading: "DYING AND DEATH", after: "COMBAT", until: ["KNOCKING CREATURES OUT"] },
  defending: { heading: "DEFEND", after: "ACTIONS" },
};

const LABELS: Record<string, string> = { defending: "Defending (Defend action)", dead: "Dead" };

/** A page per condition (9) and state (7), in the catalogue's order. */
export function extractConditionPages(seedText: string): SeedResult<SeedPage[]> {
  const lines = seedLines(seedText);
  const pages: SeedPage[] = [];
  for (const id of [...CONDITION_IDS, ...STATE_IDS]) {
    const src = CONDITION_SOURCES[id]!;
    const after = findHeading(lines, src.after);
    if (after < 0) return seedError("HeadingMissing", 1, { heading: src.after });
    const s = readSection(lines, src.heading, after, lines.length, src.until);
    if (!s.ok) return s;
    const name = LABELS[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
    pages.push({ id, name, line: s.value.line, html: proseHTML(s.value.body) });
  }
  return ok(pages);
}

export interface JournalSpec {
  id: string;
  name: string;
  /**
   * Page start headings in order, with an optional page name; the last page ends at `end`. A page
   * with `until` is a chapter's opening, read from its heading (found anywhere in the seed) to that
   * heading; the pages after it are searched from where it ends.
   */
  pages: { heading: string; name?: string; until?: string }[];
  end: string | null;
}

export const RULES_JOURNALS: JournalSpec[] = [
  {
    id: "tests", name: "Tests", end: "MONTAGE TESTS",
    pages: [
      { heading: "TESTS" }, { heading: "TEST DIFFICULTY" }, { heading: "TEST OUTCOMES" },
      { heading: "HOW LONG DOES IT TAKE?", name: "Time, Retries and Reactive Tests" },
      { heading: "SKILLS" }, { heading: "ASSIST A TEST" }, { heading: "GROUP TESTS" },
    ],
  },
  {
    id: "montage-tests", name: "Montage Tests", end: "ADVENTURING",
    pages: [{ heading: "MONTAGE TESTS" }, { heading: "MONTAGE TEST DIFFICULTY" }, { heading: "MONTAGE TEST OUTCOMES" }, { heading: "SAMPLE MONTAGE TEST" }],
  },
  {
    id: "combat", name: "Combat", end: "NEGOTIATION",
    pages: [
      { heading: "COMBAT", name: "Map, Size and Sides" }, { heading: "COMBAT ROUND" }, { heading: "TAKING A TURN" },
      { heading: "MOVEMENT" }, { heading: "FORCED MOVEMENT" }, { heading: "MANEUVERS" }, { heading: "ACTIONS" },
      { heading: "FREE STRIKES" }, { heading: "FLANKING", name: "Flanking, Cover and Concealment" }, { heading: "DAMAGE" },
      { heading: "STAMINA" }, { heading: "UNDERWATER COMBAT", name: "Underwater and Mounted Combat" }, { heading: "END OF COMBAT" },
    ],
  },
  {
    id: "negotiation", name: "Negotiation", end: null,
    pages: [
      { heading: "NEGOTIATION" }, { heading: "NEGOTIATION STATS" }, { heading: "MOTIVATIONS", name: "Motivations and Pitfalls" },
      { heading: "LIST OF MOTIVATIONS AND PITFALLS" }, { heading: "OPENING A NEGOTIATION" }, { heading: "MAKING ARGUMENTS" },
      { heading: "RENOWN AND NEGOTIATION" }, { heading: "NPC RESPONSE AND OFFER" }, { heading: "SAMPLE NEGOTIATION" },
    ],
  },
  {
    // The chapter openings the ancestry, career and class items start after (L630–673, L2147–2196,
    // L2323–2330); the culture chapter's is on the blank Culture item.
    id: "hero-options", name: "Hero Options", end: null,
    pages: [
      { heading: "ANCESTRIES", until: "DEVIL" }, { heading: "CAREER", until: "ARTISAN" },
      { heading: "CLASSES", until: "CONDUIT" },
    ],
  },
  {
    // The kits chapter (L4529–4727) and the stormwight kits' features (L3612–3660).
    id: "kits", name: "Kits", end: "MARTIAL KITS",
    pages: [
      { heading: "STORMWIGHT KITS", until: "BOREN" },
      { heading: "KITS" }, { heading: "KIT EQUIPMENT" }, { heading: "KIT IMPLEMENT MATERIALS" }, { heading: "KITS AND TREASURES" },
      { heading: "KIT BONUSES AND TRAITS" }, { heading: "KIT SIGNATURE ABILITY" }, { heading: "KIT WARDS" },
      { heading: "OPTIONAL RULE: LOSING EQUIPMENT" },
    ],
  },
];

export interface SeedJournal {
  id: string;
  name: string;
  line: number;
  pages: SeedPage[];
}

/** One reference journal: each page runs from its heading to the next page's heading. */
export function readJournal(lines: readonly string[], spec: JournalSpec, from = 0): SeedResult<SeedJournal> {
  const starts: number[] = [];
  const stops = new Map<number, number>();
  let cursor = from;
  for (const [i, p] of spec.pages.entries()) {
    const at = findHeading(lines, p.heading, p.until ? from : cursor);
    if (at < 0) return seedError("HeadingMissing", cursor + 1, { heading: p.heading });
    starts.push(at);
    cursor = at + 1;
    if (p.until) {
      const stop = findHeading(lines, p.until, at + 1);
      if (stop < 0) return seedError("HeadingMissing", at + 2, { heading: p.until });
      stops.set(i, stop);
      cursor = stop;
    }
  }
  let end = lines.length;
  if (spec.end) {
    end = findHeading(lines, spec.end, cursor);
    if (end < 0) return seedError("HeadingMissing", cursor + 1, { heading: spec.end });
  }
  const pages = spec.pages.map((p, i) => {
    const start = starts[i]!;
    const stop = stops.get(i) ?? starts[i + 1] ?? end;
    return { id: p.heading.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, ""), name: p.name ?? headingTitle(p.heading), line: start + 1, html: proseHTML(lines.slice(start + 1, stop)) };
  });
  return ok({ id: spec.id, name: spec.name, line: starts[0]! + 1, pages });
}

/** The reference journals (tests, montage tests, combat, negotiation, hero options, kits). */
export function extractRulesJournals(seedText: string, specs = RULES_JOURNALS): SeedResult<SeedJournal[]> {
  const lines = seedLines(seedText);
  const out: SeedJournal[] = [];
  for (const spec of specs) {
    const r = readJournal(lines, spec);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}

export { readSection };

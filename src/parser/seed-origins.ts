/**
 * Reads the culture aspects and the careers of the Draw Steel seed (seeds/004_…, L1993–2321;
 * notes/ds-content-inventory.md §2–§3). Pure: seed text in, data or a line-numbered error out.
 */
import { isHeading } from "./seed-abilities.ts";
import { findHeading, headingTitle, ok, proseHTML, readSection, seedError, seedLines } from "./seed-text.ts";
import type { SeedResult } from "./seed-text.ts";

export const CULTURE_ASPECTS = {
  environment: ["NOMADIC", "RURAL", "SECLUDED", "URBAN", "WILDERNESS"],
  organization: ["ANARCHIC", "BUREAUCRATIC", "COMMUNAL"],
  upbringing: ["ACADEMIC", "CREATIVE", "ILLEGAL", "LABOR", "MARTIAL", "NOBLE"],
} as const;
export type AspectKind = keyof typeof CULTURE_ASPECTS;

export interface SeedAspect {
  kind: AspectKind;
  name: string;
  line: number;
  /** The "Skill Options:" sentence, as printed. */
  skillOptions: string;
  html: string;
}

export interface SeedCulture {
  line: number;
  /** The culture rules (creating a culture, its benefits, the language aspect, the sidebar) as HTML. */
  html: string;
  /** Each aspect kind's introduction, as HTML. */
  intros: Record<AspectKind, string>;
  aspects: SeedAspect[];
}

const SKILL_OPTIONS = /^Skill Options:\s*(.+)$/;

/** The culture chapter: its rules and the 14 aspects (environment 5, organization 3, upbringing 6). */
export function extractCulture(seedText: string): SeedResult<SeedCulture> {
  const lines = seedLines(seedText);
  const head = findHeading(lines, "CULTURE");
  if (head < 0) return seedError("HeadingMissing", 1, { heading: "CULTURE" });
  const end = findHeading(lines, "CAREER", head);
  if (end < 0) return seedError("HeadingMissing", head + 1, { heading: "CAREER" });
  const rules = readSection(lines, "CREATING A CULTURE", head, end, ["ENVIRONMENT"]);
  if (!rules.ok) return rules;
  const aspects: SeedAspect[] = [];
  const intros = {} as Record<AspectKind, string>;
  let cursor = rules.value.end;
  for (const kind of Object.keys(CULTURE_ASPECTS) as AspectKind[]) {
    const intro = readSection(lines, kind.toUpperCase(), cursor, end);
    if (!intro.ok) return intro;
    intros[kind] = proseHTML(intro.value.body);
    cursor = intro.value.end;
    for (const heading of CULTURE_ASPECTS[kind]) {
      const s = readSection(lines, heading, cursor, end);
      if (!s.ok) return s;
      const optionLine = s.value.body.map((l) => SKILL_OPTIONS.exec(l.trim())).find(Boolean);
      if (!optionLine) return seedError("SkillOptionsMissing", s.value.line, { heading });
      aspects.push({
        kind, name: headingTitle(heading), line: s.value.line, skillOptions: optionLine[1]!.trim(), html: proseHTML(s.value.body),
      });
      cursor = s.value.end;
    }
  }
  const sidebar = readSection(lines, "BUT I REALLY WANT ALERTNESS", cursor, end);
  if (!sidebar.ok) return sidebar;
  const html = proseHTML(lines.slice(head + 1, rules.value.end)) + `<h3>${headingTitle(sidebar.value.heading)}</h3>${proseHTML(sidebar.value.body)}`;
  return ok({ line: head + 1, html, intros, aspects });
}

export const CAREERS = ["ARTISAN", "CRIMINAL", "GLADIATOR", "LABORER", "MAGE'S APPRENTICE", "PERFORMER", "SAGE", "SOLDIER"] as const;

export interface SeedCareer {
  name: string;
  line: number;
  html: string;
  incidents: { name: string; text: string; line: number }[];
  /** A printed ability block under the career (the mage's apprentice's Arcane Trick), with its seed line. */
  ability: { line: number; text: string } | null;
}

const INCIDENT = /^(\d+)\s+([^:]{1,60}):\s*(.+)$/;

/** The eight careers with their inciting incidents. */
export function extractCareers(seedText: string): SeedResult<{ line: number; html: string; careers: SeedCareer[] }> {
  const lines = seedLines(seedText);
  const head = findHeading(lines, "CAREER");
  if (head < 0) return seedError("HeadingMissing", 1, { heading: "CAREER" });
  const end = findHeading(lines, "CLASSES", head);
  if (end < 0) return seedError("HeadingMissing", head + 1, { heading: "CLASSES" });
  const rules = readSection(lines, "CAREER", head, end, [CAREERS[0]]);
  if (!rules.ok) return rules;
  const careers: SeedCareer[] = [];
  let cursor = rules.value.end;
  for (const name of CAREERS) {
    const incidentsHeading = `${name} INCITING INCIDENTS`;
    const s = readSection(lines, name, cursor, end, [incidentsHeading]);
    if (!s.ok) return s;
    // The career's own text ends at its first sub-heading (an ability, if it has one).
    const sub = s.value.body.findIndex((l) => isHeading(l));
    const own = sub < 0 ? s.value.body : s.value.body.slice(0, sub);
    const ability = sub < 0 ? null : { line: s.value.line + 1 + sub, text: s.value.body.slice(sub).join("\n") };
    const inc = readSection(lines, incidentsHeading, s.value.end, end);
    if (!inc.ok) return inc;
    const incidents = inc.value.body.flatMap((l, i) => {
      const m = INCIDENT.exec(l.trim());
      return m ? [{ name: m[2]!.trim(), text: m[3]!.trim(), line: inc.value.line + 1 + i }] : [];
    });
    if (!incidents.length) return seedError("IncidentsMissing", inc.value.line, { heading: incidentsHeading });
    careers.push({ name: headingTitle(name), line: s.value.line, html: proseHTML(own), incidents, ability });
    cursor = inc.value.end;
  }
  return ok({ line: head + 1, html: proseHTML(rules.value.body), careers });
}

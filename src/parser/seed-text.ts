/**
 * Reading prose sections of the Draw Steel seed: find an ALL-CAPS heading, take the lines under it,
 * and turn them into escaped HTML (paragraphs, bullet lists, sub-headings). Pure: text in, data or
 * a line-numbered localisable error out. Used by the class, culture, career and rules readers.
 */
import { escapeHTML } from "./ability-block.ts";
import { isHeading } from "./seed-abilities.ts";
import { titleCase } from "./seed-casing.ts";

export interface SeedError {
  key: string;
  /** 1-based line of the seed where the reader was looking. */
  line: number;
  data: Record<string, string | number>;
}

export type SeedResult<T> = { ok: true; value: T } | { ok: false; error: SeedError };

export const ok = <T>(value: T): SeedResult<T> => ({ ok: true, value });
export const seedError = <T>(key: string, line: number, data: Record<string, string | number> = {}): SeedResult<T> =>
  ({ ok: false, error: { key: `SE.Parser.Error.${key}`, line, data } });

/** The seed's lines (LF or CRLF). */
export function seedLines(text: string): string[] {
  return text.replace(/\r\n?/g, "\n").split("\n");
}

/**
 * 0-based index of the first line at or after `from` (0-based) and before `to` whose trimmed text
 * is exactly `heading`, or -1.
 */
export function findHeading(lines: readonly string[], heading: string, from = 0, to = lines.length): number {
  const end = Math.min(to, lines.length);
  for (let i = Math.max(0, from); i < end; i++) if (lines[i]!.trim() === heading) return i;
  return -1;
}

/** 0-based index of the next heading line after `index` (or `to`/the end). */
export function nextHeading(lines: readonly string[], index: number, to = lines.length): number {
  const end = Math.min(to, lines.length);
  for (let i = index + 1; i < end; i++) if (isHeading(lines[i]!)) return i;
  return end;
}

const BULLET = /^\s*•\s*/;
/** A table row whose first cell is a short label and whose second starts a bullet list ("2 • You gain …"). */
const LABELLED_BULLET = /^(\S{1,3})\s+•\s*(.*)$/;

/**
 * Prose lines → HTML. Blank lines separate paragraphs; `•` lines become list items; headings
 * (ALL-CAPS lines) become `<h3>` titled in sentence case unless `keepHeadings` is false; lines of a
 * flattened table (consecutive lines with no blank between) are kept as separate lines.
 */
export function proseHTML(lines: readonly string[], { keepHeadings = true } = {}): string {
  const out: string[] = [];
  let list: string[] = [];
  let para: string[] = [];
  const flushPara = () => {
    if (para.length) out.push(`<p>${para.map(escapeHTML).join("<br>")}</p>`);
    para = [];
  };
  const flushList = () => {
    if (list.length) out.push(`<ul>${list.map((l) => `<li>${escapeHTML(l)}</li>`).join("")}</ul>`);
    list = [];
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) {
      flushPara();
      flushList();
    } else if (BULLET.test(raw)) {
      flushPara();
      list.push(line.replace(BULLET, ""));
    } else if (LABELLED_BULLET.test(line)) {
      flushPara();
      flushList();
      const [, label, rest] = LABELLED_BULLET.exec(line)!;
      para.push(label!);
      flushPara();
      list.push(rest!);
    } else if (isProseHeading(line)) {
      flushPara();
      flushList();
      if (keepHeadings) out.push(`<h3>${escapeHTML(headingTitle(line))}</h3>`);
    } else {
      flushList();
      para.push(line);
    }
  }
  flushPara();
  flushList();
  return out.join("");
}

/**
 * A heading inside a section: an ability-style heading, or any short line without lower-case letters
 * ("NATURAL 19 OR 20: SUCCESS WITH A REWARD", "INTEREST 5 (“YES, AND …”)"). Only used for rendering;
 * where a section ends is decided by `isHeading`.
 */
export function isProseHeading(line: string): boolean {
  const t = line.trim();
  return isHeading(t) || (t.length <= 80 && !/\p{Ll}/u.test(t) && /[A-Z]{3}/.test(t) && /^[A-Z0-9“"(]/.test(t));
}

/** "HIDE AND SNEAK" → "Hide and Sneak" (src/parser/seed-casing.ts titleCase). */
export const headingTitle = titleCase;

export interface Section {
  /** 1-based line of the heading. */
  line: number;
  heading: string;
  /** Lines after the heading, up to (not including) the stop line. */
  body: string[];
}

/**
 * The section under `heading`, searched from `from` (0-based) before `to`. It ends at the next
 * heading, or, when `until` is given, at the next line that is exactly one of those headings
 * (sub-headings in between are part of the section).
 */
export function readSection(
  lines: readonly string[], heading: string, from: number, to: number, until?: readonly string[],
): SeedResult<Section & { end: number }> {
  const start = findHeading(lines, heading, from, to);
  if (start < 0) return seedError("HeadingMissing", Math.min(from, lines.length) + 1, { heading });
  let end: number;
  if (until) {
    end = Math.min(to, lines.length);
    for (let i = start + 1; i < end; i++) {
      if (until.includes(lines[i]!.trim())) {
        end = i;
        break;
      }
    }
  } else end = nextHeading(lines, start, to);
  return ok({ line: start + 1, heading, body: lines.slice(start + 1, end), end });
}

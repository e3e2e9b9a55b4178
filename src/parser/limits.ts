/**
 * How much text the importers read. A paste is a few ability blocks, a kit or a stat block: a few
 * thousand characters, lines of a few hundred. The caps keep a mistaken or hostile paste (a whole
 * book, a 40,000-character line) from freezing the client while the parsers work.
 */
import type { ParseError } from "./ability-block.ts";

export const PASTE_LIMITS = { maxLength: 100_000, maxLineLength: 2_000 } as const;

/** The error for a paste over the caps (key under `errorPrefix`), or null. Lines count from 1. */
export function pasteLimitError(text: string, errorPrefix: string): ParseError | null {
  if (text.length > PASTE_LIMITS.maxLength) return { key: `${errorPrefix}.TooLong`, line: 1, data: { max: PASTE_LIMITS.maxLength } };
  let line = 1;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === "\n") {
      if (i - start > PASTE_LIMITS.maxLineLength) return { key: `${errorPrefix}.LineTooLong`, line, data: { max: PASTE_LIMITS.maxLineLength } };
      line++;
      start = i + 1;
    }
  }
  return null;
}

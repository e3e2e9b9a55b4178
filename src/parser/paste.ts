/**
 * What the import dialog accepts: one kit as printed (with its signature ability), or one or more
 * ability blocks. A paste is a kit when it has a KIT BONUSES or SIGNATURE ABILITY heading.
 *
 * A paste of one or more ability blocks, as the import dialog receives it: split into blocks on
 * their Keywords lines, each parsed; any failure is reported with its line in the whole paste and
 * nothing is returned, so the importer creates nothing.
 */
import { parseAbilityBlock } from "./ability-block.ts";
import type { ParseError, ParsedAbility } from "./ability-block.ts";
import { findAbilityBlocks } from "./seed-abilities.ts";
import { parseKit } from "./kit.ts";
import type { ParsedKit } from "./kit.ts";
import { pasteLimitError } from "./limits.ts";

export type PasteResult = { ok: true; abilities: ParsedAbility[] } | { ok: false; error: ParseError };

export function parseAbilityPaste(text: string): PasteResult {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const blocks = findAbilityBlocks(lines, 1, lines.length);
  if (!blocks.length) {
    // No Keywords line at all: let the block parser say what is wrong with the first line.
    const single = parseAbilityBlock(text);
    return single.ok ? { ok: true, abilities: [single.value] } : { ok: false, error: single.error };
  }
  const first = blocks[0]!.line;
  const before = lines.slice(0, first - 1).findIndex((l) => l.trim() !== "");
  if (before >= 0) return { ok: false, error: { key: "SE.Parser.Error.UnexpectedLine", line: before + 1, data: { text: lines[before]!.trim().slice(0, 60) } } };
  const abilities: ParsedAbility[] = [];
  for (const block of blocks) {
    const result = parseAbilityBlock(block.text);
    if (!result.ok) return { ok: false, error: { ...result.error, line: block.line + result.error.line - 1 } };
    abilities.push(result.value);
  }
  return { ok: true, abilities };
}

export type ImportPaste =
  | { ok: true; kind: "abilities"; abilities: ParsedAbility[] }
  | { ok: true; kind: "kit"; kit: ParsedKit }
  | { ok: false; error: ParseError };

const KIT_HEADING = /^\s*(KIT BONUS(ES)?|SIGNATURE ABILITY(:.*)?)\s*$/m;

/** Read a paste as a kit (when it has a kit heading) or as ability blocks; errors carry the paste's line. */
export function parseImportPaste(text: string): ImportPaste {
  const tooLong = pasteLimitError(text, "SE.Parser.Error");
  if (tooLong) return { ok: false, error: tooLong };
  if (KIT_HEADING.test(text)) {
    // Leading blank lines do not change the numbering: parseKit counts every line.
    const result = parseKit(text);
    return result.ok ? { ok: true, kind: "kit", kit: result.value } : result;
  }
  const result = parseAbilityPaste(text);
  return result.ok ? { ok: true, kind: "abilities", abilities: result.abilities } : result;
}

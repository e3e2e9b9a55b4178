/**
 * Finds the 12 ancestries (L630–1991) and the 10 complications (L5568–5684) in the Draw Steel seed
 * text. An ancestry runs from its heading to the next one; its description is the text before its
 * "ON …" essay, its benefits the "… BENEFITS" section. Pure.
 */
import { parseAbilityBlock } from "./ability-block.ts";
import type { ParseResult } from "./ability-block.ts";
import { ancestryNumbers, parseAncestryBenefits, parseComplication } from "./ancestry.ts";
import type { AncestryNumbers, BenefitsResult, ComplicationResult } from "./ancestry.ts";

/** The ancestries in print order: the seed's heading and the name the pack uses. */
export const ANCESTRIES = [
  { heading: "DEVIL", name: "Devil" },
  { heading: "DRAGON KNIGHT", name: "Dragon Knight" },
  { heading: "DWARF", name: "Dwarf" },
  { heading: "ELF, WODE", name: "Wode Elf" },
  { heading: "ELF, HIGH", name: "High Elf" },
  { heading: "HAKAAN", name: "Hakaan" },
  { heading: "HUMAN", name: "Human" },
  { heading: "MEMONEK", name: "Memonek" },
  { heading: "ORC", name: "Orc" },
  { heading: "POLDER", name: "Polder" },
  { heading: "REVENANT", name: "Revenant" },
  { heading: "TIME RAIDER", name: "Time Raider" },
] as const;

export const ANCESTRY_RANGE = { from: 674, to: 1992 };
export const COMPLICATION_RANGE = { from: 5592, to: 5671 };
export const COMPLICATIONS = [
  "Cult Victim", "Devil Deal", "Elemental Absorption", "Fire and Chaos", "Primordial Sickness", "Punishment Curse",
  "Shipwrecked", "Vivid Dreams", "Ward", "War of the Guilds",
] as const;

export interface ExtractedAncestry {
  name: string;
  /** 1-based seed line of the ancestry's heading. */
  line: number;
  description: string[];
  /** 1-based seed line of its BENEFITS heading. */
  benefitsLine: number;
  result: BenefitsResult;
  numbers: AncestryNumbers;
  /** Fiend points to spend on purchases (the Devil's 3, L798). */
  fiendPoints: number;
  /** Ability blocks printed in the benefits, with the benefit that gives each. */
  abilities: { line: number; benefit: string; result: ParseResult }[];
}

const findLine = (lines: string[], text: string, from: number, to: number, label: string) => {
  const i = lines.findIndex((l, n) => n >= from - 1 && n < to && l.trim() === text);
  if (i < 0) throw new Error(`${label} "${text}" not found in seed lines ${from}–${to}`);
  return i;
};

export function extractAncestries(seedText: string): ExtractedAncestry[] {
  const lines = seedText.replace(/\r\n?/g, "\n").split("\n");
  const starts = ANCESTRIES.map((a) => findLine(lines, a.heading, ANCESTRY_RANGE.from, ANCESTRY_RANGE.to, "Ancestry"));
  return ANCESTRIES.map((a, k) => {
    const start = starts[k]!;
    const end = k + 1 < starts.length ? starts[k + 1]! : ANCESTRY_RANGE.to - 1;
    const section = lines.slice(start, end);
    const essay = section.findIndex((l) => /^ON [A-Z ]+$/.test(l.trim()));
    const benefitsAt = section.findIndex((l) => /^[A-Z ,]+ BENEFITS$/.test(l.trim()));
    if (benefitsAt < 0) throw new Error(`Ancestry ${a.name}: no BENEFITS heading`);
    const description = section.slice(1, essay > 0 ? essay : benefitsAt).map((l) => l.trim()).filter(Boolean);
    const parsed = parseAncestryBenefits(section.slice(benefitsAt).join("\n"));
    const offset = start + benefitsAt; // parser line n → seed line offset + n
    // Benefits and purchases carry seed lines, as abilities do (the parser counts from the BENEFITS heading).
    const result: BenefitsResult = parsed.ok
      ? { ok: true, value: {
          ...parsed.value,
          benefits: parsed.value.benefits.map((b) => ({ ...b, line: offset + b.line })),
          purchases: parsed.value.purchases.map((p) => ({ ...p, line: offset + p.line })),
        } }
      : { ok: false, error: { ...parsed.error, line: offset + parsed.error.line } };
    const texts = parsed.ok ? [...parsed.value.intro, ...parsed.value.benefits.flatMap((b) => b.text)] : [];
    const abilities = parsed.ok ? parsed.value.abilities.map((ab) => {
      const r = parseAbilityBlock(ab.text);
      const result = r.ok ? r : { ok: false as const, error: { ...r.error, line: offset + ab.line + r.error.line - 1 } };
      return { line: offset + ab.line, benefit: ab.benefit, result };
    }) : [];
    const fiendPoints = Number(/\b(\d+) fiend points\b/i.exec(texts.join(" "))?.[1] ?? 0);
    return {
      name: a.name, line: start + 1, description, benefitsLine: offset + 1, result, numbers: ancestryNumbers(texts), fiendPoints, abilities,
    };
  });
}

export interface ExtractedComplication {
  line: number;
  result: ComplicationResult;
}

export function extractComplications(seedText: string): ExtractedComplication[] {
  const lines = seedText.replace(/\r\n?/g, "\n").split("\n");
  const { from, to } = COMPLICATION_RANGE;
  const starts = COMPLICATIONS.map((name) => findLine(lines, name.toUpperCase(), from, to, "Complication"));
  return starts.map((start, k) => {
    const end = k + 1 < starts.length ? starts[k + 1]! : to - 1;
    const r = parseComplication(lines.slice(start, end).join("\n"));
    return { line: start + 1, result: r.ok ? r : { ok: false as const, error: { ...r.error, line: start + r.error.line } } };
  });
}

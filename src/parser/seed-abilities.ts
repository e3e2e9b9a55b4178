/**
 * Finds the class ability blocks in the Draw Steel seed text (notes/ds-classes-inventory.md §2.0):
 * each block is anchored on its Keywords line, named by the nearest ALL-CAPS line above it, and runs
 * to the next ALL-CAPS line below (blocks may run straight into the next heading). Pure.
 */
import { parseAbilityBlock } from "./ability-block.ts";
import type { ParseResult } from "./ability-block.ts";

export { flavorHTML } from "./ability-block.ts";

/** The classes' line ranges in seeds/004_… (1-based, inclusive). */
export const CLASS_SECTIONS = [
  { id: "conduit", name: "Conduit", from: 2331, to: 2807 },
  { id: "elementalist", name: "Elementalist", from: 2808, to: 3259 },
  { id: "fury", name: "Fury", from: 3260, to: 3853 },
  { id: "shadow", name: "Shadow", from: 3854, to: 4224 },
  { id: "tactician", name: "Tactician", from: 4225, to: 4528 },
] as const;

const HEADING = /^[A-Z0-9][A-Z0-9 ,'!?()+-]*[A-Z!?)]$/;
const KEYWORDS = /^\s*(?:•\s*)?Keywords:/;

export function isHeading(line: string): boolean {
  const t = line.trim();
  return t.length > 2 && HEADING.test(t);
}

export interface SeedBlock {
  /** 1-based line of the block's name. */
  line: number;
  text: string;
  /**
   * Printed straight under a "SIGNATURE ABILITY" heading, as the stormwight kits print theirs inside
   * the fury chapter (L3681, L3728, L3778, L3827): a kit's signature ability, whose printed numbers
   * already include the kit's bonuses (L4711). The classes' own "SIGNATURE ABILITY" headings are
   * followed by a line of text ("Select one signature ability ..."), not by an ability.
   */
  signature: boolean;
}

/** Ability blocks whose Keywords line lies in [from, to] (1-based, inclusive). */
export function findAbilityBlocks(lines: string[], from: number, to: number): SeedBlock[] {
  const blocks: SeedBlock[] = [];
  for (let i = from - 1; i < Math.min(to, lines.length); i++) {
    if (!KEYWORDS.test(lines[i]!)) continue;
    let start = i;
    while (start > 0 && !isHeading(lines[start]!)) start--;
    let end = i + 1;
    while (end < lines.length && !isHeading(lines[end]!)) end++;
    let above = start - 1;
    while (above >= 0 && lines[above]!.trim() === "") above--;
    const signature = above >= 0 && lines[above]!.trim() === "SIGNATURE ABILITY";
    blocks.push({ line: start + 1, text: lines.slice(start, end).join("\n"), signature });
  }
  return blocks;
}

export interface ExtractedAbility {
  classId: string;
  className: string;
  line: number;
  /** A kit's signature ability (see SeedBlock.signature). */
  signature: boolean;
  result: ParseResult;
}

/** Every class ability of the seed, parsed, with the class it belongs to and its line. */
export function extractClassAbilities(seedText: string): ExtractedAbility[] {
  const lines = seedText.replace(/\r\n?/g, "\n").split("\n");
  return CLASS_SECTIONS.flatMap((section) => findAbilityBlocks(lines, section.from, section.to).map((block) => ({
    classId: section.id,
    className: section.name,
    line: block.line,
    signature: block.signature,
    result: parseAbilityBlock(block.text),
  })));
}

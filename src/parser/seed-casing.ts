/**
 * How the packs case a name the seed prints as an ALL-CAPS heading: one title-case rule for every
 * reader of the seed (abilities, ancestries, kits, rules headings), and the names no rule gives.
 */

/**
 * Ability and feature names whose casing no title-case rule gives: the seed prints them this way in
 * running text and tables, and its headings are all capitals. Keyed by the heading as printed.
 */
export const PRINTED_CASE: Readonly<Record<string, string>> = {
  "I'M ON YOUR SIDE": "I'm On Your Side", // L3901 (headings L3936, L3940)
  "HESITATION IS WEAKNESS": "Hesitation is Weakness", // L3865, L6780, L6800 (headings L4004, L4008)
};

/** Words a heading keeps in a fixed case. */
const FIXED_CASE: Readonly<Record<string, string>> = { npc: "NPC", npcs: "NPCs", eot: "EoT", eoe: "EoE" };

/** Words left in lower case after the first word, as the seed's running text prints them. */
const SMALL_WORDS: ReadonlySet<string> = new Set([
  "a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the", "to", "with",
]);

/**
 * "HIDE AND SNEAK" → "Hide and Sneak"; "1ST-LEVEL FEATURES" → "1st-Level Features";
 * "I'M ON YOUR SIDE" → "I'm On Your Side" (from PRINTED_CASE). A letter after an apostrophe stays
 * lower case ("DON'T" → "Don't"); one after a hyphen, bracket or opening quote is capitalised.
 */
export function titleCase(heading: string): string {
  const printed = PRINTED_CASE[heading.trim()];
  if (printed) return printed;
  return heading.trim().toLowerCase().split(/\s+/)
    .map((w, i) => FIXED_CASE[w] ?? (i > 0 && SMALL_WORDS.has(w) ? w
      : w.replace(/(^|[-(“"])(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase())))
    .join(" ");
}

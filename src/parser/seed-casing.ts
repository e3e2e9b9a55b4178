/**
 * Ability and feature names whose casing no title-case rule gives: the seed prints them this way in
 * running text and tables, and its headings are all capitals. Keyed by the heading as printed.
 */
export const PRINTED_CASE: Readonly<Record<string, string>> = {
  "I'M ON YOUR SIDE": "I'm On Your Side", // L3901 (headings L3936, L3940)
  "HESITATION IS WEAKNESS": "Hesitation is Weakness", // L3865, L6780, L6800 (headings L4004, L4008)
};

/**
 * Levelling up (issue 32; seed 004 "Heroic Advancement", L581–628): when a hero may take her next
 * level, and what her class's advancement table gives at a level.
 *
 * - XP advancement: "When you gain sufficient Experience, you gain a level during the same respite"
 *   (L585). The hero's level is stored; once her XP reaches a higher level, she may level up.
 * - Milestone (L620) and "Director says so" (L626): the XP does not level; the Director does.
 * - The class advancement tables print levels 1st–3rd (conduit L2342, elementalist L2819, fury L3271,
 *   shadow L3865, tactician L4236) but the packet prints 1st-level features only (L511).
 */
import { MAX_LEVEL, levelForXp } from "./progression.ts";
import type { AdvancementSpeed } from "./progression.ts";

/** How a world's heroes advance: by XP at one of the seed's speeds (L590, L608), or by milestone / the Director (L620, L626). */
export type AdvancementMode = AdvancementSpeed | "milestone";

export interface LevelUpState {
  /** The level the hero's XP reaches, or null when XP does not level (milestone). */
  xpLevel: number | null;
  /** Whether she may level up herself now: her XP reaches a higher level than she has. */
  ready: boolean;
  /** The level a level-up takes her to, or null at the 10th. */
  next: number | null;
}

/** Where a hero stands on her next level. `level` is the level she has taken; `xp` her cumulative XP. */
export function levelUpState(level: number, xp: number, mode: AdvancementMode): LevelUpState {
  if (!Number.isInteger(level) || level < 1 || level > MAX_LEVEL) throw new RangeError(`level must be 1..10, got ${level}`);
  const xpLevel = mode === "milestone" ? null : levelForXp(xp, mode);
  const next = level < MAX_LEVEL ? level + 1 : null;
  return { xpLevel, ready: next !== null && xpLevel !== null && xpLevel > level, next };
}

/**
 * The level a hero stored before levels were stored had: what her XP gave (the system derived it so).
 * A world on milestone advancement read XP at the normal speed before, so it still does here.
 */
export function legacyLevel(xp: number, mode: AdvancementMode): number {
  return levelForXp(Math.max(0, Math.trunc(xp) || 0), mode === "milestone" ? "normal" : mode);
}

/** One row of a class's advancement table. */
export interface AdvancementRow {
  level: number;
  /** The Features column, one entry per feature ("Deity and Domains", "Piety", ...). */
  features: string[];
  /** The Abilities column as printed ("Signature, 3, 5, 5 (Domain)"), read with `abilitySlots`. */
  abilities: string;
}

/**
 * Read a row as the seed prints it, the two columns run together: "2nd Gift of the Gods, Domain Feature,
 * Domain Ability Signature, 3, 5, 5 (Domain)". The Abilities column is the last "Signature, ..." or
 * "Field Arsenal, ..." (the tactician's, L4236). Null when the line is not such a row.
 */
export function parseAdvancementRow(line: string): AdvancementRow | null {
  const m = /^(\d+)(?:st|nd|rd|th) (.+) ((?:Signature|Field Arsenal), .+)$/.exec(line.trim());
  if (!m) return null;
  const level = Number(m[1]);
  if (level < 1 || level > MAX_LEVEL) return null;
  return { level, features: m[2]!.split(",").map((f) => f.trim()).filter(Boolean), abilities: m[3]! };
}

/** The advancement tables as the seed prints them, by class (each line is the seed's, with its line). */
export const CLASS_ADVANCEMENT_LINES: Readonly<Record<string, readonly (readonly [number, string])[]>> = {
  conduit: [
    [2342, "1st Deity and Domains, Piety, Domain Feature, Healing Grace, Pious Force, Triggered Action, Conduit Abilities Signature, 3,5"],
    [2343, "2nd Gift of the Gods, Domain Feature, Domain Ability Signature, 3, 5, 5 (Domain)"],
    [2344, "3rd Restore Life, 7-Piety, Ability Signature, 3, 5, 5 (Domain), 7"],
  ],
  elementalist: [
    [2819, "1st Elemental Specialization, Essence, Hurl Element, Persistent Magic, Practical Magic, Specialization Feature, "
      + "Specialization Triggered Action, Elementalist Abilities Signature, 1, 3, 5"],
    [2820, "2nd Specialization Feature, New 5-Essence Ability Signature, 1, 3, 5, 5"],
    [2821, "3rd Specialization Feature, 7-Essence Ability Signature, 1, 3, 5, 5, 7"],
  ],
  fury: [
    [3271, "1st Primordial Aspect, Rage, Growing Rage, Mighty Leaps, Aspect Features, Aspect Triggered Action, Fury Abilities Signature, 3, 5"],
    [3272, "2nd Aspect Feature, Aspect Ability Signature, 3, 5, 5 (Aspect)"],
    [3273, "3rd Aspect Feature, 7-Rage Ability Signature, 3, 5, 5 (Aspect), 7"],
  ],
  shadow: [
    [3865, "1st Shadow College, Insight, College Feature, College Triggered Action, Hesitation is Weakness, Shadow Abilities Signature, 3, 5"],
    [3866, "2nd College Feature, College Ability Signature, 3, 5, 5 (College)"],
    [3867, "3rd Assess and Aim, 7-Insight Ability Signature, 3, 5, 5 (College), 7"],
  ],
  tactician: [
    [4236, "1st Tactical Doctrine, Focus, Mark, Seize the Opening, Doctrine Features, Doctrine Triggered Action, Field Arsenal Field Arsenal, 3, 5"],
    [4237, "2nd Doctrine Features, Doctrine Ability Field Arsenal, 3, 5, 5 (Doctrine)"],
    [4238, "3rd All According to Plan, 7-Focus Ability Field Arsenal, 3, 5, 5 (Doctrine), 7"],
  ],
};

/** What a level brings a hero of this class, as far as the seed prints it. */
export interface LevelGains {
  level: number;
  /** The table's row for the level, or null when the seed's table stops before it (or the class is not the seed's). */
  row: AdvancementRow | null;
  /** Whether the seed prints the text of that level's features (1st level only in this packet). */
  featureTextPrinted: boolean;
  /** The seed line of the row, when there is one. */
  line: number | null;
}

/** What the seed gives a hero of `className` at `level`. */
export function levelGains(className: string, level: number): LevelGains {
  const rows = CLASS_ADVANCEMENT_LINES[className.trim().toLowerCase()] ?? [];
  for (const [line, text] of rows) {
    const row = parseAdvancementRow(text);
    if (row?.level === level) return { level, row, featureTextPrinted: level === 1, line };
  }
  return { level, row: null, featureTextPrinted: false, line: null };
}

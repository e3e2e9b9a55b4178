/**
 * The fixed vocabularies of Draw Steel (seed 004) as data: characteristics, skills, damage types,
 * sizes, ability types and keywords. Ids are stable keys; labels live in lang/en.json.
 */

/** The five characteristics, -5..+5 (L135–161). */
export const CHARACTERISTICS = ["might", "agility", "reason", "intuition", "presence"] as const;
export type Characteristic = (typeof CHARACTERISTICS)[number];
export const CHARACTERISTIC_MIN = -5;
export const CHARACTERISTIC_MAX = 5;

/** The seed's 54 skills in five groups (L5931–6031). */
export const SKILL_GROUPS = {
  crafting: ["alchemy", "architecture", "blacksmithing", "fletching", "forgery", "jewelry", "mechanics", "tailoring"],
  exploration: ["climb", "drive", "endurance", "gymnastics", "heal", "jump", "lift", "navigate", "ride", "swim"],
  interpersonal: [
    "brag", "empathize", "flirt", "gamble", "handleAnimals", "interrogate", "intimidate", "lead", "lie", "music",
    "perform", "persuade", "readPerson",
  ],
  intrigue: [
    "alertness", "concealObject", "disguise", "eavesdrop", "escapeArtist", "hide", "pickLock", "pickPocket",
    "sabotage", "search", "sneak", "track",
  ],
  lore: [
    "culture", "criminalUnderworld", "history", "magic", "monsters", "nature", "psionics", "religion", "rumors",
    "society", "timescape",
  ],
} as const;
export type SkillGroup = keyof typeof SKILL_GROUPS;
export type Skill = (typeof SKILL_GROUPS)[SkillGroup][number];
export const SKILLS: readonly Skill[] = Object.values(SKILL_GROUPS).flat();

export function skillGroupOf(skill: string): SkillGroup | null {
  for (const [group, skills] of Object.entries(SKILL_GROUPS)) {
    if ((skills as readonly string[]).includes(skill)) return group as SkillGroup;
  }
  return null;
}

/** Typed damage (L7160–7162); untyped damage has no type. */
export const DAMAGE_TYPES = ["acid", "cold", "corruption", "fire", "holy", "lightning", "poison", "psychic", "sonic"] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

/** Ability keywords used by the seed's abilities (notes/ds-classes-inventory.md §3.5). */
export const ABILITY_KEYWORDS = [
  "animal", "area", "attack", "charge", "earth", "fire", "green", "magic", "melee", "persistent", "psionic", "ranged",
  "resistance", "rot", "routine", "strike", "void", "weapon",
] as const;

/** What an immunity or weakness can be keyed by: a damage type, an ability keyword, or everything. */
export const DAMAGE_KEY_ALL = "all";

/**
 * Forced move damage immunity (L7172): the key of an immunity that reduces only the damage a
 * creature takes from forced movement (a collision), not any other damage.
 */
export const DAMAGE_KEY_FORCED_MOVE = "forced";

/** Localisation key of an immunity/weakness key. */
export function damageKeyLabel(key: string): string {
  if (key === DAMAGE_KEY_ALL) return "SE.DamageType.all";
  if (key === DAMAGE_KEY_FORCED_MOVE) return "SE.DamageType.forced";
  return (DAMAGE_TYPES as readonly string[]).includes(key) ? `SE.DamageType.${key}` : `SE.Keyword.${key}`;
}

/** Ability types: the heroes' five (L6487–6495) and the kinds only monsters use. */
export const ABILITY_TYPES = [
  "action", "maneuver", "triggered", "freeTriggered", "freeManeuver", "move", "villain", "trait", "noAction",
] as const;
export type AbilityType = (typeof ABILITY_TYPES)[number];

/** Distance shapes (L6497 on). */
export const DISTANCE_KINDS = ["reach", "ranged", "reachOrRanged", "self", "burst", "aura", "cube", "line", "wall", "special"] as const;
export type DistanceKind = (typeof DISTANCE_KINDS)[number];

/** Creature sizes (L6712–6728): 1T, 1S, 1M, 1L, then 2, 3, 4, 5 squares. */
export const SIZE_LETTERS = ["T", "S", "M", "L"] as const;
export type SizeLetter = (typeof SIZE_LETTERS)[number];
export interface Size {
  value: number;
  letter: SizeLetter | "";
}

/** Default hero size and speed when the ancestry says nothing else (L668–672). */
export const DEFAULT_SIZE: Size = { value: 1, letter: "M" };
export const DEFAULT_SPEED = 5;

/** Token width in grid squares: size 1 creatures of any letter fill one square; larger ones N. */
export function tokenSquares(size: Size): number {
  return Math.max(1, Math.floor(size.value));
}

export function formatSize(size: Size): string {
  return size.value === 1 ? `1${size.letter || "M"}` : String(size.value);
}

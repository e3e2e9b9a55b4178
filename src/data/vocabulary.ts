/** Choice lists of the data models that are not game rules (labels in lang/en.json). */

/** Monster organizations and roles; the seed names them without a bestiary (docs/rules-decisions.md). */
export const MONSTER_ORGANIZATIONS = ["minion", "band", "platoon", "troop", "leader", "solo"] as const;
export const MONSTER_ROLES = [
  "ambusher", "artillery", "brute", "controller", "defender", "harrier", "hexer", "mount", "support",
] as const;

/** Movement keywords (seed 004, L6852–6900) a stat block can list besides walking. */
export const MOVEMENT_TYPES = ["walk", "burrow", "climb", "fly", "swim", "teleport"] as const;

/** The twelve motivations and pitfalls of negotiation (seed 004, L7419–7540). */
export const NEGOTIATION_MOTIVATIONS = [
  "benevolence", "discovery", "freedom", "greed", "higherAuthority", "justice", "legacy", "peace", "power",
  "protection", "revelry", "vengeance",
] as const;

/** Armor and weapon categories of kits (L4560–4600); implements by material (L4615–4630). */
export const ARMOR_CATEGORIES = ["none", "light", "medium", "heavy", "shield"] as const;
export const WEAPON_CATEGORIES = ["none", "bow", "ensnaring", "heavy", "light", "medium", "polearm", "unarmed", "whip"] as const;
export const IMPLEMENT_MATERIALS = ["", "bone", "crystal", "glass", "metal", "stone", "wood"] as const;
export const KIT_TYPES = ["martial", "caster", "stormwight"] as const;

/** Where a feature comes from. */
export const FEATURE_SOURCES = ["ancestry", "class", "subclass", "kit", "culture", "career", "title", "trait", "other"] as const;

/** Kinds of power roll an ability makes (seed 004, L175–181), or none. */
export const POWER_ROLL_KINDS = ["none", "ability", "resistance", "test"] as const;

/** Forced movement (L6904–6930). */
export const FORCED_MOVEMENT_KINDS = ["push", "pull", "slide"] as const;

/** Effect durations (L6610–6636): end of turn, end of encounter, resistance ends, or as written. */
export const DURATIONS = ["", "EoT", "EoE", "resistance"] as const;

/** Resources an ability can cost. */
export const COST_RESOURCES = ["", "heroic", "villainPower", "other"] as const;

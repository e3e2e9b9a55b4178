/**
 * The monster baseline: the numbers a monster of a given level, organization and role starts from
 * (Stamina, free strike, tier damage, EV, highest characteristic, speed, stability). The bestiary
 * and the "New monster from baseline" dialog both use it. Sources and derivation:
 * docs/rules-decisions.md, "Monster baseline". The seed (004) prints no bestiary and no
 * monster-building table; it only names Villain Power and the monster stat block fields.
 */

/** Organizations, weakest to strongest ("band" is Draw Steel's horde, "troop" its elite). */
export const MONSTER_ORGANIZATION_IDS = ["minion", "band", "platoon", "troop", "leader", "solo"] as const;
export type MonsterOrganization = (typeof MONSTER_ORGANIZATION_IDS)[number];

/** Roles (what the monster does in a fight). */
export const MONSTER_ROLE_IDS = [
  "ambusher", "artillery", "brute", "controller", "defender", "harrier", "hexer", "mount", "support",
] as const;
export type MonsterRole = (typeof MONSTER_ROLE_IDS)[number];

export const MONSTER_LEVEL_MIN = 1;
export const MONSTER_LEVEL_MAX = 20;

/** Stamina: ((10 × level) + role term) × organization factor. */
export const STAMINA_ROLE_TERM: Record<MonsterRole, number> = {
  ambusher: 20, artillery: 10, brute: 30, controller: 10, defender: 30, harrier: 20, hexer: 10, mount: 20, support: 20,
};
export const STAMINA_ORGANIZATION_FACTOR: Record<MonsterOrganization, number> = {
  minion: 0.125, band: 0.5, platoon: 1, troop: 2, leader: 2, solo: 4,
};

/** Damage: (4 + level + role bonus + organization bonus) × tier factor; minions and bands halve it. */
export const DAMAGE_ROLE_BONUS: Record<MonsterRole, number> = {
  ambusher: 1, artillery: 1, brute: 1, controller: 0, defender: 0, harrier: 0, hexer: 0, mount: 0, support: 0,
};
export const DAMAGE_ORGANIZATION_BONUS: Record<MonsterOrganization, number> = {
  minion: 0, band: 0, platoon: 0, troop: 1, leader: 1, solo: 2,
};
export const TIER_DAMAGE_FACTORS = [0.6, 1.1, 1.4] as const;

/** EV: ((2 × level) + 4) × organization factor; a minion's EV is for a group of four. */
export const EV_ORGANIZATION_FACTOR: Record<MonsterOrganization, number> = {
  minion: 0.5, band: 0.5, platoon: 1, troop: 2, leader: 2, solo: 6,
};

/** Speed and stability by role (this project's choice; see docs/rules-decisions.md). */
export const ROLE_SPEED: Record<MonsterRole, number> = {
  ambusher: 6, artillery: 5, brute: 5, controller: 5, defender: 5, harrier: 7, hexer: 5, mount: 8, support: 5,
};
export const ROLE_STABILITY: Record<MonsterRole, number> = {
  ambusher: 0, artillery: 0, brute: 2, controller: 0, defender: 2, harrier: 0, hexer: 0, mount: 2, support: 0,
};

export interface MonsterBaselineInput {
  level: number;
  organization: string;
  role: string;
}

export interface MonsterBaseline {
  stamina: number;
  /** Damage of one tier-1 strike: what the free strike deals. */
  freeStrike: number;
  /** Tier 1, 2 and 3 damage of a single-target signature strike. */
  tierDamage: [number, number, number];
  ev: number;
  /** 1 + echelon (echelon: levels 1–3 are 1, 4–6 are 2, 7–9 are 3, 10+ are 4). */
  highestCharacteristic: number;
  speed: number;
  stability: number;
}

const isOrganization = (v: string): v is MonsterOrganization => (MONSTER_ORGANIZATION_IDS as readonly string[]).includes(v);
const isRole = (v: string): v is MonsterRole => (MONSTER_ROLE_IDS as readonly string[]).includes(v);

/** Rounds half up (2.5 → 3), so 0.6 × 5 = 3 and 1.1 × 5 = 5.5 → 6. */
const roundHalfUp = (x: number) => Math.floor(x + 0.5 + 1e-9);

/** Levels 1–3 are echelon 1, 4–6 echelon 2, 7–9 echelon 3, 10 and higher echelon 4. */
export function monsterEchelon(level: number): number {
  return Math.min(4, Math.floor((level - 1) / 3) + 1);
}

/** The baseline numbers of a monster; a RangeError for a level outside 1–20 or an unknown organization or role. */
export function monsterBaseline({ level, organization, role }: MonsterBaselineInput): MonsterBaseline {
  if (!Number.isInteger(level) || level < MONSTER_LEVEL_MIN || level > MONSTER_LEVEL_MAX) {
    throw new RangeError(`monster level must be a whole number from ${MONSTER_LEVEL_MIN} to ${MONSTER_LEVEL_MAX}, got ${level}`);
  }
  if (!isOrganization(organization)) throw new RangeError(`unknown monster organization: ${organization}`);
  if (!isRole(role)) throw new RangeError(`unknown monster role: ${role}`);
  const stamina = Math.max(1, roundHalfUp((10 * level + STAMINA_ROLE_TERM[role]) * STAMINA_ORGANIZATION_FACTOR[organization]));
  const base = 4 + level + DAMAGE_ROLE_BONUS[role] + DAMAGE_ORGANIZATION_BONUS[organization];
  const halved = organization === "minion" || organization === "band";
  const tierDamage = TIER_DAMAGE_FACTORS.map((f) => Math.max(1, roundHalfUp(base * f / (halved ? 2 : 1)))) as [number, number, number];
  return {
    stamina,
    freeStrike: tierDamage[0],
    tierDamage,
    ev: (2 * level + 4) * EV_ORGANIZATION_FACTOR[organization],
    highestCharacteristic: 1 + monsterEchelon(level),
    speed: ROLE_SPEED[role],
    stability: ROLE_STABILITY[role] + (organization === "solo" ? 1 : 0),
  };
}

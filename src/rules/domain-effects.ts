/**
 * The conduit's domain effects on Prayer's tier 3 (seed 004, L2391 "Gain 2 piety and choose and use a
 * domain effect"; L2397 "Whenever you get the tier 3 result of the Prayer ability, you can choose one
 * of your domain's effects to immediately take effect"). Each domain's effect (L2399–2445) with the
 * numbers it computes from the conduit's level and Intuition. Which targets, areas and choices the
 * effect takes is the table's: the system offers the choice and says the numbers.
 */


export const DOMAINS = [
  "creation", "death", "fate", "knowledge", "life", "love", "nature", "protection", "storm", "sun", "trickery", "war",
] as const;
export type Domain = (typeof DOMAINS)[number];

/** The line of each domain effect's text in seed 004 (its heading is two lines above). */
export const DOMAIN_EFFECT_LINES: Record<Domain, number> = {
  creation: 2401, death: 2405, fate: 2409, knowledge: 2413, life: 2417, love: 2421,
  nature: 2425, protection: 2429, storm: 2433, sun: 2437, trickery: 2441, war: 2445,
};

/**
 * The domains a conduit's subclass text names ("Life, Sun", "life and war", "Storm / Trickery"),
 * in the seed's order, each once. A conduit has two (L2350); more or fewer are returned as written.
 */
export function domainsOf(subclass: string | null | undefined): Domain[] {
  const words = String(subclass ?? "").toLowerCase().split(/[^a-z]+/).filter(Boolean);
  return DOMAINS.filter((d) => words.includes(d));
}

/** The numbers of one domain effect for a conduit of this level and Intuition (L2401–2445). */
export interface DomainEffectNumbers {
  domain: Domain;
  line: number;
  /** Damage each target takes: Death 5 + level corruption (L2405), Storm 5 + level lightning (L2433), Sun 10 + level fire (L2437). */
  damage?: { amount: number; type: string };
  /** Temporary Stamina: Life's alternative 20 (L2417), Love's 5 to each ally (L2421). */
  temporaryStamina?: number;
  /** Squares of slide: Nature 3 × Intuition (L2425), Trickery 5 + level (L2441). */
  slide?: number;
  /** Damage immunity: Protection, Intuition + level (L2429). */
  immunity?: number;
  /** Extra damage on the conduit's attacks: War, 2 × Intuition (L2445). */
  extraDamage?: number;
  /** Recoveries Life lets the creature spend (L2417). */
  recoveries?: number;
  /** Wall squares: Creation's 5 wall of stone (L2401). */
  wall?: number;
}

/** The numbers of `domain`'s effect (level at least 1; a negative Intuition counts as written, a slide or immunity never below 0). */
export function domainEffectNumbers(domain: Domain, conduit: { level: number; intuition: number }): DomainEffectNumbers {
  const level = Number.isInteger(conduit.level) && conduit.level > 0 ? conduit.level : 1;
  const intuition = Number.isInteger(conduit.intuition) ? conduit.intuition : 0;
  const base = { domain, line: DOMAIN_EFFECT_LINES[domain] };
  switch (domain) {
    case "creation": return { ...base, wall: 5 };
    case "death": return { ...base, damage: { amount: 5 + level, type: "corruption" } };
    case "life": return { ...base, recoveries: 2, temporaryStamina: 20 };
    case "love": return { ...base, temporaryStamina: 5 };
    case "nature": return { ...base, slide: Math.max(0, 3 * intuition) };
    case "protection": return { ...base, immunity: Math.max(0, intuition + level) };
    case "storm": return { ...base, damage: { amount: 5 + level, type: "lightning" } };
    case "sun": return { ...base, damage: { amount: 10 + level, type: "fire" } };
    case "trickery": return { ...base, slide: 5 + level };
    case "war": return { ...base, extraDamage: Math.max(0, 2 * intuition) };
    default: return base;
  }
}

/** How far Creation's wall may be from the conduit: "within 10 squares of you" (L2401). */
export const CREATION_WALL_WITHIN = 10;

/**
 * Creation's "5 wall of stone within 10 squares of you" (L2401) as an area the map's wall placement
 * takes (src/rules/areas.ts `wallPlacement`): a wall of up to `wall` squares sharing sides, one of them
 * within 10 squares and in line of effect, none in a creature's space (L6527). Null for another domain.
 */
export function creationWallArea(n: DomainEffectNumbers): { kind: "wall"; size: number; width: number; within: number } | null {
  if (n.domain !== "creation" || !n.wall) return null;
  return { kind: "wall", size: n.wall, width: 1, within: CREATION_WALL_WITHIN };
}

/** Whether a Prayer use earns the domain effect: its tier 3 (L2391, L2397). */
export function earnsDomainEffect(tier: number | null | undefined): boolean {
  return tier === 3;
}

/** The domain effects the system carries out from the effect's button (the others are the table's: see `planDomainEffect`). */
export const APPLIED_DOMAINS: readonly Domain[] = [
  "creation", "death", "fate", "knowledge", "life", "love", "nature", "protection", "storm", "sun", "trickery", "war",
];
/** Life's two ways (L2417): spend 2 Recoveries (with its ends and standing up), or 20 temporary Stamina. */
export const LIFE_OPTIONS = ["recoveries", "temporary"] as const;
/** Fate's two results (L2409): "a tier 1 or tier 3 result (your choice)". */
export const FATE_OPTIONS = ["tier1", "tier3"] as const;
/** Every way a domain effect's button may name: Life's and Fate's. */
export const DOMAIN_OPTIONS = [...LIFE_OPTIONS, ...FATE_OPTIONS] as const;

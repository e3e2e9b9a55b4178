/**
 * Using an ability against targets (seed 004): the edges and banes that conditions and the
 * battlefield give each target (L6656–6698, L6748, L6202–6212, L7069–7093, L7136–7154, L6509,
 * L6916), one roll resolved per target, critical hits (L6582–6584), downgrades (L197–201), forced
 * movement against stability (L6985–6987), kit damage bonuses (L4665–4711) and the dying hero's
 * 1d6 (L7204). Pure: the dice come in as arguments.
 */
import type { Size } from "./catalogue.ts";
import { sizeEdge } from "./size-maneuvers.ts";
import type { SizeManeuver } from "./size-maneuvers.ts";
import { kitDamageBonus } from "./hero.ts";
import type { KitBonuses } from "./hero.ts";
import type { Tier } from "./power-roll.ts";

/** What kind of power roll is made: an ability roll, a test, or a resistance roll. */
export type RollKind = "ability" | "test" | "resistance";

/** The parts of an ability that decide which edges and banes apply. */
export interface AbilityTraits {
  keywords: readonly string[];
  /** The ability's type ("action", "maneuver", ...). */
  type?: string;
  /** True when some tier deals damage (cover and the restrained/surprised edges count for damaging areas). */
  damaging?: boolean;
  /** Grab, Knockback or Escape Grab: the maneuvers whose edges and banes depend on sizes (L7005, L7030, L7053). */
  maneuver?: SizeManeuver | null;
}

/** The conditions and states of a creature, with the sources of those that have one. */
export interface CreatureState {
  /** A stable key of the creature: its actor's UUID (for an unlinked token, the token's own actor). */
  key: string;
  /** Condition and state ids (`src/rules/conditions.ts`) the creature has. */
  statuses: readonly string[];
  /** Key of the creature that frightened this one, if known (L6672: a new source replaces the old). */
  frightenedBy?: string;
  /** Key of the creature grabbing this one. */
  grabbedBy?: string;
  /** Key of the creature that taunted this one. */
  tauntedBy?: string;
  /** Fully submerged in water (L7249). */
  underwater?: boolean;
  /** Its speed has the Swim keyword (L6858). */
  canSwim?: boolean;
  /** Its size (L6714–6716), when known. */
  size?: Size;
  /** The sizes of the creatures grabbing it, when it is grabbed and they are known (Escape Grab, L7005). */
  grabberSizes?: Size[];
  /** A creature grabbing it did so with an ability whose effect gives a bane on escaping (Impaling Strike, L3469). */
  grabEscapeBane?: boolean;
  /**
   * As a target: the marks on it that benefit this roller (the tactician's Mark, L4277: one edge per
   * marking tactician on the roller's side, `markBenefit` in src/rules/marks.ts). Set by the roller's workflow.
   */
  markedFor?: number;
  /** A minion of a squad whose captain lives and gives an edge on strikes (src/rules/squads.ts). */
  captainEdge?: boolean;
}

/**
 * Toggles the user sets for one target, for what the system cannot see on the map: flanking and
 * high ground (edges), cover and concealment (banes), an ally's Aid Attack on the target (edge), and
 * an enemy adjacent to the attacker during a ranged attack (bane).
 */
export interface SituationToggles {
  flanking?: boolean;
  highGround?: boolean;
  cover?: boolean;
  concealment?: boolean;
  aided?: boolean;
  adjacentEnemy?: boolean;
}

/** One reason for an edge or a bane, shown to the user (label `SE.Edge.<reason>`). */
export interface EdgeReason {
  reason: string;
  edges: number;
  banes: number;
}

export interface RollModifiers {
  edges: number;
  banes: number;
  reasons: EdgeReason[];
}

export interface RollModifiersInput {
  kind: RollKind;
  ability?: AbilityTraits;
  /** The creature making the roll. */
  roller: CreatureState;
  /** The target of the roll, when it has one. */
  target?: CreatureState | null;
  /**
   * Keys of every target of the attack: taunted and grabbed give their banes to attacks that do not
   * include the taunter or grabber among their targets (L6694, L6674). Defaults to the target alone.
   */
  allTargets?: readonly string[];
  toggles?: SituationToggles;
  /** For resistance rolls: the characteristic rolled (restrained gives a bane on Might and Agility). */
  characteristic?: string;
}

export const has = (c: Pick<CreatureState, "statuses"> | null | undefined, id: string) => !!c && c.statuses.includes(id);

export function isAttack(ability: AbilityTraits | undefined): boolean {
  return !!ability && ability.keywords.includes("attack");
}

export function isDamagingArea(ability: AbilityTraits | undefined): boolean {
  return !!ability && ability.keywords.includes("area") && !!ability.damaging;
}

/**
 * Every automatic edge and bane on one roll, with its reason:
 * - the roller's conditions: weakened (bane on ability rolls and tests, L6698), prone and restrained
 *   (bane on attacks), grabbed (bane on attacks not against the grabber), frightened (bane on attacks
 *   against the source), taunted (double bane on attacks that do not include the taunter), hidden (edge on
 *   attacks), surprised (bane on resistance rolls, L6748), restrained (bane on Might and Agility
 *   resistance rolls, L6686);
 * - the target's: prone (edge on melee attacks), restrained and surprised (edge on attacks and
 *   damaging area abilities), frightened by the roller (edge), unconscious (double edge, L7224),
 *   defending (double bane on attacks, L7085);
 * - the toggles: flanking (edge on melee attacks), high ground (edge on attacks), Aid Attack (edge on
 *   an attack), cover (bane on attacks and damaging area abilities), concealment (bane on attacks),
 *   an adjacent enemy (bane on ranged attacks, L6509);
 * - the sizes, for the maneuvers that name them (`sizeEdge`): Grab and Knockback gain an edge against
 *   a smaller target (L7030, L7053); Escape Grab's resistance roll takes a bane when a creature
 *   grabbing the roller is larger (L7005), and another when the grab came from an ability whose
 *   effect says so (Impaling Strike, L3469; `grabEscapeBane`).
 * Edges and banes are not capped here; `resolvePowerRoll` caps and cancels them.
 */
export function rollModifiers(input: RollModifiersInput): RollModifiers {
  const { kind, ability, roller, target, toggles = {}, characteristic } = input;
  const targets = input.allTargets ?? (target ? [target.key] : []);
  const reasons: EdgeReason[] = [];
  const add = (reason: string, edges: number, banes: number) => reasons.push({ reason, edges, banes });
  const attack = kind === "ability" && isAttack(ability);
  const area = kind === "ability" && isDamagingArea(ability);
  const keywords = ability?.keywords ?? [];
  const melee = keywords.includes("melee");
  const ranged = keywords.includes("ranged");

  if (kind === "resistance") {
    if (has(roller, "surprised")) add("surprised", 0, 1);
    if (has(roller, "restrained") && (characteristic === "might" || characteristic === "agility")) add("restrained", 0, 1);
  } else {
    if (has(roller, "weakened")) add("weakened", 0, 1);
  }
  // Underwater without a swim speed: every power roll takes a bane (L7249), a test or resistance roll too.
  if (roller?.underwater && !roller.canSwim) add("underwater", 0, 1);

  if (attack) {
    if (has(roller, "prone")) add("prone", 0, 1);
    if (has(roller, "restrained")) add("restrained", 0, 1);
    if (has(roller, "grabbed") && targets.length && !(roller.grabbedBy && targets.includes(roller.grabbedBy))) add("grabbed", 0, 1);
    if (has(roller, "frightened") && target && roller.frightenedBy === target.key) add("frightened", 0, 1);
    if (has(roller, "taunted") && targets.length && roller.tauntedBy && !targets.includes(roller.tauntedBy)) add("taunted", 0, 2);
    if (has(roller, "hidden")) add("hidden", 1, 0);
    // A squad's captain, while it lives, gives its minions an edge on strikes (docs/rules-decisions.md).
    if (roller?.captainEdge && keywords.includes("strike")) add("captain", 1, 0);
  }

  if (target && kind === "ability") {
    if (attack && melee && has(target, "prone")) add("targetProne", 1, 0);
    if ((attack || area) && has(target, "restrained")) add("targetRestrained", 1, 0);
    if ((attack || area) && has(target, "surprised")) add("targetSurprised", 1, 0);
    if (attack && has(target, "frightened") && target.frightenedBy === roller.key) add("targetFrightened", 1, 0);
    if (attack && has(target, "unconscious")) add("targetUnconscious", 2, 0);
    if (attack && has(target, "defending")) add("targetDefending", 0, 2);
    // L4277: "When attacking a marked target, you and each of your allies gains an edge on power rolls".
    if (attack && Number.isInteger(target.markedFor) && (target.markedFor as number) > 0) add("marked", Math.min(2, target.markedFor as number), 0);
    if (attack && melee && toggles.flanking) add("flanking", 1, 0);
    if (attack && toggles.highGround) add("highGround", 1, 0);
    if (attack && toggles.aided) add("aided", 1, 0);
    if ((attack || area) && toggles.cover) add("cover", 0, 1);
    if (attack && toggles.concealment) add("concealment", 0, 1);
    if (attack && ranged && toggles.adjacentEnemy) add("adjacentEnemy", 0, 1);
  }

  // Sizes (L7005, L7030, L7053): Grab and Knockback are power rolls against a target, Escape Grab a
  // resistance roll of the grabbed roller against its grabbers.
  const maneuver = ability?.maneuver ?? null;
  const sized = maneuver === "escapeGrab"
    ? (kind === "resistance" ? sizeEdge(maneuver, roller?.size, roller?.grabberSizes ?? []) : null)
    : maneuver && kind === "ability" && target ? sizeEdge(maneuver, roller?.size, [target.size]) : null;
  if (sized) add(sized.reason, sized.edges, sized.banes);
  // Grabbed by Impaling Strike (L3469): "they take a bane on attempts to escape the grab".
  if (maneuver === "escapeGrab" && kind === "resistance" && roller?.grabEscapeBane) add("escapeBane", 0, 1);

  return {
    edges: reasons.reduce((n, r) => n + r.edges, 0),
    banes: reasons.reduce((n, r) => n + r.banes, 0),
    reasons,
  };
}

/**
 * The kit damage bonus for one tier of an ability (L4665–4686): none on the kit's own signature
 * ability, whose numbers already include it (L4711), nor on an ability that deals no damage.
 */
export function abilityDamageBonus(
  kit: KitBonuses | null | undefined, ability: { keywords: readonly string[]; signature?: boolean }, tier: Tier, dealsDamage = true,
): number {
  if (!kit || ability.signature || !dealsDamage) return 0;
  return kitDamageBonus(kit, ability.keywords, tier);
}

/** Damage text plus a bonus: whole numbers add up, formulas get "+ N" appended. */
export function addDamageBonus(value: string, bonus: number): string {
  const v = value.trim();
  if (!v || bonus === 0) return v;
  if (/^\d+$/.test(v)) return String(Math.max(0, Number(v) + bonus));
  return `${v} ${bonus > 0 ? "+" : "-"} ${Math.abs(bonus)}`;
}

/** A creature's space on the grid: its top-left square and its size in squares. */
export interface GridSpace {
  x: number;
  y: number;
  size: number;
}

/** Throw a RangeError naming `name` unless `s` is a space of whole squares with a size of 1 or more. */
export function checkGridSpace(name: string, s: GridSpace): void {
  if (!s || !Number.isInteger(s.x) || !Number.isInteger(s.y) || !Number.isInteger(s.size) || s.size < 1) {
    throw new RangeError(`${name} must be a space of whole squares with a size of 1 or more, got ${JSON.stringify(s)}`);
  }
}

/**
 * Two creatures are adjacent when a square of one touches a square of the other, diagonals included
 * (seed 004, L6822 on: every adjacent square, diagonals too, is one square away). Overlapping spaces
 * do not count.
 */
export function spacesAdjacent(a: GridSpace, b: GridSpace): boolean {
  const gapX = Math.max(b.x - (a.x + a.size), a.x - (b.x + b.size));
  const gapY = Math.max(b.y - (a.y + a.size), a.y - (b.y + b.size));
  const overlap = gapX < 0 && gapY < 0;
  return !overlap && gapX <= 0 && gapY <= 0;
}

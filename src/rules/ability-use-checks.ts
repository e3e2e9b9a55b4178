/**
 * An ability's use checked: cost, targets, attack, hidden, situation toggles, forced distance.
 * Apart from the grid and roll modifiers every client needs (./ability-use.ts), so that these load with
 * the ability flow (issue 31).
 */
import { CONDITION_IDS, STATE_IDS } from "./conditions.ts";
import { sizeTargetProblem } from "./size-maneuvers.ts";
import { netEdgesOf, resolvePowerRoll } from "./power-roll.ts";
import type { PowerRollResult, Tier } from "./power-roll.ts";
import { isAttack, has, type AbilityTraits, type CreatureState, type RollKind } from "./ability-use.ts";

export const SITUATION_TOGGLES = ["flanking", "highGround", "cover", "concealment", "aided", "adjacentEnemy"] as const;
export type SituationToggle = (typeof SITUATION_TOGGLES)[number];

/**
 * Why `target` cannot be targeted by this ability, or null. Hidden (L6212): "the creature can't target
 * you with attacks" while you are hidden from it; the system knows only that the target is hidden,
 * not from whom, so it warns and the Director decides.
 */
export function targetingProblem(ability: AbilityTraits | undefined, target: Pick<CreatureState, "statuses">): "hidden" | null {
  return isAttack(ability) && has(target, "hidden") ? "hidden" : null;
}

/**
 * Why `target` is out of the ability's size limit (`sizeTargetProblem`): "tooLarge" when the
 * ability's target line reads "the same size or smaller than you" (Grab L7022, Knockback L7045) or
 * "of your size or smaller" (Impaling Strike L3461) and the target is larger than the user. As with
 * a hidden target, the roll dialog warns and the Director decides.
 */
export function sizeTargetingProblem(
  targetText: string | null | undefined, roller: Pick<CreatureState, "size">, target: Pick<CreatureState, "size">,
): "tooLarge" | null {
  return sizeTargetProblem(targetText, roller.size, target.size);
}

/**
 * Whether what a hidden creature does ends its hiding once it resolves (L6212): using an ability,
 * interacting with an enemy creature, moving without sneaking, or otherwise revealing itself.
 */
export function revealsHidden(act: "ability" | "interact" | "move" | "sneak" | "reveal"): boolean {
  return act !== "sneak";
}

/**
 * A critical hit (L6582–6584): a natural 19 or 20 on a power roll made as part of an attack or an
 * action. Read as: an ability with the Attack keyword, or one whose type is Action.
 */
export function isCriticalHit(natural: number, ability: AbilityTraits): boolean {
  return natural >= 19 && (isAttack(ability) || ability.type === "action");
}

/** Ability types whose use costs a dying hero 1d6 Stamina (L7204). */
const DYING_TYPES = new Set(["action", "maneuver", "triggered"]);

/**
 * A dying hero loses 1d6 Stamina after using an action, a maneuver or a triggered action, making an
 * attack, or making a Might or Agility test (L7204).
 */
export function dyingLossApplies(input: { dying: boolean; kind: RollKind | "none"; ability?: AbilityTraits; characteristic?: string }): boolean {
  if (!input.dying) return false;
  if (input.kind === "test") return input.characteristic === "might" || input.characteristic === "agility";
  if (!input.ability) return false;
  return DYING_TYPES.has(input.ability.type ?? "") || isAttack(input.ability);
}

/** Forced movement after the target uses its stability (L6985–6987): never below 0. */
export function forcedMovementDistance(distance: number, stability: number): number {
  if (!Number.isInteger(distance) || distance < 0) throw new RangeError(`distance must be a whole number of 0 or more, got ${distance}`);
  return Math.max(0, distance - Math.max(0, Math.trunc(stability)));
}

/** One target's result of a shared roll. */
export interface TargetRollResult extends PowerRollResult {
  key: string;
  edges: number;
  banes: number;
}

/**
 * One 2d10 roll serves every target (L6590–6592); each target gets
 * its own tier from the roll's base edges and banes plus its own. Without targets, one result keyed "".
 */
export function resolveAgainstTargets(input: {
  dice: [number, number];
  characteristic: number;
  bonuses?: number;
  edges?: number;
  banes?: number;
  targets: { key: string; edges: number; banes: number }[];
}): TargetRollResult[] {
  const base = { dice: input.dice, characteristic: input.characteristic, bonuses: input.bonuses ?? 0 };
  const rows = input.targets.length ? input.targets : [{ key: "", edges: 0, banes: 0 }];
  return rows.map((t) => {
    const edges = (input.edges ?? 0) + t.edges;
    const banes = (input.banes ?? 0) + t.banes;
    return { key: t.key, edges, banes, ...resolvePowerRoll({ ...base, edges, banes }) };
  });
}

/** Tiers a roller may downgrade a result to (L197–201): any lower tier, never a higher one. */
export function downgradeOptions(tier: Tier): Tier[] {
  return ([1, 2, 3] as Tier[]).filter((t) => t < tier);
}

/** Whether the roller can pay for an ability: its cost plus any chosen Spend options. */
export function canPay(available: number, cost: number, spends: readonly number[] = []): boolean {
  const total = cost + spends.reduce((a, b) => a + b, 0);
  return Number.isFinite(available) && total <= available;
}

/** Net edges of a row, for display ("Edge", "Double bane", ...). */
export function netEdgeLabel(edges: number, banes: number): "doubleEdge" | "edge" | "none" | "bane" | "doubleBane" {
  const net = netEdgesOf(edges, banes);
  return net === 2 ? "doubleEdge" : net === 1 ? "edge" : net === -1 ? "bane" : net === -2 ? "doubleBane" : "none";
}

/** Every condition and state id a creature can carry (for validating stored statuses). */
export const KNOWN_STATUSES: readonly string[] = [...CONDITION_IDS, ...STATE_IDS];

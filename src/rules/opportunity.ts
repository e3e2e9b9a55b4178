/**
 * Whether an opportunity attack may be made (seed 004, L7103–7105): "If you have a bane or double
 * bane on the power roll against the creature, you can't make the free strike." The roll is the
 * enemy's melee free strike (L7113: a melee weapon attack) against the mover, with the automatic
 * edges and banes of both creatures' conditions (`rollModifiers`), netted as every power roll is
 * (L225–231): a bane cancelled by an edge is no bane on the roll (docs/rules-decisions.md).
 * Cover and concealment depend on the map at the moment of the strike and are the table's call.
 */
import { rollModifiers } from "./ability-use.ts";
import type { AbilityTraits, CreatureState } from "./ability-use.ts";
import { netEdgesOf } from "./power-roll.ts";
import type { NetEdges } from "./power-roll.ts";

/** The melee free strike an opportunity attack is (L7103, L7113), used as a free triggered action. */
export const OPPORTUNITY_STRIKE: AbilityTraits = { keywords: ["attack", "melee", "weapon"], type: "freeTriggered", damaging: true };

export interface OpportunityVerdict {
  /** False when the strike would have a bane or double bane (L7105). */
  allowed: boolean;
  /** The net edges (+) or banes (−) on the strike, −2..2. */
  net: NetEdges;
  /** The reasons (keys under SE.Edge) of the banes on the strike. */
  baneReasons: string[];
}

/** May `attacker` make an opportunity attack against `mover`? */
export function opportunityVerdict(attacker: CreatureState, mover: CreatureState): OpportunityVerdict {
  const mods = rollModifiers({ kind: "ability", ability: OPPORTUNITY_STRIKE, roller: attacker, target: mover });
  const net = netEdgesOf(mods.edges, mods.banes);
  return { allowed: net >= 0, net, baneReasons: mods.reasons.filter((r) => r.banes > 0).map((r) => r.reason) };
}

/**
 * Negotiation's play (L6226 on): arguments and their effects, offers, the NPC's responses, followers
 * and Renown. Apart from the attitudes and limits that reading a stored negotiation needs (./negotiation.ts),
 * so that they load with the tracker and its actions (issue 31).
 */

import { ATTITUDES, type Attitude } from "./negotiation.ts";

/** The Negotiation Starting Attitudes table (L7561–7568). */
const STARTING: Record<Attitude, { interest: number; patience: number }> = {
  hostile: { interest: 1, patience: 2 },
  suspicious: { interest: 2, patience: 2 },
  neutral: { interest: 2, patience: 3 },
  open: { interest: 3, patience: 3 },
  friendly: { interest: 3, patience: 4 },
  trusting: { interest: 3, patience: 5 },
};

/** Interest and patience run from 0 to 5 (L7389, L7395). */
export const NEGOTIATION_MAX = 5;

const whole = (name: string, n: number, min: number, max = Infinity) => {
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new RangeError(`${name} must be a whole number${max === Infinity ? ` of ${min} or more` : ` from ${min} to ${max}`}, got ${n}`);
  }
};

/**
 * An NPC's starting interest and patience from their attitude (L7561–7568), with the language bonus:
 * patience +1 if a negotiating hero speaks the NPC's native language, +2 if three or more do, to a
 * maximum of 5 (L7399–7401). Throws a RangeError for an unknown attitude or a count that is not a whole
 * number of 0 or more.
 */
export function startingNegotiation(attitude: Attitude, heroesSpeakingLanguage = 0): { interest: number; patience: number } {
  if (!Object.hasOwn(STARTING, attitude)) throw new RangeError(`attitude must be one of ${ATTITUDES.join(", ")}, got ${String(attitude)}`);
  whole("heroesSpeakingLanguage", heroesSpeakingLanguage, 0);
  const start = STARTING[attitude];
  const bonus = heroesSpeakingLanguage >= 3 ? 2 : heroesSpeakingLanguage >= 1 ? 1 : 0;
  return { interest: start.interest, patience: Math.min(NEGOTIATION_MAX, start.patience + bonus) };
}

/**
 * What an argument appeals to: a motivation not yet appealed to; one already appealed to; neither a
 * motivation nor a pitfall; the same argument without either a second time; a pitfall.
 */
export type ArgumentKind = "motivation" | "reused-motivation" | "no-motivation" | "repeated-argument" | "pitfall";
export const ARGUMENT_KINDS: readonly ArgumentKind[] = ["motivation", "reused-motivation", "no-motivation", "repeated-argument", "pitfall"];

/** Changes to an NPC's interest and patience. */
export interface NegotiationDelta { interest: number; patience: number }

/** Appeal to Motivation (L7598–7602) and No Motivation or Pitfall (L7612–7616), tier by tier. */
const MOTIVATION: NegotiationDelta[] = [{ interest: 0, patience: -1 }, { interest: 1, patience: -1 }, { interest: 1, patience: 0 }];
const NO_MOTIVATION: NegotiationDelta[] = [{ interest: -1, patience: -1 }, { interest: 0, patience: -1 }, { interest: 1, patience: -1 }];

/** Does the argument need a test? Reused motivations and pitfalls do not (L7606, L7630). */
export function argumentNeedsTest(kind: ArgumentKind): boolean {
  return kind === "motivation" || kind === "no-motivation";
}

/**
 * The change an argument makes (deltas, not the new values):
 * - motivation (L7598–7602): tier 1 patience −1; tier 2 interest +1, patience −1; tier 3 interest +1;
 * - reused motivation (L7606): patience −1;
 * - no motivation or pitfall (L7612–7616): tier 1 both −1; tier 2 patience −1; tier 3 interest +1,
 *   patience −1, or patience unchanged on a natural 19 or 20;
 * - repeated argument (L7618): tier 1 of the above, whatever was rolled;
 * - pitfall (L7628–7630): both −1, whatever was rolled.
 * Caught in a lie (L7624–7626): an argument that does not raise interest lowers it by 1 more.
 * A natural 19 or 20 is tier 3 (L207). Throws a RangeError for an unknown kind, a tier not 1..3 or
 * a natural not a whole number from 2 to 20.
 */
export function argumentEffect(input: { kind: ArgumentKind; tier: 1 | 2 | 3; natural: number; caughtLying?: boolean }): NegotiationDelta {
  const { kind, natural, caughtLying = false } = input;
  if (!ARGUMENT_KINDS.includes(kind)) throw new RangeError(`kind must be one of ${ARGUMENT_KINDS.join(", ")}, got ${String(kind)}`);
  if (input.tier !== 1 && input.tier !== 2 && input.tier !== 3) throw new RangeError(`tier must be 1, 2 or 3, got ${input.tier}`);
  whole("natural", natural, 2, 20);
  const tier = natural >= 19 ? 3 : input.tier;
  let delta: NegotiationDelta;
  switch (kind) {
    case "motivation": delta = MOTIVATION[tier - 1]!; break;
    case "reused-motivation": delta = { interest: 0, patience: -1 }; break;
    case "no-motivation": delta = tier === 3 && natural >= 19 ? { interest: 1, patience: 0 } : NO_MOTIVATION[tier - 1]!; break;
    case "repeated-argument": delta = NO_MOTIVATION[0]!; break;
    case "pitfall": delta = { interest: -1, patience: -1 }; break;
  }
  return { interest: delta.interest - (caughtLying && delta.interest <= 0 ? 1 : 0), patience: delta.patience };
}

export interface NegotiationState { interest: number; patience: number }

/**
 * Apply an argument's change, keeping both between 0 and 5. The negotiation ends when interest
 * reaches 0 (no offer, L7700, L7718) or 5, or patience reaches 0; at 5 interest or 0 patience (with some
 * interest left) the NPC's offer is final (L7716). Throws a RangeError for values out of range.
 */
export function applyArgument(
  state: NegotiationState, effect: NegotiationDelta,
): NegotiationState & { ended: boolean; finalOffer: boolean } {
  whole("state.interest", state.interest, 0, NEGOTIATION_MAX);
  whole("state.patience", state.patience, 0, NEGOTIATION_MAX);
  whole("effect.interest", effect.interest, -NEGOTIATION_MAX, NEGOTIATION_MAX);
  whole("effect.patience", effect.patience, -NEGOTIATION_MAX, NEGOTIATION_MAX);
  const clamp = (n: number) => Math.min(NEGOTIATION_MAX, Math.max(0, n));
  const interest = clamp(state.interest + effect.interest);
  const patience = clamp(state.patience + effect.patience);
  const finalOffer = interest > 0 && (interest === NEGOTIATION_MAX || patience === 0);
  return { interest, patience, ended: interest === 0 || finalOffer, finalOffer };
}

export type NegotiationOffer = "yes-and" | "yes" | "yes-but" | "no-but" | "no" | "no-and";

/** The NPC's offer for their interest (L7672–7700): 5 "Yes, and …" down to 0 "No, and …". */
export function negotiationOffer(interest: number): NegotiationOffer {
  whole("interest", interest, 0, NEGOTIATION_MAX);
  return (["no-and", "no", "no-but", "yes-but", "yes", "yes-and"] as const)[interest]!;
}

/**
 * The NPC's response to an argument. The seed announces "one of three ways" and prints none
 * (L7662–7664); the reading (docs/rules-decisions.md "Negotiation"): the argument helped (interest
 * rose), needs a new approach (interest unchanged) or did harm (interest fell).
 */
export function npcResponse(effect: NegotiationDelta): "helped" | "new-approach" | "harmed" {
  if (!Number.isInteger(effect.interest)) throw new RangeError(`effect.interest must be a whole number, got ${effect.interest}`);
  return effect.interest > 0 ? "helped" : effect.interest < 0 ? "harmed" : "new-approach";
}

/**
 * The test to uncover an NPC's motivations or pitfalls (L7570–7578) prints no outcomes. The reading
 * (docs/rules-decisions.md "Negotiation"), which the sample negotiation bears out (an 18 on a hard test reveals
 * a motivation, L7822–7828): tier 1 learns nothing, tier 2 one motivation, tier 3 one motivation or
 * one pitfall, the hero's choice. Throws a RangeError for a tier not 1..3.
 */
export function discoveryResult(tier: 1 | 2 | 3): "nothing" | "motivation" | "motivation-or-pitfall" {
  if (tier !== 1 && tier !== 2 && tier !== 3) throw new RangeError(`tier must be 1, 2 or 3, got ${tier}`);
  return (["nothing", "motivation", "motivation-or-pitfall"] as const)[tier - 1]!;
}

/**
 * A hero is famous or infamous to an NPC who knows of them when the NPC's Impression is at most the
 * hero's Renown (L7634); they then have an edge on arguments the matching skills apply to
 * (L7656–7658). Throws a RangeError for a value that is not a whole number of 0 or more.
 */
export function renownInfluences(renown: number, impression: number): boolean {
  whole("renown", renown, 0);
  whole("impression", impression, 0);
  return impression <= renown;
}

/**
 * How many followers a hero's Renown allows (the Renown and Followers table, L6344–6349: 3 → 1,
 * 6 → 2, 9 → 3, 12 → 4). Past 12 the table's step goes on, one follower per 3 Renown
 * (docs/rules-decisions.md "Renown"). Throws a RangeError for a Renown that is not a whole number
 * of 0 or more.
 */
export function followersForRenown(renown: number): number {
  whole("renown", renown, 0);
  return Math.floor(renown / 3);
}

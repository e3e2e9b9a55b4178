/**
 * View-model of the power roll chat card: roll data in, the context `templates/chat/power-roll.hbs`
 * renders out. Pure; every number comes from the rules core.
 */
import { CONSEQUENCE_VILLAIN_POWER } from "../../rules/combat-resources.ts";
import { resolvePowerRoll, tierOfTotal } from "../../rules/power-roll.ts";
import { TEST_DIFFICULTIES, testOutcome } from "../../rules/tests.ts";
import type { Tier } from "../../rules/power-roll.ts";
import type { TestOutcome } from "../../rules/tests.ts";
import { signed } from "./format.ts";
import type { PowerRollCardInput } from "../../dice/render.ts";

export type { PowerRollCardInput };

export interface CardModifier {
  labelKey: string;
  value: string;
}

export interface PowerRollCardContext {
  flavor: string;
  dice: { value: number; cssClass: string }[];
  natural: number;
  modifiers: CardModifier[];
  total: number;
  tier: Tier;
  /** Set when a double edge or bane moved the tier, or would have but for the limit. */
  shift: { labelKey: string; cssClass: string; capped: boolean } | null;
  natural19or20: boolean;
  tiers: { tier: Tier; text: string; active: boolean; cssClass: string }[];
  /** For a test with a difficulty: the outcome (labels `SE.Test.Outcome.<id>`). */
  /** villainPower: the VP the Director may gain as the default consequence (L5790, L5802), 0 without one. */
  test: { difficultyKey: string; outcome: TestOutcome; outcomeKey: string; cssClass: string; villainPower: number } | null;
}

const TIERS: Tier[] = [1, 2, 3];

export function powerRollCardContext(input: PowerRollCardInput): PowerRollCardContext {
  const edges = input.edges ?? 0;
  const banes = input.banes ?? 0;
  const bonuses = input.bonuses ?? 0;
  const rolled = resolvePowerRoll({ dice: input.dice, characteristic: input.characteristic, edges, banes, bonuses });
  // Fate's tier (L2409 "automatically gets a tier 1 or tier 3 result") replaces the dice's.
  const fated = input.fated === 1 || input.fated === 3 ? input.fated : null;
  // (src/rules/domain-lasting.ts `fatedTier`, inlined: this view-model is in the entry module, issue 31).
  const result = { ...rolled, tier: fated ?? rolled.tier };

  const modifiers: CardModifier[] = [
    { labelKey: "SE.PowerRoll.Characteristic", value: signed(input.characteristic) },
  ];
  if (bonuses !== 0) modifiers.push({ labelKey: "SE.PowerRoll.Bonuses", value: signed(bonuses) });
  if (result.netEdges === 1) modifiers.push({ labelKey: "SE.PowerRoll.Edge", value: "+2" });
  if (result.netEdges === -1) modifiers.push({ labelKey: "SE.PowerRoll.Bane", value: "−2" });
  if (fated) modifiers.push({ labelKey: "SE.PowerRoll.Fated", value: String(fated) });

  let shift: PowerRollCardContext["shift"] = null;
  if (Math.abs(result.netEdges) === 2) {
    const up = result.netEdges === 2;
    const base = tierOfTotal(result.total);
    shift = {
      labelKey: up ? "SE.PowerRoll.TierUp" : "SE.PowerRoll.TierDown",
      cssClass: up ? "power-roll-card__shift--up" : "power-roll-card__shift--down",
      capped: up ? base === 3 : base === 1,
    };
  }

  const texts = input.tierTexts ?? [];
  const difficulty = input.difficulty && TEST_DIFFICULTIES.includes(input.difficulty) ? input.difficulty : null;
  const outcome = difficulty ? testOutcome({ tier: result.tier, natural: result.natural, difficulty }) : null;
  return {
    flavor: input.flavor ?? "",
    dice: input.dice.map((value) => ({
      value,
      cssClass: value === 10 ? "chat-card__die--max" : value === 1 ? "chat-card__die--min" : "",
    })),
    natural: result.natural,
    modifiers,
    total: result.total,
    tier: result.tier,
    shift,
    natural19or20: result.isNatural19or20,
    test: difficulty && outcome
      ? {
          difficultyKey: `SE.Test.DifficultyLabel.${difficulty}`, outcome, outcomeKey: `SE.Test.Outcome.${outcome}`,
          cssClass: outcome.startsWith("success") ? "power-roll-card__outcome--success" : "power-roll-card__outcome--failure",
          villainPower: outcome.endsWith("with-consequence") ? CONSEQUENCE_VILLAIN_POWER : 0,
        }
      : null,
    tiers: texts.some((t) => t && t.trim())
      ? TIERS.map((tier) => ({
          tier,
          text: texts[tier - 1] ?? "",
          active: tier === result.tier,
          cssClass: tier === result.tier ? `chat-card__tier--${tier} chat-card__tier--active` : `chat-card__tier--${tier}`,
        }))
      : [],
  };
}

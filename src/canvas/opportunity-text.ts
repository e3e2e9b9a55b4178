/**
 * The opportunity attack card's template and the words of a barred opportunity attack (L7105), apart
 * from src/canvas/opportunity-attacks.ts: the entry preloads the template at `init` (src/index.ts)
 * while the prompt itself loads after a move (src/canvas/token-moved.ts), and the gallery draws the
 * same card from the same function without Foundry's dice classes.
 */
import { templatePath } from "../constants.ts";
import type { OpportunityVerdict } from "../rules/opportunity.ts";
import type { I18n } from "../applications/view-models/i18n.ts";

export const OPPORTUNITY_TEMPLATE = templatePath("chat/opportunity-attack.hbs");

/** "a bane" or "a double bane" with its reasons, for a barred opportunity attack. */
export function opportunityBarredText(verdict: OpportunityVerdict, names: { attacker: string; target: string }, i18n: I18n): string {
  return i18n.format("SE.Opportunity.Barred", {
    ...names,
    bane: i18n.localize(verdict.net <= -2 ? "SE.Opportunity.DoubleBane" : "SE.Opportunity.Bane"),
    reasons: verdict.baneReasons.map((r) => i18n.localize(`SE.Edge.${r}`)).join(", "),
  });
}

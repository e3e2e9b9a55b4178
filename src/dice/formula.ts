/** Pure helpers that turn roll inputs into Foundry dice formulas. */
import { netEdgesOf } from "../rules/power-roll.ts";

function term(n: number, flavor: string): string {
  return `${n < 0 ? "-" : "+"} ${Math.abs(n)}[${flavor}]`;
}

/**
 * `2d10 + 2[characteristic] + 1[bonus] + 2[edge]`: the formula's total equals the rules' total
 * (a single net edge or bane is ±2; a double edge or bane adds nothing and shifts the tier instead).
 */
export function powerRollFormula(o: { characteristic: number; edges?: number; banes?: number; bonuses?: number }): string {
  const parts = ["2d10", term(o.characteristic, "characteristic")];
  if (o.bonuses) parts.push(term(o.bonuses, "bonus"));
  const net = netEdgesOf(o.edges ?? 0, o.banes ?? 0);
  if (net === 1) parts.push(term(2, "edge"));
  if (net === -1) parts.push(term(-2, "bane"));
  return parts.join(" ");
}

/** `2dt + 1dh`: 1+|big| Dissonance dice and 1+|small| Harmony dice. */
export function harmonyFormula(o: { big: number; small: number }): string {
  return `${1 + Math.abs(o.big)}dt + ${1 + Math.abs(o.small)}dh`;
}

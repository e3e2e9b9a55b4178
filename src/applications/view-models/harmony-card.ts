/**
 * View-model of the Harmony/Dissonance check chat card (Echoes). Pure; the outcome comes from the
 * rules core.
 */
import { resolveHarmonyCheck } from "../../rules/harmony.ts";
import type { HarmonyOutcome } from "../../rules/harmony.ts";
import { percentile } from "./format.ts";
import type { HarmonyCardInput } from "../../dice/render.ts";

export type { HarmonyCardInput };

export interface HarmonyCardDie {
  face: number;
  picked: boolean;
  cssClass: string;
}

export interface HarmonyCardContext {
  flavor: string;
  target: number;
  value: number;
  display: string;
  pass: boolean;
  passKey: string;
  outcome: HarmonyOutcome;
  outcomeKey: string;
  doubleZero: boolean;
  dissonance: HarmonyCardDie[];
  harmony: HarmonyCardDie[];
  /** Buffs and Debuffs in force, as localisation keys with their count. */
  buffs: { labelKey: string; n: number; cssClass: string }[];
  /** Localisation key of the Harmony doubles/triples note, or "" when there is none. */
  matchesKey: string;
}

function dice(faces: number[], picked: number): HarmonyCardDie[] {
  return faces.map((face, i) => ({
    face,
    picked: i === picked,
    cssClass: i === picked ? "chat-card__die--picked" : "chat-card__die--discarded",
  }));
}

function buff(kind: "Big" | "Small", n: number): HarmonyCardContext["buffs"] {
  if (n === 0) return [];
  const isBuff = n > 0;
  return [{
    labelKey: `SE.Harmony.${kind}${isBuff ? "Buff" : "Debuff"}`,
    n: Math.abs(n),
    cssClass: isBuff ? "harmony-card__buff" : "harmony-card__debuff",
  }];
}

export function harmonyCardContext(input: HarmonyCardInput): HarmonyCardContext {
  const result = resolveHarmonyCheck(input);
  return {
    flavor: input.flavor ?? "",
    target: input.target,
    value: result.value,
    display: percentile(result.value),
    pass: result.pass,
    passKey: result.pass ? "SE.Harmony.Pass" : "SE.Harmony.Fail",
    outcome: result.outcome,
    outcomeKey: `SE.Harmony.Outcome.${result.outcome}`,
    doubleZero: result.value === 100,
    dissonance: dice(input.dissonance, result.picked.dissonance),
    harmony: dice(input.harmony, result.picked.harmony),
    buffs: [...buff("Big", input.big), ...buff("Small", input.small)],
    matchesKey: result.harmonyMatches === 3 ? "SE.Harmony.Triples"
      : result.harmonyMatches === 2 ? "SE.Harmony.Doubles" : "",
  };
}

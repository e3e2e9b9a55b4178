/**
 * The `echoesAdversary` actor: an Echoes enemy (seed 000). Enemies make no rolls (S0:L53); they
 * have HP or, for a group, Stacks, and die at 0 (S0:L10, L39); the GM activates them with
 * Dissonance Points after the players' turns (S0:L140–146). What an action costs is not in the seed:
 * 1 DP by default, editable (docs/rules-decisions.md).
 */
import { ECHOES_CONDITIONS } from "../rules/echoes.ts";
import { choice, html, int, stringSet, text } from "./fields.ts";

export const ADVERSARY_MEASURES = ["hp", "stacks"] as const;
export const ACTION_SPEEDS = ["fast", "slow"] as const;

export function defineEchoesAdversarySchema() {
  const fields = foundry.data.fields;
  return {
    measure: choice(ADVERSARY_MEASURES, "hp", false, "SE.Echoes.Measure"),
    hp: new fields.SchemaField({ value: int({ min: 0, initial: 10 }), max: int({ min: 0, initial: 10 }) }),
    damage: int({ min: 0, initial: 3 }),
    speed: choice(ACTION_SPEEDS, "fast", false, "SE.Echoes.Speed"),
    actionCost: int({ min: 0, initial: 1 }),
    resistances: text(),
    conditions: stringSet(ECHOES_CONDITIONS, "SE.Echoes.Condition"),
    abilities: html(),
    notes: html(),
  };
}

type AdversarySchema = ReturnType<typeof defineEchoesAdversarySchema>;

export class EchoesAdversaryModel extends foundry.abstract.TypeDataModel<AdversarySchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["SE.Actor.EchoesAdversary"];

  static override defineSchema() {
    return defineEchoesAdversarySchema();
  }
}

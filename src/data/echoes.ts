/**
 * The `echoes` actor: an Echoes character (seed 000; notes/other-seeds.md §1(c)). Stored: what the
 * player writes on the sheet and what checks change (Motivations, Echo, XP, level). Derived: the
 * Traits read from their `[++name]` notation and each Behavior's modifier. Seed gaps (the list of
 * Behaviors, the XP track's length) are editable fields with proposals as defaults
 * (docs/rules-decisions.md "Echoes characters").
 */
import { ECHOES_CONDITIONS, ECHOES_MAX_LEVEL, MOTIVATIONS, behaviorModifier, echoesMovementPoints, parseTrait } from "../rules/echoes.ts";
import type { Motivation } from "../rules/echoes.ts";
import { bool, choice, html, int, stringSet, text } from "./fields.ts";

/** What a Behavior defends against, when it is a defense (AR physical, RES magical, S0:L128). */
export const BEHAVIOR_DEFENSES = ["", "physical", "magical"] as const;

/** A new character's Behaviors: the three the seed names (STR S0:L165, AR and RES S0:L128). */
export const STARTING_BEHAVIORS = [
  { name: "STR", value: 30, defense: "" },
  { name: "AR", value: 30, defense: "physical" },
  { name: "RES", value: 30, defense: "magical" },
];

export function defineEchoesSchema() {
  const fields = foundry.data.fields;
  const percent = (initial = 30) => int({ min: 0, max: 100, initial });
  return {
    behaviors: new fields.ArrayField(new fields.SchemaField({
      name: new fields.StringField({ required: true, blank: false, initial: "STR" }),
      value: percent(),
      defense: choice(BEHAVIOR_DEFENSES, "", true, "SE.Echoes.Defense"),
    }), { initial: () => STARTING_BEHAVIORS.map((b) => ({ ...b })) }),
    saves: new fields.SchemaField({ hit: percent(), damage: percent() }),
    motivations: new fields.SchemaField(
      Object.fromEntries(MOTIVATIONS.map((m) => [m, int({ min: 0, max: 99 })])) as Record<Motivation, ReturnType<typeof int>>,
    ),
    echo: int({ min: 0 }),
    xp: new fields.SchemaField({ value: int({ min: 0, max: 100 }), max: int({ min: 1, max: 100, initial: 10 }) }),
    level: int({ min: 1, max: ECHOES_MAX_LEVEL, initial: 1 }),
    /** Points to distribute, gained on each new level: 3 Behavior Points and 1 Ability Point (S0:L47). */
    behaviorPoints: int({ min: 0 }),
    abilityPoints: int({ min: 0 }),
    stamina: new fields.SchemaField({ value: int({ min: 0, initial: 10 }), max: int({ min: 0, initial: 10 }) }),
    woundThreshold: int({ min: 1, initial: 5 }),
    wounds: new fields.SchemaField({ minor: int({ min: 0, max: 2 }), serious: int({ min: 0, max: 2 }) }),
    corruption: int({ min: 0, max: 3 }),
    /** One Trait a line, as written on the sheet: `[++impulsive]`. */
    traits: text(),
    thoughts: new fields.SchemaField({ first: text(), second: text(), third: text() }),
    lenses: int({ min: 0 }),
    shards: int({ min: 0 }),
    movement: int({ min: 0, initial: 2 }),
    reactionUsed: bool(),
    /** Echoes conditions (S0:L166–194): until resolved or the end of the character's turn. */
    conditions: stringSet(ECHOES_CONDITIONS, "SE.Echoes.Condition"),
    biography: html(),
  };
}

/** The Traits a sheet's text holds, one a line; lines that are not Traits are left out. */
export function traitsOf(textValue: string): { name: string; strength: number; text: string }[] {
  const out: { name: string; strength: number; text: string }[] = [];
  for (const line of String(textValue ?? "").split(/\r?\n/)) {
    if (!line.trim()) continue;
    try {
      out.push({ ...parseTrait(line), text: line.trim() });
    } catch {
      // Not a Trait: kept in the text as the player wrote it, not offered in checks.
    }
  }
  return out;
}

export class EchoesCharacterModel extends foundry.abstract.TypeDataModel<ReturnType<typeof defineEchoesSchema>, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["SE.Actor.Echoes"];

  // What prepareDerivedData adds, declared so the derived values are typed.
  declare traitList: { name: string; strength: number; text: string }[];
  declare modifiers: Record<string, number>;
  /** Movement points for the next movement, after Slowed and Immobilized (`echoesMovementPoints`). */
  declare movementNow: number;

  static override defineSchema() {
    return defineEchoesSchema();
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const modifiers = Object.fromEntries(this.behaviors.map((b) => [b.name, behaviorModifier(b.value)]));
    const conditions = [...this.conditions].filter((c) => (ECHOES_CONDITIONS as readonly string[]).includes(c));
    Object.assign(this, { traitList: traitsOf(this.traits), modifiers, movementNow: echoesMovementPoints(this.movement, conditions) });
  }
}

/**
 * The `ability` item: every action, maneuver and triggered action of heroes and monsters, with its
 * power roll and three tiers (seed 004, L6470–6640; layout in notes/ds-classes-inventory.md §2).
 */
import { ABILITY_KEYWORDS, ABILITY_TYPES, CHARACTERISTICS, DAMAGE_TYPES, DISTANCE_KINDS } from "../rules/catalogue.ts";
import { CONDITION_IDS } from "../rules/conditions.ts";
import { COST_RESOURCES, DURATIONS, FORCED_MOVEMENT_KINDS, POWER_ROLL_KINDS } from "./vocabulary.ts";
import { bool, choice, html, int, stringSet, text } from "./fields.ts";

/** A damage value is a whole number or a dice formula such as `2d6 + 8`. */
export const DAMAGE_FORMULA = /^\s*(\d+\s*d\s*\d+|\d+)(\s*[+-]\s*(\d+\s*d\s*\d+|\d+))*\s*$/i;

export function defineTierSchema() {
  const fields = foundry.data.fields;
  return {
    damage: new fields.SchemaField({
      value: new fields.StringField({
        required: true, blank: true, initial: "",
        validate: (v: string) => {
          if (v !== "" && !DAMAGE_FORMULA.test(v)) throw new Error(game.i18n?.localize("SE.Validation.DamageFormula") ?? "not a damage value");
        },
      }),
      type: choice(DAMAGE_TYPES, "", true, "SE.DamageType"),
    }),
    forced: new fields.ArrayField(new fields.SchemaField({
      kind: choice(FORCED_MOVEMENT_KINDS, "push", false, "SE.ForcedMovement"),
      distance: int({ min: 0, initial: 1 }),
      vertical: bool(),
    })),
    conditions: new fields.ArrayField(new fields.SchemaField({
      // Only the conditions an ability can impose (L6660–6710): a card applies exactly these.
      id: choice(CONDITION_IDS, "dazed", false, "SE.Condition"),
      duration: choice(DURATIONS, "", true, "SE.DurationLabel"),
      /** For "(X resistance ends)": the characteristic the resistance roll uses. */
      characteristic: choice(CHARACTERISTICS, "", true, "SE.Characteristic"),
    })),
    text: text(),
  };
}

/**
 * Tier conditions are limited to the seed's list since 0.2.0. A stored row with any other id (an
 * older blank row, a typo made through the API) would make the whole ability invalid; it is moved
 * into the tier's text instead, so nothing is lost. Pure: a source object in, the same object out.
 */
export function migrateTierConditions(source: Record<string, unknown>): Record<string, unknown> {
  const tiers = source.tiers;
  if (!Array.isArray(tiers)) return source;
  for (const tier of tiers as { conditions?: unknown; text?: unknown }[]) {
    if (!tier || !Array.isArray(tier.conditions)) continue;
    const known = (c: { id?: unknown }) => (CONDITION_IDS as readonly unknown[]).includes(c?.id);
    const unknown = (tier.conditions as { id?: unknown; duration?: unknown }[]).filter((c) => !known(c));
    if (!unknown.length) continue;
    tier.conditions = (tier.conditions as { id?: unknown }[]).filter(known);
    const words = unknown.map((c) => [c?.id, c?.duration].filter((x) => typeof x === "string" && x).join(" ")).filter(Boolean);
    if (words.length) tier.text = [typeof tier.text === "string" ? tier.text : "", ...words].filter(Boolean).join("; ");
  }
  return source;
}

const BLANK_TIER = { damage: { value: "", type: "" }, forced: [], conditions: [], text: "" };

export function defineAbilitySchema() {
  const fields = foundry.data.fields;
  return {
    keywords: stringSet(ABILITY_KEYWORDS, "SE.Keyword"),
    type: choice(ABILITY_TYPES, "action", false, "SE.AbilityType"),
    signature: bool(),
    cost: new fields.SchemaField({ amount: int({ min: 0 }), resource: choice(COST_RESOURCES, "", true, "SE.CostResource") }),
    distance: new fields.SchemaField({
      kind: choice(DISTANCE_KINDS, "reach", false, "SE.DistanceKind"),
      /** Reach, range, burst/aura/cube size or line length, by kind. */
      primary: int({ min: 0, initial: 1 }),
      /** Ranged distance of "reach or ranged", or a line's width. */
      secondary: int({ min: 0 }),
      /** "within N" of cubes, lines and walls. */
      within: int({ min: 0 }),
      text: text(),
    }),
    target: text(),
    trigger: text(),
    power: new fields.SchemaField({
      kind: choice(POWER_ROLL_KINDS, "ability", false, "SE.PowerRollKind"),
      characteristics: stringSet(CHARACTERISTICS, "SE.Characteristic"),
    }),
    tiers: new fields.ArrayField(new fields.SchemaField(defineTierSchema()), {
      required: true,
      initial: () => [structuredClone(BLANK_TIER), structuredClone(BLANK_TIER), structuredClone(BLANK_TIER)],
      validate: (value: unknown) => {
        if (!Array.isArray(value) || value.length !== 3) throw new Error(game.i18n?.localize("SE.Validation.ThreeTiers") ?? "needs three tiers");
      },
    }),
    effect: html(),
    spend: new fields.ArrayField(new fields.SchemaField({ amount: int({ min: 0 }), text: text() })),
    persistent: int({ min: 0 }),
    description: html(),
  };
}

export class AbilityModel extends foundry.abstract.TypeDataModel<ReturnType<typeof defineAbilitySchema>, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["SE.Item.Ability"];

  /** v13 calls this on every source before validation: older shapes are brought up to date here. */
  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateTierConditions(source));
  }

  static override defineSchema() {
    return defineAbilitySchema();
  }
}

/**
 * Field builders shared by the data models, so each model reads as a list of what it stores.
 * Numbers are bounded at the schema, but Foundry v13 does not reject a value outside them: it cleans
 * before it validates (common/data/fields.mjs NumberField#_cleanType), so an update or a new document
 * with 1e20 stores the bound (9999), a fraction in an integer field is rounded, "3" is cast to 3, and
 * keys the schema does not define are dropped. Only what cleaning cannot mend (a choice outside its
 * list, a custom `validate` refusing) fails. Bounds therefore keep stored data sane; they are no check
 * that a value is legitimate: code the GM's client runs on data a player can write must check it itself.
 */
import { ABILITY_KEYWORDS, damageKeyLabel, CHARACTERISTIC_MAX, CHARACTERISTIC_MIN, DAMAGE_KEY_ALL, DAMAGE_KEY_FORCED_MOVE, DAMAGE_TYPES, SIZE_LETTERS } from "../rules/catalogue.ts";

const f = () => foundry.data.fields;

export interface IntOptions {
  min?: number;
  max?: number;
  initial?: number;
}

/**
 * The largest magnitude any stored number may have (Stamina, Recoveries, Victories, EV, distances,
 * XP...): far above any creature's, it only stops nonsense such as 1e20, which is a whole number.
 */
export const NUMBER_CEILING = 9_999;

/** A required whole number, within ±NUMBER_CEILING unless narrower bounds are given. */
export function int({ min = -NUMBER_CEILING, max = NUMBER_CEILING, initial = 0 }: IntOptions = {}) {
  const options = { required: true, nullable: false, integer: true, initial, min, max } as const;
  return new (f().NumberField)(options);
}

export function text(initial = "") {
  return new (f().StringField)({ required: true, blank: true, initial });
}

export function html() {
  return new (f().HTMLField)({ required: true, blank: true, initial: "" });
}

export function bool(initial = false) {
  return new (f().BooleanField)({ required: true, initial });
}

/**
 * Choices as `{ value: labelKey }` so Foundry's form helpers show localised labels; with no label
 * prefix the values label themselves.
 */
export function labelled(values: readonly string[], labelPrefix?: string | ((value: string) => string)): Record<string, string> {
  const label = typeof labelPrefix === "function" ? labelPrefix : (v: string) => (labelPrefix ? `${labelPrefix}.${v}` : v);
  return Object.fromEntries(values.filter((v) => v !== "").map((v) => [v, label(v)]));
}

export function choice(values: readonly string[], initial: string, blank = false, labelPrefix?: string | ((value: string) => string)) {
  return new (f().StringField)({ required: true, blank, initial, choices: labelled(values, labelPrefix) });
}

export function stringSet(values?: readonly string[], labelPrefix?: string | ((value: string) => string)) {
  const element = new (f().StringField)({ required: true, blank: false, ...(values ? { choices: labelled(values, labelPrefix) } : {}) });
  return new (f().SetField)(element);
}


/** Might, Agility, Reason, Intuition, Presence: whole numbers from -5 to +5. */
export function characteristics() {
  const score = () => int({ min: CHARACTERISTIC_MIN, max: CHARACTERISTIC_MAX });
  return new (f().SchemaField)({ might: score(), agility: score(), reason: score(), intuition: score(), presence: score() });
}

/**
 * Immunities or weaknesses: each keyed by a damage type, an ability keyword, "all", or forced
 * movement (forced move damage immunity, L7172).
 */
export function damageModifiers() {
  const keys = [...DAMAGE_TYPES, ...ABILITY_KEYWORDS, DAMAGE_KEY_ALL, DAMAGE_KEY_FORCED_MOVE];
  return new (f().ArrayField)(new (f().SchemaField)({ key: choice(keys, DAMAGE_KEY_ALL, false, damageKeyLabel), value: int({ min: 0 }) }));
}

export function size(initialValue = 1, initialLetter = "M") {
  return new (f().SchemaField)({
    value: int({ min: 1, max: 10, initial: initialValue }),
    letter: choice(SIZE_LETTERS, initialLetter, true, "SE.SizeLetter"),
  });
}

/** Three whole numbers, one per tier; any other length is rejected. */
export function tierNumbers() {
  return new (f().ArrayField)(int(), {
    required: true,
    initial: [0, 0, 0],
    validate: (value: unknown) => {
      if (!Array.isArray(value) || value.length !== 3) {
        throw new Error(game.i18n?.localize("SE.Validation.ThreeTiers") ?? "needs exactly three numbers");
      }
    },
  });
}

/** UUIDs of the items an option (ancestry, class, kit, ...) grants to the hero it is applied to. */
export function grants() {
  return new (f().ArrayField)(new (f().StringField)({ required: true, blank: false }));
}

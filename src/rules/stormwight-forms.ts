/**
 * The stormwight's forms and Regeneration (L3364–3366): what each form grants and when Regeneration
 * triggers. Split from ./stormwight.ts (the kit's test, which every world's hooks need: issue 31).
 */
import { CHARACTERISTIC_MAX } from "./catalogue.ts";
import { type StormwightKit } from "./stormwight.ts";

export const STORMWIGHT_FORMS = ["true", "animal", "hybrid"] as const;
export type StormwightForm = (typeof STORMWIGHT_FORMS)[number];
/** "Whenever your rage is 4 or higher, you can shapeshift to become a hybrid" (L3717, L3767, L3816). */
export const HYBRID_RAGE = 4;
/** The temporary Stamina of a form's first shapeshift in an encounter (L3671, L3717, L3767, L3816). */
export const FORM_TEMPORARY_STAMINA = 10;

/**
 * The forms a stormwight can take now: her true form and her animal form always (L3639); a hybrid
 * form when her kit has one and her rage is 4 or higher (boren's table names none).
 */
export function formsAvailable(kit: StormwightKit, rage: number): StormwightForm[] {
  return kit.grants === "hybrid" && Number(rage) >= HYBRID_RAGE ? ["true", "animal", "hybrid"] : ["true", "animal"];
}

/** The temporary Stamina shapeshifting into `form` grants: 10 the first time this encounter into the kit's granting form, else 0. */
export function formGrant(kit: StormwightKit, form: StormwightForm, takenThisEncounter: readonly StormwightForm[]): number {
  return form === kit.grants && !takenThisEncounter.includes(form) ? FORM_TEMPORARY_STAMINA : 0;
}

/** Regeneration's trigger (L3364): the creature lost Stamina (not only temporary Stamina) and is not dying. */
export function regenerationTriggers(input: { staminaBefore: number; staminaAfter: number; dying: boolean }): boolean {
  return input.staminaAfter < input.staminaBefore && !input.dying;
}

/**
 * The temporary Stamina Regeneration's shapeshift grants (L3366): the form's own grant when it has
 * not given it this encounter; otherwise, for the form whose grant was already taken, her Might (at
 * least 0, at most the highest score); a form with no grant gives nothing.
 */
export function regenerationGrant(
  kit: StormwightKit, form: StormwightForm, takenThisEncounter: readonly StormwightForm[], might: number,
): number {
  if (form === "true") return 0;
  const own = formGrant(kit, form, takenThisEncounter);
  if (own) return own;
  if (form !== kit.grants) return 0;
  const score = Number.isInteger(might) ? might : 0;
  return Math.min(Math.max(score, 0), CHARACTERISTIC_MAX);
}

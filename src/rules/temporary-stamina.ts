/**
 * Temporary Stamina granted by abilities (seed 004, L7226–7234): the grant an ability's tier prints
 * ("Gain 10 temporary Stamina", Armor of the Faithful L2763–2765), whether the grant ends with the
 * encounter ("This temporary Stamina disappears at the end of the encounter", L2767), and the pool a
 * creature keeps: the greater of what it has and what it gains, never the sum (L7232).
 */
import { gainTemporaryStamina } from "./damage.ts";
import { CHARACTERISTICS, CHARACTERISTIC_MAX } from "./catalogue.ts";
import type { Characteristic } from "./catalogue.ts";

/** The most temporary Stamina one printed grant is read as giving: a larger number is no grant. */
export const TEMPORARY_GRANT_MAX = 999;

const GRANT = /\bgains?\s+(\d{1,4})\s+temporary\s+stamina\b/i;
const UNTIL_ENCOUNTER_END = /\btemporary\s+stamina\s+(?:disappears|ends|is\s+lost)\s+at\s+the\s+end\s+of\s+the\s+encounter\b/i;

/**
 * The temporary Stamina a tier's text grants its target ("Gain 15 temporary Stamina", L2764), or 0
 * when it grants none or an amount not printed as a number ("equal to your Might", L3366, is the
 * table's to work out).
 */
export function temporaryStaminaGrant(text: string): number {
  const m = GRANT.exec(String(text ?? ""));
  if (!m) return 0;
  const n = Number(m[1]);
  return n > 0 && n <= TEMPORARY_GRANT_MAX ? n : 0;
}

/** Whether an ability's text says its temporary Stamina disappears at the end of the encounter (L2767). */
export function temporaryEndsWithEncounter(text: string): boolean {
  return UNTIL_ENCOUNTER_END.test(String(text ?? ""));
}

/** A creature's temporary Stamina, and whether what it has now goes at the end of the encounter. */
export interface TemporaryPool {
  amount: number;
  endsWithEncounter: boolean;
}

/**
 * Gaining temporary Stamina (L7232): the creature keeps whichever amount is greater. When the grant is
 * greater, the pool is the grant's (so is its end with the encounter); otherwise nothing changes.
 * `gained` is how much the pool rose.
 */
export function grantTemporaryStamina(pool: TemporaryPool, grant: TemporaryPool): TemporaryPool & { gained: number } {
  for (const [k, v] of [["pool", pool.amount], ["grant", grant.amount]] as const) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`${k} amount must be a whole number of 0 or more, got ${v}`);
  }
  const amount = gainTemporaryStamina(pool.amount, grant.amount);
  if (amount === pool.amount) return { ...pool, gained: 0 };
  return { amount, endsWithEncounter: grant.endsWithEncounter, gained: amount - pool.amount };
}

/**
 * The temporary Stamina left when the encounter ends: none when the grant it came from says it
 * disappears then (L2767); otherwise it stays until a respite (L7234).
 */
export function temporaryStaminaAfterEncounter(pool: TemporaryPool): number {
  return pool.endsWithEncounter ? 0 : pool.amount;
}

const EQUAL_TO = /\btemporary\s+stamina\s+equal\s+to\s+your\s+(might|agility|reason|intuition|presence)(?:\s+score)?\b/i;

/**
 * The characteristic a grant not printed as a number is equal to ("you gain temporary Stamina equal
 * to your Might", Regeneration L3366; "... your Might score"), or null.
 */
export function temporaryStaminaCharacteristic(text: string): Characteristic | null {
  const m = EQUAL_TO.exec(String(text ?? ""));
  const id = m?.[1]?.toLowerCase();
  return (CHARACTERISTICS as readonly string[]).includes(id ?? "") ? id as Characteristic : null;
}

/**
 * The temporary Stamina a text grants, with what the grant is equal to worked out: the printed number
 * (`temporaryStaminaGrant`), else the user's characteristic it names (L3366), at least 0 (a score of
 * −1 grants nothing) and at most the highest score (a characteristic past it is no one's).
 */
export function temporaryStaminaGrantFor(text: string, characteristics: Partial<Record<Characteristic, number>>): number {
  const printed = temporaryStaminaGrant(text);
  if (printed) return printed;
  const id = temporaryStaminaCharacteristic(text);
  if (!id) return 0;
  const score = Number(characteristics[id] ?? 0);
  return Number.isInteger(score) ? Math.min(Math.max(score, 0), CHARACTERISTIC_MAX) : 0;
}

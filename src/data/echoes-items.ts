/**
 * Echoes' weapons and abilities as items (seed 000 S0:L12–19, L101–121, L136–161): a weapon has a
 * grip (which sets its speed and its weapon die) and a range band; an ability its action cost, speed,
 * EC condition (0–90%), range band and damage. An attack made with one preselects them in the check.
 */
import { GRIPS } from "../rules/echoes.ts";
import { bool, choice, html, int } from "./fields.ts";
import { ACTION_SPEEDS } from "./echoes-adversary.ts";

/** Range bands (S0:L147–151): Engaged 0 spaces, Close 1, Nearby 2, Far 3. */
export const RANGE_BANDS = ["engaged", "close", "nearby", "far"] as const;

export function defineEchoesWeaponSchema() {
  return {
    description: html(),
    grip: choice(GRIPS, "one-hand", false, "SE.Echoes.Grip"),
    range: choice(RANGE_BANDS, "engaged", false, "SE.Echoes.Range"),
    /** The weapon the character attacks with (S0:L105, "the equipped weapon"). */
    equipped: bool(),
  };
}

export function defineEchoesAbilitySchema() {
  return {
    description: html(),
    actions: int({ min: 0, max: 2, initial: 1 }),
    speed: choice(ACTION_SPEEDS, "fast", false, "SE.Echoes.Speed"),
    /** The Echo an ability asks for, as a percentage of the EC track (S0:L16: 0–90%). */
    ecCondition: int({ min: 0, max: 90 }),
    range: choice(RANGE_BANDS, "engaged", false, "SE.Echoes.Range"),
    damage: int({ min: 0 }),
  };
}

export class EchoesWeaponModel extends foundry.abstract.TypeDataModel<ReturnType<typeof defineEchoesWeaponSchema>, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["SE.Item.EchoesWeapon"];
  static override defineSchema() {
    return defineEchoesWeaponSchema();
  }
}

export class EchoesAbilityModel extends foundry.abstract.TypeDataModel<ReturnType<typeof defineEchoesAbilitySchema>, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["SE.Item.EchoesAbility"];
  static override defineSchema() {
    return defineEchoesAbilitySchema();
  }
}

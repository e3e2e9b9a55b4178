/**
 * The `monster` actor: a stat block the Director runs from. Stamina maximum is stored (monsters
 * are written, not built); the winded value and dead state are derived (monsters die at 0, L7210).
 */
import { FLAG_SCOPE } from "../constants.ts";
import { speedUnderConditions } from "../rules/conditions.ts";
import { monsterStaminaState } from "../rules/hero.ts";
import { heroStaminaThresholds } from "../rules/progression.ts";
import type { StaminaState } from "../rules/hero.ts";
import { MONSTER_ORGANIZATIONS, MONSTER_ROLES, MOVEMENT_TYPES, NEGOTIATION_MOTIVATIONS } from "./vocabulary.ts";
import { characteristics, choice, damageModifiers, html, int, size, stringSet } from "./fields.ts";

/**
 * Whether a creature was knocked out instead of killed (L7218): `flags.steel-echoes.knockedOut`,
 * set and cleared by the damage workflow (src/documents/ability-results.ts). A monster's flags are
 * the GM's to write; a hero's are her owner's, who writes her Stamina anyway.
 */
export function isKnockedOutFlag(actor: unknown): boolean {
  const flags = (actor as { flags?: Record<string, Record<string, unknown> | undefined> } | null)?.flags;
  return flags?.[FLAG_SCOPE]?.knockedOut === true;
}

export function defineMonsterSchema() {
  const fields = foundry.data.fields;
  return {
    level: int({ min: 1, max: 20, initial: 1 }),
    organization: choice(MONSTER_ORGANIZATIONS, "platoon", false, "SE.Organization"),
    role: choice(MONSTER_ROLES, "brute", false, "SE.Role"),
    keywords: stringSet(),
    ev: int({ min: 0, initial: 4 }),
    stamina: new fields.SchemaField({ value: int({ initial: 10 }), max: int({ min: 0, initial: 10 }), temporary: int({ min: 0 }) }),
    speed: int({ min: 0, initial: 5 }),
    movement: stringSet(MOVEMENT_TYPES, "SE.Movement"),
    size: size(),
    stability: int({ min: 0 }),
    freeStrike: int({ min: 0, initial: 2 }),
    characteristics: characteristics(),
    immunities: damageModifiers(),
    weaknesses: damageModifiers(),
    negotiation: new fields.SchemaField({
      interest: int({ min: 0, max: 5, initial: 2 }),
      patience: int({ min: 0, max: 5, initial: 2 }),
      impression: int({ min: 0, initial: 1 }),
      motivations: stringSet(NEGOTIATION_MOTIVATIONS, "SE.Motivation"),
      pitfalls: stringSet(NEGOTIATION_MOTIVATIONS, "SE.Motivation"),
    }),
    biography: html(),
    directorNotes: html(),
  };
}

export class MonsterModel extends foundry.abstract.TypeDataModel<ReturnType<typeof defineMonsterSchema>, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["SE.Actor.Monster"];

  // What prepareDerivedData adds, declared so the derived values are typed.
  declare stamina: { value: number; max: number; temporary: number; winded: number; state: StaminaState };
  declare effectiveSpeed: number;

  static override defineSchema() {
    return defineMonsterSchema();
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const derived: { winded: number; state: StaminaState } = {
      winded: heroStaminaThresholds(this.stamina.max).winded,
      // Knocked out instead of killed (L7218): the marker the damage workflow sets (src/documents/knock-out.ts).
      state: monsterStaminaState(this.stamina.value, this.stamina.max, { knockedOut: isKnockedOutFlag(this.parent) }),
    };
    Object.assign(this.stamina, derived);
    // The stored speed stays the stat block's; conditions change the speed the creature has now.
    const statuses = (this.parent as { statuses?: Set<string> } | null)?.statuses ?? [];
    Object.assign(this, { effectiveSpeed: speedUnderConditions(this.speed, statuses) });
  }
}

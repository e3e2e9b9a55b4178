/**
 * The `hero` actor. Stored: what a player writes on the sheet. Derived (prepareDerivedData): every
 * number the seed computes, by the rules core, from the hero's class, kit and ancestry items.
 */
import { legacyLevel, levelUpState } from "../rules/advancement.ts";
import { SKILLS } from "../rules/catalogue.ts";
import { speedUnderConditions } from "../rules/conditions.ts";
import { combinedKitBonuses, deriveHero, heroStaminaState } from "../rules/hero.ts";
import type { LevelUpState } from "../rules/advancement.ts";
import type { Size } from "../rules/catalogue.ts";
import type { AncestryBonuses, ClassBasics, KitBonuses, StaminaState } from "../rules/hero.ts";
import { advancementMode } from "../settings/index.ts";
import { characteristics, damageModifiers, html, int, stringSet, text } from "./fields.ts";
import { MOVEMENT_TYPES } from "./vocabulary.ts";

export function defineHeroSchema() {
  const fields = foundry.data.fields;
  return {
    characteristics: characteristics(),
    // The level the hero has taken (issue 32): raised by Level up once her XP reaches the next (L585),
    // or by the Director (milestone, L620). Null on a hero from before levels were stored: her XP's level.
    level: new fields.NumberField({ required: true, nullable: true, integer: true, min: 1, max: 10, initial: null }),
    xp: int({ min: 0 }),
    victories: int({ min: 0 }),
    renown: int({ min: 0 }),
    stamina: new fields.SchemaField({
      value: int({ initial: 0 }),
      temporary: int({ min: 0 }),
      bonus: int(),
    }),
    recoveries: new fields.SchemaField({ value: int({ min: 0 }), bonus: int() }),
    heroicResource: new fields.SchemaField({ value: int({ min: 0 }) }),
    speedBonus: int(),
    stabilityBonus: int(),
    skills: stringSet(SKILLS, "SE.Skill"),
    languages: stringSet(),
    // Climb or swim in the hero's speed (L6858), from an ancestry, a kit or a feature: costs one square
    // a square of climbing or swimming instead of two, and no bane underwater (L7249).
    movement: stringSet(MOVEMENT_TYPES, "SE.Movement"),
    immunities: damageModifiers(),
    weaknesses: damageModifiers(),
    projectPoints: int({ min: 0 }),
    biography: html(),
    notes: text(),
  };
}


interface OptionItems {
  class?: { name: string; system: ClassBasics & { heroicResource: { name: string; gain: string } } };
  /** Her kits, in any order: their bonuses count together (`combinedKitBonuses`, Field Arsenal L4390). */
  kits: { name: string; system: { bonuses: KitBonuses } }[];
  ancestry?: { name: string; system: { size: Size; speed: number; bonuses?: AncestryBonuses } };
}

function optionItems(parent: unknown): OptionItems {
  const items = (parent as { items?: Iterable<{ type: string; name: string; system: unknown }> } | null)?.items ?? [];
  const out: Record<string, unknown> = {};
  const kits: unknown[] = [];
  for (const item of items) {
    if (item.type === "kit") kits.push(item);
    else if (["class", "ancestry"].includes(item.type) && !out[item.type]) out[item.type] = item;
  }
  return { ...out, kits } as OptionItems;
}

/** The numbers prepareDerivedData adds to the stored ones (read them as `actor.system.stamina.max`, ...). */
export interface HeroDerivedData {
  level: number;
  /** Whether her XP has reached her next level (the sheet's Level up), and which it is. */
  levelUp: LevelUpState;
  stamina: { max: number; winded: number; recoveryValue: number; deathThreshold: number; state: StaminaState };
  recoveries: { max: number };
  heroicResource: { name: string; gain: string };
  speed: number;
  /** The speed before conditions and halvings (src/documents/movement.ts applies them for display). */
  baseSpeed: number;
  stability: number;
  size: Size;
}

/** Writes derived values onto the model (Foundry's documented place for them). */
function assignDerived(model: object, d: HeroDerivedData): void {
  const m = model as Record<string, unknown> & { stamina: object; recoveries: object; heroicResource: object };
  Object.assign(m.stamina, d.stamina);
  Object.assign(m.recoveries, d.recoveries);
  Object.assign(m.heroicResource, d.heroicResource);
  Object.assign(m, { level: d.level, levelUp: d.levelUp, speed: d.speed, baseSpeed: d.baseSpeed, stability: d.stability, size: d.size });
}

export class HeroModel extends foundry.abstract.TypeDataModel<ReturnType<typeof defineHeroSchema>, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["SE.Actor.Hero"];

  // What prepareDerivedData adds (HeroDerivedData), declared so the derived values are typed.
  declare level: number;
  declare levelUp: LevelUpState;
  declare speed: number;
  declare baseSpeed: number;
  declare stability: number;
  declare size: Size;
  declare stamina: { value: number; temporary: number; bonus: number } & HeroDerivedData["stamina"];
  declare recoveries: { value: number; bonus: number } & HeroDerivedData["recoveries"];
  declare heroicResource: { value: number } & HeroDerivedData["heroicResource"];

  static override defineSchema() {
    return defineHeroSchema();
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const cls = optionItems(this.parent).class;
    const mode = advancementMode();
    const level = (this.level as number | null) ?? legacyLevel(this.xp, mode);
    const d = this.#derive(level);
    assignDerived(this, {
      level,
      levelUp: levelUpState(level, this.xp, mode),
      stamina: {
        max: d.staminaMax, winded: d.winded, recoveryValue: d.recoveryValue, deathThreshold: d.deathThreshold,
        state: heroStaminaState(this.stamina.value, d),
      },
      recoveries: { max: d.recoveriesMax },
      heroicResource: { name: cls?.system.heroicResource.name ?? "", gain: cls?.system.heroicResource.gain ?? "" },
      // Slowed, grabbed, restrained and unconscious change speed (the statuses of the actor's effects).
      speed: speedUnderConditions(d.speed, (this.parent as { statuses?: Set<string> } | null)?.statuses ?? []),
      baseSpeed: d.speed,
      stability: d.stability,
      size: d.size,
    });
  }

  /** The rules core's numbers for this hero at a level (prepareDerivedData's at her own). */
  #derive(level: number) {
    const { class: cls, kits, ancestry } = optionItems(this.parent);
    return deriveHero({
      level,
      class: cls?.system ?? null,
      kit: kits.length ? { bonuses: combinedKitBonuses(kits.map((k) => k.system.bonuses)) } : null,
      ancestry: ancestry?.system ?? null,
      bonuses: { stamina: this.stamina.bonus, recoveries: this.recoveries.bonus, speed: this.speedBonus, stability: this.stabilityBonus },
    });
  }

  /** Her Stamina maximum at another level (what a level-up adds, issue 32). */
  staminaMaxAt(level: number): number {
    return this.#derive(level).staminaMax;
  }
}

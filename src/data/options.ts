/**
 * Character options and other items: ancestry, culture, career, class, kit, feature, complication.
 * Options carry `grants`: the UUIDs of the features and abilities they give a hero.
 */
import { SKILLS } from "../rules/catalogue.ts";
import {
  ARMOR_CATEGORIES, FEATURE_SOURCES, IMPLEMENT_MATERIALS, KIT_TYPES, WEAPON_CATEGORIES,
} from "./vocabulary.ts";
import { bool, choice, grants, html, int, size, stringSet, text, tierNumbers } from "./fields.ts";

const fields = () => foundry.data.fields;

/** A culture aspect: its name and the skill (or skill group) it lets the hero pick from. */
function aspect() {
  return new (fields().SchemaField)({ name: text(), skillOptions: text(), skill: choice(SKILLS, "", true, "SE.Skill") });
}

export function defineAncestrySchema() {
  const f = fields();
  return {
    description: html(),
    size: size(),
    speed: int({ min: 0, initial: 5 }),
    /** Numbers the hero derivation adds (rules/hero.ts AncestryBonuses). */
    bonuses: new f.SchemaField({
      stamina: int(),
      staminaPerLevel: int({ min: 0 }),
      stability: int(),
      recoveries: int(),
    }),
    fiendPoints: int({ min: 0 }),
    purchases: new f.ArrayField(new f.SchemaField({ name: text(), cost: int({ min: 0, initial: 1 }), uuid: text() })),
    grants: grants(),
  };
}

export function defineCultureSchema() {
  return {
    description: html(),
    language: text(),
    environment: aspect(),
    organization: aspect(),
    upbringing: aspect(),
    grants: grants(),
  };
}

export function defineCareerSchema() {
  const f = fields();
  return {
    description: html(),
    skills: stringSet(SKILLS, "SE.Skill"),
    skillOptions: text(),
    languages: int({ min: 0 }),
    renown: int({ min: 0 }),
    projectPoints: int({ min: 0 }),
    incitingIncidents: new f.ArrayField(new f.SchemaField({ name: text(), text: text() })),
    grants: grants(),
  };
}

export function defineClassSchema() {
  const f = fields();
  return {
    description: html(),
    heroicResource: new f.SchemaField({ name: text(), gain: text("2") }),
    startingStamina: int({ min: 0, initial: 18 }),
    staminaPerLevel: int({ min: 0, initial: 6 }),
    recoveries: int({ min: 0, initial: 8 }),
    subclasses: new f.ArrayField(new f.StringField({ required: true, blank: false })),
    subclass: text(),
    features: new f.ArrayField(new f.SchemaField({ level: int({ min: 1, max: 10, initial: 1 }), uuid: text() })),
    grants: grants(),
  };
}

export function defineKitSchema() {
  const f = fields();
  return {
    description: html(),
    kitType: choice(KIT_TYPES, "martial", false, "SE.KitType"),
    armor: stringSet(ARMOR_CATEGORIES, "SE.Armor"),
    weapons: stringSet(WEAPON_CATEGORIES, "SE.Weapon"),
    implement: choice(IMPLEMENT_MATERIALS, "", true, "SE.Implement"),
    bonuses: new f.SchemaField({
      stamina: int(),
      speed: int(),
      stability: int(),
      distance: int(),
      reach: int(),
      area: int(),
      meleeDamage: tierNumbers(),
      rangedDamage: tierNumbers(),
      magicDamage: tierNumbers(),
    }),
    mobility: bool(),
    ward: html(),
    signatureAbility: text(),
    grants: grants(),
  };
}

export function defineFeatureSchema() {
  return {
    description: html(),
    source: choice(FEATURE_SOURCES, "class", false, "SE.FeatureSource"),
    level: int({ min: 1, max: 10, initial: 1 }),
  };
}

export function defineComplicationSchema() {
  return { description: html(), benefit: html(), drawback: html(), grants: grants() };
}

type Item = Item.Implementation;
const { TypeDataModel } = foundry.abstract;

export class AncestryModel extends TypeDataModel<ReturnType<typeof defineAncestrySchema>, Item> {
  static override LOCALIZATION_PREFIXES = ["SE.Item.Ancestry"];
  static override defineSchema() {
    return defineAncestrySchema();
  }
}

export class CultureModel extends TypeDataModel<ReturnType<typeof defineCultureSchema>, Item> {
  static override LOCALIZATION_PREFIXES = ["SE.Item.Culture"];
  static override defineSchema() {
    return defineCultureSchema();
  }
}

export class CareerModel extends TypeDataModel<ReturnType<typeof defineCareerSchema>, Item> {
  static override LOCALIZATION_PREFIXES = ["SE.Item.Career"];
  static override defineSchema() {
    return defineCareerSchema();
  }
}

export class ClassModel extends TypeDataModel<ReturnType<typeof defineClassSchema>, Item> {
  static override LOCALIZATION_PREFIXES = ["SE.Item.Class"];
  static override defineSchema() {
    return defineClassSchema();
  }
}

export class KitModel extends TypeDataModel<ReturnType<typeof defineKitSchema>, Item> {
  static override LOCALIZATION_PREFIXES = ["SE.Item.Kit"];
  static override defineSchema() {
    return defineKitSchema();
  }
}

export class FeatureModel extends TypeDataModel<ReturnType<typeof defineFeatureSchema>, Item> {
  static override LOCALIZATION_PREFIXES = ["SE.Item.Feature"];
  static override defineSchema() {
    return defineFeatureSchema();
  }
}

export class ComplicationModel extends TypeDataModel<ReturnType<typeof defineComplicationSchema>, Item> {
  static override LOCALIZATION_PREFIXES = ["SE.Item.Complication"];
  static override defineSchema() {
    return defineComplicationSchema();
  }
}

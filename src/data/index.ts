/** The data models of every document sub-type, as registered in CONFIG and listed in system.json. */
import { AbilityModel } from "./ability.ts";
import { ConditionModel } from "./condition.ts";
import { HeroModel } from "./hero.ts";
import { MonsterModel } from "./monster.ts";
import {
  AncestryModel, CareerModel, ClassModel, ComplicationModel, CultureModel, FeatureModel, KitModel,
} from "./options.ts";

export const ACTOR_MODELS = { hero: HeroModel, monster: MonsterModel };

export const ITEM_MODELS = {
  ancestry: AncestryModel,
  culture: CultureModel,
  career: CareerModel,
  class: ClassModel,
  kit: KitModel,
  ability: AbilityModel,
  feature: FeatureModel,
  complication: ComplicationModel,
  condition: ConditionModel,
};

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface DataModelConfig {
    Actor: { hero: typeof HeroModel; monster: typeof MonsterModel };
    Item: {
      ancestry: typeof AncestryModel;
      culture: typeof CultureModel;
      career: typeof CareerModel;
      class: typeof ClassModel;
      kit: typeof KitModel;
      ability: typeof AbilityModel;
      feature: typeof FeatureModel;
      complication: typeof ComplicationModel;
      condition: typeof ConditionModel;
    };
  }
}

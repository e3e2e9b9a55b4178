/** The data models of every document sub-type, as registered in CONFIG and listed in system.json. */
import { AbilityModel } from "./ability.ts";
import { ConditionModel } from "./condition.ts";
import type { EchoesCharacterModel } from "./echoes.ts";
import type { EchoesAdversaryModel } from "./echoes-adversary.ts";
import type { EchoesAbilityModel, EchoesWeaponModel } from "./echoes-items.ts";
import { HeroModel } from "./hero.ts";
import { MonsterModel } from "./monster.ts";
import { PartyModel } from "./party.ts";
import {
  AncestryModel, CareerModel, ClassModel, ComplicationModel, CultureModel, FeatureModel, KitModel,
} from "./options.ts";

/**
 * Draw Steel's data models, registered at init (the party is Draw Steel's). Echoes' (`echoes`,
 * `echoesAdversary`, `echoesWeapon`, `echoesAbility`) are in its chunk and register with it
 * (src/games/echoes.ts `ECHOES_MODELS`), before Foundry builds the documents, in every world that
 * plays Echoes or holds its documents (src/games/loader.ts).
 */
export const ACTOR_MODELS = { hero: HeroModel, monster: MonsterModel, party: PartyModel };

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
    Actor: {
      hero: typeof HeroModel; monster: typeof MonsterModel;
      echoes: typeof EchoesCharacterModel; echoesAdversary: typeof EchoesAdversaryModel;
      party: typeof PartyModel;
    };
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
      echoesWeapon: typeof EchoesWeaponModel;
      echoesAbility: typeof EchoesAbilityModel;
    };
  }
}

/** The data of a Draw Steel creature (a hero or a monster). */
export type DrawSteelSystem = HeroModel | MonsterModel;

/**
 * Whether an actor's data is a Draw Steel creature's (a hero or a monster), not an Echoes one's nor a
 * party's: the Draw Steel workflows (Stamina states, abilities, combat's end) pass those by.
 */
export function isDrawSteel(system: Actor.Implementation["system"] | null | undefined): system is DrawSteelSystem {
  return !!system && !("behaviors" in system) && !("measure" in system) && !("members" in system);
}

/** Whether an actor's data is a party's (issue 32). */
export function isParty(system: Actor.Implementation["system"] | null | undefined): system is PartyModel {
  return !!system && "members" in system && "heroTokens" in system;
}

/** Whether an actor's data is an Echoes character's. */
export function isEchoesCharacter(system: Actor.Implementation["system"] | null | undefined): system is EchoesCharacterModel {
  return !!system && "behaviors" in system;
}

/** Whether an actor's data is an Echoes adversary's. */
export function isEchoesAdversary(system: Actor.Implementation["system"] | null | undefined): system is EchoesAdversaryModel {
  return !!system && "measure" in system;
}

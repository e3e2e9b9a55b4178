/** Template paths and rendering for the system's roll cards. */
import { SYSTEM_ID, SYSTEM_PATH } from "../constants.ts";
import type { HarmonyCheckInput } from "../rules/harmony.ts";
import type { PowerRollInput } from "../rules/power-roll.ts";
import type { TestDifficulty } from "../rules/tests.ts";

export { SYSTEM_PATH };

export const SYSTEM_TEMPLATES = {
  powerRoll: `${SYSTEM_PATH}/templates/chat/power-roll.hbs`,
  harmony: `${SYSTEM_PATH}/templates/chat/harmony-roll.hbs`,
  hidden: `${SYSTEM_PATH}/templates/chat/hidden-roll.hbs`,
  d12: `${SYSTEM_PATH}/templates/chat/d12-roll.hbs`,
  check: `${SYSTEM_PATH}/templates/chat/check-roll.hbs`,
} as const;

/** What a power roll gives its card: the rules' input plus texts from the roller (escaped by the template). */
export type PowerRollCardInput = PowerRollInput & {
  flavor?: string;
  /** Optional texts for tier 1, 2 and 3; the card highlights the one that applies. */
  tierTexts?: string[];
  /** A test's difficulty: the card shows the outcome by the seed's table. */
  difficulty?: TestDifficulty;
  /** Fate's tier (L2409): shown in place of the dice's. */
  fated?: 1 | 3;
};

/** What a Harmony/Dissonance check gives its card: the rules' input plus the roller's flavour text. */
export type HarmonyCardInput = HarmonyCheckInput & { flavor?: string };

/**
 * How the rolls' cards are built from their input: the application layer's view-models, set at init
 * (src/applications/chat/roll-cards.ts), so the dice do not import from the layer above them.
 */
/** What a 2d12 check gives its card (src/dice/d12-roll.ts). */
export interface D12CardInput {
  dice: number[];
  modifier: number;
  advantage: -1 | 0 | 1;
  dc: number | null;
  flavor?: string;
}

/** What seed 002's rolls give their cards (src/dice/engine-rolls.ts): their options and the die's face. */
export interface ArcCardInput {
  ks: number; us: number; es: number; esDie: number; adjustment: number; against: number | null; roll: number; flavor?: string;
}
export interface ReactionCardInput { som: number; roll: number; flavor?: string }
/** What seed 001's action check gives its card: the d20, each bonus die's chain, what it must beat. */
export interface ActionCardInput {
  action: number; chains: number[][]; faces: number; target: number | null; targetKind: "vs" | "guard" | "defense" | ""; flavor?: string;
  /** A Defense reaction's Vigor cost. */
  vigor?: number;
  /** A total equal to the victory sum meets it (the world's reading when rolled). */
  vsAtEqual?: boolean;
}

export const ROLL_CARDS: {
  power: ((input: PowerRollCardInput) => object) | null;
  harmony: ((input: HarmonyCardInput) => object) | null;
  d12: ((input: D12CardInput) => object) | null;
  arc: ((input: ArcCardInput) => object) | null;
  reaction: ((input: ReactionCardInput) => object) | null;
  action: ((input: ActionCardInput) => object) | null;
} = { power: null, harmony: null, d12: null, arc: null, reaction: null, action: null };

/** Render a roll's card through its registered builder. */
type CardInput<K extends keyof typeof ROLL_CARDS> = Parameters<NonNullable<(typeof ROLL_CARDS)[K]>>[0];
export function renderRollCard<K extends keyof typeof ROLL_CARDS>(kind: K, input: CardInput<K>): Promise<string> {
  const build = ROLL_CARDS[kind] as ((i: typeof input) => object) | null;
  if (!build) throw new Error(`${SYSTEM_ID} | the ${kind} card is not registered: call registerRollCards() at init`);
  const template = {
    power: SYSTEM_TEMPLATES.powerRoll, harmony: SYSTEM_TEMPLATES.harmony, d12: SYSTEM_TEMPLATES.d12, arc: SYSTEM_TEMPLATES.check,
    reaction: SYSTEM_TEMPLATES.check, action: SYSTEM_TEMPLATES.check,
  }[kind];
  return renderCard(template, build(input));
}

export function renderCard(path: string, context: object): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(path, context as Record<string, unknown>);
}

/** The options argument of the Roll constructor; our rolls keep their own inputs there. */
export type RollOptions = ConstructorParameters<typeof foundry.dice.Roll>[2];

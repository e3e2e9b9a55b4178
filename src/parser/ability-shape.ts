/**
 * The ability item's data: the one shape the parser writes, the packs hold, the ability data model
 * stores (src/data/ability.ts defineAbilitySchema), and the workflow and the view-models read. It
 * lives at the lowest layer that produces it; everyone above imports the type from here.
 */

/** One tier of a power roll: damage as written, forced movement, conditions with durations, the rest as text. */
export interface AbilityTier {
  damage: { value: string; type: string };
  forced: { kind: string; distance: number; vertical: boolean }[];
  conditions: { id: string; duration: string; characteristic: string }[];
  text: string;
}

/** An ability's system data as stored (sets as arrays, as in a compendium source). */
export interface AbilitySystem {
  keywords: string[];
  type: string;
  /** A kit's signature ability: its printed numbers already include the kit bonus (L4711). */
  signature?: boolean;
  cost: { amount: number; resource: string };
  distance: { kind: string; primary: number; secondary: number; within: number; text: string };
  target: string;
  trigger: string;
  power: { kind: string; characteristics: string[] };
  tiers: AbilityTier[];
  effect: string;
  spend: { amount: number; text: string }[];
  persistent?: number;
  description?: string;
}

/** The same data as a loaded document holds it: Foundry's SetFields give Sets. */
export type LoadedAbilitySystem = Omit<AbilitySystem, "keywords" | "power"> & {
  keywords: string[] | Set<string>;
  power: { kind: string; characteristics: string[] | Set<string> };
};

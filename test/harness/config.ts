/**
 * The global `CONFIG` as far as the system reads and writes it (v13 client/config.mjs): document
 * classes and data models, queries, status effects, dice classes (filled by test/harness/dice.ts).
 */
export const CONFIG = {
  Actor: { dataModels: {} as Record<string, unknown> },
  Item: { dataModels: {} as Record<string, unknown> },
  Combat: { documentClass: null as unknown },
  Combatant: { documentClass: null as unknown },
  ui: {} as Record<string, unknown>,
  /** v13's query handlers, by name (`User#query` calls them on the receiving client). */
  queries: {} as Record<string, unknown>,
  statusEffects: [] as unknown[],
  Token: { objectClass: null as unknown },
  Dice: {
    rolls: [] as unknown[],
    terms: {} as Record<string, unknown>,
    randomUniform: Math.random as () => number,
  },
};

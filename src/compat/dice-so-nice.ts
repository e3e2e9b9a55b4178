/**
 * Dice So Nice integration (soft dependency: nothing here runs unless the module calls its hooks).
 * Our Dissonance (`dt`) and Harmony (`dh`) dice use the d10 model labelled 1–9 and 0; a face 0 is
 * handed to the animation as 10, which that model shows as "0".
 */
import type { HarmonyRoll } from "../dice/harmony-roll.ts";

/** Labels for values 1..10 of the d10 model: the tenth face reads "0". */
export const PERCENTILE_DIE_LABELS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"];

export interface Dice3D {
  addDicePreset(preset: { type: string; labels: string[]; system: string }, shape?: string): void;
}


export function registerDiceSoNice(dice3d: Dice3D): void {
  for (const type of ["dt", "dh"]) {
    dice3d.addDicePreset({ type, labels: PERCENTILE_DIE_LABELS, system: "standard" }, "d10");
  }
}

export function onDiceSoNiceRollStart(_messageId: unknown, context: { roll?: unknown }): void {
  // By class name, not `instanceof`: the Harmony roll is in Echoes' chunk (src/games/echoes.ts), which
  // a world that does not play Echoes never loads; Foundry itself finds roll classes by name
  // (client/dice/roll.mjs `Roll.fromData`), and the build keeps class names.
  const roll = context?.roll as HarmonyRoll | undefined;
  if (roll?.constructor?.name === "HarmonyRoll" && typeof roll.toDiceSoNiceRoll === "function") context.roll = roll.toDiceSoNiceRoll();
}

/** Register the Dice So Nice hooks. Their names are not Foundry core hooks, hence the loose signature. */
export function registerDiceSoNiceHooks(): void {
  // Called on `Hooks` itself: v13's static Hooks.on/once use `this` (client/helpers/hooks.mjs), so a
  // detached `const once = Hooks.once` throws when called.
  // Type escape: another module's hooks are not in the League's hook types.
  type AnyHook = (hook: string, fn: (...args: never[]) => unknown) => number;
  const hooks = Hooks as unknown as { on: AnyHook; once: AnyHook };
  hooks.once("diceSoNiceReady", registerDiceSoNice);
  hooks.on("diceSoNiceRollStart", onDiceSoNiceRollStart);
}

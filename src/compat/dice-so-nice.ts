/**
 * Dice So Nice integration (soft dependency: nothing here runs unless the module calls its hooks).
 * Our Dissonance (`dt`) and Harmony (`dh`) dice use the d10 model labelled 1–9 and 0; a face 0 is
 * handed to the animation as 10, which that model shows as "0".
 */
import type { HarmonyRoll } from "../dice/harmony-roll.ts";
import type { ActionRoll } from "../dice/action-dice-roll.ts";

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

/**
 * Seed 001's bonus dice burst (S1:L55): ActionRoll rolls each burst through a Roll of its own after the
 * message's roll (src/dice/action-dice-roll.ts), so Dice So Nice, which animates the message's roll, would
 * show only the first face of each bonus die. The copy it animates has the bursts as further results of
 * the bonus dice, as Foundry's own exploding dice keep theirs (one die term, more results).
 */
export function actionRollWithBursts(roll: ActionRoll): ActionRoll {
  const bursts = ((roll.options as { bursts?: number[][] }).bursts ?? []).flat();
  if (!bursts.length) return roll;
  const copy = foundry.dice.Roll.fromJSON(JSON.stringify(roll.toJSON())) as ActionRoll;
  const bonus = copy.dice[1];
  if (!bonus) return roll;
  bonus.results.push(...bursts.map((result) => ({ result, active: true })));
  return copy;
}

/**
 * Every game's rolls, checked against what Dice So Nice animates (the message's roll, its dice terms'
 * results): power rolls (2d10), tests, 2d12 checks (2d12 or 3d12 keeping two), the ARC (d20 and the ES
 * die), the Reaction check (d10) are plain dice terms; a Harmony roll's 0 faces and an action check's
 * bursts need a copy.
 */
export function onDiceSoNiceRollStart(_messageId: unknown, context: { roll?: unknown }): void {
  // The Harmony and action rolls by class name, not `instanceof`: they are in Echoes' and seed 001's chunks
  // (src/games/echoes.ts, action-dice.ts), which a world that does not play those games never loads; Foundry
  // itself finds roll classes by name (client/dice/roll.mjs `Roll.fromData`), and the build keeps class names.
  const roll = context?.roll as HarmonyRoll | undefined;
  if (roll?.constructor?.name === "HarmonyRoll" && typeof roll.toDiceSoNiceRoll === "function") context.roll = roll.toDiceSoNiceRoll();
  else if ((context?.roll as ActionRoll | undefined)?.constructor?.name === "ActionRoll") context.roll = actionRollWithBursts(context.roll as ActionRoll);
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

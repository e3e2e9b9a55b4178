/**
 * Echoes Harmony/Dissonance check: Dissonance dice (tens) and Harmony dice (ones), faces 0–9,
 * read as a percentile and compared roll-under with a target (seed 000, L50–87).
 */
import type { HarmonyCardInput } from "./render.ts";
import { resolveHarmonyCheck } from "../rules/harmony.ts";
import type { HarmonyOutcomeRule } from "../rules/harmony.ts";
import { harmonyFormula } from "./formula.ts";
import { DissonanceDie, HarmonyDie } from "./percentile-dice.ts";
import { renderCard, renderRollCard, SYSTEM_TEMPLATES } from "./render.ts";
import type { RollOptions } from "./render.ts";

export interface HarmonyRollOptions {
  target: number;
  big: number;
  small: number;
  outcomeRule?: HarmonyOutcomeRule;
  pick?: { dissonance?: number; harmony?: number };
  /** The one die rerolled for 1 Echo (seed 000 S0:L81): which, and its face before and after. */
  reroll?: HarmonyReroll;
  flavor?: string;
}

export type HarmonyDigit = "dissonance" | "harmony";

export interface HarmonyReroll {
  digit: HarmonyDigit;
  index: number;
  from: number;
  to: number;
}

/** Dice So Nice numbers a d10's faces 1–10 with 10 shown as "0": a 0 face is sent as 10. */
export function diceSoNiceFace(face: number): number {
  return face === 0 ? 10 : face;
}

export class HarmonyRoll extends foundry.dice.Roll {
  /**
   * Roll#options is the options object the constructor was given (v13 client/dice/roll.mjs: `this.options
   * = options`), which fromOptions fills with this roll's own; declared here with their shape.
   */
  declare options: Roll.Options & HarmonyRollOptions;

  static override CHAT_TEMPLATE = SYSTEM_TEMPLATES.harmony;

  static fromOptions(options: HarmonyRollOptions): HarmonyRoll {
    return new this(harmonyFormula(options), {}, { ...options } as RollOptions);
  }

  get harmonyOptions(): HarmonyRollOptions {
    return this.options;
  }

  /** Faces of the Dissonance (tens) and Harmony (ones) dice. */
  get faces(): { dissonance: number[]; harmony: number[] } {
    const dissonance: number[] = [];
    const harmony: number[] = [];
    for (const die of this.dice) {
      const into = die instanceof HarmonyDie ? harmony : die instanceof DissonanceDie ? dissonance : null;
      into?.push(...die.results.map((r) => r.result));
    }
    return { dissonance, harmony };
  }

  cardInput(): HarmonyCardInput {
    const o = this.harmonyOptions;
    return {
      ...this.faces,
      big: o.big,
      small: o.small,
      target: o.target,
      ...(o.pick ? { pick: o.pick } : {}),
      ...(o.outcomeRule ? { outcomeRule: o.outcomeRule } : {}),
      flavor: o.flavor ?? "",
    };
  }

  /** The roll's total is the percentile value (1–100), not the sum of the dice. */
  protected override _evaluateTotal(): number {
    return resolveHarmonyCheck(this.cardInput()).value;
  }

  /**
   * v13's `Roll#_evaluate` sets the total from the dice AST (the sum of the faces) and never calls
   * `_evaluateTotal()` (client/dice/roll.mjs), so the percentile value is set after it; the stored
   * total, `roll.total` and the message text then read 1–100.
   */
  protected override async _evaluate(options?: Roll.Options): Promise<Roll.Evaluated<this>> {
    await super._evaluate(options);
    this._total = this._evaluateTotal();
    return this as Roll.Evaluated<this>;
  }

  /** The same for `evaluateSync` (v13 `Roll#_evaluateSync`). */
  protected override _evaluateSync(options?: Roll.Options): Roll.Evaluated<this> {
    super._evaluateSync(options);
    this._total = this._evaluateTotal();
    return this as Roll.Evaluated<this>;
  }

  override async render({ isPrivate = false }: { isPrivate?: boolean } = {}): Promise<string> {
    if (!this._evaluated) await this.evaluate();
    if (isPrivate) return renderCard(SYSTEM_TEMPLATES.hidden, { messageKey: "SE.Harmony.Hidden" });
    return renderRollCard("harmony", this.cardInput());
  }

  /** An evaluated copy of this roll (Roll.fromJSON keeps the class, options and results). */
  #copy(): HarmonyRoll {
    return foundry.dice.Roll.fromJSON(JSON.stringify(this.toJSON())) as HarmonyRoll;
  }

  /** The result of `digit`'s die at `index`, across that digit's terms. */
  #result(copy: HarmonyRoll, digit: HarmonyDigit, index: number): { result: number } | undefined {
    const ofDigit = (d: unknown) => (digit === "harmony" ? d instanceof HarmonyDie : d instanceof DissonanceDie && !(d instanceof HarmonyDie));
    const results = copy.dice.filter(ofDigit).flatMap((d) => d.results);
    return results[index];
  }

  /** A copy whose `digit` uses its die at `index` (the card's re-pick); RangeError for a die it lacks. */
  withPick(digit: HarmonyDigit, index: number): HarmonyRoll {
    const copy = this.#copy();
    copy.options.pick = { ...copy.options.pick, [digit]: index };
    resolveHarmonyCheck(copy.cardInput());
    copy._total = copy._evaluateTotal();
    return copy;
  }

  /**
   * A copy with `digit`'s die at `index` showing `face` instead (the one reroll a check allows,
   * S0:L81), recorded in the options. RangeError for a die it lacks, a face out of 0–9, or a second
   * reroll.
   */
  withReroll(digit: HarmonyDigit, index: number, face: number): HarmonyRoll {
    if (this.options.reroll) throw new RangeError("a check allows one reroll");
    if (!Number.isInteger(face) || face < 0 || face > 9) throw new RangeError(`face must be 0–9, got ${face}`);
    const copy = this.#copy();
    const result = this.#result(copy, digit, index);
    if (!result) throw new RangeError(`no ${digit} die at ${index}`);
    copy.options.reroll = { digit, index, from: result.result, to: face };
    result.result = face;
    copy._total = copy._evaluateTotal();
    return copy;
  }

  /** A copy for Dice So Nice whose 0 faces read 10, so its d10 models show them as "0". */
  toDiceSoNiceRoll() {
    const copy = foundry.dice.Roll.fromJSON(JSON.stringify(this.toJSON()));
    for (const die of copy.dice) {
      for (const r of die.results) r.result = diceSoNiceFace(r.result);
    }
    return copy;
  }
}

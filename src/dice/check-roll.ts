/**
 * The base of the other engines' check rolls (seed 001's action check: src/dice/action-dice-roll.ts;
 * seed 002's ARC and Reaction check: src/dice/arc-rolls.ts): Foundry rolls the dice, the game's rule
 * makes the total. Each game's rolls are in its chunk (src/games/); this base is shared by them.
 */

/** One die of the system's own, rolled and read by a rule: its options and its face. */
export abstract class CheckRoll<O> extends foundry.dice.Roll {
  /**
   * Roll#options is the options object the constructor was given (v13 client/dice/roll.mjs: `this.options
   * = options`), which fromOptions fills with this roll's own; declared here with their shape.
   */
  declare options: Roll.Options & O;

  get checkOptions(): O {
    return this.options;
  }

  get face(): number {
    return this.dice[0]?.results[0]?.result ?? 0;
  }

  /** The total by the game's rule (each game's roll says which). */
  protected abstract ruleTotal(): number;

  protected override _evaluateTotal(): number {
    return this.ruleTotal();
  }

  /** v13's `Roll#_evaluate` sums the dice AST and never calls `_evaluateTotal()` (as HarmonyRoll does). */
  protected override async _evaluate(options?: Roll.Options): Promise<Roll.Evaluated<this>> {
    await super._evaluate(options);
    this._total = this.ruleTotal();
    return this as Roll.Evaluated<this>;
  }

  protected override _evaluateSync(options?: Roll.Options): Roll.Evaluated<this> {
    super._evaluateSync(options);
    this._total = this.ruleTotal();
    return this as Roll.Evaluated<this>;
  }
}

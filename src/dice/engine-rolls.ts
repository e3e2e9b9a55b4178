/**
 * Seed 002's rolls (S2:L49–159): the Action Resolution Check, whose ES die adjusts the total by
 * `esAdjustment`, and the Reaction check, 1d10 against the State of Mind. Foundry rolls the die; the
 * rules make the total. Both render the system's generic check card.
 */
import { esAdjustment } from "../rules/index.ts";
import { renderCard, renderRollCard, SYSTEM_TEMPLATES } from "./render.ts";
import type { RollOptions } from "./render.ts";

export interface ArcRollOptions {
  /** The two stat scores the ARC adds (the seed's KS and US, S2:L111–113). */
  ks: number;
  us: number;
  /** The ES score and the faces of the die it maps to (the table is missing: the caller says, S2:L117). */
  es: number;
  esDie: number;
  /** Other adjustments: +1 per advantage, −1 per disadvantage (S2:L147–159). */
  adjustment: number;
  /** The threshold or the opposing ARC to beat, or null to read the ARC alone. */
  against: number | null;
  flavor?: string;
}

/** One die of the system's own, rolled and read by a rule: its options and its face. */
abstract class CheckRoll<O> extends foundry.dice.Roll {
  get checkOptions(): O {
    // Type escape: Roll#options holds this roll's own options, set by fromOptions.
    return this.options as unknown as O;
  }

  get face(): number {
    return this.dice[0]?.results[0]?.result ?? 0;
  }

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

export class ArcRoll extends CheckRoll<ArcRollOptions> {
  static override CHAT_TEMPLATE = SYSTEM_TEMPLATES.check;

  static fromOptions(options: ArcRollOptions): ArcRoll {
    return new this(`1d${options.esDie}`, {}, { ...options } as RollOptions);
  }

  protected ruleTotal(): number {
    const o = this.checkOptions;
    return o.ks + o.us + esAdjustment(o.es, this.face) + o.adjustment;
  }

  override async render({ isPrivate = false }: { isPrivate?: boolean } = {}): Promise<string> {
    if (!this._evaluated) await this.evaluate();
    if (isPrivate) return renderCard(SYSTEM_TEMPLATES.hidden, { messageKey: "SE.Arc.Hidden" });
    return renderRollCard("arc", { ...this.checkOptions, roll: this.face });
  }
}

export interface ReactionRollOptions {
  som: number;
  flavor?: string;
}

export class ReactionRoll extends CheckRoll<ReactionRollOptions> {
  static override CHAT_TEMPLATE = SYSTEM_TEMPLATES.check;

  static fromOptions(options: ReactionRollOptions): ReactionRoll {
    return new this("1d10", {}, { ...options } as RollOptions);
  }

  protected ruleTotal(): number {
    return this.face;
  }

  override async render({ isPrivate = false }: { isPrivate?: boolean } = {}): Promise<string> {
    if (!this._evaluated) await this.evaluate();
    if (isPrivate) return renderCard(SYSTEM_TEMPLATES.hidden, { messageKey: "SE.Arc.Hidden" });
    return renderRollCard("reaction", { ...this.checkOptions, roll: this.face });
  }
}

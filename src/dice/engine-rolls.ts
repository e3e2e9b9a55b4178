/**
 * The other engines' rolls: seed 002's Action Resolution Check, whose ES die adjusts the total by
 * `esAdjustment`, and Reaction check, 1d10 against the State of Mind (S2:L49–159); seed 001's action
 * check with bursting bonus dice (S1:L1–3, L55). Foundry rolls the dice; the rules make the total.
 * They render the system's generic check card.
 */
import { actionCheckTotal } from "../rules/action-dice.ts";
import { esAdjustment } from "../rules/arc.ts";
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

export interface ActionRollOptions {
  /** Bonus dice and their faces (from `bonusDieFaces`). */
  bonusDice: number;
  faces: number;
  /** The victory sum, Guard or attack to beat, with what it is, or null to read the total alone. */
  target: number | null;
  /** "defense": a Defense reaction against an attack's total (S1:L18, L31). */
  targetKind: "vs" | "guard" | "defense" | "";
  /** A Defense reaction's Vigor cost (5, or 3 while Defending: S1:L22, L31). */
  vigor?: number;
  /** The world's reading when the roll was made: a total equal to the victory sum meets it. */
  vsAtEqual?: boolean;
  /** Each bonus die's burst chain after its first face (filled in when the roll is evaluated). */
  bursts?: number[][];
  flavor?: string;
}

/** The most extra faces one bonus die may burst into (a d4 bursts one time in four). */
export const MAX_BURSTS = 20;

/**
 * Seed 001's action check (S1:L1–3, L55): a d20 Action die that never bursts, plus bonus dice that
 * burst (roll again and add) on their maximum. Foundry rolls `1d20 + Nd{faces}`; each maximum then
 * rolls again through a new Roll, kept on the roll's options so the card shows every chain after a
 * reload. The total is `actionCheckTotal`.
 */
export class ActionRoll extends CheckRoll<ActionRollOptions> {
  static override CHAT_TEMPLATE = SYSTEM_TEMPLATES.check;

  static fromOptions(options: ActionRollOptions): ActionRoll {
    const bonus = options.bonusDice > 0 ? ` + ${options.bonusDice}d${options.faces}` : "";
    return new this(`1d20${bonus}`, {}, { ...options } as RollOptions);
  }

  /** Each bonus die's chain: its first face, then every burst. */
  get chains(): number[][] {
    const firsts = (this.dice[1]?.results ?? []).map((r) => r.result);
    const bursts = this.checkOptions.bursts ?? [];
    return firsts.map((f, i) => [f, ...(bursts[i] ?? [])]);
  }

  protected ruleTotal(): number {
    return actionCheckTotal(this.face, this.chains);
  }

  /** Roll the bursts of every bonus die that showed its maximum (each die through `roll`), then total. */
  #burst(roll: (formula: string) => number): void {
    const faces = this.checkOptions.faces;
    const bursts: number[][] = [];
    for (const r of this.dice[1]?.results ?? []) {
      const chain: number[] = [];
      let last = r.result;
      while (last === faces && chain.length < MAX_BURSTS) {
        last = roll(`1d${faces}`);
        chain.push(last);
      }
      bursts.push(chain);
    }
    this.options.bursts = bursts;
    this._total = this.ruleTotal();
  }

  protected override async _evaluate(options?: Roll.Options): Promise<Roll.Evaluated<this>> {
    await super._evaluate(options);
    this.#burst((formula) => new foundry.dice.Roll(formula).evaluateSync().total ?? 0);
    return this as Roll.Evaluated<this>;
  }

  protected override _evaluateSync(options?: Roll.Options): Roll.Evaluated<this> {
    super._evaluateSync(options);
    this.#burst((formula) => new foundry.dice.Roll(formula).evaluateSync().total ?? 0);
    return this as Roll.Evaluated<this>;
  }

  override async render({ isPrivate = false }: { isPrivate?: boolean } = {}): Promise<string> {
    if (!this._evaluated) await this.evaluate();
    if (isPrivate) return renderCard(SYSTEM_TEMPLATES.hidden, { messageKey: "SE.Arc.Hidden" });
    const o = this.checkOptions;
    return renderRollCard("action", {
      action: this.face, chains: this.chains, faces: o.faces, target: o.target, targetKind: o.targetKind, flavor: o.flavor ?? "",
      ...(o.vigor !== undefined ? { vigor: o.vigor } : {}),
      ...(o.vsAtEqual ? { vsAtEqual: true } : {}),
    });
  }
}

/**
 * Seed 003's check: 2d12 (3d12 with advantage or disadvantage, two kept) + a modifier against a DC
 * (S3:L16–72). Foundry rolls the dice; `resolveD12Check` keeps two and reads the special results.
 */
import { resolveD12Check } from "../rules/d12.ts";
import { renderCard, renderRollCard, SYSTEM_TEMPLATES } from "./render.ts";
import type { RollOptions } from "./render.ts";

export interface D12RollOptions {
  modifier: number;
  advantage: -1 | 0 | 1;
  /** null: the check is read only by its quality. */
  dc: number | null;
  flavor?: string;
}

export class D12Roll extends foundry.dice.Roll {
  /**
   * Roll#options is the options object the constructor was given (v13 client/dice/roll.mjs: `this.options
   * = options`), which fromOptions fills with this roll's own; declared here with their shape.
   */
  declare options: Roll.Options & D12RollOptions;

  static override CHAT_TEMPLATE = SYSTEM_TEMPLATES.d12;

  /** `3d12 + 2[modifier]`: the total Foundry sums is replaced by the kept dice's (see `_evaluate`). */
  static fromOptions(options: D12RollOptions): D12Roll {
    const mod = options.modifier ? ` ${options.modifier < 0 ? "-" : "+"} ${Math.abs(options.modifier)}[modifier]` : "";
    return new this(`${options.advantage === 0 ? 2 : 3}d12${mod}`, {}, { ...options } as RollOptions);
  }

  get d12Options(): D12RollOptions {
    return this.options;
  }

  get faces(): number[] {
    return (this.dice[0]?.results ?? []).map((r) => r.result);
  }

  cardInput(): D12RollOptions & { dice: number[] } {
    return { ...this.d12Options, dice: this.faces };
  }

  /** The total of the two kept dice and the modifier, not the sum of every die. */
  protected override _evaluateTotal(): number {
    const o = this.d12Options;
    return resolveD12Check({ dice: this.faces, advantage: o.advantage, modifier: o.modifier, dc: o.dc ?? 0 }).total;
  }

  /** v13's `Roll#_evaluate` sums the dice AST and never calls `_evaluateTotal()` (as HarmonyRoll does). */
  protected override async _evaluate(options?: Roll.Options): Promise<Roll.Evaluated<this>> {
    await super._evaluate(options);
    this._total = this._evaluateTotal();
    return this as Roll.Evaluated<this>;
  }

  protected override _evaluateSync(options?: Roll.Options): Roll.Evaluated<this> {
    super._evaluateSync(options);
    this._total = this._evaluateTotal();
    return this as Roll.Evaluated<this>;
  }

  override async render({ isPrivate = false }: { isPrivate?: boolean } = {}): Promise<string> {
    if (!this._evaluated) await this.evaluate();
    if (isPrivate) return renderCard(SYSTEM_TEMPLATES.hidden, { messageKey: "SE.D12.Hidden" });
    return renderRollCard("d12", this.cardInput());
  }
}

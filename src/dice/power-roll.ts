/**
 * Draw Steel power roll: 2d10 + characteristic + bonuses, with edges and banes (seed 004, L163–246).
 * The dice are rolled by Foundry; every rule is applied by `resolvePowerRoll` from the rules core.
 */
import type { PowerRollCardInput } from "./render.ts";
import { powerRollFormula } from "./formula.ts";
import type { TestDifficulty } from "../rules/tests.ts";
import { renderCard, renderRollCard, SYSTEM_TEMPLATES } from "./render.ts";
import type { RollOptions } from "./render.ts";

export interface PowerRollOptions {
  characteristic: number;
  edges?: number;
  banes?: number;
  bonuses?: number;
  flavor?: string;
  tierTexts?: string[];
  /** A test's difficulty: the card then shows the outcome (seed 004, L5744–5769). */
  difficulty?: TestDifficulty;
  /**
   * Fate's tier (L2409), from the GM's record of next-roll grants: the card shows it in place of the
   * dice's. What trusts a roll's tier reads the GM's record, not this (src/documents/recorded-rolls.ts).
   */
  fated?: 1 | 3;
}

export class PowerRoll extends foundry.dice.Roll {
  /**
   * Roll#options is the options object the constructor was given (v13 client/dice/roll.mjs: `this.options
   * = options`), which fromOptions fills with this roll's own; declared here with their shape.
   */
  declare options: Roll.Options & PowerRollOptions;

  static override CHAT_TEMPLATE = SYSTEM_TEMPLATES.powerRoll;

  /** Build an unevaluated power roll from its inputs. */
  static fromOptions(options: PowerRollOptions): PowerRoll {
    return new this(powerRollFormula(options), {}, { ...options } as RollOptions);
  }

  get powerOptions(): PowerRollOptions {
    return this.options;
  }

  /** The two d10 faces, once evaluated. */
  get faces(): [number, number] {
    const results = this.dice[0]?.results ?? [];
    return [results[0]?.result ?? 0, results[1]?.result ?? 0];
  }

  cardInput(): PowerRollCardInput {
    const o = this.powerOptions;
    return {
      dice: this.faces,
      characteristic: o.characteristic,
      edges: o.edges ?? 0,
      banes: o.banes ?? 0,
      bonuses: o.bonuses ?? 0,
      flavor: o.flavor ?? "",
      tierTexts: o.tierTexts ?? [],
      ...(o.difficulty ? { difficulty: o.difficulty } : {}),
      ...(o.fated === 1 || o.fated === 3 ? { fated: o.fated } : {}),
    };
  }

  override async render({ isPrivate = false }: { isPrivate?: boolean } = {}): Promise<string> {
    if (!this._evaluated) await this.evaluate();
    if (isPrivate) return renderCard(SYSTEM_TEMPLATES.hidden, { messageKey: "SE.PowerRoll.Hidden" });
    return renderRollCard("power", this.cardInput());
  }
}

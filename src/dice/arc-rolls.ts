/**
 * Seed 002's rolls: the Action Resolution Check, whose ES die adjusts the total by `esAdjustment`,
 * and the Reaction check, 1d10 against the State of Mind (S2:L49–159). They render the system's
 * generic check card. They are in ARC's chunk (src/games/arc.ts), registered before Foundry builds
 * the chat messages in a world that plays ARC or holds its rolls (src/games/loader.ts).
 */
import { esAdjustment } from "../rules/arc.ts";
import { CheckRoll } from "./check-roll.ts";
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

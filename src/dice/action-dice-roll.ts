/**
 * Seed 001's action check (S1:L1–3, L55): a d20 Action die plus bonus dice that burst. It renders the
 * system's generic check card. It is in the action dice engine's chunk (src/games/action-dice.ts),
 * registered before Foundry builds the chat messages in a world that plays the engine or holds its
 * rolls (src/games/loader.ts).
 */
import { actionCheckTotal } from "../rules/action-dice.ts";
import { CheckRoll } from "./check-roll.ts";
import { renderCard, renderRollCard, SYSTEM_TEMPLATES } from "./render.ts";
import type { RollOptions } from "./render.ts";

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

/**
 * The Echoes percentile dice: ten-sided dice whose faces read 0–9, unlike Foundry's 1–10 d10.
 * The Dissonance die gives the tens digit, the Harmony die the ones digit (seed 000, L50–55).
 * Formula: `2dt` rolls two Dissonance dice, `1dh` one Harmony die.
 */

const FACES = 10;

/** Map a uniform random number in [0, 1) to a face 0–9. */
export function zeroBasedFace(randomUniform: number): number {
  return Math.min(FACES - 1, Math.max(0, Math.floor(randomUniform * FACES)));
}

export class DissonanceDie extends foundry.dice.terms.Die {
  static override DENOMINATION = "t";

  constructor(termData: Partial<foundry.dice.terms.Die.TermData> = {}) {
    super({ ...termData, faces: FACES } as foundry.dice.terms.Die.TermData);
  }

  override mapRandomFace(randomUniform: number): number {
    return zeroBasedFace(randomUniform);
  }

  override getResultCSS(result: foundry.dice.terms.DiceTerm.Result): (string | null)[] {
    const css = super.getResultCSS(result).filter((c) => c !== "min" && c !== "max");
    if (result.result === 0) css.push("min");
    if (result.result === FACES - 1) css.push("max");
    return css;
  }
}

export class HarmonyDie extends DissonanceDie {
  static override DENOMINATION = "h";
}

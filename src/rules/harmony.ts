/**
 * Echoes' percentile check (seed 000, L50–87; notes/other-seeds.md §1(b)).
 * The Dissonance dice give the tens digit, the Harmony dice the ones digit, faces 0–9. Big Buffs or
 * Debuffs add Dissonance dice, Small ones add Harmony dice; one die per digit is picked.
 */

/** The four degrees of an Echoes check (L59, L82–87): Triumph and Success pass, Setback and Disaster fail. */
export type HarmonyOutcome = "triumph" | "success" | "setback" | "disaster";
/** How passes and failures split into degrees; the seed is silent (docs/rules-decisions.md). */
export type HarmonyOutcomeRule = "matched-digits" | "pass-fail";

/** The arguments of {@link resolveHarmonyCheck}; randomness comes in as the dice faces. */
export interface HarmonyCheckInput {
  /** Dissonance (tens) faces: exactly 1 + |big| of them, each 0..9. */
  dissonance: number[];
  /** Harmony (ones) faces: exactly 1 + |small| of them, each 0..9. */
  harmony: number[];
  /** Net Big Buffs (+) or Debuffs (-), -3..3. */
  big: number;
  /** Net Small Buffs (+) or Debuffs (-), -3..3. */
  small: number;
  /** Roll-under target, 0..100. */
  target: number;
  /** Index of the chosen die of each digit; by default the lowest under a Buff, the highest under a Debuff. */
  pick?: { dissonance?: number; harmony?: number };
  /** Default "matched-digits"; "pass-fail" is the world setting's alternative. */
  outcomeRule?: HarmonyOutcomeRule;
}

/** The resolved check. */
export interface HarmonyCheckResult {
  /** 1..100; the result 00 is 100. */
  value: number;
  /** The picked Dissonance face (tens digit, L50). */
  tens: number;
  /** The picked Harmony face (ones digit, L50). */
  ones: number;
  /** value ≤ target, and never on 00 (L51, L54–55). */
  pass: boolean;
  outcome: HarmonyOutcome;
  /** Equal Harmony dice under a net Small Debuff: 2 (doubles), 3 (triples or more), else 0 (L64). */
  harmonyMatches: 0 | 2 | 3;
  /** Indices of the dice used. */
  picked: { dissonance: number; harmony: number };
}

/** At most 3 Buffs/Debuffs of each type (L69). */
export const MAX_NET_BUFFS = 3;

function assertNet(name: string, net: number): void {
  if (!Number.isInteger(net) || Math.abs(net) > MAX_NET_BUFFS) {
    throw new RangeError(`${name} must be a whole number from -3 to 3, got ${net}`);
  }
}

/**
 * How many dice each digit rolls for net Big (tens) and Small (ones) Buffs/Debuffs: one die plus one
 * per Buff or Debuff (L52, L69). RangeError for a net value that is not a whole number −3..3.
 */
export function harmonyDiceCounts(big: number, small: number): { dissonance: number; harmony: number } {
  assertNet("big", big);
  assertNet("small", small);
  return { dissonance: 1 + Math.abs(big), harmony: 1 + Math.abs(small) };
}

/** Net Buffs of one type: each side capped at 3, then Buffs and Debuffs cancel (L69). */
export function netBuffs(buffs: number, debuffs: number): number {
  for (const [name, n] of [["buffs", buffs], ["debuffs", debuffs]] as const) {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number of 0 or more, got ${n}`);
  }
  return Math.min(buffs, MAX_NET_BUFFS) - Math.min(debuffs, MAX_NET_BUFFS);
}

function checkDice(name: string, faces: number[], net: number): void {
  assertNet(name === "dissonance" ? "big" : "small", net);
  if (!Array.isArray(faces) || faces.length !== 1 + Math.abs(net)) {
    throw new RangeError(`${name} must hold ${1 + Math.abs(net)} dice, got ${Array.isArray(faces) ? faces.length : faces}`);
  }
  if (faces.some((f) => !Number.isInteger(f) || f < 0 || f > 9)) {
    throw new RangeError(`${name} faces must be whole numbers from 0 to 9, got ${JSON.stringify(faces)}`);
  }
}

/** Default pick: lowest face under a Buff, highest under a Debuff (L70–71); the only die otherwise. */
function defaultPick(faces: number[], net: number): number {
  const best = net > 0 ? Math.min(...faces) : Math.max(...faces);
  return faces.indexOf(best);
}

function choose(name: string, faces: number[], net: number, index: number | undefined): number {
  if (index === undefined) return defaultPick(faces, net);
  if (!Number.isInteger(index) || index < 0 || index >= faces.length) {
    throw new RangeError(`pick.${name} must be a die index from 0 to ${faces.length - 1}, got ${index}`);
  }
  return index;
}

function largestGroup(faces: number[]): number {
  const counts = new Map<number, number>();
  for (const f of faces) counts.set(f, (counts.get(f) ?? 0) + 1);
  return Math.max(...counts.values());
}

/**
 * Resolve an Echoes percentile check (seed 000, L50–55, L64, L69–71; notes/other-seeds.md §1(b)).
 * One die per digit is picked (default: lowest under a net Buff, highest under a net Debuff; `pick`
 * overrides by index). 00 is 100 and always fails. Outcomes follow `outcomeRule`: "matched-digits"
 * (a matched pass is a Triumph, a matched failure a Disaster) or "pass-fail" (00 still a Disaster).
 * `harmonyMatches` counts equal faces among all Harmony dice, only under a net Small Debuff (L64).
 * Throws a RangeError for dice counts or faces that do not fit `big`/`small`, a target not a whole
 * number 0..100, a bad pick index or an unknown rule.
 */
export function resolveHarmonyCheck(input: HarmonyCheckInput): HarmonyCheckResult {
  const { dissonance, harmony, big, small, target, pick = {}, outcomeRule = "matched-digits" } = input;
  checkDice("dissonance", dissonance, big);
  checkDice("harmony", harmony, small);
  if (!Number.isInteger(target) || target < 0 || target > 100) {
    throw new RangeError(`target must be a whole number from 0 to 100, got ${target}`);
  }
  if (outcomeRule !== "matched-digits" && outcomeRule !== "pass-fail") {
    throw new RangeError(`outcomeRule must be "matched-digits" or "pass-fail", got ${String(outcomeRule)}`);
  }
  const picked = {
    dissonance: choose("dissonance", dissonance, big, pick.dissonance),
    harmony: choose("harmony", harmony, small, pick.harmony),
  };
  const tens = dissonance[picked.dissonance]!;
  const ones = harmony[picked.harmony]!;
  const doubleZero = tens === 0 && ones === 0;
  const value = doubleZero ? 100 : tens * 10 + ones;
  // 00 always fails, even against 100 (L51).
  const pass = !doubleZero && value <= target;
  const matched = outcomeRule === "matched-digits" ? tens === ones : doubleZero;
  const outcome: HarmonyOutcome = pass ? (matched ? "triumph" : "success") : matched ? "disaster" : "setback";
  const group = small < 0 ? largestGroup(harmony) : 0;
  const harmonyMatches = group >= 3 ? 3 : group === 2 ? 2 : 0;
  return { value, tens, ones, pass, outcome, harmonyMatches, picked };
}

/**
 * Who picks a digit's die (S0:L70–71): the player under a net Buff, the GM under a net Debuff;
 * nobody when the digit has one die (net 0).
 */
export function harmonyPicker(net: number): "player" | "gm" | null {
  assertNet("net", net);
  return net > 0 ? "player" : net < 0 ? "gm" : null;
}

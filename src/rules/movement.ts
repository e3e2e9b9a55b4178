/**
 * Moving on the map (seed 004): what entering a square costs (L6828–6832, L6912–6914), shifting
 * (L6838–6842), speed now and jumping. The squares a move passes through, who may make an
 * opportunity attack (L7101–7105) and whether a move ends hiding (L6212) are in ./move-path.ts,
 * which only what runs after a move uses.
 * Pure: grid squares in, numbers and ids out.
 */
import { speedUnderConditions } from "./conditions.ts";
import { sizeRank } from "./size-maneuvers.ts";

/**
 * What entering one square costs when the square is in an enemy's space (L6830: it counts as
 * difficult terrain, 1 additional square, L6914): at least one square's distance more than the
 * move's own, and never less than the cost already found (difficult terrain in an enemy's space is
 * still 1 additional square, not 2). `squareDistance` is the length of one square in the scene's
 * units. Forced movement ignores difficult terrain (L6930): its cost is left as it is.
 */
export function enemySpaceCost(input: { cost: number; distance: number; squareDistance: number; forced?: boolean }): number {
  const { cost, distance, squareDistance } = input;
  if (![cost, distance, squareDistance].every(Number.isFinite) || cost < 0 || distance < 0 || squareDistance <= 0) {
    throw new RangeError(`cost and distance must be 0 or more and the square's distance above 0, got ${JSON.stringify(input)}`);
  }
  if (input.forced || distance === 0) return cost;
  return Math.max(cost, distance + squareDistance);
}

/**
 * Shifting (L6840): a shift uses up to half the squares the move allows, so each square shifted
 * costs two of the move's. `squares` is the move's allowance; the result is how far one may shift.
 */
export function shiftAllowance(squares: number): number {
  if (!Number.isFinite(squares) || squares < 0) throw new RangeError(`squares must be 0 or more, got ${squares}`);
  return Math.floor(squares / 2);
}

// A size's place in the order (L6716) is `sizeRank` (src/rules/size-maneuvers.ts), one home for both rules.
type SizeLike = { value: number; letter?: string };

/**
 * Whether a grabber moves at half speed (L6674, read from the grabbed creature's side: "If the
 * creature's size is equal to or less than yours, their speed is halved while they have you
 * grabbed"): it holds at least one creature whose size is its own or larger. A grabber larger than
 * every creature it holds keeps its speed.
 */
export function grabHalvesSpeed(grabber: SizeLike, grabbed: readonly SizeLike[]): boolean {
  const own = sizeRank(grabber);
  return grabbed.some((s) => sizeRank(s) >= own);
}

/** Why a creature's speed is halved now: it holds a grab that slows it (L6674), or it sneaks (L6226). */
export type SpeedHalving = "grab" | "sneak";

/**
 * A creature's speed now (L6674, L6686, L6690, L6226, L6836, L7224): halved (rounded down, as L6836's
 * "a speed of 5 … halved to 2") when anything in `halvedBy` applies, once however many do (L6616
 * reading, docs/rules-decisions.md); then grabbed, restrained and unconscious make it 0 and slowed
 * makes it 2 unless it is already lower (`speedUnderConditions`). Throws a RangeError for a speed
 * that is not a whole number of 0 or more.
 */
export function speedNow(input: {
  speed: number; statuses?: Iterable<string>; halvedBy?: Iterable<SpeedHalving>;
}): { speed: number; halvedBy: SpeedHalving[] } {
  const { speed } = input;
  if (!Number.isInteger(speed) || speed < 0) throw new RangeError(`speed must be a whole number of 0 or more, got ${speed}`);
  const halvedBy = [...new Set(input.halvedBy ?? [])].filter((h): h is SpeedHalving => h === "grab" || h === "sneak");
  const halved = halvedBy.length ? Math.floor(speed / 2) : speed;
  return { speed: speedUnderConditions(halved, input.statuses ?? []), halvedBy };
}

/**
 * A move measured against the mover's speed (L6836: "A single move … can never allow a creature to
 * move more squares than their speed"): `cost` is what Foundry's ruler measured, in the scene's
 * units, terrain and movement costs included; `squareDistance` is one square in those units. Returns
 * the squares of movement used, the speed, whether they are beyond it, and how many moves of that
 * speed they take (a second move action takes the turn's action, L6792; null when the speed is 0 and
 * the creature moves at all). Throws a RangeError for a negative cost or speed, or a square of 0.
 */
export function moveAgainstSpeed(input: { cost: number; squareDistance: number; speed: number }): {
  squares: number; speed: number; over: boolean; moves: number | null;
} {
  const { cost, squareDistance, speed } = input;
  const bad = !Number.isFinite(cost) || cost < 0 || !Number.isFinite(squareDistance) || squareDistance <= 0;
  if (bad || !Number.isInteger(speed) || speed < 0) {
    throw new RangeError(`cost must be 0 or more, the square above 0 and speed a whole number of 0 or more, got ${JSON.stringify(input)}`);
  }
  // Round away the float noise of units like 1.5 m per square before comparing.
  const squares = Math.round((cost / squareDistance) * 100) / 100;
  const moves = squares === 0 ? 0 : speed === 0 ? null : Math.ceil(squares / speed - 1e-9);
  return { squares, speed, over: squares > speed, moves };
}

/** How a jump beyond the first went (L6886): no test, a failed test, a success, or a success with a reward. */
export type JumpTest = "none" | "fail" | "success" | "reward";

/**
 * Jump distances (L6882–6890). Long: the Might or Agility score, the creature's choice (so the
 * higher), at least 1 square, +1 after moving at least 2 squares in a straight line just before
 * (`runUp`, L6884); an easy Might test for more adds 1 on a success, 2 with a reward (L6886). High:
 * 1 square, +1 with the run-up (L6888). Neither can exceed `allowed`, the distance of the effect
 * that lets the creature move (L6890), when given. Throws a RangeError for characteristics that are not
 * whole numbers or an `allowed` below 0.
 */
export function jumpDistances(input: {
  might: number; agility: number; runUp?: boolean; test?: JumpTest; allowed?: number;
}): { long: number; high: number } {
  const { might, agility } = input;
  if (!Number.isInteger(might) || !Number.isInteger(agility)) throw new RangeError(`might and agility must be whole numbers, got ${JSON.stringify(input)}`);
  if (input.allowed !== undefined && (!Number.isInteger(input.allowed) || input.allowed < 0)) {
    throw new RangeError(`allowed must be a whole number of 0 or more, got ${input.allowed}`);
  }
  const run = input.runUp ? 1 : 0;
  const extra = input.test === "reward" ? 2 : input.test === "success" ? 1 : 0;
  const cap = input.allowed ?? Infinity;
  return { long: Math.min(Math.max(1, might, agility) + run + extra, cap), high: Math.min(1 + run, cap) };
}

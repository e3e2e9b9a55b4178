/**
 * The heroic resources' gains at the start of a turn and the end of combat, and Villain Power each
 * round (L2373, L6770; issue 33's reading). Split from ./combat-resources.ts, which keeps the pools'
 * rules every world needs before ready (issue 31).
 */
import { VILLAIN_POWER_FIXED_MAX, type VillainPowerRule } from "./combat-resources.ts";

/** A start-of-turn gain as the class writes it: a whole number ("2") or dice ("1d3"). */
export interface ResourceGain {
  flat: number;
  dice: { number: number; faces: number } | null;
}

/** Parse "2", "1d3", "1d3 + 1"; null for anything else (the caller reports a localised error). */
export function parseResourceGain(text: string): ResourceGain | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, "");
  if (t === "") return { flat: 0, dice: null };
  const m = /^(?:(\d{1,2})d(\d{1,3})(?:\+(\d{1,3}))?|(\d{1,3}))$/.exec(t);
  if (!m) return null;
  if (m[4] !== undefined) return { flat: Number(m[4]), dice: null };
  const dice = { number: Number(m[1]), faces: Number(m[2]) };
  if (dice.number < 1 || dice.faces < 2) return null;
  return { flat: m[3] !== undefined ? Number(m[3]) : 0, dice };
}

/** The Foundry formula of a gain ("1d3", "2", "1d3 + 1"). */
export function resourceGainFormula(gain: ResourceGain): string {
  const parts: string[] = [];
  if (gain.dice) parts.push(`${gain.dice.number}d${gain.dice.faces}`);
  if (gain.flat || !gain.dice) parts.push(String(gain.flat));
  return parts.join(" + ");
}

/** The amount gained, from the faces rolled (one per die). */
export function resourceGainTotal(gain: ResourceGain, faces: readonly number[] = []): number {
  const n = gain.dice?.number ?? 0;
  if (faces.length !== n) throw new RangeError(`expected ${n} die faces, got ${faces.length}`);
  for (const f of faces) if (!Number.isInteger(f) || f < 1 || f > gain.dice!.faces) throw new RangeError(`face ${f} out of range`);
  return gain.flat + faces.reduce((a, b) => a + b, 0);
}

/**
 * The heroic resource when combat starts and ends (L2373, L3295): a hero keeps what they had when
 * combat begins, and has resource equal to their Victories when it ends.
 */
export function resourceAtCombatStart(current: number): number {
  return current;
}
export function resourceAtCombatEnd(victories: number): number {
  if (!Number.isInteger(victories) || victories < 0) throw new RangeError(`victories must be a whole number of 0 or more, got ${victories}`);
  return victories;
}

/** Victories a combat is worth (L297–323): 1, 2 for a particularly hard encounter, 0 for a trivial one. */
export const VICTORY_AWARDS = [0, 1, 2] as const;

/** The VP the Director gains as a round starts: `heroes` counts the heroes in the encounter who are not dead. */
export function villainPowerAtRoundStart(rule: VillainPowerRule, { heroes, fixed }: { heroes: number; fixed: number }): number {
  if (!Number.isInteger(heroes) || heroes < 0) throw new RangeError(`heroes must be a whole number of 0 or more, got ${heroes}`);
  if (!Number.isInteger(fixed) || fixed < 0 || fixed > VILLAIN_POWER_FIXED_MAX) {
    throw new RangeError(`the fixed gain must be a whole number from 0 to ${VILLAIN_POWER_FIXED_MAX}, got ${fixed}`);
  }
  if (rule === "heroes") return heroes;
  if (rule === "fixed") return fixed;
  return 0;
}

/**
 * Whether round `round` still owes the Director its Villain Power: each round gives once, so a round
 * already granted (`grantedRound`, kept where only a GM writes it) gives nothing again, nor does
 * going back to an earlier round and forward.
 */
export function villainPowerDue({ round, grantedRound }: { round: number; grantedRound: number | null }): boolean {
  if (!Number.isInteger(round) || round < 0) throw new RangeError(`round must be a whole number of 0 or more, got ${round}`);
  return round >= 1 && round > (grantedRound ?? 0);
}

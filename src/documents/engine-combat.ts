/**
 * The other engines in Foundry's combat tracker. A combat plays by one engine (`engine` in its flags,
 * by default the world's *Combat rules* setting):
 *
 * - "drawSteel": the sides alternate and pick who acts (src/documents/combat.ts); Echoes plays here too;
 * - "actionDice" (seed 001): a fixed order by the action dice's initiative roll, highest first
 *   (S1:L12), and the Recovery Phase at the end of every round (Vigor, Winded, Shock: S1:L42–47, L75);
 * - "arc" (seed 002): declarations by ascending State of Mind, ties by Empathy, Perception, a d10
 *   (S2:L83–95); the surprised and unconscious skip their turn;
 * - "d12" (seed 003): a fixed order by a DEX check, highest first, ties by a d12 roll-off (S3:L372–378),
 *   with Delay.
 *
 * The engines have no actors of their own, so a combatant carries the numbers its engine needs in
 * `flags.steel-echoes.stats` (Vigor, SOM, DEX …), written by its owner through the tracker's dialog:
 * Foundry lets an actor's owners change its combatant's `initiative` and `flags` (v13 BaseCombatant
 * `#canUpdate`), as it lets them roll their own initiative. Everything read from there goes through
 * `readEngineStats`, which keeps each number whole and in range, so a hostile value cannot make the
 * Director's client roll a million dice. This file holds what does not depend on the Combat class.
 *
 * It is in every world's entry (the combat document's methods call it), without the engines' rules
 * (issue 31): seed 002's order comes from its chunk (`ENGINE_ORDERS`, src/games/arc.ts), which a world
 * whose combats play by it has loaded at start (src/games/loader.ts: played, or held in a combat's
 * flags); seed 001's and 003's initiative rolls load their game first.
 */
import { descendingInitiative } from "../rules/initiative-order.ts";
import { readEngineStats } from "../data/engine-stats.ts";
import type { EngineStats } from "../data/engine-stats.ts";
import type { ActionRoll } from "../dice/action-dice-roll.ts";
import type { D12Roll } from "../dice/d12-roll.ts";
import { ENGINE_ORDERS, ensureGame } from "./game-hooks.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { defaultCombatEngine, isCombatEngine } from "../settings/combat.ts";
import type { CombatEngine } from "../settings/combat.ts";

export type { CombatEngine, EngineStats };

export type OrderedEngine = Exclude<CombatEngine, "drawSteel">;

export function isOrderedEngine(engine: CombatEngine): engine is OrderedEngine {
  return engine !== "drawSteel";
}

/**
 * A combat's engine, from its flags (a combat whose game was switched off keeps its engine). A combat
 * not yet started follows the world's setting; one started with no engine recorded (before engines
 * existed) is Draw Steel's, so changing the setting never changes an encounter under way.
 */
export function engineOfFlags(flags: unknown, started = false): CombatEngine {
  const own = (flags as Record<string, { engine?: unknown } | undefined> | undefined)?.[FLAG_SCOPE]?.engine;
  return isCombatEngine(own) ? own : started ? "drawSteel" : defaultCombatEngine();
}

/** A combatant's stats and its tiebreak (a roll-off the Director's client made), from its flags. */
export function statsOfFlags(flags: unknown): { stats: EngineStats; tiebreak: number } {
  const own = (flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[FLAG_SCOPE];
  const t = own?.tiebreak;
  return { stats: readEngineStats(own?.stats), tiebreak: typeof t === "number" && Number.isFinite(t) ? t : 0 };
}

/** What the sort and the turn walk need of a combatant. */
export interface OrderSubject {
  id: string;
  initiative: number | null;
  stats: EngineStats;
  tiebreak: number;
}

/**
 * The order of an engine, as a comparison: the declarations by ascending SOM for seed 002 (a creature
 * with no SOM last), the highest initiative first for the others; then by id, so every client agrees.
 */
export function orderedCompare(engine: OrderedEngine, a: OrderSubject, b: OrderSubject): number {
  let d: number;
  if (engine === "arc") {
    const key = ({ stats, tiebreak }: OrderSubject) => ({
      som: stats.som ?? 11, empathy: stats.empathy ?? 0, perception: stats.perception ?? 0, tiebreak,
    });
    // Seed 002's chunk is loaded in any world with a combat of its engine (see above); without it, the id alone orders.
    d = ENGINE_ORDERS.declarationCompare?.(key(a), key(b)) ?? 0;
  } else d = descendingInitiative(a, b);
  return d || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The key two creatures share when only a roll-off can order them. */
export function tieKey(engine: OrderedEngine, s: OrderSubject): string | null {
  const { som, empathy, perception } = s.stats;
  if (engine === "arc") return som === undefined ? null : `${som}|${empathy ?? 0}|${perception ?? 0}|${s.tiebreak}`;
  return s.initiative === null ? null : `${s.initiative}|${s.tiebreak}`;
}

/** The die of an engine's roll-off: a d12 (S3:L375), a d10 for the declarations (S2:L87), and seed 001, silent, a d12 too. */
export function rollOffDie(engine: OrderedEngine): string {
  return engine === "arc" ? "1d10" : "1d12";
}

/**
 * Whether a creature passes over its turn this round: seed 002's surprised (first turn) and
 * unconscious (S2:L89) and those whose failed Reaction check lost the turn (S2:L59), seed 001's creatures in Shock, who are unconscious (S1:L75). Seed 003's
 * surprised keep their turn, in which they can do nothing (S3:L370): the tracker says so.
 */
export function skipsTurn(engine: OrderedEngine, stats: EngineStats, round: number, lostTurn: number | null = null): boolean {
  if (round < 1) return false;
  if (engine === "arc") return !(ENGINE_ORDERS.declaresThisTurn ?? (() => true))({ turn: round, surprised: !!stats.surprised, unconscious: !!stats.unconscious, lostTurn });
  if (engine === "actionDice") return stats.shockRounds !== undefined;
  return false;
}

/**
 * The initiative roll of a creature: seed 001's action dice, 1d20 plus its bonus dice (one more in
 * Over Watch; smaller when wounded) that burst (S1:L12, L15, L53); seed 003's DEX check, 2d12 + DEX
 * and its modifiers (S3:L373). Seed 002 rolls nothing: its order is the State of Mind.
 */
export async function initiativeRoll(engine: OrderedEngine, stats: EngineStats, flavor: string): Promise<ActionRoll | D12Roll | null> {
  if (engine === "actionDice") {
    // Seed 001's roll and rules are in its chunk (src/games/action-dice.ts), loaded and registered first if it is not yet.
    await ensureGame("actionDice");
    const [{ ActionRoll }, { bonusDieFaces, initiativeBonusDice }] = await Promise.all([import("../dice/action-dice-roll.ts"), import("../rules/action-dice.ts")]);
    return ActionRoll.fromOptions({
      bonusDice: initiativeBonusDice(stats.bonusDice ?? 0, stats.opening ?? "none"),
      faces: bonusDieFaces({ charges: 0, challenges: 0, wounded: !!stats.wounded }), target: null, targetKind: "", flavor,
    });
  }
  if (engine === "d12") {
    // Seed 003's roll is in its chunk (src/games/d12.ts), loaded and registered first if it is not yet.
    await ensureGame("d12");
    const { D12Roll } = await import("../dice/d12-roll.ts");
    return D12Roll.fromOptions({ modifier: (stats.dex ?? 0) + (stats.initiativeModifier ?? 0), advantage: 0, dc: null, flavor });
  }
  return null;
}

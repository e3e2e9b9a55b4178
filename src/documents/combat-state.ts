/**
 * A combat's state as the GM's client trusts it (src/documents/combat.ts `CombatFlags`): each
 * creature's turn record, the flag paths, the side of a disposition, and the helpers the Combat class
 * and its turn flow (./combat-flow.ts) share. Apart from the classes so that the flow, loaded with
 * `import()` (issue 31), imports no value of the file that loads it.
 */
import type { Side } from "../rules/turn-order.ts";
import { SYSTEM_ID } from "../constants.ts";
import { showNotice } from "./relay.ts";
import { FLAG_SCOPE } from "../constants.ts";


const SCOPE = FLAG_SCOPE;

/** On a player's client: tell them this is the Director's to do, and do nothing. */
export function directorOnly(): boolean {
  if (game.user?.isGM) return false;
  showNotice({ type: "warn", key: "SE.Combat.Refusal.director-only" });
  return true;
}

/**
 * One creature's turn state: the round it acted in, the side it fights on when set by hand, the turn
 * a failed Reaction check lost it (seed 002), the round it climbs to the top (seed 003).
 */
export interface TurnRecord { actedRound?: number | null; side?: Side | null; lostTurn?: number | null; climbRound?: number | null }

/**
 * What the GM's client trusts about turns lives in the Combat's flags, because only a GM can write
 * them: v13 common/documents/combat.mjs `BaseCombat.#canUpdate` lets a non-GM update only the keys
 * `_id`, `round`, `turn` and `combatants` of a Combat. A Combatant's flags would not do: its owners
 * may write them (common/documents/combatant.mjs `BaseCombatant.#canUpdate`: `initiative`, `flags`,
 * `defeated`, `system`). `round` and `turn` themselves any player can write (`_canChangeTurn` and
 * `_canChangeRound` return true): `trustedTurn` is the round and turn a GM last wrote (added to
 * every GM's update by `_preUpdate`), and the active GM puts back any other (`restoreTrustedTurn`).
 *
 * - `turns.<combatant id>`: each creature's `TurnRecord`;
 * - `climbs.<message id>`: the combatant a check's "Climb the initiative" went to (once per check);
 * - `heroTokenTurns.<actor key>`: the turn a hero last spent a hero token in (src/documents/healing.ts);
 * - `budgets.<combatant id>`: what the creature used of its turn's budget (src/documents/turn-budget.ts);
 * - `villainPowerRound`: the last round whose Villain Power the Director gained (`gainRoundVillainPower`);
 * - `lastStand`: the Director called the last stand (L7343, src/documents/last-stand.ts).
 */
export interface CombatFlags {
  firstSide?: Side | null; lastSide?: Side | null; activeGroup?: string | null; actingId?: string | null;
  turns?: Record<string, TurnRecord | undefined>;
  climbs?: Record<string, string | undefined>;
  trustedTurn?: { round?: unknown; turn?: unknown };
  villainPowerRound?: unknown;
}

/** The flag path of a creature's turn state on its combat. */
export function turnPath(combatantId: string, key: keyof TurnRecord): string {
  return `flags.${SCOPE}.turns.${combatantId}.${key}`;
}

/** A creature's turn state, read from its combat's flags (any value not of its type reads as unset). */
export function turnRecordOf(combat: { flags?: unknown } | null | undefined, id: string | null): TurnRecord {
  const r = id && combat ? flagsOf<CombatFlags>(combat).turns?.[id] : undefined;
  return r && typeof r === "object" ? r : {};
}

export const wholeOrNull = (n: unknown): number | null => (Number.isInteger(n) ? n as number : null);

/** A combatant's side: friendly tokens are the heroes' side, every other creature the Director's (L6730–6734). */
export function sideOfDisposition(disposition: number | undefined): Side {
  return disposition === 1 ? "heroes" : "director";
}

export function flagsOf<T>(doc: { flags?: unknown }): T {
  return ((doc.flags as Record<string, unknown> | undefined)?.[SCOPE] ?? {}) as T;
}

/** Whether the world uses the seed's alternative initiative (Agility tests, L6776–6780). */
export function alternativeInitiative(): boolean {
  return game.settings?.settings?.has(`${SYSTEM_ID}.alternativeInitiative`) ? Boolean(game.settings.get(SYSTEM_ID, "alternativeInitiative")) : false;
}

/** The key of the turn in progress ("combat:round:combatant"), or null out of combat. */
export function currentTurnKey(): string | null {
  const combat = game.combat;
  if (!combat?.started) return null;
  return `${combat.id}:${combat.round}:${combat.combatant?.id ?? "between"}`;
}

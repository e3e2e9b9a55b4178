/**
 * 0.2.0: the turn state the GM trusts moves to storage only a GM can write. It was kept where a player
 * could rewrite it: each creature's "has acted", side, lost turn and climb in its Combatant's flags
 * (which the actor's owners may write), the once-per-turn hero-token marker on the hero itself. Now
 * they live in the Combat's flags (src/documents/combat.ts `CombatFlags`): `turns.<combatant id>`,
 * `heroTokenTurns.<actor key>`, and `trustedTurn`, the round and turn the GM last wrote.
 *
 * Pure functions on source data; the runner (index.ts) writes the combat first, then removes from the
 * combatants and heroes only what the combat now holds. A value the combat already holds wins (it was
 * written by a GM); nothing is dropped: a marker whose combat no longer exists stays on its hero.
 */
import { heroTokenKey, SYSTEM_ID } from "../constants.ts";
import { deletion } from "../compat/versions.ts";

type Source = Record<string, unknown>;

/** The keys of a combatant's flags that are turn state. */
export const TURN_STATE_KEYS = ["actedRound", "side", "lostTurn", "climbRound"] as const;

/** A hero's old once-per-turn marker: the hero's key (its UUID, dots made underscores) and the turn key. */
export interface HeroTokenMarker { uuid: string; turnKey: string }

function systemOf(source: Source | undefined): Source {
  const flags = source?.flags as Record<string, unknown> | undefined;
  const mine = flags?.[SYSTEM_ID];
  return mine && typeof mine === "object" && !Array.isArray(mine) ? mine as Source : {};
}

/** An actor's old hero-token marker (`flags.steel-echoes.heroTokenTurn`), or null. */
export function heroTokenMarkerOf(actor: Source, uuid: string): HeroTokenMarker | null {
  const turnKey = systemOf(actor).heroTokenTurn;
  return typeof turnKey === "string" && turnKey ? { uuid, turnKey } : null;
}

/** What moves for one combat: the combat's update, and the combatants and heroes it takes from. */
export interface TurnStateMove {
  /** The combat's update (dotted keys), or null when it needs none. */
  combat: Source | null;
  /** For each combatant whose turn state the combat now holds, the update that removes it there. */
  combatants: Record<string, Source>;
  /** The heroes whose marker the combat now holds (to remove it there). */
  heroes: string[];
}

/**
 * Move a combat's turn state to its own flags: each combatant's turn keys under `turns.<id>` (unless
 * the combat already holds that key), the markers of heroes spent in this combat (their turn key
 * starts with its id) under `heroTokenTurns`, and `trustedTurn` from its round and turn.
 */
export function moveTurnState(combat: Source, combatants: readonly Source[], markers: readonly HeroTokenMarker[]): TurnStateMove {
  const id = String(combat._id ?? "");
  const own = systemOf(combat);
  const held = (own.turns && typeof own.turns === "object" ? own.turns : {}) as Record<string, Source | undefined>;
  const update: Source = {};
  const removals: Record<string, Source> = {};
  for (const c of combatants) {
    const cid = String(c._id ?? "");
    const flags = systemOf(c);
    const keys = TURN_STATE_KEYS.filter((k) => k in flags);
    if (!cid || !keys.length) continue;
    for (const k of keys) if (!(k in (held[cid] ?? {}))) update[`flags.${SYSTEM_ID}.turns.${cid}.${k}`] = flags[k];
    removals[cid] = Object.assign({}, ...keys.map((k) => deletion(`flags.${SYSTEM_ID}.${k}`)));
  }
  const spent = (own.heroTokenTurns && typeof own.heroTokenTurns === "object" ? own.heroTokenTurns : {}) as Source;
  const heroes: string[] = [];
  for (const m of markers) {
    if (!id || !m.turnKey.startsWith(`${id}:`)) continue;
    const key = heroTokenKey(m.uuid);
    if (!(key in spent)) update[`flags.${SYSTEM_ID}.heroTokenTurns.${key}`] = m.turnKey;
    heroes.push(m.uuid);
  }
  if (!own.trustedTurn) {
    const round = Number.isInteger(combat.round) ? combat.round : 0;
    const turn = Number.isInteger(combat.turn) ? combat.turn : null;
    update[`flags.${SYSTEM_ID}.trustedTurn`] = { round, turn };
  }
  return { combat: Object.keys(update).length ? update : null, combatants: removals, heroes };
}

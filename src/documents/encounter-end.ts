/**
 * The end of an encounter in combat (issue 33): the diminish-numbers guideline the tracker shows the
 * Director (seed 004 L7283, `diminishNumbers`) and the Last Stand (L7343, `lastStandStamina`). The
 * rules are in src/rules/diminish-numbers.ts; this gathers the combat's creatures and persists.
 *
 * The Last Stand is marked in the combat's flags (`flags.steel-echoes.lastStand`), which only a GM can
 * write (v13 common/documents/combat.mjs `BaseCombat.#canUpdate`): while it is set each minion has a
 * damage threshold of 1 (`LAST_STAND_MINION_THRESHOLD`, `minionThresholdIn`), and each minion squad's
 * record (its shares, pool and threshold, also in the combat's flags) is set to agree with it.
 */
import { LAST_STAND_MINION_THRESHOLD, diminishNumbers, lastStandStamina } from "../rules/diminish-numbers.ts";
import { lastStandSquad } from "../rules/squad-damage.ts";
import type { DiminishEnemy, DiminishHero, DiminishTally } from "../rules/diminish-numbers.ts";
import { FLAG_SCOPE } from "../constants.ts";
import { isDrawSteel } from "../data/index.ts";
import { isObjectActor } from "./environment-statuses.ts";
import { updateDocument } from "./update.ts";
import { squadsOf } from "./squads-state.ts";
import { squadPath } from "./squads-read.ts";
import type { Notice } from "./relay.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "./combat.ts";

type SystemLike = { level?: unknown; organization?: unknown; stamina?: { value?: unknown; temporary?: unknown; state?: unknown } };
const systemOf = (c: SteelEchoesCombatant): SystemLike | null => {
  const system = c.actor?.system;
  return isDrawSteel(system) ? system as SystemLike : null;
};
const whole = (n: unknown, fallback = 0): number => (Number.isInteger(n) ? n as number : fallback);

/** A creature of the Director's side that opposes the heroes: a monster that is not an object (L6544, L277). */
function isEnemy(c: SteelEchoesCombatant): boolean {
  return c.side === "director" && c.actor?.type === "monster" && !isObjectActor(c.actor);
}

/** Whether an enemy is still in the fight: not marked defeated and its Stamina above 0 (L7210). */
function standing(c: SteelEchoesCombatant): boolean {
  return !c.isDefeated && whole(systemOf(c)?.stamina?.value, 0) > 0;
}

/** The guideline's count for a Draw Steel combat (L7283): its enemies, minions at 1/5, against its heroes not dying. */
export function diminishTallyOf(combat: SteelEchoesCombat): DiminishTally {
  const enemies: DiminishEnemy[] = [];
  const heroes: DiminishHero[] = [];
  for (const c of combat.combatants) {
    const system = systemOf(c);
    if (!system) continue;
    if (isEnemy(c)) enemies.push({ level: whole(system.level, 1), organization: String(system.organization ?? ""), alive: standing(c) });
    else if (c.actor?.type === "hero" && c.side === "heroes") heroes.push({ level: whole(system.level, 1), state: String(system.stamina?.state ?? "healthy") });
  }
  return diminishNumbers(enemies, heroes);
}

/** Whether the Director called the last stand in this combat. */
export function lastStandIn(combat: { flags?: unknown } | null | undefined): boolean {
  const flags = (combat?.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[FLAG_SCOPE];
  return flags?.lastStand === true;
}

/** A minion's damage threshold in this combat: 1 during the last stand (L7343), else its own. */
export function minionThresholdIn(combat: { flags?: unknown } | null | undefined, own: number): number {
  return lastStandIn(combat) ? LAST_STAND_MINION_THRESHOLD : own;
}

/**
 * Last-Stand Stamina (L7343), the Director's choice: each enemy still standing drops to 1 Stamina
 * (temporary Stamina gone), and minions have a damage threshold of 1 until the combat ends. Only a
 * GM, in a started Draw Steel combat, once. Posted to chat. Resolves to a notice for the Director.
 */
export async function startLastStand(combat: SteelEchoesCombat): Promise<{ ok: boolean; notice: Notice }> {
  if (!game.user?.isGM) return { ok: false, notice: { type: "warn", key: "SE.Combat.Refusal.director-only" } };
  if (!combat.started || combat.engine !== "drawSteel") return { ok: false, notice: { type: "warn", key: "SE.Combat.Refusal.not-started" } };
  if (lastStandIn(combat)) return { ok: false, notice: { type: "info", key: "SE.RoundTools.LastStand.Already" } };
  await updateDocument(combat, { [`flags.${FLAG_SCOPE}.lastStand`]: true });
  let count = 0;
  const seen = new Set<unknown>();
  for (const c of combat.combatants) {
    const actor = c.actor;
    if (!actor || seen.has(actor) || !isEnemy(c) || !standing(c)) continue;
    seen.add(actor);
    const s = systemOf(c)!.stamina!;
    const next = lastStandStamina({ value: whole(s.value), temporary: Math.max(0, whole(s.temporary)) });
    await updateDocument(actor, { "system.stamina.value": next.value, "system.stamina.temporary": next.temporary });
    count++;
  }
  // Each minion squad agrees with its minions' new Stamina (src/rules/squads.ts `lastStandSquad`): a
  // share of 1 each, the pool of the living (one each), a damage threshold of 1. Written in the
  // combat's flags, the GM's (src/documents/squads-state.ts).
  const squads = squadsOf(combat);
  if (squads.size) {
    const changes: Record<string, unknown> = {};
    for (const [groupId, record] of squads) changes[squadPath(groupId)] = lastStandSquad(record);
    await updateDocument(combat, changes);
  }
  const i18n = game.i18n!;
  const text = i18n.format("SE.RoundTools.LastStand.Done", { count: String(count) });
  await ChatMessage.implementation.create({ content: `<p>${foundry.utils.escapeHTML(text)}</p>`, speaker: { alias: i18n.localize("SE.Combat.Director") } });
  return { ok: true, notice: { type: "info", key: "SE.RoundTools.LastStand.Done", format: { count: String(count) } } };
}

/**
 * The combat tracker's input from a combat (combat-tracker.ts; in the combat UI's chunk, issue 31):
 * every number and answer comes from the document and the rules.
 */
import type { SteelEchoesCombat, SteelEchoesCombatant } from "../../documents/combat.ts";
import { groupIdOf, isMinionActor, squadOfMinion, squadViewOf, squadsOf } from "../../documents/squads.ts";
import { alternativeInitiative } from "../../documents/combat.ts";
import { isOrderedEngine, skipsTurn } from "../../documents/engine-combat.ts";
import { budgetLeftOf } from "../../documents/turn-budget-checks.ts";
import { availableEngines } from "../../settings/combat.ts";
import type { TrackerCombatantInput, TrackerInput } from "../view-models/combat-tracker.ts";
import { isDrawSteel } from "../../data/index.ts";
import { livingMembers } from "../../rules/squads.ts";
import { staminaBarView } from "../../rules/stamina-bar.ts";
import { diminishTallyOf, lastStandIn } from "../../documents/encounter-end.ts";

/** The tracker's input from a combat: every number and answer comes from the document and the rules. */
export function trackerInput(combat: SteelEchoesCombat | null, user: { isGM: boolean }): TrackerInput {
  if (!combat) return { started: false, round: 0, firstSide: null, sideToAct: null, isGM: user.isGM, alternative: false, combatants: [] };
  const acting = combat.combatant?.id ?? null;
  const engine = combat.engine;
  const leads = squadLeads(combat);
  return {
    engine,
    engines: availableEngines(),
    started: combat.started,
    round: combat.round,
    firstSide: combat.firstSide,
    sideToAct: combat.sideToAct,
    isGM: user.isGM,
    alternative: alternativeInitiative(),
    // The Director's end-of-encounter panel (L7283, L7343): enemies' levels are the Director's to see.
    endOfEncounter: user.isGM && combat.started && engine === "drawSteel" && !combat.turns.some((c) => c.activatedInEnemyPhase)
      ? { tally: diminishTallyOf(combat), lastStand: lastStandIn(combat) } : null,
    combatants: combat.turns.map((c) => ({
      id: c.id!,
      name: c.name ?? "",
      img: c.img ?? "",
      side: c.side,
      acted: c.hasActed,
      acting: c.id === acting,
      defeated: c.isDefeated,
      owner: c.isOwner,
      mayStart: combat.turnRefusal(c) === null,
      initiative: c.initiative,
      hidden: c.hidden,
      groupName: groupNameOf(c),
      ...(c.activatedInEnemyPhase ? { enemyPhase: true } : {}),
      budget: budgetLeftOf(combat, c),
      stamina: staminaOf(c.actor),
      conditions: conditionsOf(c.actor),
      ...squadInputOf(combat, c, leads),
      ...(isOrderedEngine(engine)
        ? { stats: c.engineStats, skips: skipsTurn(engine, c.engineStats, combat.round, c.lostTurn), lostTurn: c.lostTurn } : {}),
    })),
  };
}

/**
 * The row that stands for each squad (L6784): its first living minion in the tracker's order, else its
 * first minion; by group id.
 */
function squadLeads(combat: SteelEchoesCombat): Map<string, string> {
  const leads = new Map<string, string>();
  for (const [groupId, record] of squadsOf(combat)) {
    const inGroup = (id: string) => combat.turns.some((t) => t.id === id && groupIdOf(t) === groupId);
    const living = livingMembers(record).map((m) => m.id).filter(inGroup);
    const order = combat.turns.map((t) => t.id!);
    const first = (ids: string[]) => ids.sort((a, b) => order.indexOf(a) - order.indexOf(b))[0];
    const lead = first(living) ?? first(record.members.map((m) => m.id).filter(inGroup));
    if (lead) leads.set(groupId, lead);
  }
  return leads;
}

/** A creature's squad for its row (as a minion or the captain), or whether the Director may make its group a squad. */
function squadInputOf(combat: SteelEchoesCombat, c: SteelEchoesCombatant, leads: Map<string, string>): Partial<TrackerCombatantInput> {
  const view = squadViewOf(combat, c.id!);
  const minion = isMinionActor(c.actor);
  if (!view) return minion && c.groupId ? { groupedMinion: true } : {};
  const isMinion = !!squadOfMinion(combat, c.id!);
  const name = groupNameOf(c) || c.name || "";
  return { squad: { ...view, name, minion: isMinion, lead: isMinion && leads.get(view.groupId) === c.id } };
}

/** A Draw Steel creature's Stamina for its row, with the token bar's fill (src/rules/stamina-bar.ts). */
function staminaOf(actor: Actor.Implementation | null | undefined): TrackerCombatantInput["stamina"] {
  const system = actor?.system;
  if (!isDrawSteel(system)) return null;
  const s = system.stamina;
  const dying = "deathThreshold" in s ? { deathThreshold: Number(s.deathThreshold) } : {};
  const { fill } = staminaBarView({ value: s.value, max: s.max, winded: s.winded, ...dying });
  return { value: s.value, max: s.max, fill, state: s.state };
}

/**
 * The creature's statuses as the token HUD shows them: `Actor#statuses` (v13 client/documents/actor.mjs,
 * the status ids of its active effects) matched with `CONFIG.statusEffects` for the icon and name.
 */
function conditionsOf(actor: Actor.Implementation | null | undefined): TrackerCombatantInput["conditions"] {
  const statuses = actor?.statuses;
  if (!statuses?.size) return [];
  return CONFIG.statusEffects.filter((e) => statuses.has(e.id)).map((e) => ({
    id: e.id, label: game.i18n?.localize(String(e.name ?? e.id)) ?? e.id, img: String(e.img ?? ""),
  }));
}

/** The name of the combatant's group (Foundry v13 prepares `group` as the CombatantGroup document). */
function groupNameOf(combatant: unknown): string {
  const group = (combatant as { group?: unknown }).group;
  return group && typeof group === "object" ? String((group as { name?: unknown }).name ?? "") : "";
}


/**
 * View-model of the combat tracker: who acts now, both sides with who has acted this round, and
 * the buttons this user may press. Pure: the tracker gathers the combat's data and the rules'
 * answers (side to act, refusals) and hands them here.
 */
import { actionsThisTurn } from "../../rules/action-dice.ts";
import { declaresThisTurn } from "../../rules/arc.ts";
import { actsThisTurn } from "../../rules/d12.ts";
import type { DiminishTally } from "../../rules/diminish-numbers.ts";
import type { StaminaState } from "../../rules/hero.ts";
import type { BudgetLeft } from "../../rules/turn-budget.ts";
import type { Side } from "../../rules/turn-order.ts";
import type { EngineStats } from "../../data/engine-stats.ts";
import type { CombatEngine } from "../../settings/combat.ts";

export interface TrackerCombatantInput {
  id: string;
  name: string;
  img: string;
  side: Side;
  acted: boolean;
  acting: boolean;
  defeated: boolean;
  /** This user owns the creature (or is the GM). */
  owner: boolean;
  /** The rules allow this creature to start its turn now. */
  mayStart: boolean;
  initiative?: number | null;
  hidden?: boolean;
  /** The group of enemies it acts with (L6782–6784), if any. */
  groupName?: string;
  /** An Echoes adversary: it takes no turn and acts when the GM activates it after a character's turn. */
  enemyPhase?: boolean;
  /** In the other engines' orders: the creature's stats (src/documents/engine-combat.ts). */
  stats?: EngineStats;
  /** In the other engines' orders: it passes over its turn this round. */
  skips?: boolean;
  /** Seed 002: the turn a failed Reaction check lost it, or null. */
  lostTurn?: number | null;
  /** Draw Steel: what it has left of its turn's budget and the round's triggered action (src/rules/turn-budget.ts). */
  budget?: BudgetLeft | null;
  /** Draw Steel: its Stamina (its bar fill from src/rules/stamina-bar.ts, 0..1) and state. */
  stamina?: { value: number; max: number; fill: number; state: StaminaState } | null;
  /** Its conditions and other statuses, as the token shows them (label localised). */
  conditions?: { id: string; label: string; img: string }[];
  /** Draw Steel: the minion squad it is a minion or the captain of (src/documents/squads.ts). */
  squad?: TrackerSquadInput | null;
  /** A minion in a group that is no squad yet: the Director may make the group a squad. */
  groupedMinion?: boolean;
}

/** A minion squad as the tracker shows it: one row stands for all its minions (L6784). */
export interface TrackerSquadInput {
  groupId: string;
  name: string;
  pool: number;
  max: number;
  living: number;
  total: number;
  captainName: string | null;
  /** The captain's bonus now (none once the captain has fallen). */
  captainBonus: "edge" | null;
  threshold: number | null;
  /** This row is one of the squad's minions (else its captain). */
  minion: boolean;
  /** The minion row that stands for the squad (its first living minion); the others are not listed. */
  lead: boolean;
}

/** The lines a squad's row shows, and the Director's tools on it. */
export interface TrackerSquadView {
  groupId: string;
  lines: TrackerNote[];
  tools: boolean;
}

/**
 * What a row says of a creature's Stamina: the numbers and bar to its owners and the Director; to
 * anyone else only a state that is not healthy (the table sees a creature is winded or dying, L7198).
 */
export interface TrackerStamina {
  text: string;
  pct: number;
  state: StaminaState;
  stateKey: string;
}

export function trackerStamina(stamina: TrackerCombatantInput["stamina"], seesNumbers: boolean): TrackerStamina | null {
  if (!stamina) return null;
  const stateKey = stamina.state === "healthy" ? "" : `SE.StaminaState.${stamina.state}`;
  if (seesNumbers) return { text: `${stamina.value} / ${stamina.max}`, pct: Math.round(stamina.fill * 100), state: stamina.state, stateKey };
  return stateKey ? { text: "", pct: 0, state: stamina.state, stateKey } : null;
}

export interface TrackerInput {
  started: boolean;
  round: number;
  firstSide: Side | null;
  sideToAct: Side | null;
  isGM: boolean;
  alternative: boolean;
  combatants: TrackerCombatantInput[];
  /** The engine the combat plays by (Draw Steel's sides when absent), and those the Director may pick. */
  engine?: CombatEngine;
  engines?: readonly CombatEngine[];
  /** The Director's view of a started Draw Steel combat: the diminish-numbers count (L7283) and the last stand (L7343). */
  endOfEncounter?: { tally: DiminishTally; lastStand: boolean } | null;
}

export interface TrackerTurn extends TrackerCombatantInput {
  css: string;
  statusKey: string;
  canTakeTurn: boolean;
  canEndTurn: boolean;
  showInitiative: boolean;
  /** The acting creature's budget left (L6792), for "Left: action 1 · maneuvers 2 · …". */
  budgetLeft: BudgetLeft | null;
  /** Another creature whose triggered action of the round is spent (L6798). */
  triggeredUsed: boolean;
  /** The acting creature's owner (or the GM) may record a move action. */
  canMove: boolean;
  staminaView: TrackerStamina | null;
  /** A squad's row (its lead minion, or its captain): its lines and the Director's tools. */
  squadView: TrackerSquadView | null;
  /** The Director may make this minion's group a squad. */
  canMakeSquad: boolean;
}

export interface TrackerSide {
  side: Side;
  labelKey: string;
  cssClass: string;
  active: boolean;
  remaining: number;
  total: number;
  turns: TrackerTurn[];
  /** The Director may form a squad from the selected tokens (the Director's side). */
  canFormSquad: boolean;
}

/** A line under a creature's name: a localisation key with its one number `{n}`. */
export interface TrackerNote {
  key: string;
  n: string;
  css: string;
}

/** A creature in an engine's order. */
export interface OrderedRow extends TrackerCombatantInput {
  css: string;
  statusKey: string;
  notes: TrackerNote[];
  /** What the initiative column shows: the roll, or the State of Mind for seed 002. */
  shownInitiative: string;
  canRoll: boolean;
  canEditStats: boolean;
  canEndTurn: boolean;
  canDelay: boolean;
  hasButtons: boolean;
}

export interface TrackerContext {
  /** The engine and, for the Director before the start, the engines to pick from. */
  engine: CombatEngine;
  engineKey: string;
  engineChoices: { value: CombatEngine; labelKey: string; selected: boolean }[];
  /** An engine with one order by initiative: `order` is the list, `sides` is empty. */
  ordered: boolean;
  order: OrderedRow[];
  started: boolean;
  round: number;
  banner: { labelKey: string; cssClass: string; name: string };
  firstSideKey: string;
  sides: TrackerSide[];
  /** The Director's end-of-encounter panel (issue 33), or null. */
  endOfEncounter?: EndOfEncounterView | null;
}

/** The Director's end-of-encounter panel: the guideline's count (L7283), its verdict, and the Last Stand (L7343). */
export interface EndOfEncounterView {
  heroes: string;
  enemies: string;
  verdictKey: string;
  css: string;
  canLastStand: boolean;
  lastStandActive: boolean;
}

/** The panel from the count: "call it" only with no living solo or boss (L7283); the button until the last stand begins. */
export function endOfEncounterView(input: TrackerInput["endOfEncounter"]): EndOfEncounterView | null {
  if (!input) return null;
  const { tally, lastStand } = input;
  const verdict = tally.soloOrBossAlive ? "SoloOrBoss" : tally.callIt ? "CallIt" : "FightOn";
  return {
    heroes: String(tally.heroLevels),
    // A minion counts 1/5 of its level: the enemies' total may have a decimal (2.4).
    enemies: String(Math.round(tally.enemyLevels * 10) / 10),
    verdictKey: `SE.RoundTools.Diminish.${verdict}`,
    css: tally.callIt ? "se-tracker__end--call" : "",
    canLastStand: !lastStand,
    lastStandActive: lastStand,
  };
}

const note = (key: string, n: number | string = "", css = ""): TrackerNote => ({ key: `SE.Combat.Note.${key}`, n: String(n), css });

/** The lines under a creature in an engine's order: what its engine says of it this round. */
export function engineNotes(engine: CombatEngine, stats: EngineStats, round: number, lostTurn: number | null = null): TrackerNote[] {
  const r = Math.max(1, round);
  const out: TrackerNote[] = [];
  if (engine === "actionDice") {
    const shock = stats.shockRounds !== undefined;
    if (shock) out.push(note("Shock", stats.shockRounds!, "se-tracker__note--danger"));
    else if (stats.winded) out.push(note("Winded", "", "se-tracker__note--warn"));
    if (stats.vigor !== undefined) out.push(note(stats.vigorMax !== undefined ? "VigorOf" : "Vigor", stats.vigorMax !== undefined ? `${stats.vigor}/${stats.vigorMax}` : stats.vigor));
    const opening = stats.opening ?? "none";
    if (round === 1 && opening !== "none") out.push(note(`Opening.${opening}`));
    const actions = actionsThisTurn({ actions: stats.actions ?? 2, round: r, opening, winded: !!stats.winded, shock });
    out.push(note("Actions", actions, actions === 0 ? "se-tracker__note--warn" : ""));
  } else if (engine === "arc") {
    if (!declaresThisTurn({ turn: r, unconscious: !!stats.unconscious })) out.push(note("Unconscious", "", "se-tracker__note--warn"));
    else if (!declaresThisTurn({ turn: r, surprised: !!stats.surprised })) out.push(note("SurprisedDeclare", "", "se-tracker__note--warn"));
    else if (!declaresThisTurn({ turn: r, lostTurn })) out.push(note("LostTurn", "", "se-tracker__note--warn"));
    if (stats.som === undefined) out.push(note("NoSom", "", "se-tracker__note--warn"));
    else out.push(note("Ties", `${stats.empathy ?? 0}/${stats.perception ?? 0}`));
  } else if (engine === "d12") {
    if (!actsThisTurn({ round: r, surprised: !!stats.surprised })) out.push(note("SurprisedActs", "", "se-tracker__note--warn"));
    const mod = (stats.dex ?? 0) + (stats.initiativeModifier ?? 0);
    out.push(note("Dex", `${mod >= 0 ? "+" : ""}${mod}`));
  }
  return out;
}

/** An engine's order: one list, the buttons this user may press on each row. */
function orderedRows(input: TrackerInput, engine: Exclude<CombatEngine, "drawSteel">): OrderedRow[] {
  return input.combatants.filter((c) => input.isGM || !c.hidden).map((c) => {
    const stats = c.stats ?? {};
    const mine = input.isGM || c.owner;
    const rolled = c.initiative !== null && c.initiative !== undefined;
    // Seed 002 rolls nothing; a player rolls once, the Director any time.
    const canRoll = engine !== "arc" && mine && (!rolled || input.isGM);
    const canEndTurn = c.acting && mine;
    const canDelay = engine === "d12" && c.acting && mine;
    const statusKey = c.acting ? "SE.Combat.Acting" : c.defeated ? "SE.Combat.Defeated" : c.skips && input.started ? "SE.Combat.Skips"
      : c.acted ? "SE.Combat.Acted" : "SE.Combat.Waiting";
    return {
      ...c,
      css: [c.acting ? "active" : "", c.acted && !c.acting ? "acted" : "", c.defeated ? "defeated" : "", c.hidden ? "hide" : ""].filter(Boolean).join(" "),
      statusKey,
      notes: engineNotes(engine, stats, input.round, c.lostTurn ?? null),
      shownInitiative: engine === "arc" ? (stats.som === undefined ? "" : String(stats.som)) : rolled ? String(c.initiative) : "",
      canRoll,
      canEditStats: mine,
      canEndTurn,
      canDelay,
      hasButtons: canRoll || mine || canEndTurn || canDelay,
    };
  });
}

/** A squad's pool as its row's Stamina: dead once no minion is left. */
function squadStamina(squad: TrackerSquadInput): TrackerCombatantInput["stamina"] {
  const fill = squad.max > 0 ? squad.pool / squad.max : 0;
  return { value: squad.pool, max: squad.max, fill, state: squad.living === 0 ? "dead" : "healthy" };
}

/** The lines of a squad's row: its minions alive, its captain and bonus (or fallen), its damage threshold. */
function squadView(squad: TrackerSquadInput, isGM: boolean): TrackerSquadView {
  const squadNote = (key: string, n: number | string = "", css = ""): TrackerNote => ({ key: `SE.Squad.Note.${key}`, n: String(n), css });
  const lines: TrackerNote[] = [];
  if (squad.minion) {
    lines.push(squadNote("Minions", `${squad.living}/${squad.total}`));
    if (squad.captainName !== null) {
      lines.push(squad.captainBonus ? squadNote("Captain", squad.captainName) : squadNote("CaptainFallen", squad.captainName, "se-tracker__note--warn"));
    }
    if (squad.threshold) lines.push(squadNote("Threshold", squad.threshold, "se-tracker__note--warn"));
  } else {
    lines.push(squadNote("CaptainOf", squad.name));
  }
  return { groupId: squad.groupId, lines, tools: isGM && squad.minion };
}

export function combatTrackerContext(input: TrackerInput): TrackerContext {
  const engine = input.engine ?? "drawSteel";
  const engineChoices = input.isGM && !input.started && (input.engines?.length ?? 0) > 1
    ? input.engines!.map((value) => ({ value, labelKey: `SE.Combat.Engine.${value}`, selected: value === engine })) : [];
  const common = { engine, engineKey: `SE.Combat.Engine.${engine}`, engineChoices };
  if (engine !== "drawSteel") {
    const acting = input.combatants.find((c) => c.acting);
    let banner: TrackerContext["banner"];
    if (!input.started) banner = { labelKey: "SE.Combat.NotStarted", cssClass: "se-tracker__banner--idle", name: "" };
    else if (acting) banner = { labelKey: "SE.Combat.ActingNow", cssClass: "se-tracker__banner--order", name: acting.name };
    else banner = { labelKey: "SE.Combat.RoundOver", cssClass: "se-tracker__banner--idle", name: "" };
    return { ...common, ordered: true, order: orderedRows(input, engine), started: input.started, round: input.round, banner, firstSideKey: "", sides: [] };
  }
  const acting = input.combatants.find((c) => c.acting);
  // A squad is one row, its lead minion's (L6784): its other minions are not listed.
  const visible = input.combatants.filter((c) => (input.isGM || !c.hidden) && !(c.squad?.minion && !c.squad.lead));
  const sides: TrackerSide[] = (["heroes", "director"] as const).map((side) => {
    const members = visible.filter((c) => c.side === side);
    const active = input.started && !acting && input.sideToAct === side;
    return {
      side,
      labelKey: `SE.Combat.Side.${side}`,
      cssClass: [`se-tracker__side--${side}`, active ? "se-tracker__side--to-act" : "", acting?.side === side ? "se-tracker__side--acting" : ""]
        .filter(Boolean).join(" "),
      active,
      remaining: members.filter((c) => !c.acted && !c.defeated && !c.enemyPhase).length,
      total: members.length,
      turns: members.map((c) => {
        // Players pick among their own heroes; the Director picks any creature.
        const canTakeTurn = input.started && c.mayStart && (input.isGM || (c.owner && side === "heroes"));
        const statusKey = c.acting ? "SE.Combat.Acting" : c.defeated ? "SE.Combat.Defeated" : c.enemyPhase ? "SE.Combat.EnemyPhase"
          : c.acted ? "SE.Combat.Acted" : "SE.Combat.Waiting";
        return {
          ...c,
          css: [c.acting ? "active" : "", c.acted ? "acted" : "", c.defeated ? "defeated" : "", c.hidden ? "hide" : ""].filter(Boolean).join(" "),
          statusKey,
          canTakeTurn,
          canEndTurn: c.acting && (input.isGM || c.owner),
          budgetLeft: input.started && c.acting && c.budget ? c.budget : null,
          triggeredUsed: input.started && !c.acting && !c.defeated && c.budget?.triggered === 0,
          canMove: input.started && c.acting && !!c.budget && (input.isGM || c.owner),
          showInitiative: input.alternative && c.initiative !== null && c.initiative !== undefined,
          staminaView: trackerStamina(c.squad?.minion ? squadStamina(c.squad) : c.stamina, input.isGM || c.owner),
          // A squad's row is named for its group: the group's name is not repeated under it.
          ...(c.squad?.minion ? { name: c.squad.name, groupName: "" } : {}),
          squadView: c.squad ? squadView(c.squad, input.isGM) : null,
          canMakeSquad: input.isGM && !!c.groupedMinion && !c.squad,
        };
      }),
      canFormSquad: input.isGM && side === "director",
    };
  });
  let banner: TrackerContext["banner"];
  if (!input.started) banner = { labelKey: "SE.Combat.NotStarted", cssClass: "se-tracker__banner--idle", name: "" };
  else if (acting) banner = { labelKey: "SE.Combat.ActingNow", cssClass: `se-tracker__banner--${acting.side}`, name: acting.name };
  else if (input.sideToAct) banner = { labelKey: `SE.Combat.SideToAct.${input.sideToAct}`, cssClass: `se-tracker__banner--${input.sideToAct}`, name: "" };
  else banner = { labelKey: "SE.Combat.RoundOver", cssClass: "se-tracker__banner--idle", name: "" };
  return {
    ...common,
    ordered: false,
    order: [],
    started: input.started,
    round: input.round,
    banner,
    // Which side went first says nothing in an Echoes combat, where only the characters take turns.
    firstSideKey: input.firstSide && !input.combatants.some((c) => c.enemyPhase) ? `SE.Combat.FirstSide.${input.firstSide}` : "",
    sides,
    endOfEncounter: input.isGM && input.started ? endOfEncounterView(input.endOfEncounter) : null,
  };
}

/**
 * View-model of the combat tracker: who acts now, both sides with who has acted this round, and
 * the buttons this user may press. Pure: the tracker gathers the combat's data and the rules'
 * answers (side to act, refusals) and hands them here.
 */
import type { Side } from "../../rules/index.ts";

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
}

export interface TrackerInput {
  started: boolean;
  round: number;
  firstSide: Side | null;
  sideToAct: Side | null;
  isGM: boolean;
  alternative: boolean;
  combatants: TrackerCombatantInput[];
}

export interface TrackerTurn extends TrackerCombatantInput {
  css: string;
  statusKey: string;
  canTakeTurn: boolean;
  canEndTurn: boolean;
  showInitiative: boolean;
}

export interface TrackerSide {
  side: Side;
  labelKey: string;
  cssClass: string;
  active: boolean;
  remaining: number;
  total: number;
  turns: TrackerTurn[];
}

export interface TrackerContext {
  started: boolean;
  round: number;
  banner: { labelKey: string; cssClass: string; name: string };
  firstSideKey: string;
  sides: TrackerSide[];
}

export function combatTrackerContext(input: TrackerInput): TrackerContext {
  const acting = input.combatants.find((c) => c.acting);
  const visible = input.combatants.filter((c) => input.isGM || !c.hidden);
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
          showInitiative: input.alternative && c.initiative !== null && c.initiative !== undefined,
        };
      }),
    };
  });
  let banner: TrackerContext["banner"];
  if (!input.started) banner = { labelKey: "SE.Combat.NotStarted", cssClass: "se-tracker__banner--idle", name: "" };
  else if (acting) banner = { labelKey: "SE.Combat.ActingNow", cssClass: `se-tracker__banner--${acting.side}`, name: acting.name };
  else if (input.sideToAct) banner = { labelKey: `SE.Combat.SideToAct.${input.sideToAct}`, cssClass: `se-tracker__banner--${input.sideToAct}`, name: "" };
  else banner = { labelKey: "SE.Combat.RoundOver", cssClass: "se-tracker__banner--idle", name: "" };
  return {
    started: input.started,
    round: input.round,
    banner,
    // Which side went first says nothing in an Echoes combat, where only the characters take turns.
    firstSideKey: input.firstSide && !input.combatants.some((c) => c.enemyPhase) ? `SE.Combat.FirstSide.${input.firstSide}` : "",
    sides,
  };
}

/**
 * View-model of the party sheet (issue 32): each member's Stamina, Recoveries, Victories, heroic
 * resource and conditions at a glance, and the hero tokens the party shares (L250). Pure: the sheet's
 * chunk (src/applications/sheets/party-parts.ts) reads the actors, this arranges what the template shows.
 */
import { CONDITION_IDS, STATE_IDS } from "../../rules/conditions.ts";

/** A member as the sheet reads it. */
export interface PartyMemberInput {
  id: string;
  name: string;
  img: string;
  /** Her Stamina, with the state the hero's model derives from it (healthy, winded, dying, dead). */
  stamina: { value: number; max: number; temporary: number; state: string };
  recoveries: { value: number; max: number };
  victories: number;
  resource: { name: string; value: number };
  /** The member's statuses (conditions and states such as dying). */
  statuses: readonly string[];
  /** Whether this user may open her sheet (Observer or more). */
  canView: boolean;
}

export interface PartySheetInput {
  name: string;
  img: string;
  mode: "play" | "edit";
  /** The party's owner (the Director): adds and removes members, edits the pool. */
  editable: boolean;
  isGM: boolean;
  /** Whether this is the world's primary party, whose tokens the pools panel shows. */
  primary: boolean;
  heroTokens: number;
  members: readonly PartyMemberInput[];
  /** Ids stored in `members` whose actor no longer exists. */
  missing: number;
  /** The GM views a scene to place the members on. */
  sceneName: string | null;
}

/** The conditions and states the sheet shows, in the rules' order (the Stamina states are shown by the bar). */
const SHOWN = [...CONDITION_IDS, ...STATE_IDS.filter((s) => !["winded", "dying", "dead"].includes(s))] as readonly string[];

export function partySheetContext(input: PartySheetInput) {
  const edit = input.editable && input.mode === "edit";
  return {
    name: input.name,
    img: input.img,
    editable: input.editable,
    edit,
    modeLabelKey: input.mode === "edit" ? "SE.Sheet.PlayMode" : "SE.Sheet.EditMode",
    primary: input.primary,
    heroTokens: input.heroTokens,
    poolEditable: input.editable,
    members: input.members.map((m) => ({
      id: m.id,
      name: m.name,
      img: m.img,
      canView: m.canView,
      stamina: `${m.stamina.value}/${m.stamina.max}`,
      temporary: m.stamina.temporary > 0 ? m.stamina.temporary : null,
      // The bar's width: Stamina below 0 (dying) shows an empty bar.
      staminaPct: m.stamina.max > 0 ? Math.round(Math.min(Math.max(m.stamina.value / m.stamina.max, 0), 1) * 100) : 0,
      state: m.stamina.state,
      stateKey: m.stamina.state && m.stamina.state !== "healthy" ? `SE.StaminaState.${m.stamina.state}` : null,
      recoveries: `${m.recoveries.value}/${m.recoveries.max}`,
      victories: m.victories,
      resourceName: m.resource.name,
      resource: m.resource.value,
      conditions: SHOWN.filter((id) => m.statuses.includes(id)).map((id) => ({ id, labelKey: `SE.Condition.${id}` })),
      removable: edit,
    })),
    empty: input.members.length === 0,
    missing: input.missing,
    canPlace: input.isGM && input.members.length > 0 && input.sceneName !== null,
    sceneName: input.sceneName ?? "",
    dropHint: input.editable,
  };
}

export type PartySheetContext = ReturnType<typeof partySheetContext>;

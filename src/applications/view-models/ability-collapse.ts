/**
 * Which abilities a viewer has collapsed on one actor's sheet. It is the viewing user's own view,
 * kept in her browser (src/applications/sheets/ability-collapse.ts): nothing here is written to the
 * actor, and nobody else's client reads it. Pure: the state is a default plus the exceptions to it,
 * so "collapse all" and "expand all" are one small value however many abilities the actor has.
 */
import { SYSTEM_ID } from "../../constants.ts";

/** `all`: whether an ability is collapsed unless listed; `except`: the item ids that are the other way. */
export interface CollapseState {
  all: boolean;
  except: string[];
}

/** A sheet never collapsed: every ability open, as the printed page. */
export const ALL_EXPANDED: CollapseState = Object.freeze({ all: false, except: [] }) as CollapseState;

/** Item ids are Foundry's 16-character ids; anything else in the stored value is dropped. */
const ID = /^[A-Za-z0-9]{1,32}$/;
const MAX_EXCEPTIONS = 500;

/** The stored text read back; anything unreadable (another version, a hand edit) reads as all open. */
export function readCollapseState(raw: string | null | undefined): CollapseState {
  if (!raw) return ALL_EXPANDED;
  try {
    const value = JSON.parse(raw) as Partial<CollapseState> | null;
    if (!value || typeof value !== "object") return ALL_EXPANDED;
    const except = Array.isArray(value.except) ? value.except.filter((id): id is string => typeof id === "string" && ID.test(id)) : [];
    return { all: value.all === true, except: [...new Set(except)].slice(0, MAX_EXCEPTIONS) };
  } catch {
    return ALL_EXPANDED;
  }
}

export function writeCollapseState(state: CollapseState): string {
  return JSON.stringify({ all: state.all, except: state.except });
}

export function isCollapsed(state: CollapseState, itemId: string): boolean {
  return state.all !== state.except.includes(itemId);
}

/** One ability opened or closed; the others keep their state. */
export function toggleCollapsed(state: CollapseState, itemId: string): CollapseState {
  const except = state.except.includes(itemId) ? state.except.filter((id) => id !== itemId) : [...state.except, itemId];
  return { all: state.all, except: except.slice(-MAX_EXCEPTIONS) };
}

/** Collapse all (true) or expand all (false). */
export function setAllCollapsed(collapsed: boolean): CollapseState {
  return { all: collapsed, except: [] };
}

/**
 * The browser storage key: per user (one browser may log in as several) and per actor (an unlinked
 * token's actor has its own UUID, so each token's sheet keeps its own).
 */
export function collapseStorageKey(userId: string, actorUuid: string): string {
  return `${SYSTEM_ID}.abilityCollapse.${userId}.${actorUuid}`;
}

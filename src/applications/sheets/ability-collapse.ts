/**
 * The viewing user's collapsed abilities on a hero or monster sheet, kept in her browser's
 * `localStorage` (as Foundry keeps its client-scoped settings: v13 client/helpers/client-settings.mjs
 * `ClientSettings#set` writes a client setting to `localStorage` and nowhere else). Never written to
 * the actor, so it costs no update, no broadcast and nothing another client or the GM trusts.
 */
import { collapseStorageKey, isCollapsed, readCollapseState, setAllCollapsed, toggleCollapsed, writeCollapseState } from "../view-models/ability-collapse.ts";
import type { CollapseState } from "../view-models/ability-collapse.ts";

/** The part of the Web Storage API used here (a test passes a Map-backed one). */
export interface CollapseStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The browser's storage, or none (storage disabled): the sheet then forgets on close. */
function browserStorage(): CollapseStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Per sheet window: the state as last read or written, so a window works even without storage. */
export class AbilityCollapse {
  #state: CollapseState | null = null;
  readonly #key: string;
  readonly #storage: CollapseStorage | null;

  constructor(userId: string, actorUuid: string, storage: CollapseStorage | null = browserStorage()) {
    this.#key = collapseStorageKey(userId, actorUuid);
    this.#storage = storage;
  }

  get state(): CollapseState {
    if (!this.#state) {
      let raw: string | null;
      try {
        raw = this.#storage?.getItem(this.#key) ?? null;
      } catch {
        raw = null;
      }
      this.#state = readCollapseState(raw);
    }
    return this.#state;
  }

  isCollapsed(itemId: string): boolean {
    return isCollapsed(this.state, itemId);
  }

  toggle(itemId: string): void {
    this.#save(toggleCollapsed(this.state, itemId));
  }

  setAll(collapsed: boolean): void {
    this.#save(setAllCollapsed(collapsed));
  }

  #save(state: CollapseState) {
    this.#state = state;
    try {
      this.#storage?.setItem(this.#key, writeCollapseState(state));
    } catch {
      // Storage full or disabled: this window keeps the state until it closes.
    }
  }
}

/** What the collapse controls need of a hero or monster sheet. */
interface CollapsingSheet {
  actor: { uuid?: string | null; id: string | null; items: { has(id: string): boolean } };
  render(): unknown;
}

/** Each open sheet's collapse state, made on first use and gone with the sheet. */
const sheetStates = new WeakMap<object, AbilityCollapse>();

/** The viewing user's collapsed abilities on this sheet, in her browser: never written to the actor. */
export function collapseOf(sheet: CollapsingSheet): AbilityCollapse {
  let state = sheetStates.get(sheet);
  if (!state) sheetStates.set(sheet, (state = new AbilityCollapse(game.user?.id ?? "", sheet.actor.uuid ?? sheet.actor.id ?? "")));
  return state;
}

/** The hero and monster sheets' collapse actions (ApplicationV2 `actions`, called with the sheet as `this`). */
export const COLLAPSE_ACTIONS = {
  /** Open or close one ability's row (the caret). */
  toggleAbility(this: CollapsingSheet, _event: PointerEvent, target: HTMLElement) {
    const id = target.dataset.itemId ?? "";
    if (!this.actor.items.has(id)) return;
    collapseOf(this).toggle(id);
    void this.render();
  },
  /** Collapse or expand every ability. */
  collapseAbilities(this: CollapsingSheet, _event: PointerEvent, target: HTMLElement) {
    collapseOf(this).setAll(target.dataset.collapse === "all");
    void this.render();
  },
};

/**
 * The sheets as the entry knows them (issue 31): their classes are registered at `init` (v13
 * `DocumentSheetConfig.registerSheet` stores the class, and `DocumentSheetConfig.initializeSheets`
 * applies it before `ready`), but what they compute and do is one chunk, `./sheet-parts.ts`, loaded
 * on a sheet's first render. `ApplicationV2#render` awaits `_prepareContext` before it renders a part
 * (v13 client/applications/api/application.mjs `#render`), so a sheet awaits the chunk there; its
 * click handlers await it too. The form's `_processFormData` is synchronous: a form is submitted only
 * from a rendered sheet, so the chunk is loaded by then.
 */
import { SYSTEM_ID } from "../../constants.ts";
import type * as SheetPartsModule from "./sheet-parts.ts";

export type SheetParts = typeof SheetPartsModule;

let loaded: SheetParts | null = null;
let loading: Promise<SheetParts> | null = null;

/** The sheets' chunk, loaded once. */
export function sheetParts(): Promise<SheetParts> {
  return (loading ??= import("./sheet-parts.ts").then((m) => (loaded = m)));
}

/** The chunk, which a rendered sheet has loaded (for Foundry's synchronous calls after the first render). */
export function loadedSheetParts(): SheetParts {
  if (!loaded) throw new Error(`${SYSTEM_ID} | the sheets' code is not loaded: a sheet submits its form only once rendered`);
  return loaded;
}

type Action<S> = (this: S, event: PointerEvent, target: HTMLElement) => Promise<void>;

/**
 * A sheet's click handlers (ApplicationV2 `DEFAULT_OPTIONS.actions`, called with the sheet as
 * `this`) that load the chunk and run its implementation of each.
 */
export function lazyActions<S, K extends string>(
  names: readonly K[], pick: (parts: SheetParts) => Record<K, (sheet: S, event: PointerEvent, target: HTMLElement) => unknown>,
): Record<K, Action<S>> {
  return Object.fromEntries(names.map((name) => [name, async function (this: S, event: PointerEvent, target: HTMLElement) {
    await pick(await sheetParts())[name](this, event, target);
  }])) as Record<K, Action<S>>;
}

/**
 * The single-client stand-in for the Foundry v13 globals the system touches, so the layers above the
 * rules can be tested without Foundry (ARCHITECTURE.md, "Testing without Foundry", layer 3). Each
 * global has its own file, each behaviour citing the v13 source it mirrors:
 *   CONFIG        config.ts            Hooks          hooks.ts
 *   foundry.dice  dice.ts              ui             ui.ts (notifications as shown)
 *   handlebars    templates.ts         sheets         sheets.ts
 *   chat          chat.ts              data fields    data-fields.ts, update semantics update.ts
 *   documents     documents.ts         game, several clients and a server: world.ts
 * `installFoundryHarness()` installs them; `harness` gathers their state for tests.
 */
import { TypeDataModel, fields, validation } from "./data-fields.ts";
import { HarnessCombat, HarnessCombatant } from "./documents.ts";
import { hooks } from "./hooks.ts";
import { expandObject } from "./update.ts";
import { CONFIG } from "./config.ts";
import { Die, Roll } from "./dice.ts";
import { messages, processChatMessage } from "./chat.ts";
import { LANG, looksLikeRawKey, notifications, shownNotification, uiNotifications } from "./ui.ts";
import { missingKeys, renderTemplate } from "./templates.ts";
import { DocumentSheetV2 } from "./sheets.ts";
import { TokenRuler } from "./token-ruler.ts";
import { ForcedDeletion, RELEASE, _del, isV14, logCompatibilityWarning } from "./generation.ts";

export { Die, Roll, LANG, looksLikeRawKey, processChatMessage, renderTemplate, shownNotification, DocumentSheetV2 };

/**
 * Document stand-ins: enough of Actor and Item for creation hooks. `_preCreate` resolves true unless
 * overridden (Foundry cancels creation on false); `updateSource` merges into the source.
 */
export class HarnessDocument {
  type: string;
  name: string;
  system: Record<string, unknown>;
  parent: HarnessDocument | null;
  items: HarnessDocument[];
  _source: Record<string, unknown>;
  constructor(data: Record<string, unknown>, { parent = null }: { parent?: HarnessDocument | null } = {}) {
    this._source = structuredClone(data);
    this.type = String(data.type);
    this.name = String(data.name ?? "");
    this.system = (data.system as Record<string, unknown>) ?? {};
    this.parent = parent;
    this.items = [];
  }
  async _preCreate(_data: unknown, _options: unknown, _user: unknown): Promise<boolean | void> {
    return true;
  }
  /**
   * v13 client/documents/abstract/client-document.mjs `ClientDocumentMixin.createDialog(data,
   * createOptions, { types, template, context, ...dialogOptions })`: the dialog offers the document's
   * sub-types, only those in `types` when it is given. The harness shows no dialog: it records what
   * each call would offer and resolves to null, as a dialog closed without creating.
   */
  static createDialogCalls: { data: unknown; createOptions: unknown; types: string[] | null }[] = [];
  static async createDialog(data: unknown = {}, createOptions: unknown = {}, { types = null }: { types?: string[] | null } = {}): Promise<null> {
    HarnessDocument.createDialogCalls.push({ data, createOptions, types: types ? [...types] : null });
    return null;
  }
  _onDelete(_options: unknown, _userId: string): void {}
  updateSource(changes: Record<string, unknown>): void {
    Object.assign(this._source, changes);
  }
}

export const harness = {
  CONFIG,
  /** Foundry's Hooks (test/harness/hooks.ts), installed as the global `Hooks`. */
  hooks,
  settings: new Map<string, unknown>(),
  /** Notifications: `message` as passed, `shown` as v13 displays it (test/harness/ui.ts). */
  notifications,
  messages,
  /** Sheets registered with Actors/Items.registerSheet: [scope, class, options]. */
  sheets: [] as [string, { name: string; DEFAULT_OPTIONS?: { actions?: Record<string, unknown> } }, { types?: string[] }][],
  missingKeys,
  /** `Hooks.call`: every function registered for a hook, stopping at a false. */
  call(hook: string, ...args: unknown[]): boolean {
    return harness.hooks.call(hook, ...args);
  },
  /**
   * Start the system as v13 `Game#initialize` (client/game.mjs) does: `init`, then `await
   * game.i18n.initialize()` (the system holds it until the played games' chunks registered,
   * src/games/loader.ts), then `i18nInit`. Call after importing src/index.ts.
   */
  async initialize(): Promise<void> {
    harness.hooks.callAll("init");
    await (globalThis as unknown as { game: { i18n: { initialize(): Promise<void> } } }).game.i18n.initialize();
    harness.hooks.callAll("i18nInit");
  },
  /** Make every die roll the given uniform values in turn (then repeat the last). */
  fixRandom(values: number[]): void {
    let i = 0;
    harness.CONFIG.Dice.randomUniform = () => values[Math.min(i++, values.length - 1)]!;
  },
  reset(): void {
    harness.notifications.length = 0;
    harness.messages.length = 0;
    harness.missingKeys.clear();
    harness.CONFIG.Dice.randomUniform = Math.random;
  },
};

/** Who sees a message in `mode` when the one user is the whole table (v13 applyRollMode's rules). */
function singleClientMode(mode: string): Record<string, unknown> {
  const user = (globalThis as { game?: { user?: { id: string; isGM: boolean } } }).game?.user;
  if (mode === "gm" || mode === "blind") return { whisper: user?.isGM ? [user.id] : [], ...(mode === "blind" ? { blind: true } : {}) };
  return mode === "self" ? { whisper: user ? [user.id] : [] } : {};
}

type Segment = { actionConfig?: { getCostFunction?: (document: unknown, options?: unknown) => (cost: number) => number } };
/** v13 Token, as far as its movement cost (see `installFoundryHarness`). */
class HarnessToken {
  declare document: unknown;
  _getMovementCostFunction(options?: unknown): (from: object, to: object, distance: number, segment: Segment) => number {
    return (_from, _to, distance, segment) => segment?.actionConfig?.getCostFunction?.(this.document, options)(distance) ?? distance;
  }
}

/**
 * v13 client/applications/sidebar/tabs/combat-tracker.mjs CombatTracker, as far as the system's
 * tracker extends it: its parts, `viewed` (the combat shown; set by the test), and
 * `_prepareTrackerContext`, which v13 `_preparePartContext` awaits for the tracker part and which
 * fills Foundry's own turn rows (`context.turns`); the system's tracker template reads its own
 * context instead, so the stand-in adds none.
 */
class HarnessCombatTracker {
  static PARTS = { header: {}, tracker: {}, footer: {} };
  viewed: unknown = null;
  async _prepareTrackerContext(_context: object, _options: object): Promise<void> {}
}

/** Install the stand-in globals. Import the code under test only after calling this. */
export function installFoundryHarness(): typeof harness {
  const g = globalThis as Record<string, unknown>;
  g.foundry = {
    abstract: { TypeDataModel },
    // `foundry.data.validation` is v13 common/data/validation-failure.mjs (as the League's types of
    // common/data/_module.mjs export it): DataModelValidationFailure and DataModelValidationError.
    data: { fields, validation, ...(isV14() ? { operators: { ForcedDeletion } } : {}) },
    dice: { Roll, terms: { Die, DiceTerm: Die } },
    // v13 common/utils/helpers.mjs escapeHTML: & < > " ' as &amp; &lt; &gt; &quot; &#x27;.
    utils: {
      /** v13 common/utils/helpers.mjs randomID: 16 characters from [a-zA-Z0-9]. */
      randomID: (length = 16) => Array.from({ length }, () => "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[Math.floor(Math.random() * 62)]).join(""),
      expandObject,
      /**
       * common/utils/helpers.mjs `getProperty(object, key)`: the key itself when the object has it,
       * else the dotted path walked through objects, undefined where it breaks. Read in a copy of
       * Foundry's helpers in the code index; not checked against v13's exact file.
       */
      getProperty: (object: unknown, key: string): unknown => {
        if (!key || !object || typeof object !== "object") return undefined;
        if (key in object) return (object as Record<string, unknown>)[key];
        let target: unknown = object;
        for (const p of key.split(".")) {
          if (!target || typeof target !== "object") return undefined;
          if (p in target) target = (target as Record<string, unknown>)[p];
          else return undefined;
        }
        return target;
      },
      logCompatibilityWarning,
      escapeHTML: (s: string) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#x27;" })[c]!),
    },
    // Placeables are drawn by Foundry's canvas; here they only need to be classes to extend. v13
    // Token#_getMovementCostFunction(options) (client/canvas/placeables/token.mjs) returns
    // `(from, to, distance, segment) => cost`: the terrain's cost of the step (regions' difficulty;
    // the harness has no terrain regions, so the distance), then the segment's movement action's
    // cost function (`segment.actionConfig.getCostFunction(document, options)`) of it. The
    // token ruler: test/harness/token-ruler.ts (v13 client/canvas/placeables/tokens/ruler.mjs).
    canvas: { placeables: { Token: HarnessToken, tokens: { TokenRuler } } },
    applications: {
      handlebars: { renderTemplate, loadTemplates: async () => undefined },
      // Sheets are rendered by Foundry; here they only need to be constructible classes.
      // Rendering is not modelled (view-models and templates are tested on their own): an application
      // renders to nothing, as v13's ApplicationV2#render resolves to the application.
      api: { HandlebarsApplicationMixin: <T>(base: T) => base, DialogV2: class {}, ApplicationV2: class ApplicationV2 { async render() { return this; } } },
      /** v13 foundry.applications.instances: the open applications by id. */
      instances: new Map<string, unknown>(),
      sidebar: { tabs: { CombatTracker: HarnessCombatTracker } },
      sheets: { ActorSheetV2: class ActorSheetV2 extends DocumentSheetV2 {}, ItemSheetV2: DocumentSheetV2 },
      ux: { TextEditor: { implementation: { enrichHTML: async (html: string) => html } } },
    },
    documents: {
      /**
       * v13 client/documents/token.mjs TokenDocument, as far as the system's subclass extends it:
       * `_onUpdateMovement` does nothing in the base (the multi-client world, test/harness/world.ts,
       * replaces this class with its WorldToken, which calls it after each movement).
       */
      TokenDocument: class TokenDocument { _onUpdateMovement(): void {} },
      collections: {
        Actors: { registerSheet: (...args: never[]) => harness.sheets.push(args as never) },
        Items: { registerSheet: (...args: never[]) => harness.sheets.push(args as never) },
      },
    },
  };
  g.CONFIG = harness.CONFIG;
  // v14's `_del` global, the shared ForcedDeletion (client/client.d.mts in the v14 declarations); none in v13.
  if (isV14()) g._del = _del;
  else delete g._del;
  // Foundry adds Math.clamp.
  (Math as unknown as { clamp: (n: number, min: number, max: number) => number }).clamp ??= (n, min, max) => Math.min(max, Math.max(min, n));
  g.Actor = class Actor extends HarnessDocument {};
  g.Item = class Item extends HarnessDocument {};
  g.Hooks = harness.hooks;
  g.ui = { notifications: uiNotifications };
  g.game = {
    release: RELEASE,
    user: { id: "harness-user", isGM: true },
    // `initialize` on the prototype, as v13 `Localization#initialize` (client/helpers/localization.mjs); see test/harness/world.ts.
    i18n: Object.assign(Object.create({ async initialize() {} }) as object, { localize: (key: string) => key, format: (key: string) => key }),
    settings: {
      register: (ns: string, key: string, config: { default: unknown }) => harness.settings.set(`${ns}.${key}`, config.default),
      get: (ns: string, key: string) => harness.settings.get(`${ns}.${key}`),
      set: (ns: string, key: string, value: unknown) => harness.settings.set(`${ns}.${key}`, value),
    },
  };
  const create = async (data: Record<string, unknown>) => (harness.messages.push(data), data);
  g.ChatMessage = {
    getSpeaker: () => ({ alias: "Gamemaster" }),
    create,
    // v13 client/documents/chat-message.mjs `ChatMessage.applyRollMode(chatData, rollMode)`: a GM or
    // blind roll whispers to the GMs (here the one user, when a GM), a self roll to the user; v14
    // deprecates it for message modes (test/harness/world.ts has the same, with every user).
    applyRollMode: (data: Record<string, unknown>, rollMode: string) => {
      if (isV14()) logCompatibilityWarning("ChatMessage.applyRollMode is deprecated: use ChatMessage#applyMode with a message mode", { since: 14, until: 16 });
      return Object.assign(data, singleClientMode(({ gmroll: "gm", blindroll: "blind", selfroll: "self" } as Record<string, string>)[rollMode] ?? "public"));
    },
    // v14: an unsaved message whose `applyMode(mode)` sets who sees it (see test/harness/world.ts).
    implementation: isV14() ? class UnsavedMessage {
      #data: Record<string, unknown>;
      constructor(data: Record<string, unknown> = {}) { this.#data = { ...data }; }
      applyMode(mode: string): void { Object.assign(this.#data, singleClientMode(mode)); }
      toObject(): Record<string, unknown> { return { ...this.#data }; }
      static create = create;
    } : { create },
  };
  g.Roll = Roll;
  g.Combat = HarnessCombat;
  g.Combatant = HarnessCombatant;
  return harness;
}

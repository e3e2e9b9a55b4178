/**
 * A small stand-in for the few Foundry globals our dice, chat and registration code touch, so that
 * layer can be tested without Foundry (ARCHITECTURE.md, "Testing without Foundry", layer 3).
 *
 * It follows Foundry v13's documented behaviour where our code depends on it:
 * - `Die#mapRandomFace(u)` is `ceil((1 - u) * faces)`, `randomFace()` feeds it `CONFIG.Dice.randomUniform()`.
 * - `Roll` parses `NdX` / `NdL` terms (L a denomination in `CONFIG.Dice.terms`) and signed numbers with
 *   `[flavor]`; `evaluate()` evaluates the dice AST as v13's `Roll#_evaluate` does (the total is the
 *   sum of the terms' totals; `_evaluateTotal()` is never called), and refuses a second evaluation.
 * - `Roll#toMessage` stores `content: String(roll.total)` unless content is given (v13 `Roll#toMessage`).
 * - `Roll.fromJSON` rebuilds a roll of the class named in the data from `CONFIG.Dice.rolls`.
 * - `ChatMessage` rendering: the message content is the HTML of `roll.render()`.
 * It is tested itself in test/harness/foundry.test.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { format, lookup, registerFoundryHelpers } from "./handlebars-helpers.ts";
import { TypeDataModel, fields } from "./data-fields.ts";
import { HarnessCombat, HarnessCombatant } from "./documents.ts";
import { HarnessHooks } from "./hooks.ts";
import { expandObject } from "./update.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const LANG = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));

interface Result { result: number; active: boolean }
interface TermData { number?: number; faces?: number; results?: Result[]; options?: object; modifiers?: string[] }

export class Die {
  static DENOMINATION = "d";
  number: number;
  faces: number;
  results: Result[];
  options: object;
  modifiers: string[];
  constructor({ number = 1, faces = 6, results = [], options = {}, modifiers = [] }: TermData = {}) {
    this.number = number;
    this.faces = faces;
    this.results = results;
    this.options = options;
    this.modifiers = modifiers;
  }
  mapRandomFace(randomUniform: number): number {
    return Math.ceil((1 - randomUniform) * this.faces);
  }
  randomFace(): number {
    return this.mapRandomFace(harness.CONFIG.Dice.randomUniform());
  }
  async evaluate(): Promise<this> {
    return this.evaluateSync();
  }
  evaluateSync(): this {
    for (let i = 0; i < this.number; i++) this.results.push({ result: this.randomFace(), active: true });
    return this;
  }
  get total(): number {
    return this.results.filter((r) => r.active).reduce((t, r) => t + r.result, 0);
  }
  getResultLabel(result: Result): string {
    return String(result.result);
  }
  getResultCSS(result: Result): (string | null)[] {
    return ["die", `d${this.faces}`, result.result === 1 ? "min" : null, result.result === this.faces ? "max" : null];
  }
}

class NumericTerm {
  constructor(public number: number, public flavor = "") {}
  get total(): number {
    return this.number;
  }
}

type Term = Die | NumericTerm;
interface AstNode { class: "Node"; operator: "+" | "-"; operands: [AstNode | Term, AstNode | Term] }
const isNode = (n: AstNode | Term): n is AstNode => (n as AstNode).class === "Node";
type DieClass = typeof Die;

function parseFormula(formula: string): { sign: number; term: Term }[] {
  const out: { sign: number; term: Term }[] = [];
  let sign = 1;
  for (const token of formula.split(/\s+/).filter(Boolean)) {
    if (token === "+" || token === "-") {
      sign = token === "-" ? -1 : 1;
      continue;
    }
    const dice = /^(\d+)d(\d+|[a-z])$/.exec(token);
    const num = /^(\d+)(?:\[([^\]]*)\])?$/.exec(token);
    if (dice) {
      const isFaces = /^\d+$/.test(dice[2]!);
      const cls = (isFaces ? harness.CONFIG.Dice.terms.d : harness.CONFIG.Dice.terms[dice[2]!]) as DieClass | undefined;
      if (!cls) throw new Error(`Unknown denomination in ${token}`);
      const data: TermData = { number: Number(dice[1]) };
      if (isFaces) data.faces = Number(dice[2]);
      out.push({ sign, term: new cls(data) });
    } else if (num) {
      out.push({ sign, term: new NumericTerm(Number(num[1]), num[2] ?? "") });
    } else throw new Error(`Harness cannot parse "${token}" in "${formula}"`);
    sign = 1;
  }
  return out;
}

export class Roll {
  static CHAT_TEMPLATE = "templates/dice/roll.html";
  formula: string;
  data: object;
  options: Record<string, unknown>;
  _terms: { sign: number; term: Term }[];
  _evaluated = false;
  _total: number | undefined;
  constructor(formula: string, data: object = {}, options: Record<string, unknown> = {}) {
    this.formula = formula;
    this.data = data;
    this.options = options;
    this._terms = parseFormula(formula);
  }
  get terms(): Term[] {
    return this._terms.map((t) => t.term);
  }
  get dice(): Die[] {
    return this.terms.filter((t): t is Die => t instanceof Die);
  }
  get total(): number | undefined {
    return this._total;
  }
  /**
   * v13 keeps `Roll#_evaluateTotal` (client/dice/roll.mjs) but its evaluation never calls it: the
   * total is the value of the dice AST. Kept here so a subclass overriding it compiles, and so a test
   * can show that overriding it alone changes nothing.
   */
  protected _evaluateTotal(): number {
    return this._terms.reduce((t, { sign, term }) => t + sign * term.total, 0);
  }
  /** The formula's AST as v13's parser builds it: left-associative "+"/"-" nodes over the terms. */
  protected _ast(): AstNode | Term {
    let node: AstNode | Term = this._terms[0]?.term ?? new NumericTerm(0);
    for (const { sign, term } of this._terms.slice(1)) node = { class: "Node", operator: sign < 0 ? "-" : "+", operands: [node, term] };
    if ((this._terms[0]?.sign ?? 1) < 0) node = { class: "Node", operator: "-", operands: [new NumericTerm(0), node] };
    return node;
  }
  /** v13 client/dice/roll.mjs `Roll#_evaluateASTAsync`: a term is evaluated and yields its total; a node applies its operator. */
  protected async _evaluateASTAsync(node: AstNode | Term): Promise<number> {
    if (!isNode(node)) {
      if (node instanceof Die && !node.results.length) await node.evaluate();
      return node.total;
    }
    const [left, right] = [await this._evaluateASTAsync(node.operands[0]), await this._evaluateASTAsync(node.operands[1])];
    return node.operator === "-" ? left - right : left + right;
  }
  /** v13 `Roll#_evaluateASTSync`, the same without awaiting. */
  protected _evaluateASTSync(node: AstNode | Term): number {
    if (!isNode(node)) {
      if (node instanceof Die && !node.results.length) node.evaluateSync();
      return node.total;
    }
    const [left, right] = [this._evaluateASTSync(node.operands[0]), this._evaluateASTSync(node.operands[1])];
    return node.operator === "-" ? left - right : left + right;
  }
  /** v13 `Roll#_evaluate`: `this._total = await this._evaluateASTAsync(ast)`; no `_evaluateTotal()`. */
  protected async _evaluate(_options: object = {}): Promise<this> {
    this._total = await this._evaluateASTAsync(this._ast());
    return this;
  }
  /** v13 `Roll#_evaluateSync`. */
  protected _evaluateSync(_options: object = {}): this {
    this._total = this._evaluateASTSync(this._ast());
    return this;
  }
  /** v13 `Roll#evaluate`: a roll is evaluated once (a second call throws), then `_evaluate`. */
  async evaluate(options: object = {}): Promise<this> {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    this._evaluated = true;
    return this._evaluate(options);
  }
  /** v13 `Roll#evaluateSync`. */
  evaluateSync(options: object = {}): this {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    this._evaluated = true;
    return this._evaluateSync(options);
  }
  async render(): Promise<string> {
    return `<div class="dice-roll">${this._total}</div>`;
  }
  toJSON() {
    return {
      class: this.constructor.name,
      formula: this.formula,
      options: this.options,
      evaluated: this._evaluated,
      total: this._total,
      dice: this.dice.map((d) => d.results.map((r) => ({ ...r }))),
    };
  }
  static fromJSON(json: string): Roll {
    const data = JSON.parse(json);
    const cls = (harness.CONFIG.Dice.rolls as (typeof Roll)[]).find((c) => c.name === data.class) ?? Roll;
    const roll = new cls(data.formula, {}, data.options);
    roll.dice.forEach((d, i) => { d.results = data.dice[i]; });
    roll._total = data.total;
    roll._evaluated = data.evaluated;
    return roll;
  }
  async toMessage(messageData: Record<string, unknown> = {}) {
    // v13 client/dice/roll.mjs Roll#toMessage: mergeObject({ content: String(this.total), ... }, messageData); rolls = [this].
    const message = { content: String(this.total), ...messageData, rolls: [this], html: await this.render() };
    harness.messages.push(message);
    return message;
  }
}

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
  _onDelete(_options: unknown, _userId: string): void {}
  updateSource(changes: Record<string, unknown>): void {
    Object.assign(this._source, changes);
  }
}

export const harness = {
  CONFIG: {
    Actor: { dataModels: {} as Record<string, unknown> },
    Item: { dataModels: {} as Record<string, unknown> },
    Combat: { documentClass: null as unknown },
    Combatant: { documentClass: null as unknown },
    ui: {} as Record<string, unknown>,
    /** v13's query handlers, by name (`User#query` calls them on the receiving client). */
    queries: {} as Record<string, unknown>,
    statusEffects: [] as unknown[],
    Token: { objectClass: null as unknown },
    Dice: {
      rolls: [Roll] as unknown[],
      terms: { d: Die } as Record<string, unknown>,
      randomUniform: Math.random as () => number,
    },
  },
  /** Foundry's Hooks (test/harness/hooks.ts), installed as the global `Hooks`. */
  hooks: new HarnessHooks(),
  settings: new Map<string, unknown>(),
  /** Notifications: `message` as passed, `shown` as v13 displays it (see `shownNotification`). */
  notifications: [] as { type: string; message: string; options: unknown; shown: string }[],
  messages: [] as Record<string, unknown>[],
  /** Sheets registered with Actors/Items.registerSheet: [scope, class, options]. */
  sheets: [] as [string, { name: string; DEFAULT_OPTIONS?: { actions?: Record<string, unknown> } }, { types?: string[] }][],
  missingKeys: new Set<string>(),
  /** `Hooks.call`: every function registered for a hook, stopping at a false. */
  call(hook: string, ...args: unknown[]): boolean {
    return harness.hooks.call(hook, ...args);
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

/**
 * v13's order of chat processing (client/applications/sidebar/tabs/chat.mjs `ChatLog#processMessage`):
 * the `chatMessage` hook runs first, and a `false` from it stops everything; otherwise core parses its
 * own commands (`/r`, `/roll`, `/pr`, `/publicroll`, `/gmr`, `/br`, `/sr`, `/w`, `/ic`, `/ooc`, `/em`)
 * and posts. Here core's post is recorded as `{ core: command, args }` in `harness.messages`.
 */
export function processChatMessage(line: string): "system" | "core" | "none" {
  const message = line.trim();
  if (!message) return "none";
  if (harness.hooks.call("chatMessage", {}, message, { speaker: {} }) === false) return "system";
  const m = /^\/(r|roll|pr|publicroll|gmr|gmroll|br|broll|blindroll|sr|selfroll|w|whisper|ic|ooc|em|emote)(?:\s+([\s\S]*))?$/i.exec(message);
  if (m) harness.messages.push({ core: m[1]!.toLowerCase(), args: m[2] ?? "" });
  else harness.messages.push({ core: "none", args: message });
  return "core";
}

/**
 * The text v13 shows for `ui.notifications.notify(message, type, { localize, format })`
 * (client/applications/ui/notifications.mjs `Notifications#notify`): with `format` the message is a
 * key passed to `game.i18n.format`; with `localize` it is passed to `game.i18n.localize`; otherwise it
 * is shown as given, so a bare key shows as the raw key.
 */
export function shownNotification(message: string, options: unknown): string {
  const o = (options ?? {}) as { localize?: boolean; format?: Record<string, unknown> };
  if (o.format) return format(lookup(LANG, message) ?? message, o.format);
  if (o.localize) return lookup(LANG, message) ?? message;
  return message;
}

/** True when a shown notification is an untranslated key (what a user would see as "SE.X.Y"). */
export const looksLikeRawKey = (text: string) => /^SE\.[A-Za-z0-9.-]+$/.test(text);

const hbs = Handlebars.create();
registerFoundryHelpers(hbs, LANG, harness.missingKeys);
const compiled = new Map<string, HandlebarsTemplateDelegate>();

/** `systems/steel-echoes/templates/x.hbs` → the project's `templates/x.hbs`, compiled once. */
export async function renderTemplate(templatePath: string, context: object): Promise<string> {
  const rel = templatePath.replace(/^systems\/steel-echoes\//, "");
  let template = compiled.get(rel);
  if (!template) {
    template = hbs.compile(readFileSync(path.join(ROOT, rel), "utf8"), { strict: false });
    compiled.set(rel, template);
  }
  return template(context);
}

/**
 * v13 client/applications/api/document-sheet.mjs: how a sheet turns a submitted form into an update.
 * `_prepareSubmitData` takes `_processFormData`'s expanded object and validates it against the
 * document (`document.validate({ changes, clean: true, fallback: false })`, which throws) before
 * returning it; `_processFormData` expands the form's flat keys.
 */
export class DocumentSheetV2 {
  options: { document: { validate(o: object): unknown } };
  constructor(options: { document: { validate(o: object): unknown } }) {
    this.options = options;
  }
  get document() {
    return this.options.document;
  }
  get item() {
    return this.options.document;
  }
  _processFormData(_event: unknown, _form: unknown, formData: { object: Record<string, unknown> }): object {
    return expandObject(formData.object) as object;
  }
  _prepareSubmitData(event: unknown, form: unknown, formData: { object: Record<string, unknown> }): object {
    const submitData = this._processFormData(event, form, formData);
    this.document.validate({ changes: submitData, clean: true, fallback: false });
    return submitData;
  }
}

/** Install the stand-in globals. Import the code under test only after calling this. */
export function installFoundryHarness(): typeof harness {
  const g = globalThis as Record<string, unknown>;
  g.foundry = {
    abstract: { TypeDataModel },
    data: { fields },
    dice: { Roll, terms: { Die, DiceTerm: Die } },
    // v13 common/utils/helpers.mjs escapeHTML: & < > " ' as &amp; &lt; &gt; &quot; &#x27;.
    utils: {
      /** v13 common/utils/helpers.mjs randomID: 16 characters from [a-zA-Z0-9]. */
      randomID: (length = 16) => Array.from({ length }, () => "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[Math.floor(Math.random() * 62)]).join(""),
      expandObject,
      escapeHTML: (s: string) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#x27;" })[c]!),
    },
    // Placeables are drawn by Foundry's canvas; here they only need to be classes to extend.
    canvas: { placeables: { Token: class Token {} } },
    applications: {
      handlebars: { renderTemplate, loadTemplates: async () => undefined },
      // Sheets are rendered by Foundry; here they only need to be constructible classes.
      // Rendering is not modelled (view-models and templates are tested on their own): an application
      // renders to nothing, as v13's ApplicationV2#render resolves to the application.
      api: { HandlebarsApplicationMixin: <T>(base: T) => base, DialogV2: class {}, ApplicationV2: class ApplicationV2 { async render() { return this; } } },
      /** v13 foundry.applications.instances: the open applications by id. */
      instances: new Map<string, unknown>(),
      sidebar: { tabs: { CombatTracker: class CombatTracker { static PARTS = { header: {}, tracker: {}, footer: {} }; } } },
      sheets: { ActorSheetV2: class ActorSheetV2 {}, ItemSheetV2: DocumentSheetV2 },
      ux: { TextEditor: { implementation: { enrichHTML: async (html: string) => html } } },
    },
    documents: {
      collections: {
        Actors: { registerSheet: (...args: never[]) => harness.sheets.push(args as never) },
        Items: { registerSheet: (...args: never[]) => harness.sheets.push(args as never) },
      },
    },
  };
  g.CONFIG = harness.CONFIG;
  // Foundry adds Math.clamp.
  (Math as unknown as { clamp: (n: number, min: number, max: number) => number }).clamp ??= (n, min, max) => Math.min(max, Math.max(min, n));
  g.Actor = class Actor extends HarnessDocument {};
  g.Item = class Item extends HarnessDocument {};
  g.Hooks = harness.hooks;
  g.ui = {
    notifications: {
      error: (message: string, options: unknown) => harness.notifications.push({ type: "error", message, options, shown: shownNotification(message, options) }),
      warn: (message: string, options: unknown) => harness.notifications.push({ type: "warn", message, options, shown: shownNotification(message, options) }),
      info: (message: string, options: unknown) => harness.notifications.push({ type: "info", message, options, shown: shownNotification(message, options) }),
    },
  };
  g.game = {
    user: { id: "harness-user", isGM: true },
    i18n: { localize: (key: string) => key, format: (key: string) => key },
    settings: {
      register: (ns: string, key: string, config: { default: unknown }) => harness.settings.set(`${ns}.${key}`, config.default),
      get: (ns: string, key: string) => harness.settings.get(`${ns}.${key}`),
      set: (ns: string, key: string, value: unknown) => harness.settings.set(`${ns}.${key}`, value),
    },
  };
  g.ChatMessage = {
    getSpeaker: () => ({ alias: "Gamemaster" }),
    implementation: { create: async (data: Record<string, unknown>) => (harness.messages.push(data), data) },
  };
  g.Roll = Roll;
  g.Combat = HarnessCombat;
  g.Combatant = HarnessCombatant;
  return harness;
}

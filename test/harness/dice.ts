/**
 * `foundry.dice` as v13 has it where the system relies on it (client/dice/roll.mjs, client/dice/terms/die.mjs):
 * - `Die#mapRandomFace(u)` is `ceil((1 - u) * faces)`, `randomFace()` feeds it `CONFIG.Dice.randomUniform()`.
 * - `Roll` parses `NdX` / `NdL` terms (L a denomination in `CONFIG.Dice.terms`) and signed numbers with
 *   `[flavor]`; `evaluate()` evaluates the dice AST as v13's `Roll#_evaluate` does (the total is the
 *   sum of the terms' totals; `_evaluateTotal()` is never called), and refuses a second evaluation.
 * - `Roll#toMessage` stores `content: String(roll.total)` unless content is given (v13 `Roll#toMessage`).
 * - `Roll.fromJSON` rebuilds a roll of the class named in the data from `CONFIG.Dice.rolls`.
 * Tested in test/harness/dice.test.ts.
 */
import { CONFIG } from "./config.ts";
import { messages } from "./chat.ts";

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
    return this.mapRandomFace(CONFIG.Dice.randomUniform());
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
      const cls = (isFaces ? CONFIG.Dice.terms.d : CONFIG.Dice.terms[dice[2]!]) as DieClass | undefined;
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
    // v13 client/dice/roll.mjs `Roll.fromJSON`: the class is found by name in CONFIG.Dice.rolls, and an
    // unknown one throws ("Unable to recreate … instance from provided data").
    const cls = (CONFIG.Dice.rolls as (typeof Roll)[]).find((c) => c.name === data.class);
    if (!cls) throw new Error(`Unable to recreate ${String(data.class)} instance from provided data`);
    const roll = new cls(data.formula, {}, data.options);
    roll.dice.forEach((d, i) => { d.results = data.dice[i]; });
    roll._total = data.total;
    roll._evaluated = data.evaluated;
    return roll;
  }
  async toMessage(messageData: Record<string, unknown> = {}) {
    // v13 client/dice/roll.mjs Roll#toMessage: mergeObject({ content: String(this.total), ... }, messageData); rolls = [this].
    const message = { content: String(this.total), ...messageData, rolls: [this], html: await this.render() };
    messages.push(message);
    return message;
  }
}


CONFIG.Dice.rolls.push(Roll);
CONFIG.Dice.terms.d = Die;

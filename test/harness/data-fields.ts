/**
 * Stand-ins for `foundry.data.fields`, `foundry.data.validation` and `foundry.abstract.TypeDataModel`,
 * behaving as Foundry v13's own code does for the fields and options our schemas use. Sources read:
 * v13 common/data/fields.mjs (DataField, SchemaField, BooleanField, NumberField, StringField,
 * HTMLField, ArrayField, SetField), common/abstract/data.mjs (DataModel) and
 * common/data/validation-failure.mjs (DataModelValidationFailure, DataModelValidationError).
 *
 * What matters most for tests, and differs from a naive stand-in:
 * - **Cleaning comes before validation** (`DataField#clean`), on construction and on every update:
 *   numbers are cast with `Number()`, rounded when `integer` and clamped into `min`/`max`; strings are
 *   trimmed and cast with `String()`; booleans cast (`"true"` and `1` are true); `null` where null is
 *   not allowed, and `""` where blank is not allowed, become the initial value; a single value becomes
 *   a one-element list; an object that is not a plain object becomes `{}`.
 * - **Keys the schema does not define are dropped** (`SchemaField#_cleanType`).
 * - **Construction validates strictly** (`DataModel` constructor): what cleaning cannot mend (a choice
 *   outside its list, a custom `validate` refusing) throws a `DataModelValidationError`.
 * - `validate` returns a `DataModelValidationFailure` (or undefined), never throws: only the model's
 *   `validate({ strict: true })` and its constructor throw.
 * Not modelled (no schema of ours uses them): NumberField `step`, ArrayField `empty`/`exact`,
 * embedded documents and `TypedSchemaField`. Tested in test/harness/data-fields.test.ts.
 */

type Options = Record<string, unknown>;
type Plain = Record<string, unknown>;

/** v13 DataModelCleaningOptions: `partial` cleans only the keys present; `source` is the root being cleaned. */
export interface CleanOptions {
  partial?: boolean;
  source?: unknown;
}

/** v13 DataFieldValidationOptions. */
export interface ValidateOptions {
  partial?: boolean;
  fallback?: boolean;
  source?: unknown;
}

/**
 * v13 common/utils/helpers.mjs `getType`, for what source data holds: "Object" only for plain objects.
 * (v13 names more built-in types; anything else here is "Unknown", which no cleaning treats as an object.)
 */
export function getType(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return typeof value;
  if (Array.isArray(value)) return "Array";
  if (value instanceof Set) return "Set";
  if (value instanceof Map) return "Map";
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null ? "Object" : "Unknown";
}

const isDeletionKey = (k: string) => k.startsWith("-=") || k.startsWith("==");

/* -------------------------------------------- */
/*  Validation failures                          */
/* -------------------------------------------- */

/** v13 common/data/validation-failure.mjs `DataModelValidationFailure`. */
export class DataModelValidationFailure {
  invalidValue: unknown;
  fallback: unknown;
  dropped: boolean;
  message: string | undefined;
  unresolved: boolean;
  fields: Record<string, DataModelValidationFailure> = {};
  elements: { id: number | string; failure: DataModelValidationFailure }[] = [];
  constructor({ invalidValue, fallback, dropped = false, message, unresolved = false }: {
    invalidValue?: unknown; fallback?: unknown; dropped?: boolean; message?: string; unresolved?: boolean;
  } = {}) {
    this.invalidValue = invalidValue;
    this.fallback = fallback;
    this.dropped = dropped;
    this.message = message;
    this.unresolved = unresolved;
  }
  asError(): DataModelValidationError {
    return new DataModelValidationError(this);
  }
  isEmpty(): boolean {
    return !Object.keys(this.fields).length && !this.elements.length;
  }
  /** v13 `#formatString`: the message, then each sub-failure on its own line, indented two spaces a level. */
  toString(): string {
    return formatFailure(this, 0);
  }
}

function formatFailure(failure: DataModelValidationFailure, depth: number): string {
  let message = failure.message ?? "";
  const d = depth + 1;
  const pad = " ".repeat(2 * d);
  const fields = Object.entries(failure.fields);
  if (fields.length) message += "\n" + fields.map(([k, f]) => `${pad}${isDeletionKey(k) ? k.slice(2) : k}: ${formatFailure(f, d)}`).join("\n");
  if (failure.elements.length) message += "\n" + failure.elements.map((e) => `${pad}${e.id}: ${formatFailure(e.failure, d)}`).join("\n");
  return message;
}

/** v13 common/data/validation-failure.mjs `DataModelValidationError`: its message is the failure's string. */
export class DataModelValidationError extends Error {
  readonly #failure: DataModelValidationFailure | undefined;
  constructor(failure: DataModelValidationFailure | string) {
    super(failure.toString());
    this.name = "DataModelValidationError";
    if (failure instanceof DataModelValidationFailure) this.#failure = failure;
  }
  /** The root failure, or the one at a dotted path of field names and element indices. */
  getFailure(path?: string): DataModelValidationFailure | undefined {
    let failure = this.#failure;
    if (!failure || !path) return failure;
    for (const p of path.split(".")) {
      if (!failure) return undefined;
      if (Object.keys(failure.fields).length) failure = failure.fields[p];
      else if (failure.elements.length) failure = failure.elements.find((e) => String(e.id) === p)?.failure;
    }
    return failure;
  }
  /** Every failing leaf by its dotted path ("tiers.1.damage.value"); undefined when there is none. */
  getAllFailures(): Record<string, DataModelValidationFailure> | undefined {
    const root = this.#failure;
    if (!root || root.isEmpty()) return undefined;
    const out: Record<string, DataModelValidationFailure> = {};
    const walk = (f: DataModelValidationFailure, path: string) => {
      if (f.isEmpty()) {
        out[path] = f;
        return;
      }
      for (const [k, sub] of Object.entries(f.fields)) walk(sub, path ? `${path}.${k}` : k);
      for (const e of f.elements) walk(e.failure, path ? `${path}.${e.id}` : String(e.id));
    };
    walk(root, "");
    return out;
  }
}

/* -------------------------------------------- */
/*  Fields                                       */
/* -------------------------------------------- */

/** v13 `DataField`: the options as given, and each default resolved onto the field. */
export class DataField {
  options: Options;
  required: boolean;
  nullable: boolean;
  initial: unknown;
  validationError: string;
  constructor(options: Options = {}) {
    this.options = options;
    const defaults = (this.constructor as typeof DataField).defaults();
    const get = <T>(k: string): T => (k in options ? options[k] : defaults[k]) as T;
    this.required = get("required");
    this.nullable = get("nullable");
    this.initial = get("initial");
    this.validationError = get("validationError");
  }
  /** v13 `DataField._defaults` (each subclass adds its own). */
  static defaults(): Options {
    return { required: false, nullable: false, initial: undefined, validationError: "is not a valid value" };
  }

  /**
   * v13 `DataField#getInitialValue`: the `initial` function's result or value; otherwise undefined, or
   * null for a required nullable field. (v13 returns the `initial` object itself; the harness hands
   * out a copy, so no test can change another's default.)
   */
  getInitialValue(data?: unknown): unknown {
    const initial = this.initial;
    if (typeof initial === "function") return (initial as (d: unknown) => unknown)(data);
    if (initial !== undefined) return structuredClone(initial);
    if (!this.required) return undefined;
    return this.nullable ? null : undefined;
  }

  /**
   * v13 `DataField#clean`: undefined becomes the initial value; a value `_validateSpecial` accepts
   * (null when nullable, "" when blank) is kept and one it refuses (null when not nullable, "" when not
   * blank) becomes the initial value; anything else is cast (`_cast`) and cleaned (`_cleanType`).
   */
  clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === undefined) return this.getInitialValue(options.source);
    try {
      if (this._validateSpecial(value) === true) return value;
    } catch {
      return this.getInitialValue(options.source);
    }
    return this._cleanType(this._cast(value), options);
  }
  protected _cast(value: unknown): unknown {
    return value;
  }
  protected _cleanType(value: unknown, _options: CleanOptions): unknown {
    return value;
  }

  /**
   * v13 `DataField#validate`: `_validateSpecial`, `_validateType`, then the `validate` option, in turn;
   * a validator returning true ends validation as valid, false fails with `validationError`, a thrown
   * error fails with its message, a returned failure is the result. Returns nothing when valid.
   */
  validate(value: unknown, options: ValidateOptions = {}): DataModelValidationFailure | undefined {
    const custom = this.options.validate as ((v: unknown, o: ValidateOptions) => unknown) | undefined;
    const validators: ((v: unknown, o: ValidateOptions) => unknown)[] = [
      (v) => this._validateSpecial(v), (v, o) => this._validateType(v, o), ...(custom ? [custom] : []),
    ];
    try {
      for (const validator of validators) {
        const result = validator(value, options);
        if (result === true) return undefined;
        if (result === false) return new DataModelValidationFailure({ invalidValue: value, message: this.validationError, unresolved: true });
        if (result instanceof DataModelValidationFailure) return result;
      }
    } catch (err) {
      return new DataModelValidationFailure({ invalidValue: value, message: (err as Error).message, unresolved: true });
    }
    return undefined;
  }
  /** v13 `DataField#_validateSpecial`: null only when nullable; undefined only when not required. */
  protected _validateSpecial(value: unknown): boolean | void {
    if (value === null) {
      if (this.nullable) return true;
      throw new Error("may not be null");
    }
    if (value === undefined) {
      if (this.required) throw new Error("may not be undefined");
      return true;
    }
  }
  protected _validateType(_value: unknown, _options: ValidateOptions): unknown {
    return undefined;
  }

  /** v13 `DataField#initialize`: the source value as the model holds it. */
  initialize(value: unknown): unknown {
    return value;
  }
}

/** v13 `BooleanField`: required, not nullable, initially false; cast from strings ("true") and numbers. */
export class BooleanField extends DataField {
  static override defaults(): Options {
    return { ...super.defaults(), required: true, nullable: false, initial: false };
  }
  /** v13 `BooleanField#_cast`: a string is true only when "true"; an object is false; else `Boolean()`. */
  protected override _cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true";
    if (typeof value === "object") return false;
    return Boolean(value);
  }
  protected override _validateType(value: unknown): unknown {
    if (typeof value !== "boolean") throw new Error("must be a boolean");
    return undefined;
  }
}

/** v13 `NumberField`: nullable unless it has choices; `integer`, `min`, `max`, `positive`, `choices`. */
export class NumberField extends DataField {
  min: number | undefined;
  max: number | undefined;
  integer: boolean;
  positive: boolean;
  choices: unknown;
  constructor(options: Options = {}) {
    super(options);
    const o = { ...NumberField.defaults(), ...options };
    this.min = o.min as number | undefined;
    this.max = o.max as number | undefined;
    this.integer = !!o.integer;
    this.positive = !!o.positive;
    this.choices = o.choices;
    if (this.choices) this.nullable = (options.nullable as boolean | undefined) ?? false;
    if (o.step !== undefined) throw new Error("harness: NumberField step is not modelled");
    if (Number.isFinite(this.min) && Number.isFinite(this.max) && this.min! > this.max!) {
      throw new Error("NumberField minimum constraint cannot exceed its maximum constraint");
    }
  }
  static override defaults(): Options {
    return { ...super.defaults(), nullable: true, min: undefined, max: undefined, step: undefined, integer: false, positive: false, choices: undefined };
  }
  /** v13 `NumberField#_cast`: "" is null when nullable; anything else goes through `Number()` ("3" is 3, "x" NaN). */
  protected override _cast(value: unknown): unknown {
    return this.nullable && value === "" ? null : Number(value);
  }
  /** v13 `NumberField#_cleanType`: rounded (Math.round) when integer, then clamped into min..max. */
  protected override _cleanType(value: unknown): unknown {
    if (typeof value !== "number") return value;
    let v = this.integer ? Math.round(value) : value;
    if (Number.isFinite(this.min)) v = Math.max(v, this.min!);
    if (Number.isFinite(this.max)) v = Math.min(v, this.max!);
    return v;
  }
  protected override _validateType(value: unknown): unknown {
    if (typeof value !== "number") throw new Error("must be a number");
    if (this.positive && value <= 0) throw new Error("must be a positive number");
    if (Number.isFinite(this.min) && value < this.min!) throw new Error(`must be at least ${this.min}`);
    if (Number.isFinite(this.max) && value > this.max!) throw new Error(`must be at most ${this.max}`);
    if (this.choices && !isValidChoice(this.choices, value)) throw new Error(`${value} is not a valid choice`);
    if (this.integer) {
      if (!Number.isInteger(value)) throw new Error("must be an integer");
    } else if (!Number.isFinite(value)) throw new Error("must be a finite number");
    return undefined;
  }
}

/** v13 `StringField#_isValidChoice`: choices as an array, an object of value → label, or a function of either. */
function isValidChoice(choices: unknown, value: unknown): boolean {
  const list = typeof choices === "function" ? (choices as () => unknown)() : choices;
  if (Array.isArray(list)) return list.includes(value);
  return String(value) in (list as object);
}

/** v13 `StringField`: blank allowed and trimmed by default; with choices, not blank or null unless said. */
export class StringField extends DataField {
  blank: boolean;
  trim: boolean;
  choices: unknown;
  constructor(options: Options = {}) {
    super(options);
    const o = { ...(this.constructor as typeof StringField).defaults(), ...options };
    this.blank = !!o.blank;
    this.trim = !!o.trim;
    this.choices = o.choices;
    if (this.choices) {
      this.nullable = (options.nullable as boolean | undefined) ?? false;
      this.blank = (options.blank as boolean | undefined) ?? false;
    }
  }
  static override defaults(): Options {
    return { ...super.defaults(), blank: true, trim: true, choices: undefined };
  }
  /** v13 `StringField#clean`: a string is trimmed first (when `trim`), then cleaned as any field. */
  override clean(value: unknown, options: CleanOptions = {}): unknown {
    return super.clean(typeof value === "string" && this.trim ? value.trim() : value, options);
  }
  /** v13 `StringField#getInitialValue`: a required field that may be blank starts blank, not undefined. */
  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (this.blank && this.required && !initial) return "";
    return initial;
  }
  protected override _cast(value: unknown): unknown {
    return String(value);
  }
  /** v13 `StringField#_validateSpecial`: "" is valid only when blank is allowed. */
  protected override _validateSpecial(value: unknown): boolean | void {
    if (value === "") {
      if (this.blank) return true;
      throw new Error("may not be a blank string");
    }
    return super._validateSpecial(value);
  }
  protected override _validateType(value: unknown): unknown {
    if (typeof value !== "string") throw new Error("must be a string");
    if (this.choices) {
      if (isValidChoice(this.choices, value)) return true;
      throw new Error(`${value} is not a valid choice`);
    }
    return undefined;
  }
}

/** v13 `HTMLField`: a StringField, required and blank by default (the server sanitises it). */
export class HTMLField extends StringField {
  static override defaults(): Options {
    return { ...super.defaults(), required: true, blank: true };
  }
}

/** v13 `SchemaField`: an object of named fields; required and not nullable by default. */
export class SchemaField extends DataField {
  fields: Record<string, DataField>;
  constructor(fields: Record<string, DataField>, options: Options = {}) {
    super(options);
    this.fields = { ...fields };
  }
  static override defaults(): Options {
    return { ...super.defaults(), required: true, nullable: false };
  }
  has(name: string): boolean {
    return Object.hasOwn(this.fields, name);
  }
  get(name: string): DataField | undefined {
    return this.has(name) ? this.fields[name] : undefined;
  }
  keys(): string[] {
    return Object.keys(this.fields);
  }
  entries(): [string, DataField][] {
    return Object.entries(this.fields);
  }
  /** v13 `SchemaField#getInitialValue`: with no initial given, a required schema is its fields' initial values. */
  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (this.required && initial === undefined) return this._cleanType({}, {});
    return initial;
  }
  /** v13 `SchemaField#_cast`: anything but a plain object becomes `{}`. */
  protected override _cast(value: unknown): unknown {
    return getType(value) === "Object" ? value : {};
  }
  /**
   * v13 `SchemaField#_cleanType`: each field cleans its value (in a partial clean, only the fields
   * present; a `==name` replacement is cleaned whole); then every key the schema does not define is
   * deleted, except `-=name`/`==name` for a defined field. Cleans in place, as v13 does.
   */
  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    const data = value as Plain;
    options.source = options.source || data;
    for (const [name, field] of this.entries()) {
      if (`==${name}` in data) data[`==${name}`] = field.clean(data[`==${name}`], { ...options, partial: false });
      else if (!options.partial || name in data) data[name] = field.clean(data[name], options);
    }
    for (const k of Object.keys(data)) {
      if (this.has(k) || (isDeletionKey(k) && this.has(k.slice(2)))) continue;
      delete data[k];
    }
    return data;
  }
  /**
   * v13 `SchemaField#_validateType`: every field is validated (in a partial validation, only those
   * present), as are `-=name` (its value must be null) and `==name`. With `fallback`, a failing field
   * whose initial value is valid takes it; otherwise the failure is unresolved.
   */
  protected override _validateType(value: unknown, options: ValidateOptions): unknown {
    if (!(value instanceof Object)) throw new Error("must be an object");
    const data = value as Plain;
    options.source = options.source || data;
    const schemaFailure = new DataModelValidationFailure();
    for (const [name, field] of this.entries()) {
      for (const prefix of ["", "-=", "=="]) {
        const key = prefix + name;
        if ((prefix || options.partial) && !(key in data)) continue;
        let v = data[key];
        if (prefix === "-=") {
          if (v !== null) throw new Error("Removing a key using the -= deletion syntax requires the value of that deletion key to be null, for example {-=key: null}");
          v = undefined;
        }
        const failure = field.validate(v, options);
        if (!failure) continue;
        schemaFailure.fields[key] = failure;
        if (!failure.unresolved) continue;
        if (options.fallback && !prefix) {
          const initial = field.getInitialValue(options.source);
          if (field.validate(initial, { fallback: false, source: options.source })) failure.unresolved = schemaFailure.unresolved = true;
          else {
            data[name] = failure.fallback = initial;
            failure.unresolved = false;
          }
        } else failure.unresolved = schemaFailure.unresolved = true;
      }
    }
    return Object.keys(schemaFailure.fields).length ? schemaFailure : undefined;
  }
  /** v13 `SchemaField#initialize`: a new object of each field's initialized value. */
  override initialize(value: unknown): unknown {
    if (!value) return value;
    const source = value as Plain;
    return Object.fromEntries(this.entries().map(([name, field]) => [name, field.initialize(source[name])]));
  }
}

/** v13 `ArrayField`: a list of one element field; required, not nullable, initially `[]`; `min`/`max` length. */
export class ArrayField extends DataField {
  element: DataField;
  min: number;
  max: number;
  constructor(element: DataField, options: Options = {}) {
    super(options);
    if (!(element instanceof DataField)) throw new Error(`${this.constructor.name} must have a DataField as its contained element`);
    this.element = element;
    this.min = (options.min as number | undefined) ?? 0;
    this.max = (options.max as number | undefined) ?? Infinity;
    if (this.min > this.max) throw new Error("ArrayField minimum length cannot exceed maximum length");
  }
  static override defaults(): Options {
    return { ...super.defaults(), required: true, nullable: false };
  }
  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (this.required && initial === undefined) return [];
    return initial;
  }
  /**
   * v13 `ArrayField#_cast`: an object becomes an array of its integer keys' values, a Set an array,
   * an array stays, and any other single value becomes a one-element array.
   */
  protected override _cast(value: unknown): unknown {
    const t = getType(value);
    if (t === "Object") {
      const arr: unknown[] = [];
      for (const [k, v] of Object.entries(value as Plain)) {
        const i = Number(k);
        if (Number.isInteger(i) && i >= 0) arr[i] = v;
      }
      return arr;
    }
    if (t === "Set") return Array.from(value as Set<unknown>);
    return Array.isArray(value) ? value : [value];
  }
  /** v13 `ArrayField#_cleanType`: every element is cleaned whole (arrays are replaced, never merged). */
  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    return (value as unknown[]).map((v) => this.element.clean(v, { ...options, partial: false }));
  }
  protected override _validateType(value: unknown, options: ValidateOptions): unknown {
    if (!Array.isArray(value)) throw new Error("must be an Array");
    if (value.length < this.min) throw new Error(`cannot have fewer than ${this.min} elements`);
    if (value.length > this.max) throw new Error(`cannot have more than ${this.max} elements`);
    return this._validateElements(value, options);
  }
  /** v13 `ArrayField#_validateElements`: a failure per failing element, by index. */
  protected _validateElements(value: unknown[], options: ValidateOptions): DataModelValidationFailure | undefined {
    const arrayFailure = new DataModelValidationFailure();
    value.forEach((v, i) => {
      const failure = this.element.validate(v, { ...options, partial: false });
      if (!failure) return;
      arrayFailure.elements.push({ id: i, failure });
      arrayFailure.unresolved ||= failure.unresolved;
    });
    return arrayFailure.elements.length ? arrayFailure : undefined;
  }
  override initialize(value: unknown): unknown {
    if (!value) return value;
    return (value as unknown[]).map((v) => this.element.initialize(v));
  }
}

/**
 * v13 `SetField`: an ArrayField whose source is an array and whose model value is a Set; with
 * `fallback`, invalid elements are dropped instead of failing the field.
 */
export class SetField extends ArrayField {
  protected override _validateElements(value: unknown[], options: ValidateOptions): DataModelValidationFailure | undefined {
    const setFailure = new DataModelValidationFailure();
    for (let i = value.length - 1; i >= 0; i--) {
      const failure = this.element.validate(value[i], options);
      if (!failure) continue;
      setFailure.elements.unshift({ id: i, failure });
      if (!failure.unresolved && failure.fallback) continue;
      if (options.fallback) {
        value.splice(i, 1);
        failure.dropped = true;
      } else setFailure.unresolved = true;
    }
    if (!setFailure.elements.length) return undefined;
    if (options.fallback && !setFailure.unresolved) setFailure.fallback = value;
    return setFailure;
  }
  /** v13 `SetField#initialize`: the model holds a Set. */
  override initialize(value: unknown): unknown {
    if (!value) return value;
    return new Set(super.initialize(value) as unknown[]);
  }
}

/* -------------------------------------------- */
/*  Data models                                  */
/* -------------------------------------------- */

/** v13 DataModelValidationOptions (common/abstract/data.mjs `DataModel#validate`). */
export interface ModelValidateOptions {
  changes?: Plain;
  clean?: boolean;
  fallback?: boolean;
  strict?: boolean;
  fields?: boolean;
  joint?: boolean;
}

/**
 * v13 common/abstract/data.mjs `DataModel` (as `foundry.abstract.TypeDataModel` for system data):
 * construction migrates, cleans, then validates strictly; `_source` holds the cleaned source, and the
 * model's own properties each field's initialized value (a SetField's a Set).
 */
export class TypeDataModel {
  static LOCALIZATION_PREFIXES: string[] = [];
  static defineSchema(): Record<string, DataField> {
    return {};
  }
  static #schemas = new WeakMap<typeof TypeDataModel, SchemaField>();
  /** v13 `DataModel.schema`: built once per class from `defineSchema`, then reused. */
  static get schema(): SchemaField {
    let schema = TypeDataModel.#schemas.get(this);
    if (!schema) TypeDataModel.#schemas.set(this, schema = new SchemaField(this.defineSchema()));
    return schema;
  }
  /** v13 `DataModel.migrateData`: the base migrates nothing; subclasses override it. */
  static migrateData(source: Plain): Plain {
    return source;
  }
  /** v13 `DataModel.migrateDataSafe`: a migration that throws leaves the source as it was (v13 logs a warning). */
  static migrateDataSafe(source: Plain): Plain {
    try {
      this.migrateData(source);
    } catch {
      // v13 logs "Failed data migration for <Model>" and carries on with the source as it is.
    }
    return source;
  }
  /** v13 `DataModel.cleanData(source, options)`: the schema cleans the source in place and returns it. */
  static cleanData(source: Plain = {}, options: CleanOptions = {}): Plain {
    return this.schema.clean(source, options) as Plain;
  }
  /** v13 `DataModel.validateJoint`: checks across fields; the base has none. */
  static validateJoint(_data: Plain): void {}

  declare parent: unknown;
  declare _source: Plain;
  /**
   * v13 `DataModel` constructor: `_initializeSource` (migrateDataSafe, then cleanData) and a sealed
   * `_source`; then `validate({ strict, fallback: !strict, fields: true, joint: true })`, which throws a
   * DataModelValidationError when strict (the default) and something cleaning could not mend is
   * invalid; then each field's value is initialized onto the model.
   */
  constructor(data: Plain = {}, { parent = null, strict = true, fallback }: { parent?: unknown; strict?: boolean; fallback?: boolean } = {}) {
    const Model = this.constructor as typeof TypeDataModel;
    Object.defineProperty(this, "parent", { value: parent, writable: false, enumerable: false });
    const migrated = Model.migrateDataSafe(data);
    if (getType(migrated) !== "Object") throw new Error(`${Model.name} was incorrectly constructed with a ${getType(migrated)} instead of an object.`);
    Object.defineProperty(this, "_source", { value: Object.seal(Model.cleanData(migrated)), writable: false, enumerable: false });
    this.validate({ strict, fallback: fallback ?? !strict, fields: true, joint: true });
    this._initialize();
  }
  /** v13 `DataModel#_initialize`: each field's initialized source value becomes a property. */
  protected _initialize(): void {
    const Model = this.constructor as typeof TypeDataModel;
    // Type escape: the fields become properties the class does not declare (as v13 assigns them).
    for (const [name, field] of Model.schema.entries()) (this as unknown as Plain)[name] = field.initialize(this._source[name]);
  }
  get schema(): SchemaField {
    return (this.constructor as typeof TypeDataModel).schema;
  }
  /**
   * v13 `DataModel#validate`: the source, or `changes` (validated partially unless `joint`), optionally
   * cleaned first; a field failure throws when `strict` (message "<Model> validation errors:" and the
   * failure tree), else it is only recorded; then joint validation. Returns whether nothing is unresolved.
   */
  validate({ changes, clean = false, fallback = false, strict = true, fields = true, joint }: ModelValidateOptions = {}): boolean {
    const Model = this.constructor as typeof TypeDataModel;
    let source = changes ?? this._source;
    joint = joint ?? !changes;
    const partial = !joint;
    if (partial && !clean) source = structuredClone(source);
    if (clean) Model.cleanData(source, { partial });
    let invalid = false;
    if (fields) {
      const failure = Model.schema.validate(source, { partial, fallback });
      if (failure) {
        failure.message = `${Model.name} validation errors:`;
        if (strict && failure.unresolved) throw failure.asError();
        invalid = failure.unresolved;
      }
    }
    if (joint) {
      try {
        Model.validateJoint(source);
      } catch (err) {
        const failure = new DataModelValidationFailure({ message: `${Model.name} Joint Validation Error:\n${(err as Error).message}`, unresolved: true });
        if (strict) throw failure.asError();
        invalid = true;
      }
    }
    return !invalid;
  }
  /** v13 `DataModel#toObject(true)`: a copy of the source. */
  toObject(): Plain {
    return structuredClone(this._source);
  }
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
}

export const fields = { DataField, NumberField, StringField, HTMLField, BooleanField, SchemaField, ArrayField, SetField };
export const validation = { DataModelValidationFailure, DataModelValidationError };

/**
 * Stand-ins for `foundry.data.fields` and `foundry.abstract.TypeDataModel`, faithful to Foundry
 * v13's documented behaviour for the options our schemas use:
 * - `initial` (a value or a function) gives the default; `required`/`nullable`/`blank` as documented;
 * - `NumberField`: `integer`, `min`, `max` reject a value outside them (Foundry rejects the update);
 * - `StringField`: `choices` rejects other values (blank allowed when `blank: true`);
 * - `validate` option: a function that throws or returns false rejects the value;
 * - `SchemaField` validates each field, `ArrayField`/`SetField` each element.
 * `TypeDataModel` builds its source from the schema's initial values merged with the given data and
 * exposes `parent`; `validateSource` returns the failures as "path: reason" strings.
 */

type Options = Record<string, unknown>;

export class DataField {
  options: Options;
  constructor(options: Options = {}) {
    this.options = options;
  }
  getInitialValue(): unknown {
    const initial = this.options.initial;
    return typeof initial === "function" ? (initial as () => unknown)() : structuredClone(initial);
  }
  /**
   * v13 common/data/fields.mjs `DataField#clean`: a missing value becomes the field's initial value
   * (what `validate({ clean: true })` and document creation do before validating).
   */
  clean(value: unknown): unknown {
    return value === undefined ? this.getInitialValue() : value;
  }
  /** Failures as "path: reason"; empty when valid. */
  validate(value: unknown, path: string): string[] {
    if (value === undefined || value === null) {
      return this.options.nullable || !this.options.required ? [] : [`${path}: may not be empty`];
    }
    const own = this._validateType(value, path);
    if (own.length) return own;
    const custom = this.options.validate as ((v: unknown) => unknown) | undefined;
    if (custom) {
      try {
        if (custom(value) === false) return [`${path}: failed validation`];
      } catch (err) {
        return [`${path}: ${(err as Error).message}`];
      }
    }
    return [];
  }
  protected _validateType(_value: unknown, _path: string): string[] {
    return [];
  }
}

export class NumberField extends DataField {
  protected override _validateType(value: unknown, path: string): string[] {
    const { integer, min, max } = this.options as { integer?: boolean; min?: number; max?: number };
    if (typeof value !== "number" || Number.isNaN(value)) return [`${path}: must be a number`];
    if (integer && !Number.isInteger(value)) return [`${path}: must be an integer`];
    if (min !== undefined && value < min) return [`${path}: must be at least ${min}`];
    if (max !== undefined && value > max) return [`${path}: must be at most ${max}`];
    return [];
  }
}

export class StringField extends DataField {
  protected override _validateType(value: unknown, path: string): string[] {
    if (typeof value !== "string") return [`${path}: must be a string`];
    if (value === "") return this.options.blank === false || (this.options.blank === undefined && this.options.choices) ? [`${path}: may not be blank`] : [];
    const choices = this.options.choices as string[] | Record<string, string> | undefined;
    if (choices) {
      const keys = Array.isArray(choices) ? choices : Object.keys(choices);
      if (!keys.includes(value)) return [`${path}: "${value}" is not a valid choice`];
    }
    return [];
  }
}

export class HTMLField extends StringField {}

export class BooleanField extends DataField {
  protected override _validateType(value: unknown, path: string): string[] {
    return typeof value === "boolean" ? [] : [`${path}: must be a boolean`];
  }
}

export class SchemaField extends DataField {
  fields: Record<string, DataField>;
  constructor(fields: Record<string, DataField>, options: Options = {}) {
    super({ required: true, ...options });
    this.fields = fields;
  }
  override getInitialValue(): Record<string, unknown> {
    return Object.fromEntries(Object.entries(this.fields).map(([k, f]) => [k, f.getInitialValue()]));
  }
  /** `SchemaField#_cleanType`: each field of an object cleans its own value. */
  override clean(value: unknown): unknown {
    if (value === undefined) return this.getInitialValue();
    if (!value || typeof value !== "object" || Array.isArray(value)) return value;
    const v = value as Record<string, unknown>;
    return { ...v, ...Object.fromEntries(Object.entries(this.fields).map(([k, f]) => [k, f.clean(v[k])])) };
  }
  protected override _validateType(value: unknown, path: string): string[] {
    if (typeof value !== "object" || Array.isArray(value)) return [`${path}: must be an object`];
    return Object.entries(this.fields).flatMap(([k, f]) => f.validate((value as Record<string, unknown>)[k], path ? `${path}.${k}` : k));
  }
}

export class ArrayField extends DataField {
  element: DataField;
  constructor(element: DataField, options: Options = {}) {
    super({ required: true, initial: () => [], ...options });
    this.element = element;
  }
  /** `ArrayField#_cleanType`: each element is cleaned by the element field. */
  override clean(value: unknown): unknown {
    if (value === undefined) return this.getInitialValue();
    return Array.isArray(value) ? value.map((v) => this.element.clean(v)) : value;
  }
  protected override _validateType(value: unknown, path: string): string[] {
    if (!Array.isArray(value) && !(value instanceof Set)) return [`${path}: must be an array`];
    return [...value].flatMap((v, i) => this.element.validate(v, `${path}.${i}`));
  }
}

export class SetField extends ArrayField {}

export class TypeDataModel {
  static LOCALIZATION_PREFIXES: string[] = [];
  static defineSchema(): Record<string, DataField> {
    return {};
  }
  static get schema(): SchemaField {
    return new SchemaField(this.defineSchema());
  }
  /** v13 common/abstract/data.mjs `DataModel.migrateData`: the base migrates nothing; subclasses override it. */
  static migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }
  parent: unknown;
  /** Like v13's `_initializeSource`: the source is migrated (`migrateDataSafe`) before it is cleaned. */
  constructor(data: Record<string, unknown> = {}, { parent = null }: { parent?: unknown } = {}) {
    const Model = this.constructor as typeof TypeDataModel;
    const source = deepMerge(Model.schema.getInitialValue(), Model.migrateData(structuredClone(data)));
    Object.assign(this, source);
    this.parent = parent;
  }
  /** v13 `DataModel.cleanData`: missing fields take their initial values, recursively. */
  static cleanData(data: Record<string, unknown>): Record<string, unknown> {
    return this.schema.clean(data) as Record<string, unknown>;
  }
  static validateSource(data: Record<string, unknown>): string[] {
    return this.schema.validate(deepMerge(this.schema.getInitialValue(), data), "");
  }
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
}

function deepMerge(base: Record<string, unknown>, data: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [k, v] of Object.entries(data)) {
    const b = out[k];
    out[k] = v && typeof v === "object" && !Array.isArray(v) && b && typeof b === "object" && !Array.isArray(b)
      ? deepMerge(b as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  return out;
}

export const fields = { DataField, NumberField, StringField, HTMLField, BooleanField, SchemaField, ArrayField, SetField };

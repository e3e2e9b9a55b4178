// The data-field stand-ins, pinned against Foundry v13's common/data/fields.mjs, common/abstract/data.mjs
// and common/data/validation-failure.mjs: cleaning comes before validation and mends what it can.
import { describe, expect, it } from "vitest";
import {
  ArrayField, BooleanField, DataModelValidationError, HTMLField, NumberField, SchemaField, SetField, StringField, TypeDataModel,
} from "./data-fields.ts";

const int = (min: number, max: number, initial = 0) => new NumberField({ required: true, nullable: false, integer: true, min, max, initial });

class Sheet extends TypeDataModel {
  static override defineSchema() {
    return {
      might: int(-5, 5),
      stamina: new SchemaField({ value: int(-9999, 9999, 10), temporary: int(0, 9999) }),
      name: new StringField({ required: true, blank: true, initial: "" }),
      kind: new StringField({ required: true, blank: false, initial: "reach", choices: { reach: "Reach", ranged: "Ranged" } }),
      flying: new BooleanField({ required: true, initial: false }),
      skills: new SetField(new StringField({ required: true, blank: false, choices: ["climb", "swim"] })),
      tiers: new ArrayField(int(0, 9999), {
        initial: [0, 0, 0],
        validate: (v: unknown) => {
          if (!Array.isArray(v) || v.length !== 3) throw new Error("needs exactly three numbers");
        },
      }),
      notes: new HTMLField(),
    };
  }
}

describe("v13 cleaning (DataField#clean before validation)", () => {
  it("clamps numbers into min..max: might 6 is stored as 5, 1e20 as 9999, -1e20 as the minimum", () => {
    expect(Sheet.cleanData({ might: 6, stamina: { value: 1e20, temporary: -3 } })).toMatchObject({ might: 5, stamina: { value: 9999, temporary: 0 } });
    expect(new Sheet({ stamina: { value: -1e20 } })._source.stamina).toEqual({ value: -9999, temporary: 0 });
    expect(Sheet.cleanData({ might: Infinity }).might).toBe(5);
  });

  it("rounds integers (Math.round), then clamps", () => {
    expect(Sheet.cleanData({ might: 1.5, stamina: { value: 2.4, temporary: -0.4 } })).toMatchObject({ might: 2, stamina: { value: 2, temporary: 0 } });
    expect(Sheet.cleanData({ might: 4.6 }).might).toBe(5);
  });

  it("casts: a number from a string, a boolean from a number or a string, a string from a number", () => {
    expect(Sheet.cleanData({ might: "3", flying: 1, name: 42 })).toMatchObject({ might: 3, flying: true, name: "42" });
    expect(Sheet.cleanData({ flying: "true" }).flying).toBe(true);
    expect(Sheet.cleanData({ flying: "yes" }).flying).toBe(false);
    expect(Sheet.cleanData({ flying: 0 }).flying).toBe(false);
    // "x" casts to NaN, which no cleaning mends: validation refuses it.
    expect(Sheet.cleanData({ might: "x" }).might).toBeNaN();
  });

  it("trims strings, and a trimmed blank where blank is not allowed becomes the initial value", () => {
    expect(Sheet.cleanData({ name: "  Korva  ", kind: " ranged " })).toMatchObject({ name: "Korva", kind: "ranged" });
    expect(Sheet.cleanData({ kind: "   " }).kind).toBe("reach");
  });

  it("turns null into the initial value where null is not allowed, and keeps it where it is", () => {
    expect(Sheet.cleanData({ might: null, name: null, flying: null, skills: null })).toMatchObject({ might: 0, name: "", flying: false, skills: [] });
    expect(new NumberField({ nullable: true, initial: 3 }).clean(null)).toBeNull();
    expect(new NumberField({ nullable: true }).clean("")).toBeNull();
  });

  it("wraps a single value into a list (ArrayField, SetField); an object of indices becomes an array", () => {
    expect(Sheet.cleanData({ skills: "climb", tiers: 4 })).toMatchObject({ skills: ["climb"], tiers: [4] });
    expect(Sheet.cleanData({ skills: new Set(["swim"]), tiers: { 0: 1, 1: "2", 2: 3 } })).toMatchObject({ skills: ["swim"], tiers: [1, 2, 3] });
  });

  it("drops keys the schema does not define, at every depth (SchemaField#_cleanType)", () => {
    const cleaned = Sheet.cleanData({ might: 1, extra: 1, stamina: { value: 3, max: 30 } });
    expect(cleaned).not.toHaveProperty("extra");
    expect(cleaned.stamina).toEqual({ value: 3, temporary: 0 });
    expect(new Sheet({ stamina: { max: 30 } })._source.stamina).toEqual({ value: 10, temporary: 0 });
  });

  it("fills missing fields with their initial values, except in a partial clean (an update's changes)", () => {
    expect(Sheet.cleanData({})).toEqual({ might: 0, stamina: { value: 10, temporary: 0 }, name: "", kind: "reach", flying: false, skills: [], tiers: [0, 0, 0], notes: "" });
    expect(Sheet.cleanData({ stamina: { value: 1e20, max: 3 }, extra: 1 }, { partial: true })).toEqual({ stamina: { value: 9999 } });
    // Deletion and replacement keys of defined fields survive a partial clean; others do not.
    expect(Sheet.cleanData({ "-=name": null, "==stamina": { value: 1e9 }, "-=extra": null }, { partial: true }))
      .toEqual({ "-=name": null, "==stamina": { value: 9999, temporary: 0 } });
  });
});

describe("v13 validation", () => {
  it("a field's validate returns a DataModelValidationFailure, never throws", () => {
    const failure = Sheet.schema.validate({ ...Sheet.cleanData({}), might: 6, kind: "bonus" });
    expect(failure?.unresolved).toBe(true);
    expect(failure?.fields.might?.message).toBe("must be at most 5");
    expect(failure?.fields.kind?.message).toBe("bonus is not a valid choice");
    expect(Sheet.schema.validate(Sheet.cleanData({}))).toBeUndefined();
    expect(Sheet.schema.validate({ might: 1 }, { partial: true })).toBeUndefined();
    expect(Sheet.schema.validate({ might: 1 })?.fields.stamina?.message).toBe("may not be undefined");
  });

  it("construction validates strictly: what cleaning cannot mend throws a DataModelValidationError", () => {
    const build = (data: Record<string, unknown>) => () => new Sheet(data);
    expect(build({ might: 6, flying: 1 })).not.toThrow();
    for (const bad of [{ kind: "bonus" }, { skills: ["climb", "brew"] }, { tiers: [1, 2] }, { might: "x" }]) {
      expect(build(bad)).toThrow(DataModelValidationError);
    }
    try {
      new Sheet({ kind: "bonus", tiers: [1, 2], skills: ["brew"] });
      expect.unreachable();
    } catch (err) {
      const e = err as DataModelValidationError;
      expect(e.message).toBe("Sheet validation errors:\n  kind: bonus is not a valid choice\n  skills: \n    0: brew is not a valid choice\n  tiers: needs exactly three numbers");
      expect(Object.keys(e.getAllFailures()!)).toEqual(["kind", "skills.0", "tiers"]);
      expect(e.getFailure("skills.0")?.invalidValue).toBe("brew");
    }
  });

  it("non-strict construction falls back to initial values (and drops invalid set elements) instead", () => {
    const s = new Sheet({ kind: "bonus", skills: ["climb", "brew"] }, { strict: false });
    expect(s._source).toMatchObject({ kind: "reach", skills: ["climb"] });
  });

  it("DataModel#validate: changes are validated partially, optionally cleaned first; strict throws", () => {
    const s = new Sheet({});
    expect(s.validate({ changes: { might: 6 }, strict: false })).toBe(false);
    expect(() => s.validate({ changes: { might: 6 } })).toThrow("might: must be at most 5");
    const changes = { might: 6 };
    expect(s.validate({ changes, clean: true })).toBe(true);
    expect(changes).toEqual({ might: 5 });
  });

  it("the model holds each field's initialized value: a SetField's is a Set, the source keeps the array", () => {
    const s = new Sheet({ skills: ["climb"] }) as Sheet & { skills: Set<string>; might: number };
    expect(s.skills).toEqual(new Set(["climb"]));
    expect(s._source.skills).toEqual(["climb"]);
    expect(Object.isSealed(s._source)).toBe(true);
  });
});

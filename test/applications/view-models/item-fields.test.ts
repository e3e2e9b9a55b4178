import { describe, expect, it } from "vitest";
import { installFoundryHarness } from "../../harness/foundry.ts";
import { arraysFromIndexedObjects, itemFieldRows, itemSheetRows } from "../../../src/applications/view-models/item-fields.ts";
import type { FieldNode } from "../../../src/applications/view-models/item-fields.ts";
import { kindOfFields } from "../../../src/applications/view-models/field-kinds.ts";
import { fields } from "../../harness/data-fields.ts";

installFoundryHarness();
const { ITEM_MODELS } = await import("../../../src/data/index.ts");

const rowsFor = (type: keyof typeof ITEM_MODELS, data: object = {}) => {
  const Model = ITEM_MODELS[type] as unknown as { schema: { fields: Record<string, FieldNode> }; new (d: object): object };
  return itemFieldRows(Model.schema.fields, new Model(data), kindOfFields(fields));
};

describe("generic item sheet rows", () => {
  it("flattens nested fields into form names with their values", () => {
    const rows = rowsFor("kit", { bonuses: { stamina: 9 } });
    expect(rows.map((r) => r.name)).toContain("system.bonuses.stamina");
    expect(rows.find((r) => r.name === "system.bonuses.stamina")!.value).toBe(9);
    expect(rows.find((r) => r.name === "system.description")!.kind).toBe("html");
    expect(rows.find((r) => r.name === "system.armor")!.kind).toBe("chips");
  });
  it("marks the ability's tiers (records holding lists) for their own editor, flat records as tables, strings as lines", () => {
    expect(rowsFor("ability").find((r) => r.name === "system.tiers")!.kind).toBe("nested");
    expect(rowsFor("ability").find((r) => r.name === "system.spend")!.kind).toBe("table");
    expect(rowsFor("class").find((r) => r.name === "system.features")!.kind).toBe("table");
    expect(rowsFor("class").find((r) => r.name === "system.subclasses")!.kind).toBe("lines");
    expect(rowsFor("kit").find((r) => r.name === "system.grants")!.kind).toBe("lines");
  });
  it("edits per-tier damage bonuses as three numbers and turns them back into arrays on submit", () => {
    const row = rowsFor("kit", { bonuses: { meleeDamage: [0, 0, 4] } }).find((r) => r.name === "system.bonuses.meleeDamage")!;
    expect(row).toMatchObject({ kind: "tiers", value: [0, 0, 4] });
    expect(arraysFromIndexedObjects({ system: { bonuses: { meleeDamage: { 0: 1, 1: 2, 2: 3 }, stamina: 9 }, skills: ["a"] } }))
      .toEqual({ system: { bonuses: { meleeDamage: [1, 2, 3], stamina: 9 }, skills: ["a"] } });
    expect(arraysFromIndexedObjects({ a: { 1: "x" } })).toEqual({ a: { 1: "x" } });
  });
  it("marks rich-text rows, and only them, for the enriched (toggled) editor", () => {
    const Model = ITEM_MODELS.class as unknown as { schema: { fields: Record<string, FieldNode> }; new (d: object): object };
    const rows = itemSheetRows("class", Model.schema.fields, new Model({}), kindOfFields(fields), (k) => k);
    expect(rows.filter((r) => r.isHtml).map((r) => r.name)).toEqual(["system.description"]);
  });
  it("covers every item type", () => {
    for (const type of Object.keys(ITEM_MODELS) as (keyof typeof ITEM_MODELS)[]) expect(rowsFor(type).length, type).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { installFoundryHarness } from "../../harness/foundry.ts";
import { fields } from "../../harness/data-fields.ts";
import { langI18n } from "../../harness/handlebars-helpers.ts";
import { kindOfFields } from "../../../src/applications/view-models/field-kinds.ts";
import { editListRows, itemPlayView, readItemForm, uuidsIn } from "../../../src/applications/view-models/item-sheet.ts";
import type { FieldNode } from "../../../src/applications/view-models/item-fields.ts";

installFoundryHarness();
const { ITEM_MODELS } = await import("../../../src/data/index.ts");
const lang = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../lang/en.json"), "utf8"));
const i18n = langI18n(lang);
const kindOf = kindOfFields(fields);
const schemaOf = (type: keyof typeof ITEM_MODELS) => (ITEM_MODELS[type] as unknown as { schema: { fields: Record<string, FieldNode> } }).schema.fields;

describe("item sheet view-model", () => {
  it("reads one-a-line lists back as trimmed, non-blank lines, and chips as their allowed checked values", () => {
    const out = readItemForm({ subclasses: " Berserker\n\nReaver \r\nStormwight", grants: "" }, { schemaFields: schemaOf("class"), kindOf });
    expect(out).toEqual({ subclasses: ["Berserker", "Reaver", "Stormwight"], grants: [] });
    expect(readItemForm({ armor: ["heavy", null, "plate?"], weapons: null }, { schemaFields: schemaOf("kit"), kindOf }))
      .toEqual({ armor: ["heavy"], weapons: [] });
    // A field the form did not send is left as stored.
    expect(readItemForm({ kitType: "caster" }, { schemaFields: schemaOf("kit"), kindOf })).toEqual({ kitType: "caster" });
  });

  it("adds a blank row to a list of records and removes one by index, leaving the stored list untouched", () => {
    const stored = [{ level: 1, uuid: "a" }, { level: 2, uuid: "b" }];
    expect(editListRows(stored, { add: { level: 1, uuid: "" } })).toEqual([...stored, { level: 1, uuid: "" }]);
    expect(editListRows(stored, { remove: 0 })).toEqual([{ level: 2, uuid: "b" }]);
    expect(editListRows(stored, { remove: 5 })).toEqual(stored);
    expect(stored).toHaveLength(2);
  });

  it("finds every UUID an item points to, and names one it cannot resolve as not found", () => {
    const system = { features: [{ level: 1, uuid: "Compendium.steel-echoes.classes.Item.x" }], grants: ["Compendium.steel-echoes.abilities.Item.y"], subclass: "Reaver" };
    expect([...uuidsIn(system)]).toEqual(["Compendium.steel-echoes.classes.Item.x", "Compendium.steel-echoes.abilities.Item.y"]);
    const Model = ITEM_MODELS.class as unknown as new (d: object) => object;
    const view = itemPlayView({
      type: "class", name: "Fury", img: "", system: new Model({ ...system, heroicResource: { name: "Rage", gain: "1d3" } }), schemaFields: schemaOf("class"), kindOf,
      mode: "play", editable: false, enriched: {}, resolve: (u) => (u.endsWith(".y") ? { name: "Brutal Slam", type: "ability" } : null),
    }, i18n);
    expect(view.grants!.features).toEqual(["Level 1: Compendium.steel-echoes.classes.Item.x (not found)"]);
    expect(view.grants!.abilities).toEqual(["Brutal Slam"]);
    expect(view.groups.flatMap((g) => g.facts)).toContainEqual({ label: "Subclass", value: "Reaver" });
  });
});

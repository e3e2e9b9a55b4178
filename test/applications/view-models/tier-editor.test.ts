import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import Handlebars from "handlebars";
import { editTierRows, tierEditorContext } from "../../../src/applications/view-models/tier-editor.ts";
import type { AbilityTierData } from "../../../src/applications/view-models/ability.ts";
import { langI18n, registerFoundryHelpers } from "../../harness/handlebars-helpers.ts";
import { installFoundryHarness } from "../../harness/foundry.ts";
import { schemaHasPath, systemFieldNames } from "../../harness/schema-paths.ts";
import { ITEM_SHEET_ACTIONS } from "../../../src/applications/sheets/actions.ts";

installFoundryHarness();
const { AbilityModel } = await import("../../../src/data/ability.ts");
const ROOT = path.resolve(import.meta.dirname, "../../..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
const i18n = langI18n(lang);

const tiers: AbilityTierData[] = [
  { damage: { value: "3", type: "" }, forced: [{ kind: "push", distance: 1, vertical: false }], conditions: [], text: "" },
  { damage: { value: "6", type: "fire" }, forced: [], conditions: [{ id: "restrained", duration: "resistance", characteristic: "might" }], text: "" },
  { damage: { value: "2d6 + 8", type: "" }, forced: [], conditions: [], text: "the target is dazed" },
];

describe("tier editor", () => {
  it("names every input after its place in the ability's data", () => {
    const ctx = tierEditorContext(tiers, i18n);
    expect(ctx[0]!.damage.name).toBe("system.tiers.0.damage.value");
    expect(ctx[0]!.forced[0]!.distanceName).toBe("system.tiers.0.forced.0.distance");
    expect(ctx[1]!.damage.types.find((t) => t.selected)!.value).toBe("fire");
    expect(ctx[1]!.conditions[0]!.durations.find((d) => d.selected)!.label).toBe("Resistance ends");
    expect(ctx[1]!.conditions[0]!.characteristics.find((d) => d.selected)!.label).toBe("Might");
  });

  it("adds and removes forced movement and condition rows without touching the original", () => {
    const added = editTierRows(tiers, 2, "forced", { add: true });
    expect(added[2]!.forced).toEqual([{ kind: "push", distance: 1, vertical: false }]);
    expect(tiers[2]!.forced).toEqual([]);
    expect(editTierRows(tiers, 1, "conditions", { remove: 0 })[1]!.conditions).toEqual([]);
    expect(editTierRows(tiers, 5, "forced", { add: true })).toEqual(tiers);
  });

  it("renders with known keys, names that exist in the schema and only the sheet's actions", () => {
    const hbs = Handlebars.create();
    const missing = registerFoundryHelpers(hbs, lang);
    const html = hbs.compile(readFileSync(path.join(ROOT, "templates/item/tier-editor.hbs"), "utf8"))({ tierEditor: tierEditorContext(tiers, i18n), editable: true });
    expect([...missing]).toEqual([]);
    const names = systemFieldNames(html);
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(schemaHasPath(AbilityModel.schema, name), name).toBe(true);
    for (const [, action] of html.matchAll(/data-action="([^"]+)"/g)) expect(ITEM_SHEET_ACTIONS as readonly string[]).toContain(action);
  });
});

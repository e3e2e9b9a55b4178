// Submitting the item sheet: per-tier inputs arrive keyed 0..2 and must be arrays before v13's
// _prepareSubmitData validates them against the data model (test/harness/foundry.ts DocumentSheetV2).
import { describe, expect, it } from "vitest";
import { installFoundryHarness } from "../../harness/foundry.ts";
import { ABILITIES } from "../../fixtures/ability-use.ts";
import type { TypeDataModel } from "../../harness/data-fields.ts";

installFoundryHarness();
const { SteelEchoesItemSheet } = await import("../../../src/applications/sheets/item-sheet.ts");
const { AbilityModel: RealModel } = await import("../../../src/data/ability.ts");
// A form is submitted only from a rendered sheet, whose first render loaded the sheets' code (src/applications/sheets/lazy-sheets.ts).
await (await import("../../../src/applications/sheets/lazy-sheets.ts")).sheetParts();
// Type escape: the League's types describe Foundry's TypeDataModel; under the harness the model
// extends the stand-in (test/harness/data-fields.ts), whose static API is what this test calls.
const AbilityModel = RealModel as unknown as typeof TypeDataModel;

/** A form's flat data: every leaf under its dotted name, array items by index (as FormDataExtended). */
function formObject(value: unknown, prefix = "", out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) formObject(v, prefix ? `${prefix}.${k}` : k, out);
  else out[prefix] = value;
  return out;
}

const abilityDocument = {
  type: "ability",
  // The sheet reads the item's schema from its data model instance (`item.system.schema`).
  system: { schema: AbilityModel.schema },
  /**
   * v13 common/abstract/data.mjs `DataModel#validate({ changes, clean: true })` on the item: the
   * changes are cleaned in place (partially: `system` by the ability model, TypeDataField#_cleanType),
   * then validated partially and strictly, throwing a DataModelValidationError.
   */
  validate({ changes }: { changes: { system?: Record<string, unknown> } }) {
    if (!changes.system) return true;
    changes.system = AbilityModel.cleanData(changes.system, { partial: true });
    const failure = AbilityModel.schema.validate(changes.system, { partial: true });
    if (failure?.unresolved) throw failure.asError();
    return true;
  },
};

describe("item sheet submit", () => {
  it("turns the tier rows into arrays before Foundry validates the form", () => {
    const sheet = new SteelEchoesItemSheet({ document: abilityDocument } as never) as unknown as { _prepareSubmitData(e: null, f: null, d: { object: object }): { system: { tiers: unknown[] } } };
    const form = formObject({ name: "Brutal Slam", system: { tiers: ABILITIES.brutalSlam!.tiers } });
    expect(Object.keys(form)).toContain("system.tiers.0.damage.value");
    const data = sheet._prepareSubmitData(null, null, { object: form });
    expect(Array.isArray(data.system.tiers)).toBe(true);
    expect(data.system.tiers).toHaveLength(3);
    expect(data.system.tiers[2]).toMatchObject({ damage: { value: "12" } });
  });

  it("still refuses a form whose tiers are not three", () => {
    const sheet = new SteelEchoesItemSheet({ document: abilityDocument } as never) as unknown as { _prepareSubmitData(e: null, f: null, d: { object: object }): unknown };
    const form = formObject({ system: { tiers: ABILITIES.brutalSlam!.tiers.slice(0, 2) } });
    expect(() => sheet._prepareSubmitData(null, null, { object: form })).toThrow(/tiers: /);
  });

  it("reads the checkbox chips back: the checked keywords and characteristics, unchecked boxes (null) and unknown values dropped", () => {
    const sheet = new SteelEchoesItemSheet({ document: abilityDocument } as never) as unknown as { _prepareSubmitData(e: null, f: null, d: { object: object }): { system: { keywords: string[]; power: { characteristics: string[] } } } };
    const form = {
      "system.keywords": ["attack", null, "melee", "bogus", null], "system.power.characteristics": ["might", null],
      ...formObject({ system: { tiers: ABILITIES.brutalSlam!.tiers } }),
    };
    const data = sheet._prepareSubmitData(null, null, { object: form });
    expect(data.system.keywords).toEqual(["attack", "melee"]);
    expect(data.system.power.characteristics).toEqual(["might"]);
    // Every box unchecked: the set is emptied, not left as stored.
    const none = sheet._prepareSubmitData(null, null, { object: { "system.keywords": [null, null], ...formObject({ system: { tiers: ABILITIES.brutalSlam!.tiers } }) } });
    expect(none.system.keywords).toEqual([]);
  });

  it("turns the spend rows (records keyed 0..n) into an array of records", () => {
    const sheet = new SteelEchoesItemSheet({ document: abilityDocument } as never) as unknown as { _prepareSubmitData(e: null, f: null, d: { object: object }): { system: { spend: unknown[] } } };
    const form = { "system.spend.0.amount": 2, "system.spend.0.text": "push 2 more", "system.spend.1.amount": 1, "system.spend.1.text": "slide" };
    expect(sheet._prepareSubmitData(null, null, { object: form }).system.spend).toEqual([{ amount: 2, text: "push 2 more" }, { amount: 1, text: "slide" }]);
  });
});

// Submitting the item sheet: per-tier inputs arrive keyed 0..2 and must be arrays before v13's
// _prepareSubmitData validates them against the data model (test/harness/foundry.ts DocumentSheetV2).
import { describe, expect, it } from "vitest";
import { installFoundryHarness } from "../../harness/foundry.ts";
import { ABILITIES } from "../../fixtures/ability-use.ts";

installFoundryHarness();
const { SteelEchoesItemSheet } = await import("../../../src/applications/sheets/item-sheet.ts");
const { AbilityModel: RealModel } = await import("../../../src/data/ability.ts");
// The harness's TypeDataModel (test/harness/data-fields.ts) gives the model these static methods.
const AbilityModel = RealModel as unknown as { validateSource(d: object): string[]; cleanData(d: object): object };

/** A form's flat data: every leaf under its dotted name, array items by index (as FormDataExtended). */
function formObject(value: unknown, prefix = "", out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) formObject(v, prefix ? `${prefix}.${k}` : k, out);
  else out[prefix] = value;
  return out;
}

const abilityDocument = {
  type: "ability",
  /** v13 DataModel#validate({ changes, clean: true }): cleaned, then throws when the changes do not fit the schema. */
  validate({ changes }: { changes: { system?: Record<string, unknown> } }) {
    const failures = AbilityModel.validateSource(AbilityModel.cleanData(changes.system ?? {}));
    if (failures.length) throw new Error(failures.join("; "));
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
    expect(() => sheet._prepareSubmitData(null, null, { object: form })).toThrow();
  });
});

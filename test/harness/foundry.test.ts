// The harness stands in for Foundry in other tests, so its own behaviour is pinned here.
import { beforeEach, describe, expect, it } from "vitest";
import { harness, installFoundryHarness, renderTemplate } from "./foundry.ts";
import { format, lookup } from "./handlebars-helpers.ts";

installFoundryHarness();
beforeEach(() => harness.reset());

describe("Foundry harness: templates, localisation", () => {
  it("renders project templates with a localize helper that escapes and records unknown keys", async () => {
    const html = await renderTemplate("systems/steel-echoes/templates/chat/hidden-roll.hbs", { messageKey: "SE.PowerRoll.Hidden" });
    expect(html).toContain("A power roll was made in secret.");
    await renderTemplate("systems/steel-echoes/templates/chat/hidden-roll.hbs", { messageKey: "SE.Nope" });
    expect([...harness.missingKeys]).toEqual(["SE.Nope"]);
  });
  it("formats like Foundry's i18n.format and looks up nested keys", () => {
    expect(format("Tier {tier} of {max}", { tier: 2 })).toBe("Tier 2 of {max}");
    expect(lookup({ A: { B: "x" } }, "A.B")).toBe("x");
    expect(lookup({ A: { B: "x" } }, "A")).toBeUndefined();
  });
});

describe("schemaHasPath", async () => {
  const { schemaHasPath } = await import("./schema-paths.ts");
  const { AbilityModel } = await import("../../src/data/ability.ts");
  it("finds nested fields and array elements, and rejects unknown names", () => {
    expect(schemaHasPath(AbilityModel.schema, "system.tiers.2.forced.0.distance")).toBe(true);
    expect(schemaHasPath(AbilityModel.schema, "system.distance.kind")).toBe(true);
    expect(schemaHasPath(AbilityModel.schema, "system.tiers.0.nope")).toBe(false);
    expect(schemaHasPath(AbilityModel.schema, "system.nope")).toBe(false);
  });
});

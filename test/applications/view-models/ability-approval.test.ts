import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import Handlebars from "handlebars";
import { abilityApprovalContext, abilityFieldLabel } from "../../../src/applications/view-models/ability-approval.ts";
import { abilityChanges, abilityRulesFields } from "../../../src/rules/index.ts";
import { langI18n, registerFoundryHelpers } from "../../harness/handlebars-helpers.ts";
import { ABILITIES } from "../../fixtures/ability-use.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
const missing = new Set<string>();
const i18n = langI18n(lang, missing);
const hbs = Handlebars.create();
registerFoundryHelpers(hbs, lang, missing);
const template = hbs.compile(readFileSync(path.join(ROOT, "templates/dialog/ability-approval.hbs"), "utf8"));

const slam = ABILITIES.brutalSlam!;
const edited = {
  ...slam,
  tiers: slam.tiers.map((t, i) => (i === 1 ? { ...t, damage: { ...t.damage, value: "30" }, conditions: [{ id: "restrained", duration: "EoT", characteristic: "" }] } : t)),
};

describe("the Director's approval prompt", () => {
  it("names each changed field in words, with the approved and the new value", () => {
    const changes = abilityChanges(abilityRulesFields(slam), abilityRulesFields(edited));
    const ctx = abilityApprovalContext({ itemName: "Brutal Slam", actorName: "Vex", userName: "Mallory", against: "compendium", changes }, i18n);
    expect(ctx.title).toBe("Approve Brutal Slam?");
    expect(ctx.intro).toContain("Mallory used Brutal Slam of Vex");
    expect(ctx.rows).toEqual([
      { field: "Tier 2: damage", before: "8", after: "30" },
      { field: "Tier 2: condition 1", before: "—", after: "restrained" },
      { field: "Tier 2: condition 1, duration", before: "—", after: "EoT" },
    ]);
    const html = template(ctx);
    expect(html.match(/ability-approval__change"/g)).toHaveLength(3);
    expect(missing).toEqual(new Set());
  });

  it("labels every field the fingerprint covers, and escapes what users typed", () => {
    const all = abilityChanges(null, abilityRulesFields({
      ...slam, signature: true, cost: { amount: 3, resource: "heroic" }, distance: { kind: "burst", primary: 2, secondary: 1, within: 5 }, persistent: 1,
      tiers: slam.tiers.map((t) => ({ ...t, damage: { value: "2", type: "fire" }, forced: [{ kind: "slide", distance: 2, vertical: true }], conditions: [{ id: "dazed", duration: "resistance", characteristic: "might" }] })),
    }));
    expect(all.length).toBeGreaterThan(20);
    for (const c of all) expect(abilityFieldLabel(c.path, i18n), c.path).not.toMatch(/^SE\.|\.[a-z0-9]/);
    const html = template(abilityApprovalContext({ itemName: "<b>x</b>", actorName: "Vex", userName: "Mallory", against: "none", changes: [] }, i18n));
    expect(html).not.toContain("<b>x</b>");
    expect(missing).toEqual(new Set());
  });
});

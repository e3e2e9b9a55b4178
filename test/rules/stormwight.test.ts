// The stormwight's forms and their temporary Stamina (seed 004): the kits' forms (L3671, L3717,
// L3767, L3816), Animal Form (L3630–3643) and Regeneration (L3356–3368).
import { describe, expect, it } from "vitest";
import {
  FORM_TEMPORARY_STAMINA, HYBRID_RAGE, STORMWIGHT_KITS, formGrant, formsAvailable, regenerationGrant, regenerationTriggers, stormwightKitOf,
} from "../../src/rules/index.ts";

const boren = stormwightKitOf("Boren")!;
const vuken = stormwightKitOf(" vuken ")!;

describe("the stormwight kits (L3663–3816)", () => {
  it("L3671 boren's bear form, L3717 corven's, L3767 raden's and L3816 vuken's hybrid forms grant 10 the first time in an encounter", () => {
    expect(STORMWIGHT_KITS.map((k) => [k.id, k.animal, k.grants, k.line])).toEqual([
      ["boren", "bear", "animal", 3671], ["corven", "crow", "hybrid", 3717], ["raden", "rat", "hybrid", 3767], ["vuken", "wolf", "hybrid", 3816],
    ]);
    expect(FORM_TEMPORARY_STAMINA).toBe(10);
    expect(stormwightKitOf("Panther")).toBeNull();
    expect(stormwightKitOf(null)).toBeNull();
  });
  it("L3639, L3717: true and animal forms always; a hybrid form at rage 4 or higher, for the kits that have one", () => {
    expect(HYBRID_RAGE).toBe(4);
    expect(formsAvailable(vuken, 3)).toEqual(["true", "animal"]);
    expect(formsAvailable(vuken, 4)).toEqual(["true", "animal", "hybrid"]);
    expect(formsAvailable(boren, 6)).toEqual(["true", "animal"]);
  });
  it("formGrant: the kit's form, once an encounter; other forms nothing", () => {
    expect(formGrant(boren, "animal", [])).toBe(10);
    expect(formGrant(boren, "animal", ["animal"])).toBe(0);
    expect(formGrant(vuken, "animal", [])).toBe(0);
    expect(formGrant(vuken, "hybrid", [])).toBe(10);
    expect(formGrant(vuken, "true", [])).toBe(0);
  });
});

describe("Regeneration (L3356–3368)", () => {
  it("L3364 triggers when Stamina (not only temporary Stamina) is lost and the creature is not dying", () => {
    expect(regenerationTriggers({ staminaBefore: 20, staminaAfter: 14, dying: false })).toBe(true);
    expect(regenerationTriggers({ staminaBefore: 20, staminaAfter: 20, dying: false })).toBe(false);
    expect(regenerationTriggers({ staminaBefore: 2, staminaAfter: -3, dying: true })).toBe(false);
  });
  it("L3366: the form's 10 the first time; once taken, temporary Stamina equal to Might (0 to 5); a form with no grant gives nothing", () => {
    expect(regenerationGrant(vuken, "hybrid", [], 3)).toBe(10);
    expect(regenerationGrant(vuken, "hybrid", ["hybrid"], 3)).toBe(3);
    expect(regenerationGrant(vuken, "hybrid", ["hybrid"], -1)).toBe(0);
    expect(regenerationGrant(vuken, "hybrid", ["hybrid"], 9)).toBe(5);
    expect(regenerationGrant(vuken, "animal", ["hybrid"], 3)).toBe(0);
    expect(regenerationGrant(boren, "animal", ["animal"], 2)).toBe(2);
    expect(regenerationGrant(boren, "true", [], 2)).toBe(0);
  });
});

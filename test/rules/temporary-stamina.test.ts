import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  TEMPORARY_GRANT_MAX, abilityFingerprint, abilityRulesFields, grantTemporaryStamina, temporaryEndsWithEncounter,
  temporaryStaminaAfterEncounter, temporaryStaminaGrant, temporaryStaminaCharacteristic, temporaryStaminaGrantFor, CHARACTERISTICS,
} from "../../src/rules/index.ts";

describe("temporary Stamina (L7226–7234)", () => {
  describe("the grant a tier prints", () => {
    it("reads Armor of the Faithful's three tiers (L2763–2765)", () => {
      expect(temporaryStaminaGrant("Gain 10 temporary Stamina")).toBe(10);
      expect(temporaryStaminaGrant("Gain 15 temporary Stamina")).toBe(15);
      expect(temporaryStaminaGrant("Gain 20 temporary Stamina")).toBe(20);
    });
    it("reads 'gains 5 temporary Stamina' in a sentence (Love domain, L2421)", () => {
      expect(temporaryStaminaGrant("Each ally within 10 squares of you gains 5 temporary Stamina, and gains an edge")).toBe(5);
    });
    it("reads no grant where no number is printed (Regeneration, L3366), none, or beyond the largest", () => {
      expect(temporaryStaminaGrant("you gain temporary Stamina equal to your Might")).toBe(0);
      expect(temporaryStaminaGrant("5 damage; push 2")).toBe(0);
      expect(temporaryStaminaGrant("")).toBe(0);
      expect(temporaryStaminaGrant(`Gain ${TEMPORARY_GRANT_MAX + 1} temporary Stamina`)).toBe(0);
      expect(temporaryStaminaGrant("Gain 0 temporary Stamina")).toBe(0);
    });
    it("reads 'disappears at the end of the encounter' (L2767); without it the grant lasts until a respite (L7234)", () => {
      expect(temporaryEndsWithEncounter("This temporary Stamina disappears at the end of the encounter.")).toBe(true);
      expect(temporaryEndsWithEncounter("Gain 10 temporary Stamina")).toBe(false);
    });
  });

  describe("a grant equal to a characteristic (Regeneration, L3366)", () => {
    const L3366 = "If you can't gain the temporary Stamina from that form because you have already done so this encounter, you gain temporary Stamina equal to your Might.";
    it("names the characteristic, as printed and with 'score', in any case", () => {
      expect(temporaryStaminaCharacteristic(L3366)).toBe("might");
      for (const c of CHARACTERISTICS) {
        expect(temporaryStaminaCharacteristic(`Gain temporary Stamina equal to your ${c.toUpperCase()} score.`)).toBe(c);
      }
      expect(temporaryStaminaCharacteristic("Gain 10 temporary Stamina")).toBeNull();
      expect(temporaryStaminaCharacteristic("deals damage equal to your Might")).toBeNull();
      expect(temporaryStaminaCharacteristic("")).toBeNull();
    });
    it("works the amount out from the user's score, 0 for a negative one, at most the highest score (L3366)", () => {
      for (let might = -5; might <= 5; might++) {
        expect(temporaryStaminaGrantFor(L3366, { might }), `Might ${might}`).toBe(Math.max(might, 0));
      }
      expect(temporaryStaminaGrantFor(L3366, {})).toBe(0);
      expect(temporaryStaminaGrantFor(L3366, { might: 999 })).toBe(5);
      expect(temporaryStaminaGrantFor(L3366, { might: 2.5 })).toBe(0);
      expect(temporaryStaminaGrantFor("Gain temporary Stamina equal to your Presence", { might: 4, presence: 2 })).toBe(2);
    });
    it("a printed number is the grant whatever the scores (L2763)", () => {
      expect(temporaryStaminaGrantFor("Gain 15 temporary Stamina", { might: 3 })).toBe(15);
      expect(temporaryStaminaGrantFor("5 damage", { might: 3 })).toBe(0);
    });
    it("is part of the ability's fingerprint, left out when none (an edit to it waits for the Director)", () => {
      const system = (text: string) => ({ tiers: [{ damage: { value: "", type: "" }, forced: [], conditions: [], text }] });
      expect(abilityRulesFields(system("Gain temporary Stamina equal to your Might")).tiers[0]).toMatchObject({ temporaryStaminaEqualTo: "might" });
      expect(abilityRulesFields(system("Gain 10 temporary Stamina")).tiers[0]).not.toHaveProperty("temporaryStaminaEqualTo");
      expect(abilityFingerprint(abilityRulesFields(system("Gain temporary Stamina equal to your Might"))))
        .not.toBe(abilityFingerprint(abilityRulesFields(system("Gain temporary Stamina equal to your Presence"))));
      // Reworded text with the same characteristic is the same ability.
      expect(abilityFingerprint(abilityRulesFields(system("Gain temporary Stamina equal to your Might"))))
        .toBe(abilityFingerprint(abilityRulesFields(system("You gain temporary Stamina equal to your Might score."))));
    });
  });

  describe("keep the greater, never the sum (L7232)", () => {
    it("10 granted with 5 already: 10, not 15 (the seed's example)", () => {
      expect(grantTemporaryStamina({ amount: 5, endsWithEncounter: false }, { amount: 10, endsWithEncounter: true }))
        .toEqual({ amount: 10, endsWithEncounter: true, gained: 5 });
    });
    it("a smaller or equal grant changes nothing, not even when the pool ends", () => {
      expect(grantTemporaryStamina({ amount: 15, endsWithEncounter: false }, { amount: 10, endsWithEncounter: true }))
        .toEqual({ amount: 15, endsWithEncounter: false, gained: 0 });
      expect(grantTemporaryStamina({ amount: 10, endsWithEncounter: true }, { amount: 10, endsWithEncounter: false }))
        .toEqual({ amount: 10, endsWithEncounter: true, gained: 0 });
    });
    it("is the greater of the two for any amounts", () => {
      fc.assert(fc.property(fc.nat(200), fc.nat(200), fc.boolean(), fc.boolean(), (a, b, ea, eb) => {
        const r = grantTemporaryStamina({ amount: a, endsWithEncounter: ea }, { amount: b, endsWithEncounter: eb });
        expect(r.amount).toBe(Math.max(a, b));
        expect(r.gained).toBe(Math.max(a, b) - a);
      }));
    });
    it("refuses a negative or fractional amount", () => {
      expect(() => grantTemporaryStamina({ amount: -1, endsWithEncounter: false }, { amount: 1, endsWithEncounter: false })).toThrow(RangeError);
      expect(() => grantTemporaryStamina({ amount: 1, endsWithEncounter: false }, { amount: 1.5, endsWithEncounter: false })).toThrow(RangeError);
    });
  });

  it("at the end of the encounter, a grant that says so is gone (L2767); another stays until a respite (L7234)", () => {
    expect(temporaryStaminaAfterEncounter({ amount: 12, endsWithEncounter: true })).toBe(0);
    expect(temporaryStaminaAfterEncounter({ amount: 12, endsWithEncounter: false })).toBe(12);
  });

  describe("in the ability's fingerprint: the grant is the one number of a tier's text the GM's client acts on", () => {
    const tier = (text: string) => ({ damage: { value: "", type: "" }, forced: [], conditions: [], text });
    const ability = (texts: string[]) => ({
      type: "maneuver", keywords: ["magic", "ranged"], cost: { amount: 5, resource: "heroic" },
      distance: { kind: "ranged", primary: 5, secondary: 0, within: 0 }, power: { kind: "ability", characteristics: ["intuition"] },
      tiers: texts.map(tier),
    });
    it("an edited grant changes the fingerprint; other words of the text do not", () => {
      const printed = abilityFingerprint(abilityRulesFields(ability(["Gain 10 temporary Stamina", "Gain 15 temporary Stamina", "Gain 20 temporary Stamina"])));
      expect(abilityFingerprint(abilityRulesFields(ability(["Gain 10 temporary Stamina", "Gain 15 temporary Stamina", "Gain 999 temporary Stamina"])))).not.toBe(printed);
      expect(abilityFingerprint(abilityRulesFields(ability(["You gain 10 temporary Stamina.", "Gain 15 temporary Stamina", "Gain 20 temporary Stamina"])))).toBe(printed);
      expect(abilityRulesFields(ability(["Gain 10 temporary Stamina", "", ""])).tiers.map((t) => t.temporaryStamina)).toEqual([10, undefined, undefined]);
    });
    it("so does its end with the encounter (L2767): the grant kept past the encounter is an edit", () => {
      const armor = { ...ability(["Gain 10 temporary Stamina", "Gain 15 temporary Stamina", "Gain 20 temporary Stamina"]), effect: "<p>This temporary Stamina disappears at the end of the encounter.</p>" };
      expect(abilityRulesFields(armor).temporaryEndsWithEncounter).toBe(true);
      expect(abilityFingerprint(abilityRulesFields({ ...armor, effect: "<p>It lasts.</p>" }))).not.toBe(abilityFingerprint(abilityRulesFields(armor)));
      // Without a grant the words change nothing.
      expect("temporaryEndsWithEncounter" in abilityRulesFields({ ...ability(["5 damage", "", ""]), effect: armor.effect })).toBe(false);
    });
    it("an ability that grants none keeps the fingerprint it had before grants were read", () => {
      const fields = abilityRulesFields(ability(["5 damage", "8 damage", "11 damage"]));
      expect(fields.tiers.every((t) => !("temporaryStamina" in t))).toBe(true);
    });
  });
});

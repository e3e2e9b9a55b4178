// Kit, ancestry-benefit and complication parsers: the seed's three kit layouts, equipment and
// bonus lines, errors with their lines, and property tests (random text and truncations of real
// blocks return data or a known error, never throw).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { kitDescriptionHTML, kitWardHTML, parseEquipment, parseKit, splitNameAndFlavor } from "../../src/parser/kit.ts";
import { ancestryNumbers, parseAncestryBenefits, parseComplication } from "../../src/parser/ancestry.ts";
import { BLOODPACT, BOREN, CLOAK_AND_DAGGER, DEVIL_BENEFITS, DWARF_BENEFITS, FIRE_AND_CHAOS, REVENANT_BENEFITS } from "../fixtures/option-texts.ts";
import { lookup } from "../harness/handlebars-helpers.ts";

const lang = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../lang/en.json"), "utf8"));
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

describe("parseKit", () => {
  it("reads a martial kit: equipment, bonuses, Mobility, and the signature ability named on its flavour line", () => {
    const r = parseKit(CLOAK_AND_DAGGER);
    if (!r.ok) throw new Error(r.error.key);
    const k = r.value;
    expect(k.name).toBe("Cloak and Dagger");
    expect(k.system).toEqual({
      kitType: "martial", armor: ["light"], weapons: ["light"], implement: "", mobility: true,
      bonuses: { stamina: 3, speed: 2, stability: 0, distance: 5, reach: 0, area: 0, meleeDamage: [1, 1, 1], rangedDamage: [1, 1, 1], magicDamage: [0, 0, 0] },
    });
    expect(k.signature.name).toBe("Fade");
    expect(k.signature.flavor).toBe("A stab, and a few quick, careful steps back.");
    expect(k.signature.system.tiers.map((t) => t.damage.value)).toEqual(["4", "9", "13"]);
    // The seed's "range 10" is not a distance the parser knows: kept as printed (the seed reader curates it).
    expect(k.signature.system.distance).toMatchObject({ kind: "special", text: "Reach 1 or range 10" });
    expect(k.ward).toBeNull();
    expect(kitDescriptionHTML(k)).toContain("<h3>Equipment</h3><p>You wear light armor and wield one or two light weapons.</p>");
    expect(kitDescriptionHTML(k)).toContain("<strong>Mobility.</strong> When an enemy ends their turn adjacent to you");
  });

  it("reads a caster kit: implement, magic bonuses, 'SIGNATURE ABILITY: NAME' and its ward", () => {
    const r = parseKit(BLOODPACT);
    if (!r.ok) throw new Error(r.error.key);
    expect(r.value.system).toMatchObject({ kitType: "caster", armor: ["none"], weapons: ["none"], implement: "metal", mobility: false });
    expect(r.value.system.bonuses).toMatchObject({ stamina: 6, magicDamage: [2, 2, 2], distance: 5 });
    expect(r.value.signature.name).toBe("Drain");
    expect(r.value.signature.system.tiers.map((t) => `${t.damage.value} ${t.damage.type}`)).toEqual(["5 corruption", "10 corruption", "14 corruption"]);
    expect(r.value.ward?.name).toBe("Blood Ward");
    expect(kitWardHTML(r.value)).toMatch(/^<p><strong>Blood Ward\.<\/strong> The blood ward is a large projection/);
  });

  it("reads a stormwight kit: no equipment section, the name as a heading, its aspects as sections", () => {
    const r = parseKit(BOREN);
    if (!r.ok) throw new Error(r.error.key);
    expect(r.value.system).toMatchObject({ kitType: "stormwight", armor: ["none"], weapons: ["unarmed"] });
    expect(r.value.system.bonuses).toMatchObject({ stamina: 9, stability: 2, meleeDamage: [0, 0, 4] });
    expect(r.value.signature.name).toBe("Bear Claws");
    expect(r.value.signature.system.keywords).toEqual(["animal", "attack", "melee", "weapon"]);
    expect(r.value.sections.map((s) => s.heading)).toEqual(["Aspect Benefits", "Animal Form: Bear", "Primordial Storm: Blizzard", "Bear Growing Rage"]);
    const html = kitDescriptionHTML(r.value);
    expect(html).toContain("<h3>Bear Growing Rage</h3><table><thead><tr><th>Rage</th><th>Benefit</th></tr></thead>");
    expect([...html.matchAll(/<tr><td>(\d+)<\/td><td>((?:<p>.*?<\/p>)+)<\/td><\/tr>/g)].map((m) => [m[1], m[2]!.split("<p>").length - 1])).toEqual([["2", 2], ["4", 1], ["6", 1]]);
    expect(parseKit(BOREN, { kitType: "martial" })).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.KitMissingEquipment" } });
  });

  it("names the line and the reason when a kit does not parse", () => {
    const unknownBonus = CLOAK_AND_DAGGER.replace("Speed Bonus: +2", "Luck Bonus: +2");
    expect(parseKit(unknownBonus)).toEqual({ ok: false, error: { key: "SE.Parser.Error.KitUnknownBonus", line: lineOf(unknownBonus, "Luck Bonus"), data: { text: "Luck Bonus: +2" } } });
    const badValue = CLOAK_AND_DAGGER.replace("+1/+1/+1", "+1/+1");
    expect(parseKit(badValue)).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.KitBonusValue", line: lineOf(badValue, "+1/+1") } });
    const badGear = CLOAK_AND_DAGGER.replace("You wear light armor and wield one or two light weapons.", "You carry a lute.");
    expect(parseKit(badGear)).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.KitEquipment", line: lineOf(badGear, "lute") } });
    const badType = BLOODPACT.replace("Type: Action", "Type: Bonus");
    expect(parseKit(badType)).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.UnknownType", line: lineOf(badType, "Type: Bonus") } });
    expect(parseKit("")).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.KitEmpty" } });
    expect(parseKit("just a line")).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.KitMissingName", line: 1 } });
    const noSignature = CLOAK_AND_DAGGER.slice(0, CLOAK_AND_DAGGER.indexOf("SIGNATURE ABILITY"));
    expect(parseKit(noSignature)).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.KitMissingSignature", line: 1 } });
  });

  it("splits a martial signature line into name and flavour", () => {
    expect(splitNameAndFlavor("Pain for Pain An enemy who tagged you will pay for that.")).toEqual({ name: "Pain for Pain", flavor: "An enemy who tagged you will pay for that." });
    expect(splitNameAndFlavor("Where I Want You When your stick speaks, your enemy moves.")).toEqual({ name: "Where I Want You", flavor: "When your stick speaks, your enemy moves." });
    expect(splitNameAndFlavor("Forward Thrust, Backward Smash In your hands, the haft is as good as the head.").name).toBe("Forward Thrust, Backward Smash");
    expect(splitNameAndFlavor("Patient Shot Breathe… aim… wait… then strike!")).toEqual({ name: "Patient Shot", flavor: "Breathe… aim… wait… then strike!" });
    expect(splitNameAndFlavor("Just A Name")).toEqual({ name: "Just A Name", flavor: "" });
  });

  it("reads every equipment sentence of the seed", () => {
    expect(parseEquipment("You wear medium armor and wield a shield and a light weapon.")).toEqual({ armor: ["medium", "shield"], weapons: ["light"], implement: "" });
    expect(parseEquipment("You wear light armor, and wield a polearm and several ensnaring weapons.")).toEqual({ armor: ["light"], weapons: ["polearm", "ensnaring"], implement: "" });
    expect(parseEquipment("You wear heavy armor and wield an implement of bone, such as a scepter or a staff.")).toEqual({ armor: ["heavy"], weapons: ["none"], implement: "bone" });
    expect(parseEquipment("You don a tiny implement of glass such as a pendant or an anklet.")).toEqual({ armor: ["none"], weapons: ["none"], implement: "glass" });
    expect(parseEquipment("You wield an implement of cheese.")).toBeNull();
    expect(parseEquipment("Nothing at all.")).toBeNull();
  });
});

describe("parseAncestryBenefits and ancestryNumbers", () => {
  it("reads fixed benefits and the numbers they give", () => {
    const r = parseAncestryBenefits(DWARF_BENEFITS);
    if (!r.ok) throw new Error(r.error.key);
    expect(r.value.benefits.map((b) => b.name)).toEqual(["Grounded", "Runic Carving", "Spark Off Your Skin"]);
    expect(r.value.benefits[1]!.text).toHaveLength(4);
    expect(ancestryNumbers(r.value.benefits.flatMap((b) => b.text))).toEqual({ size: null, speed: null, stamina: 6, staminaPerLevel: 1, stability: 1, recoveries: 0 });
    expect(ancestryNumbers(["Your speed is 7, and whenever you fall ... your stability decreases by 2 to a minimum of 0."])).toMatchObject({ speed: 7, stability: -2 });
    expect(ancestryNumbers(["As a hakaan character, your size is 1L, and you have the following benefits:"]).size).toEqual({ value: 1, letter: "L" });
    expect(ancestryNumbers(["Increase your number of Recoveries by 2."]).recoveries).toBe(2);
    expect(ancestryNumbers(["You have 2 additional Recoveries."]).recoveries).toBe(2);
  });

  it("reads the Devil's purchases with their costs and Silver Tongue as a free benefit", () => {
    const r = parseAncestryBenefits(DEVIL_BENEFITS);
    if (!r.ok) throw new Error(r.error.key);
    expect(r.value.purchases.map((p) => [p.name, p.cost])).toEqual([
      ["Barbed Tail", 1], ["Beast Legs", 2], ["Exposed Skeleton", 2], ["Glowing Eyes", 1], ["Hellsight", 1], ["Horns", 1], ["Prehensile Tail", 2], ["Wings", 2],
    ]);
    expect(r.value.benefits.map((b) => b.name)).toEqual(["Silver Tongue"]);
  });

  it("takes an ability block out of its benefit and gives the text after its Effect back to the benefit", () => {
    const r = parseAncestryBenefits(REVENANT_BENEFITS);
    if (!r.ok) throw new Error(r.error.key);
    expect(r.value.abilities.map((a) => [a.name, a.benefit])).toEqual([["Detonate Sigil", "Vengeance Mark"]]);
    expect(r.value.abilities[0]!.text).toMatch(/Effect: The sigil disappears from the creature\.$/);
    expect(r.value.benefits.find((b) => b.name === "Vengeance Mark")!.text.at(-1)).toMatch(/^You can have an active number of sigils/);
  });

  it("names the line of a broken purchase and refuses text that is not a benefits section", () => {
    const broken = DEVIL_BENEFITS.replace("HORNS (1 FIEND POINT):", "horns for one point");
    expect(parseAncestryBenefits(broken)).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.AncestryUnexpectedLine", line: lineOf(broken, "horns for one point") } });
    expect(parseAncestryBenefits("DWARF\nSome text")).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.AncestryMissingBenefits", line: 1 } });
    expect(parseAncestryBenefits("DWARF BENEFITS\nintro only")).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.AncestryNoBenefits", line: 1 } });
    expect(parseAncestryBenefits("DWARF BENEFITS\nGROUNDED\n\nSWIFT\nYour speed is 6.")).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.AncestryEmptyBenefit", line: 2 } });
  });
});

describe("parseComplication", () => {
  it("reads the story, benefit and drawback", () => {
    expect(parseComplication(FIRE_AND_CHAOS)).toMatchObject({ ok: true, value: { name: "Fire and Chaos", benefit: ["You have fire immunity 5."], drawback: ["You have cold weakness 5."] } });
    expect(parseComplication("WARD\nStory.\nBenefit: Good.")).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.ComplicationMissingDrawback", line: 1 } });
    expect(parseComplication("WARD\nStory.\nDrawback: Bad.")).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.ComplicationMissingBenefit" } });
    expect(parseComplication("WARD\nBenefit: a\nBenefit: b\nDrawback: c")).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.ComplicationUnexpectedLine", line: 3 } });
  });
});

describe("option parsers on any input", () => {
  const parsers: [string, (t: string) => { ok: boolean; error?: { key: string; line: number } }][] = [
    ["parseKit", (t) => parseKit(t)],
    ["parseAncestryBenefits", parseAncestryBenefits],
    ["parseComplication", parseComplication],
  ];
  const wellFormed = (text: string, r: { ok: boolean; error?: { key: string; line: number } }) => {
    if (r.ok) return;
    expect(lookup(lang, r.error!.key), r.error!.key).toBeTypeOf("string");
    expect(r.error!.line).toBeGreaterThanOrEqual(1);
    expect(r.error!.line).toBeLessThanOrEqual(Math.max(1, text.split("\n").length));
  };
  const pieces = fc.constantFrom("KIT BONUSES", "EQUIPMENT", "SIGNATURE ABILITY", "SIGNATURE ABILITY: X", "KIT WARD: Y", "  • Stamina Bonus: +3",
    "  • Melee Weapon Damage Bonus: +1/+1", "Keywords: Attack", "Type: Action", "Power Roll + Might:", "  • 11 or lower: 2 damage", "Benefit: x",
    "Drawback: y", "FIENDISH FEATURES", "  • HORNS (1 FIEND POINT): z", "DWARF BENEFITS", "Effect: w", "", "You wear no armor.");

  it.each(parsers)("%s returns data or a known, line-numbered error for random text", (_name, parse) => {
    fc.assert(fc.property(fc.array(fc.oneof(pieces, fc.string({ maxLength: 30 })), { maxLength: 30 }), (parts) => {
      const text = parts.join("\n");
      wellFormed(text, parse(text));
    }), { numRuns: 300 });
  });

  it.each([["Cloak and Dagger", CLOAK_AND_DAGGER], ["Bloodpact", BLOODPACT], ["Boren", BOREN]])("parseKit: truncations of %s never throw", (_n, text) => {
    fc.assert(fc.property(fc.integer({ min: 0, max: text.length }), (cut) => {
      const t = text.slice(0, cut);
      const r = parseKit(t);
      wellFormed(t, r);
      // Cut before the last tier line, a kit cannot be whole.
      if (cut < text.lastIndexOf("17+:")) expect(r.ok).toBe(false);
    }), { numRuns: 200 });
  });

  it.each([["Devil", DEVIL_BENEFITS], ["Revenant", REVENANT_BENEFITS], ["Fire and Chaos", FIRE_AND_CHAOS]])("truncations of %s never throw", (_n, text) => {
    const parse = text === FIRE_AND_CHAOS ? parseComplication : parseAncestryBenefits;
    fc.assert(fc.property(fc.integer({ min: 0, max: text.length }), (cut) => wellFormed(text.slice(0, cut), parse(text.slice(0, cut)))), { numRuns: 200 });
  });
});

// The seed readers for classes, culture aspects, careers and rules pages: what they read from the
// real seed, how they fail, and property tests that they survive garbage (random text, random
// truncations of the real sections) with a typed, localised error and never throw.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseAbilityBlock } from "../../src/parser/ability-block.ts";
import { extractClassAbilities, findAbilityBlocks } from "../../src/parser/seed-abilities.ts";
import { CLASS_BASICS, extractClasses } from "../../src/parser/seed-classes.ts";
import { extractCareers, extractCulture } from "../../src/parser/seed-origins.ts";
import { extractConditionPages, extractRulesJournals } from "../../src/parser/seed-rules.ts";
import { headingTitle, isProseHeading, proseHTML, readSection, seedLines } from "../../src/parser/seed-text.ts";
import { CONDITION_IDS, STATE_IDS } from "../../src/rules/conditions.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SEED = path.resolve(ROOT, "../shared/seeds/004_f522d4137f25400b.txt");
const hasSeed = existsSync(SEED);
const seed = hasSeed ? readFileSync(SEED, "utf8") : "";
const lang = JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
const parserErrors = lang.SE.Parser.Error as Record<string, string>;

type Result = { ok: true; value: unknown } | { ok: false; error: { key: string; line: number; data: object } };

/** A failed read names a known localisation key and a line inside the text it was given. */
function expectCleanResult(r: Result, text: string) {
  expect(typeof r.ok).toBe("boolean");
  if (r.ok) return;
  const key = r.error.key.replace(/^SE\.Parser\.Error\./, "");
  expect(r.error.key.startsWith("SE.Parser.Error."), r.error.key).toBe(true);
  expect(parserErrors[key], r.error.key).toBeTypeOf("string");
  expect(Number.isInteger(r.error.line)).toBe(true);
  expect(r.error.line).toBeGreaterThanOrEqual(1);
  expect(r.error.line).toBeLessThanOrEqual(Math.max(1, seedLines(text).length + 1));
}

const READERS: [string, (text: string) => Result][] = [
  ["extractClasses", extractClasses], ["extractCulture", extractCulture], ["extractCareers", extractCareers],
  ["extractConditionPages", extractConditionPages], ["extractRulesJournals", extractRulesJournals],
];

describe("seed text helpers", () => {
  it("turn prose into escaped HTML with paragraphs, lists, table rows and sub-headings", () => {
    expect(proseHTML(["A <b> & 'c'", "second row", "", "  • one", "  • two", "SUB HEADING", "after"]))
      .toBe("<p>A &lt;b&gt; &amp; &#39;c&#39;<br>second row</p><ul><li>one</li><li>two</li></ul><h3>Sub Heading</h3><p>after</p>");
    expect(proseHTML(["2 • first", "• second", "4 plain"])).toBe("<p>2</p><ul><li>first</li><li>second</li></ul><p>4 plain</p>");
  });

  it("title-case headings as the seed's names read", () => {
    expect(headingTitle("1ST-LEVEL DOMAIN FEATURE")).toBe("1st-Level Domain Feature");
    expect(headingTitle("I'M ON YOUR SIDE")).toBe("I'm On Your Side"); // as printed, L3901 (seed-casing.ts)
    expect(headingTitle("HESITATION IS WEAKNESS")).toBe("Hesitation is Weakness"); // L3865
    expect(headingTitle("MAGE'S APPRENTICE")).toBe("Mage's Apprentice");
    expect(headingTitle("HIDE AND SNEAK")).toBe("Hide and Sneak");
    expect(headingTitle("NPC RESPONSE AND OFFER")).toBe("NPC Response and Offer");
    expect(headingTitle("NPCS CHANGE OVER TIME")).toBe("NPCs Change Over Time");
    // One rule for every reader (seed-casing.ts): an apostrophe keeps the next letter small, "but"
    // stays small as the running text prints it (“Yes, but …”, L7848), a bracket capitalises.
    expect(headingTitle("DON'T STOP")).toBe("Don't Stop");
    expect(headingTitle("INTEREST 3 (“YES, BUT …”)")).toBe("Interest 3 (“Yes, but …”)");
    expect(headingTitle("BARBED TAIL (1 FIEND POINT)")).toBe("Barbed Tail (1 Fiend Point)");
  });

  it("render ALL-CAPS lines with a colon as sub-headings, but not table rows or sentences", () => {
    expect(proseHTML(["NATURAL 19 OR 20: SUCCESS WITH A REWARD", "text"])).toBe("<h3>Natural 19 or 20: Success with a Reward</h3><p>text</p>");
    expect(proseHTML(["Rage Benefit", "2 Something: else"])).toBe("<p>Rage Benefit<br>2 Something: else</p>");
    expect(isProseHeading("FOR THE DIRECTOR: MAKE YOUR OWN SKILLS")).toBe(true);
    expect(isProseHeading("Skill Options: One skill")).toBe(false);
    expect(isProseHeading("A: B")).toBe(false);
    expect(isProseHeading("INTEREST 5 (“YES, AND …”)")).toBe(true);
    expect(isProseHeading("1 2 3")).toBe(false);
  });

  it("read a section to the next heading, or through sub-headings to a named one", () => {
    const lines = ["INTRO", "", "ALPHA", "text a", "TABLE TITLE", "row", "BETA", "text b"];
    const to = lines.length;
    expect(readSection(lines, "ALPHA", 0, to)).toMatchObject({ ok: true, value: { line: 3, body: ["text a"], end: 4 } });
    expect(readSection(lines, "ALPHA", 0, to, ["BETA"])).toMatchObject({ ok: true, value: { body: ["text a", "TABLE TITLE", "row"], end: 6 } });
    expect(readSection(lines, "GAMMA", 2, to)).toEqual({ ok: false, error: { key: "SE.Parser.Error.HeadingMissing", line: 3, data: { heading: "GAMMA" } } });
  });
});

describe("readers on text without the sections", () => {
  it.each(READERS)("%s gives a line-numbered HeadingMissing error", (_name, read) => {
    const r = read("Nothing here.\nAt all.");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.key).toBe("SE.Parser.Error.HeadingMissing");
      expectCleanResult(r, "Nothing here.\nAt all.");
    }
  });

  it.skipIf(!hasSeed)("a class without its heroic resource gain is an error at the resource heading", () => {
    const lines = seedLines(seed);
    const broken = lines.map((l) => l.replace("you gain 2 piety", "you gain piety")).join("\n");
    const r = extractClasses(broken);
    expect(r).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.ResourceGainMissing", line: 2367 } });
  });
});

describe.skipIf(!hasSeed)("readers on the seed", () => {
  it("read the five classes with their resource, gain, subclasses and 1st-level features", () => {
    const r = extractClasses(seed);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const summary = r.value.map((k) => [k.name, k.resource.name, k.resource.gain, k.subclasses.length, k.features.length]);
    expect(summary).toEqual([
      ["Conduit", "Piety", "2", 12, 32], ["Elementalist", "Essence", "2", 4, 12], ["Fury", "Rage", "1d3", 3, 11],
      ["Shadow", "Insight", "2", 3, 10], ["Tactician", "Focus", "2", 3, 11],
    ]);
    for (const k of r.value) {
      expect(CLASS_BASICS[k.id], k.id).toBeDefined();
      for (const f of k.features) {
        expect(f.html, f.name).not.toBe("");
        if (f.source === "subclass") expect(k.subclasses, f.name).toContain(f.subclass);
        else expect(f.subclass).toBe("");
      }
      // every subclass has at least one feature of its own
      for (const s of k.subclasses) expect(k.features.some((f) => f.subclass === s), `${k.name} ${s}`).toBe(true);
    }
    const conduit = r.value[0]!;
    const hands = conduit.features.find((f) => f.name === "Hands of the Maker")!;
    expect(hands).toMatchObject({ source: "subclass", subclass: "Creation", line: 2512, links: [2516] });
    expect(conduit.features.find((f) => f.name === "Piety")!.grants).toEqual([2375]);
  });

  it("point features only at lines where an ability block starts", () => {
    const r = extractClasses(seed);
    if (!r.ok) throw new Error("classes");
    const starts = new Set(extractClassAbilities(seed).map((a) => a.line));
    for (const f of r.value.flatMap((k) => k.features)) for (const line of [...f.grants, ...f.links]) expect(starts.has(line), `${f.name} → ${line}`).toBe(true);
  });

  it("read the 14 culture aspects with their skill options", () => {
    const r = extractCulture(seed);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const count = (kind: string) => r.value.aspects.filter((a) => a.kind === kind).length;
    expect([count("environment"), count("organization"), count("upbringing")]).toEqual([5, 3, 6]);
    expect(r.value.aspects.find((a) => a.name === "Martial")!.skillOptions)
      .toBe("One of the Alertness, Blacksmithing, Climb, Endurance, Fletching, Intimidate, Jump, Monsters, Ride, or Track skills.");
    expect(r.value.aspects.find((a) => a.name === "Nomadic")).toMatchObject({ line: 2035, skillOptions: "One skill from the exploration or interpersonal skill groups." });
  });

  it("read the eight careers with three inciting incidents each, and the mage's apprentice's ability", () => {
    const r = extractCareers(seed);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.careers.map((k) => k.name)).toEqual(["Artisan", "Criminal", "Gladiator", "Laborer", "Mage's Apprentice", "Performer", "Sage", "Soldier"]);
    expect(r.value.careers.map((k) => k.incidents.length)).toEqual([3, 3, 3, 3, 3, 3, 3, 3]);
    expect(r.value.careers[0]!.incidents.map((i) => i.name)).toEqual(["Continue the Work", "Inspired", "Robbery"]);
    const withAbility = r.value.careers.filter((k) => k.ability);
    expect(withAbility.map((k) => k.name)).toEqual(["Mage's Apprentice"]);
    const trick = parseAbilityBlock(withAbility[0]!.ability!.text);
    expect(trick).toMatchObject({ ok: true, value: { name: "Arcane Trick", system: { type: "action", keywords: ["magic"] } } });
  });

  it("read a page for each condition and state, and the reference journals", () => {
    const pages = extractConditionPages(seed);
    if (!pages.ok) throw new Error(JSON.stringify(pages.error));
    expect(pages.value.map((p) => p.id)).toEqual([...CONDITION_IDS, ...STATE_IDS]);
    expect(pages.value.find((p) => p.id === "bleeding")!.html).toBe("<p>While you are bleeding, you can&#39;t regain Stamina.</p>");
    const journals = extractRulesJournals(seed);
    if (!journals.ok) throw new Error(JSON.stringify(journals.error));
    expect(journals.value.map((j) => [j.name, j.pages.length])).toEqual([
      ["Tests", 7], ["Montage Tests", 4], ["Combat", 13], ["Negotiation", 9], ["Hero Options", 3], ["Kits", 9],
    ]);
    const kits = journals.value.find((j) => j.name === "Kits")!;
    expect(kits.pages.map((p) => p.line)).toEqual([3612, 4529, 4541, 4611, 4643, 4649, 4709, 4713, 4717]);
    expect(kits.pages[0]!.html).toContain("These bonuses apply in your true form, your animal form"); // L3655
    for (const j of journals.value) for (const p of j.pages) expect(p.html, `${j.name} / ${p.name}`).not.toBe("");
  });
});

describe("parsers survive garbage", () => {
  const realBlocks = hasSeed ? findAbilityBlocks(seedLines(seed), 2331, 4528).map((b) => b.text) : [];

  it("parseAbilityBlock: random text gives a result or a known, line-numbered error", () => {
    fc.assert(fc.property(fc.string({ maxLength: 600 }), (s) => expectCleanResult(parseAbilityBlock(s), s)), { numRuns: 500 });
  });

  it("parseAbilityBlock: random lines built from ability-block vocabulary", () => {
    const line = fc.oneof(
      fc.constantFrom("HOLY LANCE", "NAME (3 RAGE)", "  • Keywords: Magic, Ranged", "  • Keywords: Nonsense", "  • Type: Action", "  • Type: Dance",
        "  • Distance: Ranged 5", "  • Target: 1 creature", "Power Roll + Might:", "Power Roll + Luck:", "  • 11 or lower: 2 damage",
        "  • 12–16: 5 fire damage; push 2", "  • 17+: 9 damage; slowed (EoT)", "Effect: Something.", "Spend 1 Rage: More.", "Persistent 1: Stays.", ""),
      fc.string({ maxLength: 40 }),
    );
    fc.assert(fc.property(fc.array(line, { maxLength: 25 }), (ls) => {
      const text = ls.join("\n");
      expectCleanResult(parseAbilityBlock(text), text);
    }), { numRuns: 500 });
  });

  it.skipIf(!hasSeed)("parseAbilityBlock: random truncations of the seed's 92 blocks", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: realBlocks.length - 1 }), fc.double({ min: 0, max: 1, noNaN: true }), (i, cut) => {
      const block = realBlocks[i]!;
      const text = block.slice(0, Math.floor(block.length * cut));
      expectCleanResult(parseAbilityBlock(text), text);
    }), { numRuns: 500 });
  });

  it.each(READERS)("%s: random text gives a result or a known, line-numbered error", (_name, read) => {
    fc.assert(fc.property(fc.string({ maxLength: 600 }), (s) => expectCleanResult(read(s), s)), { numRuns: 200 });
  });

  it.skipIf(!hasSeed).each(READERS)("%s: random truncations and deleted lines of the seed", (_name, read) => {
    const lines = seedLines(seed);
    fc.assert(fc.property(fc.integer({ min: 0, max: lines.length }), fc.integer({ min: 0, max: lines.length - 1 }), fc.integer({ min: 0, max: 40 }), (cut, at, n) => {
      const truncated = lines.slice(0, cut).join("\n");
      expectCleanResult(read(truncated), truncated);
      const holed = [...lines.slice(0, at), ...lines.slice(at + n)].join("\n");
      expectCleanResult(read(holed), holed);
    }), { numRuns: 60 });
  });
});

/**
 * Levelling up (src/rules/advancement.ts) against the seed: XP levels at a respite (L585), milestone
 * and "Director says so" (L620, L626), the class advancement tables (L2342, L2819, L3271, L3865,
 * L4236), 1st-level features only (L511).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLASS_ADVANCEMENT_LINES, MAX_LEVEL, abilitySlots, legacyLevel, levelForXp, levelGains, levelUpState, parseAdvancementRow,
} from "../../src/rules/index.ts";

const SEED = path.resolve(import.meta.dirname, "../../../shared/seeds/004_f522d4137f25400b.txt");

describe("when a hero may level up (L585)", () => {
  it("once her XP reaches a level above the one she has", () => {
    expect(levelUpState(1, 9, "normal")).toEqual({ xpLevel: 1, ready: false, next: 2 });
    expect(levelUpState(1, 10, "normal")).toEqual({ xpLevel: 2, ready: true, next: 2 });
    expect(levelUpState(2, 10, "normal")).toEqual({ xpLevel: 2, ready: false, next: 3 });
    // Far behind: one level at a time.
    expect(levelUpState(1, 60, "normal")).toEqual({ xpLevel: 5, ready: true, next: 2 });
    expect(levelUpState(1, 5, "double")).toMatchObject({ ready: true });
    expect(levelUpState(1, 19, "half")).toMatchObject({ ready: false });
  });
  it("never past the 10th, and never by XP on milestone advancement (L620, L626)", () => {
    expect(levelUpState(10, 500, "normal")).toEqual({ xpLevel: 10, ready: false, next: null });
    expect(levelUpState(3, 500, "milestone")).toEqual({ xpLevel: null, ready: false, next: 4 });
  });
  it("refuses a level outside 1..10", () => {
    expect(() => levelUpState(0, 0, "normal")).toThrow(RangeError);
    expect(() => levelUpState(11, 0, "normal")).toThrow(RangeError);
    expect(() => levelUpState(1.5, 0, "normal")).toThrow(RangeError);
  });
  it("property: a hero who levels up whenever she may ends at the level her XP gives", () => {
    fc.assert(fc.property(fc.nat({ max: 400 }), fc.constantFrom("normal", "double", "half") as fc.Arbitrary<"normal" | "double" | "half">, (xp, speed) => {
      let level = 1;
      for (let state = levelUpState(level, xp, speed); state.ready; state = levelUpState(level, xp, speed)) level = state.next!;
      expect(level).toBe(levelForXp(xp, speed));
      expect(level).toBeLessThanOrEqual(MAX_LEVEL);
    }));
  });
  it("a hero from before stored levels keeps the level her XP gave her", () => {
    expect(legacyLevel(55, "normal")).toBe(5);
    expect(legacyLevel(55, "milestone")).toBe(5);
    expect(legacyLevel(29, "double")).toBe(5);
    expect(legacyLevel(Number.NaN, "normal")).toBe(1);
    expect(legacyLevel(-4, "normal")).toBe(1);
  });
});

describe("the class advancement tables", () => {
  it("reads a row's features and abilities", () => {
    expect(parseAdvancementRow("2nd Gift of the Gods, Domain Feature, Domain Ability Signature, 3, 5, 5 (Domain)")).toEqual({
      level: 2, features: ["Gift of the Gods", "Domain Feature", "Domain Ability"], abilities: "Signature, 3, 5, 5 (Domain)",
    });
    // The tactician's Abilities column starts with its Field Arsenal (L4236).
    expect(parseAdvancementRow(CLASS_ADVANCEMENT_LINES.tactician![0]![1])).toMatchObject({
      level: 1, abilities: "Field Arsenal, 3, 5",
      features: ["Tactical Doctrine", "Focus", "Mark", "Seize the Opening", "Doctrine Features", "Doctrine Triggered Action", "Field Arsenal"],
    });
    expect(parseAdvancementRow("Level Features")).toBeNull();
    expect(parseAdvancementRow("11th Something Signature, 3")).toBeNull();
  });
  it("what a level gives: 2nd-level rows for each class, nothing printed past the 3rd (L511)", () => {
    const second = levelGains("Conduit", 2);
    expect(second).toMatchObject({ level: 2, line: 2343, featureTextPrinted: false });
    expect(second.row!.features).toEqual(["Gift of the Gods", "Domain Feature", "Domain Ability"]);
    expect(abilitySlots(second.row!.abilities)).toEqual(["signature", 3, 5]);
    expect(levelGains("Fury", 1)).toMatchObject({ featureTextPrinted: true, line: 3271 });
    expect(levelGains("Shadow", 4)).toEqual({ level: 4, row: null, featureTextPrinted: false, line: null });
    expect(levelGains("Censor", 2)).toEqual({ level: 2, row: null, featureTextPrinted: false, line: null });
  });
  it.runIf(existsSync(SEED))("every row is the seed's line, word for word", () => {
    const lines = readFileSync(SEED, "utf8").split("\n");
    for (const rows of Object.values(CLASS_ADVANCEMENT_LINES)) {
      for (const [line, text] of rows) {
        expect(lines[line - 1], `L${line}`).toBe(text);
        expect(parseAdvancementRow(text), `L${line}`).not.toBeNull();
      }
    }
  });
});

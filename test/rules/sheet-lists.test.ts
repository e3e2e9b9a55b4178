import { describe, expect, it } from "vitest";
import { DAMAGE_MODIFIER_KEYS, formatDamageModifiers, parseDamageModifiers, parseNameList } from "../../src/rules/index.ts";

describe("immunities and weaknesses as one line", () => {
  it("reads keys in any case with whole numbers, by commas or semicolons, and round-trips the stored list", () => {
    expect(parseDamageModifiers("fire 5, Poison 3; all 2")).toEqual({ ok: true, value: [{ key: "fire", value: 5 }, { key: "poison", value: 3 }, { key: "all", value: 2 }] });
    const list = [{ key: "magic", value: 4 }, { key: "forced", value: 1 }];
    expect(parseDamageModifiers(formatDamageModifiers(list))).toEqual({ ok: true, value: list });
    expect(parseDamageModifiers("")).toEqual({ ok: true, value: [] });
    expect(parseDamageModifiers(" , ;")).toEqual({ ok: true, value: [] });
  });
  it("knows every damage type, ability keyword, all and forced-movement damage", () => {
    for (const key of ["acid", "cold", "corruption", "fire", "holy", "lightning", "poison", "psychic", "sonic", "all", "forced", "magic", "weapon"]) {
      expect(DAMAGE_MODIFIER_KEYS, key).toContain(key);
    }
  });
  it("reads nothing when any entry is unknown, has no number, a fraction, a negative or too large a number", () => {
    expect(parseDamageModifiers("fire 5, frost 3")).toEqual({ ok: false, invalid: ["frost 3"] });
    expect(parseDamageModifiers("fire, cold 2.5, holy -1, sonic 10000")).toEqual({ ok: false, invalid: ["fire", "cold 2.5", "holy -1", "sonic 10000"] });
    expect(parseDamageModifiers("fire 9999")).toEqual({ ok: true, value: [{ key: "fire", value: 9999 }] });
  });
});

describe("names as one line", () => {
  it("trims, keeps the first of each name, drops empty entries and cuts over-long names", () => {
    expect(parseNameList(" Caelian,  Zaliac ; Caelian,, ")).toEqual(["Caelian", "Zaliac"]);
    expect(parseNameList("")).toEqual([]);
    expect(parseNameList("x".repeat(80))).toEqual(["x".repeat(60)]);
  });
});

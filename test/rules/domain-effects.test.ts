// The conduit's domain effects on Prayer's tier 3 (seed 004, L2391, L2397) and their numbers (L2401–2445).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DOMAINS, DOMAIN_EFFECT_LINES, domainEffectNumbers, domainsOf, earnsDomainEffect } from "../../src/rules/index.ts";

describe("L2397 which domains a conduit has", () => {
  it("reads the subclass text however it is written, each domain once, in the seed's order", () => {
    expect(domainsOf("Life, Sun")).toEqual(["life", "sun"]);
    expect(domainsOf("sun and LIFE")).toEqual(["life", "sun"]);
    expect(domainsOf("Storm / Trickery / storm")).toEqual(["storm", "trickery"]);
    expect(domainsOf("")).toEqual([]);
    expect(domainsOf(null)).toEqual([]);
    expect(domainsOf("Lifesun")).toEqual([]);
  });
  it("each domain's effect line is its text in the seed, under its heading", () => {
    const seed = path.resolve(import.meta.dirname, "../../../shared/seeds/004_f522d4137f25400b.txt");
    let lines: string[] | null;
    try {
      lines = readFileSync(seed, "utf8").split("\n");
    } catch {
      lines = null; // the seed is outside the repository; the table below is checked where it is present
    }
    for (const d of DOMAINS) {
      expect(DOMAIN_EFFECT_LINES[d]).toBeGreaterThan(2397);
      if (lines) expect(lines[DOMAIN_EFFECT_LINES[d] - 3]).toBe(`${d.toUpperCase()} DOMAIN EFFECT`);
    }
  });
});

describe("L2401–2445 the numbers", () => {
  const c1 = { level: 1, intuition: 2 };
  const c5 = { level: 5, intuition: 3 };
  it("damage: Death 5 + level corruption, Storm 5 + level lightning, Sun 10 + level fire", () => {
    expect(domainEffectNumbers("death", c1).damage).toEqual({ amount: 6, type: "corruption" });
    expect(domainEffectNumbers("storm", c5).damage).toEqual({ amount: 10, type: "lightning" });
    expect(domainEffectNumbers("sun", c1).damage).toEqual({ amount: 11, type: "fire" });
  });
  it("temporary Stamina: Life 20 (or 2 Recoveries), Love 5", () => {
    expect(domainEffectNumbers("life", c1)).toMatchObject({ temporaryStamina: 20, recoveries: 2 });
    expect(domainEffectNumbers("love", c5)).toMatchObject({ temporaryStamina: 5 });
  });
  it("slides, immunity and extra damage from level and Intuition", () => {
    expect(domainEffectNumbers("nature", c1).slide).toBe(6);
    expect(domainEffectNumbers("trickery", c5).slide).toBe(10);
    expect(domainEffectNumbers("protection", c5).immunity).toBe(8);
    expect(domainEffectNumbers("war", c1).extraDamage).toBe(4);
    expect(domainEffectNumbers("creation", c1).wall).toBe(5);
    // A negative Intuition never slides or protects below 0; a level below 1 is 1.
    expect(domainEffectNumbers("nature", { level: 1, intuition: -1 }).slide).toBe(0);
    expect(domainEffectNumbers("war", { level: 1, intuition: -1 }).extraDamage).toBe(0);
    expect(domainEffectNumbers("death", { level: 0, intuition: 0 }).damage?.amount).toBe(6);
  });
  it("Fate and Knowledge have no numbers to work out", () => {
    expect(domainEffectNumbers("fate", c1)).toEqual({ domain: "fate", line: 2409 });
    expect(domainEffectNumbers("knowledge", c1)).toEqual({ domain: "knowledge", line: 2413 });
  });
  it("only tier 3 earns the effect (L2391)", () => {
    expect([1, 2, 3, null, undefined].map(earnsDomainEffect)).toEqual([false, false, true, false, false]);
  });
});

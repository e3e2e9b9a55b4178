// The conduit's domain effects on Prayer's tier 3 (seed 004, L2391, L2397) and their numbers (L2401–2445).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  APPLIED_DOMAINS, DOMAINS, DOMAIN_EFFECT_LINES, creationWallArea, domainEffectNumbers, wallPlacement, domainsOf, earnsDomainEffect, fitInCube, planDomainEffect, spendRecoveries,
} from "../../src/rules/index.ts";

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

describe("planDomainEffect: what the chosen effect does to the creatures named (L2397–2445)", () => {
  const conduit = { level: 2, intuition: 3 };
  const n = (d: Parameters<typeof domainEffectNumbers>[0]) => domainEffectNumbers(d, conduit);
  const enemy = (key: string, distance = 5, space = { x: 0, y: 0, size: 1 }) => ({ key, role: "enemy" as const, distance, space });
  const ally = (key: string, distance = 5) => ({ key, role: "ally" as const, distance });
  const self = { key: "me", role: "self" as const, distance: 0 };

  it("L2405 Death: two enemies of your choice within 10 squares take 5 + level corruption damage", () => {
    expect(planDomainEffect(n("death"), [enemy("a"), enemy("b")])).toEqual({
      ok: true, operations: [{ key: "a", damage: { amount: 7, type: "corruption" } }, { key: "b", damage: { amount: 7, type: "corruption" } }],
    });
    expect(planDomainEffect(n("death"), [enemy("a")])).toMatchObject({ ok: true });
    expect(planDomainEffect(n("death"), [enemy("a"), enemy("b"), enemy("c")])).toEqual({ ok: false, reason: "tooMany" });
    expect(planDomainEffect(n("death"), [enemy("a"), ally("b")])).toEqual({ ok: false, reason: "role" });
    expect(planDomainEffect(n("death"), [enemy("a", 10), enemy("b", 11)])).toEqual({ ok: false, reason: "range" });
    expect(planDomainEffect(n("death"), [{ key: "a", role: "enemy", distance: null }])).toEqual({ ok: false, reason: "range" });
    expect(planDomainEffect(n("death"), [])).toEqual({ ok: false, reason: "noTarget" });
    expect(planDomainEffect(n("death"), [enemy("a"), enemy("a")])).toEqual({ ok: false, reason: "repeated" });
  });
  it("L2437 Sun: one enemy within 10 squares takes 10 + level fire damage", () => {
    expect(planDomainEffect(n("sun"), [enemy("a", 10)])).toEqual({ ok: true, operations: [{ key: "a", damage: { amount: 12, type: "fire" } }] });
    expect(planDomainEffect(n("sun"), [enemy("a"), enemy("b")])).toEqual({ ok: false, reason: "tooMany" });
    expect(planDomainEffect(n("sun"), [self])).toEqual({ ok: false, reason: "role" });
  });
  it("L2433 Storm: each enemy in a 3-cube within 10 squares takes 5 + level lightning damage; the targets must fit one 3-cube", () => {
    const plan = planDomainEffect(n("storm"), [enemy("a", 4, { x: 0, y: 0, size: 1 }), enemy("b", 5, { x: 2, y: 2, size: 1 }), enemy("c", 5, { x: 1, y: 0, size: 1 })]);
    expect(plan).toMatchObject({ ok: true, operations: [{ damage: { amount: 7, type: "lightning" } }, {}, {}] });
    expect(planDomainEffect(n("storm"), [enemy("a", 4, { x: 0, y: 0, size: 1 }), enemy("b", 5, { x: 3, y: 0, size: 1 })])).toEqual({ ok: false, reason: "cube" });
    // A size-2 creature reaches into the cube with either of its columns.
    expect(planDomainEffect(n("storm"), [enemy("a", 4, { x: 0, y: 0, size: 1 }), enemy("b", 5, { x: 3, y: 0, size: 2 })])).toEqual({ ok: false, reason: "cube" });
    expect(planDomainEffect(n("storm"), [enemy("a", 4, { x: 0, y: 0, size: 1 }), enemy("b", 5, { x: 2, y: 0, size: 2 })])).toMatchObject({ ok: true });
    expect(planDomainEffect(n("storm"), [{ key: "a", role: "enemy", distance: 3 }])).toEqual({ ok: false, reason: "cube" });
  });
  it("L2417 Life: you or one ally within 10 squares; 2 Recoveries with ends and standing up, or 20 temporary Stamina; the way must be chosen", () => {
    expect(planDomainEffect(n("life"), [self], "temporary")).toEqual({ ok: true, operations: [{ key: "me", temporaryStamina: 20 }] });
    expect(planDomainEffect(n("life"), [ally("b", 10)], "recoveries")).toEqual({
      ok: true, operations: [{ key: "b", recoveries: 2, endEffects: true, standUp: true }],
    });
    expect(planDomainEffect(n("life"), [self])).toEqual({ ok: false, reason: "option" });
    expect(planDomainEffect(n("life"), [enemy("a")], "temporary")).toEqual({ ok: false, reason: "role" });
    expect(planDomainEffect(n("life"), [self, ally("b")], "temporary")).toEqual({ ok: false, reason: "tooMany" });
    expect(planDomainEffect(n("life"), [ally("b", 11)], "temporary")).toEqual({ ok: false, reason: "range" });
  });
  it("L2421 Love: each ally within 10 squares gains 5 temporary Stamina; the conduit is not her own ally", () => {
    expect(planDomainEffect(n("love"), [ally("a"), ally("b", 10)])).toEqual({
      ok: true, operations: [{ key: "a", temporaryStamina: 5, nextRoll: { edges: 1 } }, { key: "b", temporaryStamina: 5, nextRoll: { edges: 1 } }],
    });
    expect(planDomainEffect(n("love"), [self])).toEqual({ ok: false, reason: "role" });
    expect(planDomainEffect(n("love"), [])).toEqual({ ok: false, reason: "noTarget" });
  });
  it("L2409 Fate: another creature she has line of effect to, any side and distance, a tier 1 or 3 on its next power roll", () => {
    const seen = { key: "a", role: "enemy" as const, distance: 30, lineOfEffect: true };
    expect(planDomainEffect(n("fate"), [seen], "tier1")).toEqual({ ok: true, operations: [{ key: "a", nextRoll: { edges: 0, tier: 1 } }] });
    expect(planDomainEffect(n("fate"), [{ ...seen, role: "ally" }], "tier3")).toEqual({ ok: true, operations: [{ key: "a", nextRoll: { edges: 0, tier: 3 } }] });
    expect(planDomainEffect(n("fate"), [seen])).toEqual({ ok: false, reason: "option" });
    expect(planDomainEffect(n("fate"), [seen], "temporary")).toEqual({ ok: false, reason: "option" });
    expect(planDomainEffect(n("fate"), [{ ...self, lineOfEffect: true }], "tier3")).toEqual({ ok: false, reason: "role" });
    expect(planDomainEffect(n("fate"), [{ ...seen, lineOfEffect: false }], "tier3")).toEqual({ ok: false, reason: "lineOfEffect" });
    expect(planDomainEffect(n("fate"), [{ key: "a", role: "enemy", distance: 3 }], "tier3")).toEqual({ ok: false, reason: "lineOfEffect" });
    expect(planDomainEffect(n("fate"), [seen, { ...seen, key: "b" }], "tier3")).toEqual({ ok: false, reason: "tooMany" });
  });
  it("L2413 Knowledge: up to three allies within 10 squares, each a double edge on its next power roll", () => {
    expect(planDomainEffect(n("knowledge"), [ally("a"), ally("b"), ally("c", 10)])).toEqual({
      ok: true, operations: ["a", "b", "c"].map((key) => ({ key, nextRoll: { edges: 2 } })),
    });
    expect(planDomainEffect(n("knowledge"), [ally("a"), ally("b"), ally("c"), ally("d")])).toEqual({ ok: false, reason: "tooMany" });
    expect(planDomainEffect(n("knowledge"), [ally("a"), self])).toEqual({ ok: false, reason: "role" });
    expect(planDomainEffect(n("knowledge"), [enemy("a")])).toEqual({ ok: false, reason: "role" });
    expect(planDomainEffect(n("knowledge"), [ally("a", 11)])).toEqual({ ok: false, reason: "range" });
    expect(planDomainEffect(n("knowledge"), [])).toEqual({ ok: false, reason: "noTarget" });
  });
  it("L2429 Protection: one ally within 10 squares, immunity Intuition + level; L2445 War: the conduit, 2 × Intuition extra damage", () => {
    expect(planDomainEffect(n("protection"), [ally("a", 10)])).toEqual({ ok: true, operations: [{ key: "a", lasting: { domain: "protection", amount: 5 } }] });
    expect(planDomainEffect(n("protection"), [self])).toEqual({ ok: false, reason: "role" });
    expect(planDomainEffect(n("protection"), [ally("a", 11)])).toEqual({ ok: false, reason: "range" });
    expect(planDomainEffect(n("protection"), [ally("a"), ally("b")])).toEqual({ ok: false, reason: "tooMany" });
    expect(planDomainEffect(n("war"), [self])).toEqual({ ok: true, operations: [{ key: "me", lasting: { domain: "war", amount: 6 } }] });
    expect(planDomainEffect(n("war"), [ally("a")])).toEqual({ ok: false, reason: "role" });
  });
  it("L2425 Nature, L2441 Trickery: a creature within 10 squares slid 3 × Intuition or 5 + level; Trickery's ally ignores stability", () => {
    expect(planDomainEffect(n("nature"), [enemy("a", 10)])).toEqual({ ok: true, operations: [{ key: "a", slide: { distance: 9, ignoreStability: false } }] });
    expect(planDomainEffect(n("nature"), [ally("a")])).toEqual({ ok: true, operations: [{ key: "a", slide: { distance: 9, ignoreStability: false } }] });
    expect(planDomainEffect(n("trickery"), [ally("a")])).toEqual({ ok: true, operations: [{ key: "a", slide: { distance: 7, ignoreStability: true } }] });
    expect(planDomainEffect(n("trickery"), [enemy("a")])).toEqual({ ok: true, operations: [{ key: "a", slide: { distance: 7, ignoreStability: false } }] });
    expect(planDomainEffect(n("trickery"), [self])).toEqual({ ok: true, operations: [{ key: "me", slide: { distance: 7, ignoreStability: false } }] });
    expect(planDomainEffect(n("nature"), [enemy("a", 11)])).toEqual({ ok: false, reason: "range" });
    expect(planDomainEffect(n("trickery"), [enemy("a"), enemy("b")])).toEqual({ ok: false, reason: "tooMany" });
  });
  it("L2401 Creation's wall takes no creature: its squares are a wall area's, 5 within 10 squares", () => {
    expect(planDomainEffect(n("creation"), [enemy("a")])).toEqual({ ok: false, reason: "notApplied" });
    expect(DOMAINS.filter((x) => !APPLIED_DOMAINS.includes(x))).toEqual([]);
    expect(creationWallArea(n("creation"))).toEqual({ kind: "wall", size: 5, width: 1, within: 10 });
    expect(creationWallArea(n("nature"))).toBeNull();
    // Placed as any wall area (L6527): five squares sharing sides, one within 10 squares; six, or 11 away, are not.
    const user = { x: 0, y: 0, size: 1 };
    const area = creationWallArea(n("creation"))!;
    const column = (x: number, count: number) => Array.from({ length: count }, (_, i) => ({ x, y: i }));
    expect(wallPlacement(area, user, column(10, 5), [], [])).toBeNull();
    expect(wallPlacement(area, user, column(11, 5), [], [])).toEqual({ refused: "tooFar" });
    expect(wallPlacement(area, user, column(3, 6), [], [])).toEqual({ refused: "shape" });
    expect(wallPlacement(area, user, column(3, 2), [{ x: 3, y: 1, size: 1 }], [])).toEqual({ refused: "occupied" });
  });
});

describe("fitInCube (Storm's 3-cube, L2433)", () => {
  it("is whether one 3×3 area overlaps every space", () => {
    expect(fitInCube([])).toBe(true);
    expect(fitInCube([{ x: 5, y: 5, size: 1 }, { x: 7, y: 7, size: 1 }])).toBe(true);
    expect(fitInCube([{ x: 5, y: 5, size: 1 }, { x: 8, y: 5, size: 1 }])).toBe(false);
    expect(fitInCube([{ x: 5, y: 5, size: 3 }, { x: 9, y: 9, size: 1 }])).toBe(true);
    expect(fitInCube([{ x: 5, y: 5, size: 1 }, { x: 5, y: 8, size: 1 }])).toBe(false);
  });
});

describe("spendRecoveries (Life's 2 Recoveries, L2417, L349)", () => {
  it("spends each Recovery for the recovery value, up to the maximum, stopping when none is left or bleeding stops healing", () => {
    expect(spendRecoveries({ value: 5, max: 30, recoveries: 8, recoveryValue: 10 }, 2)).toEqual({ value: 25, recoveries: 6, spent: 2, gained: 20 });
    expect(spendRecoveries({ value: 5, max: 30, recoveries: 1, recoveryValue: 10 }, 2)).toEqual({ value: 15, recoveries: 0, spent: 1, gained: 10 });
    expect(spendRecoveries({ value: 5, max: 30, recoveries: 0, recoveryValue: 10 }, 2)).toEqual({ value: 5, recoveries: 0, spent: 0, gained: 0 });
    expect(spendRecoveries({ value: 5, max: 30, recoveries: 4, recoveryValue: 10, bleeding: true }, 2)).toMatchObject({ spent: 0, value: 5 });
    expect(spendRecoveries({ value: 25, max: 30, recoveries: 4, recoveryValue: 10 }, 2).value).toBe(30);
  });
});

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  abilityDamageBonus, addDamageBonus, canPay, downgradeOptions, dyingLossApplies, forcedMovementDistance,
  isCriticalHit, netEdgeLabel, resolveAgainstTargets, resolvePowerRoll, revealsHidden, rollModifiers, targetingProblem,
} from "../../src/rules/index.ts";
import type { CreatureState, KitBonuses, RollModifiersInput } from "../../src/rules/index.ts";

const me = (statuses: string[] = [], extra: Partial<CreatureState> = {}): CreatureState => ({ key: "me", statuses, ...extra });
const foe = (statuses: string[] = [], extra: Partial<CreatureState> = {}): CreatureState => ({ key: "foe", statuses, ...extra });
const MELEE = { keywords: ["attack", "melee", "weapon"], type: "action", damaging: true };
const RANGED = { keywords: ["attack", "ranged", "weapon"], type: "action", damaging: true };
const AREA = { keywords: ["area", "magic"], type: "action", damaging: true };
const AREA_NO_DAMAGE = { keywords: ["area", "magic"], type: "action", damaging: false };

const mods = (input: Partial<RollModifiersInput>) => {
  const r = rollModifiers({ kind: "ability", roller: me(), ...input });
  return { edges: r.edges, banes: r.banes, reasons: r.reasons.map((x) => x.reason) };
};

describe("rollModifiers: the roller's conditions", () => {
  it("underwater without a swim speed: a bane on every power roll, a test and a resistance roll too (L7249)", () => {
    const wet = me([], { underwater: true });
    expect(mods({ roller: wet, ability: MELEE, target: foe() })).toMatchObject({ banes: 1, reasons: ["underwater"] });
    expect(mods({ roller: wet, ability: AREA, target: foe() })).toMatchObject({ banes: 1 });
    expect(mods({ kind: "test", roller: wet })).toMatchObject({ banes: 1 });
    expect(mods({ kind: "resistance", roller: wet, characteristic: "might" })).toMatchObject({ banes: 1 });
    // With a swim speed, or not submerged: none.
    expect(mods({ kind: "test", roller: me([], { underwater: true, canSwim: true }) })).toMatchObject({ banes: 0, reasons: [] });
    expect(mods({ kind: "test", roller: me([], { canSwim: false }) })).toMatchObject({ banes: 0 });
    // Only the roller's own water counts: an underwater target gives the attacker no bane.
    expect(mods({ roller: me(), ability: MELEE, target: foe([], { underwater: true }) })).toMatchObject({ banes: 0 });
  });

  it("weakened: a bane on ability rolls and tests, not on resistance rolls (L6698)", () => {
    expect(mods({ roller: me(["weakened"]), ability: MELEE, target: foe() })).toMatchObject({ edges: 0, banes: 1, reasons: ["weakened"] });
    expect(mods({ kind: "test", roller: me(["weakened"]) })).toMatchObject({ banes: 1 });
    expect(mods({ kind: "resistance", roller: me(["weakened"]), characteristic: "might" })).toMatchObject({ banes: 0 });
    expect(mods({ roller: me(["weakened"]), ability: AREA, target: foe() })).toMatchObject({ banes: 1 });
  });

  it("prone and restrained: a bane on attacks only", () => {
    for (const c of ["prone", "restrained"]) {
      expect(mods({ roller: me([c]), ability: MELEE, target: foe() })).toMatchObject({ banes: 1, reasons: [c] });
      expect(mods({ roller: me([c]), ability: AREA, target: foe() })).toMatchObject({ banes: 0 });
      expect(mods({ kind: "test", roller: me([c]) })).toMatchObject({ banes: 0 });
    }
  });

  it("grabbed: a bane on attacks that do not target the grabber (L6674)", () => {
    const roller = me(["grabbed"], { grabbedBy: "foe" });
    expect(mods({ roller, ability: MELEE, target: foe() })).toMatchObject({ banes: 0 });
    expect(mods({ roller, ability: MELEE, target: { key: "other", statuses: [] } })).toMatchObject({ banes: 1 });
    expect(mods({ roller, ability: MELEE, target: { key: "other", statuses: [] }, allTargets: ["other", "foe"] })).toMatchObject({ banes: 0 });
    expect(mods({ roller: me(["grabbed"]), ability: MELEE, target: foe() })).toMatchObject({ banes: 1 });
  });

  it("frightened: a bane on attacks against the source only (L6670)", () => {
    const roller = me(["frightened"], { frightenedBy: "foe" });
    expect(mods({ roller, ability: MELEE, target: foe() })).toMatchObject({ banes: 1, reasons: ["frightened"] });
    expect(mods({ roller, ability: MELEE, target: { key: "x", statuses: [] } })).toMatchObject({ banes: 0 });
  });

  it("taunted: a double bane on attacks that do not include the taunter (L6694)", () => {
    const roller = me(["taunted"], { tauntedBy: "foe" });
    expect(mods({ roller, ability: MELEE, target: { key: "x", statuses: [] } })).toMatchObject({ banes: 2, reasons: ["taunted"] });
    expect(mods({ roller, ability: MELEE, target: foe() })).toMatchObject({ banes: 0 });
    expect(mods({ roller, ability: MELEE, target: { key: "x", statuses: [] }, allTargets: ["x", "foe"] })).toMatchObject({ banes: 0 });
  });

  it("hidden: an edge on attacks", () => {
    expect(mods({ roller: me(["hidden"]), ability: RANGED, target: foe() })).toMatchObject({ edges: 1, reasons: ["hidden"] });
  });

  it("resistance rolls: surprised gives a bane; restrained a bane on Might and Agility only", () => {
    expect(mods({ kind: "resistance", roller: me(["surprised"]), characteristic: "reason" })).toMatchObject({ banes: 1 });
    expect(mods({ kind: "resistance", roller: me(["restrained"]), characteristic: "might" })).toMatchObject({ banes: 1 });
    expect(mods({ kind: "resistance", roller: me(["restrained"]), characteristic: "agility" })).toMatchObject({ banes: 1 });
    expect(mods({ kind: "resistance", roller: me(["restrained"]), characteristic: "presence" })).toMatchObject({ banes: 0 });
    expect(mods({ kind: "resistance", roller: me(["restrained", "surprised"]), characteristic: "might" })).toMatchObject({ banes: 2 });
  });
});

describe("rollModifiers: the target's conditions", () => {
  it("prone: an edge on melee attacks only", () => {
    expect(mods({ ability: MELEE, target: foe(["prone"]) })).toMatchObject({ edges: 1, reasons: ["targetProne"] });
    expect(mods({ ability: RANGED, target: foe(["prone"]) })).toMatchObject({ edges: 0 });
  });
  it("restrained and surprised: an edge on attacks and damaging area abilities", () => {
    for (const c of ["restrained", "surprised"]) {
      expect(mods({ ability: RANGED, target: foe([c]) })).toMatchObject({ edges: 1 });
      expect(mods({ ability: AREA, target: foe([c]) })).toMatchObject({ edges: 1 });
      expect(mods({ ability: AREA_NO_DAMAGE, target: foe([c]) })).toMatchObject({ edges: 0 });
    }
  });
  it("frightened of the roller: an edge on the roller's attacks", () => {
    expect(mods({ ability: MELEE, target: foe(["frightened"], { frightenedBy: "me" }) })).toMatchObject({ edges: 1 });
    expect(mods({ ability: MELEE, target: foe(["frightened"], { frightenedBy: "someone" }) })).toMatchObject({ edges: 0 });
  });
  it("unconscious: a double edge; defending: a double bane", () => {
    expect(mods({ ability: MELEE, target: foe(["unconscious"]) })).toMatchObject({ edges: 2 });
    expect(mods({ ability: MELEE, target: foe(["defending"]) })).toMatchObject({ banes: 2 });
    expect(mods({ ability: AREA, target: foe(["defending"]) })).toMatchObject({ banes: 0 });
  });
});

describe("rollModifiers: toggles", () => {
  it("flanking is an edge on melee attacks; high ground and Aid Attack on any attack", () => {
    expect(mods({ ability: MELEE, target: foe(), toggles: { flanking: true } })).toMatchObject({ edges: 1 });
    expect(mods({ ability: RANGED, target: foe(), toggles: { flanking: true } })).toMatchObject({ edges: 0 });
    expect(mods({ ability: RANGED, target: foe(), toggles: { highGround: true, aided: true } })).toMatchObject({ edges: 2 });
    expect(mods({ ability: AREA, target: foe(), toggles: { highGround: true } })).toMatchObject({ edges: 0 });
  });
  it("cover on attacks and damaging areas, concealment on attacks, an adjacent enemy on ranged attacks", () => {
    expect(mods({ ability: AREA, target: foe(), toggles: { cover: true } })).toMatchObject({ banes: 1 });
    expect(mods({ ability: AREA, target: foe(), toggles: { concealment: true } })).toMatchObject({ banes: 0 });
    expect(mods({ ability: MELEE, target: foe(), toggles: { concealment: true } })).toMatchObject({ banes: 1 });
    expect(mods({ ability: RANGED, target: foe(), toggles: { adjacentEnemy: true } })).toMatchObject({ banes: 1 });
    expect(mods({ ability: MELEE, target: foe(), toggles: { adjacentEnemy: true } })).toMatchObject({ banes: 0 });
  });
  it("gives nothing on tests, and nothing without conditions", () => {
    expect(mods({ kind: "test", toggles: { flanking: true, cover: true } })).toEqual({ edges: 0, banes: 0, reasons: [] });
    expect(mods({ ability: MELEE, target: foe() })).toEqual({ edges: 0, banes: 0, reasons: [] });
  });
  it("sums edges and banes over every reason", () => {
    fc.assert(fc.property(
      fc.subarray(["weakened", "prone", "restrained", "hidden", "surprised"]),
      fc.subarray(["prone", "restrained", "surprised", "unconscious", "defending"]),
      fc.record({ flanking: fc.boolean(), highGround: fc.boolean(), cover: fc.boolean(), concealment: fc.boolean(), aided: fc.boolean(), adjacentEnemy: fc.boolean() }),
      (mine, theirs, toggles) => {
        const r = rollModifiers({ kind: "ability", ability: MELEE, roller: me(mine), target: foe(theirs), toggles });
        expect(r.edges).toBe(r.reasons.reduce((n, x) => n + x.edges, 0));
        expect(r.banes).toBe(r.reasons.reduce((n, x) => n + x.banes, 0));
        expect(r.edges).toBeGreaterThanOrEqual(0);
      }));
  });
});

describe("critical hits, dying, forced movement", () => {
  it("a natural 19 or 20 on an attack or an action is a critical hit (L6582–6584)", () => {
    expect(isCriticalHit(19, MELEE)).toBe(true);
    expect(isCriticalHit(20, { keywords: ["area"], type: "action" })).toBe(true);
    expect(isCriticalHit(20, { keywords: ["attack"], type: "maneuver" })).toBe(true);
    expect(isCriticalHit(20, { keywords: ["magic"], type: "maneuver" })).toBe(false);
    expect(isCriticalHit(18, MELEE)).toBe(false);
  });
  it("a dying hero loses 1d6 after actions, maneuvers, triggered actions, attacks and Might/Agility tests (L7204)", () => {
    for (const type of ["action", "maneuver", "triggered"]) expect(dyingLossApplies({ dying: true, kind: "ability", ability: { keywords: [], type } })).toBe(true);
    expect(dyingLossApplies({ dying: true, kind: "ability", ability: { keywords: ["attack"], type: "freeTriggered" } })).toBe(true);
    expect(dyingLossApplies({ dying: true, kind: "ability", ability: { keywords: [], type: "freeManeuver" } })).toBe(false);
    expect(dyingLossApplies({ dying: true, kind: "test", characteristic: "might" })).toBe(true);
    expect(dyingLossApplies({ dying: true, kind: "test", characteristic: "agility" })).toBe(true);
    expect(dyingLossApplies({ dying: true, kind: "test", characteristic: "reason" })).toBe(false);
    expect(dyingLossApplies({ dying: false, kind: "ability", ability: MELEE })).toBe(false);
  });
  it("stability reduces forced movement, never below 0 (L6985–6987)", () => {
    expect(forcedMovementDistance(3, 1)).toBe(2);
    expect(forcedMovementDistance(2, 5)).toBe(0);
    expect(forcedMovementDistance(4, 0)).toBe(4);
    expect(forcedMovementDistance(4, -2)).toBe(4);
    expect(() => forcedMovementDistance(-1, 0)).toThrow(RangeError);
  });
});

describe("damage bonuses and costs", () => {
  const kit: KitBonuses = {
    stamina: 0, speed: 0, stability: 0, distance: 0, reach: 0, area: 0,
    meleeDamage: [1, 2, 3], rangedDamage: [0, 0, 0], magicDamage: [2, 2, 2],
  };
  it("adds the kit bonus by keyword, never to the kit's signature ability or to no damage", () => {
    expect([1, 2, 3].map((t) => abilityDamageBonus(kit, { keywords: ["melee", "weapon"] }, t as 1 | 2 | 3))).toEqual([1, 2, 3]);
    expect(abilityDamageBonus(kit, { keywords: ["melee", "weapon"], signature: true }, 3)).toBe(0);
    expect(abilityDamageBonus(kit, { keywords: ["magic"] }, 2)).toBe(2);
    expect(abilityDamageBonus(kit, { keywords: ["melee", "weapon"] }, 3, false)).toBe(0);
    expect(abilityDamageBonus(null, { keywords: ["melee", "weapon"] }, 3)).toBe(0);
  });
  it("adds a bonus to damage text", () => {
    expect(addDamageBonus("8", 2)).toBe("10");
    expect(addDamageBonus("2d6 + 18", 3)).toBe("2d6 + 18 + 3");
    expect(addDamageBonus("2d6", -1)).toBe("2d6 - 1");
    expect(addDamageBonus("", 3)).toBe("");
    expect(addDamageBonus(" 5 ", 0)).toBe("5");
  });
  it("pays a cost plus Spend options only with enough of the resource", () => {
    expect(canPay(3, 3)).toBe(true);
    expect(canPay(3, 3, [1])).toBe(false);
    expect(canPay(5, 3, [1, 1])).toBe(true);
    expect(canPay(0, 0)).toBe(true);
  });
});

describe("one roll against several targets (L6590–6592)", () => {
  it("gives each target its own tier from the same dice", () => {
    const rows = resolveAgainstTargets({
      dice: [6, 5], characteristic: 2, edges: 0, banes: 0,
      targets: [{ key: "a", edges: 0, banes: 0 }, { key: "b", edges: 2, banes: 0 }, { key: "c", edges: 0, banes: 1 }],
    });
    expect(rows.map((r) => [r.key, r.total, r.tier])).toEqual([["a", 13, 2], ["b", 13, 3], ["c", 11, 1]]);
  });
  it("adds the roll's own edges to each target's and agrees with resolvePowerRoll", () => {
    fc.assert(fc.property(
      fc.tuple(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 })), fc.integer({ min: -5, max: 5 }),
      fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }),
      (dice, characteristic, e, b, te, tb) => {
        const [row] = resolveAgainstTargets({ dice, characteristic, edges: e, banes: b, targets: [{ key: "t", edges: te, banes: tb }] });
        expect(row).toMatchObject(resolvePowerRoll({ dice, characteristic, edges: e + te, banes: b + tb }));
      }));
  });
  it("without targets gives one untargeted result", () => {
    expect(resolveAgainstTargets({ dice: [10, 10], characteristic: 0, targets: [] })).toHaveLength(1);
  });
  it("downgrades only to lower tiers", () => {
    expect(downgradeOptions(3)).toEqual([1, 2]);
    expect(downgradeOptions(1)).toEqual([]);
  });
  it("labels net edges", () => {
    expect(netEdgeLabel(3, 0)).toBe("doubleEdge");
    expect(netEdgeLabel(2, 1)).toBe("edge");
    expect(netEdgeLabel(1, 1)).toBe("none");
    expect(netEdgeLabel(0, 2)).toBe("doubleBane");
  });
});

describe("spacesAdjacent", async () => {
  const { spacesAdjacent } = await import("../../src/rules/index.ts");
  it("counts side and diagonal neighbours of any size, not distant or overlapping ones", () => {
    const me = { x: 5, y: 5, size: 1 };
    for (const [x, y] of [[4, 4], [5, 4], [6, 4], [4, 5], [6, 5], [4, 6], [5, 6], [6, 6]]) expect(spacesAdjacent(me, { x: x!, y: y!, size: 1 })).toBe(true);
    expect(spacesAdjacent(me, { x: 7, y: 5, size: 1 })).toBe(false);
    expect(spacesAdjacent(me, { x: 5, y: 5, size: 1 })).toBe(false);
    expect(spacesAdjacent(me, { x: 6, y: 3, size: 2 })).toBe(true); // a size 2 creature up and to the right
    expect(spacesAdjacent(me, { x: 7, y: 3, size: 2 })).toBe(false);
    expect(spacesAdjacent({ x: 0, y: 0, size: 3 }, { x: 3, y: 3, size: 1 })).toBe(true);
  });
  it("is symmetric", () => {
    fc.assert(fc.property(
      fc.record({ x: fc.integer({ min: -5, max: 5 }), y: fc.integer({ min: -5, max: 5 }), size: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ x: fc.integer({ min: -5, max: 5 }), y: fc.integer({ min: -5, max: 5 }), size: fc.integer({ min: 1, max: 4 }) }),
      (a, b) => { expect(spacesAdjacent(a, b)).toBe(spacesAdjacent(b, a)); }));
  });
});

describe("hidden (L6212)", () => {
  it("a hidden creature can't be targeted with attacks; other abilities and visible creatures can be", () => {
    expect(targetingProblem(MELEE, foe(["hidden"]))).toBe("hidden");
    expect(targetingProblem(RANGED, foe(["hidden", "prone"]))).toBe("hidden");
    expect(targetingProblem(AREA, foe(["hidden"]))).toBeNull();
    expect(targetingProblem(MELEE, foe(["prone"]))).toBeNull();
    expect(targetingProblem(undefined, foe(["hidden"]))).toBeNull();
  });
  it("using an ability, interacting with an enemy, moving without sneaking or revealing itself ends hiding; sneaking does not", () => {
    expect((["ability", "interact", "move", "reveal"] as const).map(revealsHidden)).toEqual([true, true, true, true]);
    expect(revealsHidden("sneak")).toBe(false);
  });
});

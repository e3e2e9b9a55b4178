import { describe, expect, it } from "vitest";
import { OPPORTUNITY_STRIKE, opportunityVerdict } from "../../src/rules/index.ts";
import type { CreatureState } from "../../src/rules/index.ts";

const enemy = (statuses: string[] = [], more: Partial<CreatureState> = {}): CreatureState => ({ key: "Actor.enemy", statuses, ...more });
const mover = (statuses: string[] = [], more: Partial<CreatureState> = {}): CreatureState => ({ key: "Actor.mover", statuses, ...more });

describe("opportunity attacks: no free strike with a bane or double bane (L7103–7105)", () => {
  it("the strike is a melee weapon attack (L7113) used as a free triggered action (L7103)", () => {
    expect(OPPORTUNITY_STRIKE).toMatchObject({ keywords: ["attack", "melee", "weapon"], type: "freeTriggered" });
  });

  it("with nothing on the roll the enemy may strike", () => {
    expect(opportunityVerdict(enemy(), mover())).toEqual({ allowed: true, net: 0, baneReasons: [] });
  });

  it("a bane from the enemy's own condition stops it: weakened (L6698), prone or restrained", () => {
    for (const s of ["weakened", "prone", "restrained"]) {
      expect(opportunityVerdict(enemy([s]), mover())).toEqual({ allowed: false, net: -1, baneReasons: [s] });
    }
  });

  it("frightened of the mover, or taunted by another creature, stops it", () => {
    expect(opportunityVerdict(enemy(["frightened"], { frightenedBy: "Actor.mover" }), mover()).allowed).toBe(false);
    // Frightened of someone else: no bane against the mover.
    expect(opportunityVerdict(enemy(["frightened"], { frightenedBy: "Actor.other" }), mover()).allowed).toBe(true);
    expect(opportunityVerdict(enemy(["taunted"], { tauntedBy: "Actor.other" }), mover())).toMatchObject({ allowed: false, net: -2 });
    expect(opportunityVerdict(enemy(["taunted"], { tauntedBy: "Actor.mover" }), mover()).allowed).toBe(true);
  });

  it("a defending mover gives a double bane (L7085): no strike", () => {
    expect(opportunityVerdict(enemy(), mover(["defending"]))).toEqual({ allowed: false, net: -2, baneReasons: ["targetDefending"] });
  });

  it("edges and banes cancel first (L225–231): a bane cancelled by an edge is no bane on the roll", () => {
    // Weakened (bane) against a restrained mover (edge): the roll is made as usual.
    expect(opportunityVerdict(enemy(["weakened"]), mover(["restrained"]))).toMatchObject({ allowed: true, net: 0 });
    // A double bane and one edge leave one bane: still no strike.
    expect(opportunityVerdict(enemy(["weakened"]), mover(["defending", "restrained"]))).toMatchObject({ allowed: false, net: -1 });
  });
});

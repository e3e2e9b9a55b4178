import { describe, expect, it } from "vitest";
import { findAbilityBlocks, isHeading } from "../../src/parser/seed-abilities.ts";

const TEXT = `FURY ABILITIES
GROWING FEROCITY
You gain the following ability.
GRAB THEM
Seize a foe.
  • Keywords: Attack, Melee, Weapon
  • Type: Action
  • Distance: Reach 1
  • Target: 1 creature
Power Roll + Might:
  • 11 or lower: 2 damage
  • 12–16: 5 damage
  • 17+: 7 damage; grabbed
NEXT ONE (3 RAGE)
Again.
  • Keywords: Melee
  • Type: Maneuver
  • Distance: Reach 1
  • Target: 1 creature
Effect: Shove.`;

describe("finding ability blocks in the seed", () => {
  it("recognises headings, including costs and punctuation, and not prose", () => {
    expect(["BRUTAL SLAM", "NEXT ONE (3 RAGE)", "SHARED VOID SENSE (1+ ESSENCE)", "YOUR ENTRAILS ARE YOUR EXTRAILS!"].every(isHeading)).toBe(true);
    expect(["Seize a foe.", "  • Type: Action", "HI"].some(isHeading)).toBe(false);
  });
  it("takes the heading nearest above each Keywords line and stops at the next heading, blank line or not", () => {
    const blocks = findAbilityBlocks(TEXT.split("\n"), 1, 100);
    expect(blocks.map((b) => b.line)).toEqual([4, 14]);
    expect(blocks[0]!.text.split("\n")).toHaveLength(10);
    expect(blocks[0]!.text.endsWith("7 damage; grabbed")).toBe(true);
    expect(blocks[1]!.text.startsWith("NEXT ONE (3 RAGE)")).toBe(true);
  });
});

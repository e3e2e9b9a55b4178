// Running out of air (seed 004, L6390) in a Draw Steel combat on the strict multi-client world: Alice
// marks her hero as having no air, the GM's client counts the rounds in the Combat's flags (which
// Alice cannot write) and, once the hero's Might in rounds has passed, rolls 1d6 at the end of each
// round and posts it.
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry.ts";
import { checkAfterEach, d10, setupTable, staminaOf } from "../fixtures/world.ts";
import type { Table } from "../fixtures/world.ts";
import type { SteelEchoesCombat } from "../../src/documents/combat.ts";

const t: Table = await setupTable();
const { world, gm, alice, korva, tokens } = t;
const { breathCounts } = await import("../../src/documents/suffocation.ts");
type Combat = SteelEchoesCombat;

/** Fixed d6 faces (Foundry's die: ceil((1 - random) * faces)). */
const d6 = (...faces: number[]) => faces.map((f) => 1 - (f - 0.5) / 6);

checkAfterEach(world, { honest: false });

describe("suffocation (L6390)", () => {
  it("holds the breath for Might rounds, then 1d6 at the end of each round, counted by the GM", async () => {
    // Villain Power each round (issue 33) posts its own chat line as a round starts: off here, where
    // the messages counted are suffocation's.
    await world.as(gm, () => game.settings!.set("steel-echoes", "villainPowerRule", "off" as never));
    const combat = world.addCombat([tokens.korva, tokens.ogre]) as unknown as Combat;
    harness.fixRandom(d10(8));
    await world.as(gm, () => combat.startCombat());
    const korvaId = [...combat.combatants].find((c) => (c.actor as unknown) === korva)!.id!;
    await world.as(alice, () => korva.toggleStatusEffect("noAir", { active: true })); // her own hero
    const before = staminaOf(korva).value;
    const messages = () => [...world.messages].length;
    // Might 2: rounds 1 and 2 pass holding the breath.
    await world.as(gm, () => combat.nextRound());
    await world.as(gm, () => combat.nextRound());
    expect(breathCounts(combat as never)).toEqual({ [korvaId]: 2 });
    expect(staminaOf(korva).value).toBe(before);
    // Alice cannot reset the count: a Combat's flags are the GM's.
    await expect(world.as(alice, () => combat.update({ [`flags.steel-echoes.breath.${korvaId}`]: 0 }))).rejects.toThrow();
    expect(world.refused.length).toBeGreaterThan(0);
    // The end of round 3: out of breath, 1d6 (a 4).
    const count = messages();
    harness.fixRandom(d6(4));
    await world.as(gm, () => combat.nextRound());
    expect(staminaOf(korva).value).toBe(before - 4);
    expect(messages()).toBe(count + 1);
    const card = [...world.messages].at(-1)!;
    expect(card.flavor).toBe("Korva is out of breath after 3 rounds without air (held for 2): 4 damage.");
    expect((card.rolls[0] as { formula?: string }).formula).toBe("1d6");
    // And again the next round.
    harness.fixRandom(d6(2));
    await world.as(gm, () => combat.nextRound());
    expect(staminaOf(korva).value).toBe(before - 6);
    // Breathing again clears the count; nothing more is taken.
    await world.as(alice, () => korva.toggleStatusEffect("noAir", { active: false }));
    await world.as(gm, () => combat.nextRound());
    expect(breathCounts(combat as never)).toEqual({});
    expect(staminaOf(korva).value).toBe(before - 6);
    // A player's own call to end the round does nothing.
    await world.as(alice, () => combat.nextRound());
  });
});

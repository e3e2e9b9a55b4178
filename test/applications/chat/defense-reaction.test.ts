// Seed 001's Defense reaction from an action check's card (S1:L18, L22, L31): the defender answers
// the attack's total with their own action check; only a higher total evades.
import { afterEach, describe, expect, it } from "vitest";
import { harness } from "../../harness/foundry.ts";
import { answerDialog, dN, setupTable } from "../../fixtures/world.ts";
import type { WorldMessage } from "../../harness/world.ts";

const { world, gm, alice, bob, tokens } = await setupTable();
const { postActionCheck } = await import("../../../src/applications/chat/action-dice-checks.ts");
const { defendAgainst } = await import("../../../src/applications/chat/defense-reaction.ts");

afterEach(() => answerDialog(null));

describe("Defense reaction (seed 001)", () => {
  it("the defender rolls their action die and Speed bonus dice against the attack's total; a tie is a hit", async () => {
    harness.fixRandom([dN(20, 14), dN(10, 6)]);
    const attack = await world.as(alice, () => postActionCheck({ bonusDice: 1, guard: { guard: 10, behind: false, sizeSteps: 0, cover: "none" } })) as unknown as WorldMessage;
    expect((attack.rolls[0] as { total: number }).total).toBe(20);
    answerDialog({ bonusDice: 1, defending: true, wounded: false });
    harness.fixRandom([dN(20, 12), dN(10, 8)]);
    const tie = await world.as(bob, () => defendAgainst(attack as never)) as unknown as WorldMessage;
    const options = (tie.rolls[0] as { checkOptions: object; total: number });
    expect(options.checkOptions).toMatchObject({ target: 20, targetKind: "defense", vigor: 3, bonusDice: 1 });
    expect(options.total).toBe(20);
    expect(tie.author).toBe(bob);
    // A reaction cannot be answered in turn; a closed dialog rolls nothing.
    const count = world.messages.size;
    answerDialog({ bonusDice: 0 });
    expect(await world.as(alice, () => defendAgainst(tie as never))).toBeNull();
    answerDialog(null);
    expect(await world.as(bob, () => defendAgainst(attack as never))).toBeNull();
    expect(world.messages.size).toBe(count);
    // A task against a victory sum is no attack.
    harness.fixRandom([dN(20, 14)]);
    const task = await world.as(alice, () => postActionCheck({ bonusDice: 0, vs: 10 })) as unknown as WorldMessage;
    answerDialog({ bonusDice: 1 });
    expect(await world.as(bob, () => defendAgainst(task as never))).toBeNull();
  });
});

describe("a task against a victory sum (S1:L28)", () => {
  it("takes the world's reading when rolled: with *met at equal* on, an equal total succeeds, and the card keeps it", async () => {
    const roll = async () => {
      harness.fixRandom([dN(20, 15)]);
      return (await world.as(alice, () => postActionCheck({ bonusDice: 0, vs: 15 })) as unknown as WorldMessage).rolls[0] as { checkOptions: { vsAtEqual?: boolean } };
    };
    expect((await roll()).checkOptions.vsAtEqual).toBeUndefined();
    await world.as(gm, () => game.settings!.set("steel-echoes", "victorySumAtEqual", true));
    expect((await roll()).checkOptions.vsAtEqual).toBe(true);
    await world.as(gm, () => game.settings!.set("steel-echoes", "victorySumAtEqual", false));
  });
});

describe("Defense reaction in a seed 001 combat: the Vigor comes off the defender's creature", () => {
  it("spends 5 Vigor (3 Defending) of the user's character's combatant; refuses with too little, or on its own turn", async () => {
    // Type escape: the harness's combat is built from the configured class (SteelEchoesCombat).
    const combat = world.addCombat([tokens.korva, tokens.ryn, tokens.goblin]) as unknown as {
      setEngine(e: string): Promise<void>; startCombat(): Promise<unknown>; nextTurn(): Promise<unknown>; combatant: { name: string } | null;
      combatants: { token: unknown; engineStats: { vigor?: number; winded?: boolean }; update(d: object): Promise<unknown> }[];
    };
    const korva = [...combat.combatants].find((c) => c.token === tokens.korva)!;
    await world.as(gm, () => combat.setEngine("actionDice"));
    await world.as(alice, () => korva.update({ "flags.steel-echoes.stats": { vigor: 7, stamina: 10 } }));
    // Goblin first (d20 18), Korva (d20 9), Ryn (d20 4).
    harness.fixRandom([dN(20, 9), dN(20, 4), dN(20, 18)]);
    await world.as(gm, () => combat.startCombat());
    expect(combat.combatant?.name).toBe("Goblin");
    harness.fixRandom([dN(20, 15)]);
    const attack = await world.as(gm, () => postActionCheck({ bonusDice: 0, guard: { guard: 10, behind: false, sizeSteps: 0, cover: "none" } })) as unknown as WorldMessage;
    answerDialog({ bonusDice: 0, defending: false, wounded: false });
    harness.fixRandom([dN(20, 3)]);
    const defense = await world.as(alice, () => defendAgainst(attack as never)) as unknown as WorldMessage;
    expect(korva.engineStats.vigor).toBe(2);
    expect(defense.content + JSON.stringify((defense.rolls[0] as { checkOptions: object }).checkOptions)).toContain("Defense reaction (5 Vigor spent, 2 left)");
    // Too little Vigor: nothing is rolled or spent.
    const count = world.messages.size;
    expect(await world.as(alice, () => defendAgainst(attack as never))).toBeNull();
    expect(world.messages.size).toBe(count);
    expect(korva.engineStats.vigor).toBe(2);
    expect(world.shown.at(-1)).toMatchObject({ user: "Alice", shown: "Korva has too little Vigor for a Defense reaction (5)." });
    // Defending costs 3: still too much; Ryn tracks no Vigor and the cost stays on the card.
    answerDialog({ bonusDice: 0, defending: true });
    expect(await world.as(alice, () => defendAgainst(attack as never))).toBeNull();
    harness.fixRandom([dN(20, 3)]);
    const ryn = await world.as(bob, () => defendAgainst(attack as never)) as unknown as WorldMessage;
    expect(JSON.stringify((ryn.rolls[0] as { checkOptions: object }).checkOptions)).toContain("Defense reaction (3 Vigor)");
    // On Korva's own turn: no reaction.
    await world.as(gm, () => combat.nextTurn());
    expect(combat.combatant?.name).toBe("Korva");
    await world.as(alice, () => korva.update({ "flags.steel-echoes.stats.vigor": 9 }));
    expect(await world.as(alice, () => defendAgainst(attack as never))).toBeNull();
    expect(world.shown.at(-1)).toMatchObject({ user: "Alice", shown: "Korva is taking their turn: no reactions on your own turn." });
    expect(korva.engineStats.vigor).toBe(9);
  });
});

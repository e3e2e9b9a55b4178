import { beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { harness, installFoundryHarness } from "../harness/foundry.ts";

installFoundryHarness();
const { PowerRoll } = await import("../../src/dice/power-roll.ts");
const { HarmonyRoll, diceSoNiceFace } = await import("../../src/dice/harmony-roll.ts");
const { DissonanceDie, HarmonyDie, zeroBasedFace } = await import("../../src/dice/percentile-dice.ts");
const { powerRollFormula, harmonyFormula } = await import("../../src/dice/formula.ts");
const { resolvePowerRoll, resolveHarmonyCheck, resolveD12Check } = await import("../../src/rules/index.ts");
const { D12Roll } = await import("../../src/dice/d12-roll.ts");
const { ActionRoll } = await import("../../src/dice/action-dice-roll.ts");
const { ArcRoll, ReactionRoll } = await import("../../src/dice/arc-rolls.ts");
harness.CONFIG.Dice.rolls.push(PowerRoll, HarmonyRoll, D12Roll, ArcRoll, ReactionRoll, ActionRoll);
// The cards the rolls render, as index.ts registers them at init, and the other games' as their
// chunks do (src/games/echoes.ts, d12.ts, arc.ts, action-dice.ts).
(await import("../../src/applications/chat/roll-cards.ts")).registerRollCards();
const { ROLL_CARDS } = await import("../../src/dice/render.ts");
ROLL_CARDS.harmony = (await import("../../src/applications/view-models/harmony-card.ts")).harmonyCardContext;
ROLL_CARDS.d12 = (await import("../../src/applications/view-models/d12-card.ts")).d12CardContext;
const arcCards = await import("../../src/applications/view-models/arc-card.ts");
ROLL_CARDS.arc = arcCards.arcCardContext;
ROLL_CARDS.reaction = arcCards.reactionCardContext;
ROLL_CARDS.action = (await import("../../src/applications/view-models/action-dice-card.ts")).actionCardContext;
harness.CONFIG.Dice.terms.t = DissonanceDie;
harness.CONFIG.Dice.terms.h = HarmonyDie;

beforeEach(() => harness.reset());

/** Uniform value that Foundry's d10 maps to `face` (1..10). */
const d10 = (face: number) => 1 - (face - 0.5) / 10;
/** Uniform value our 0–9 dice map to `face`. */
const d0 = (face: number) => (face + 0.5) / 10;

describe("powerRollFormula", () => {
  it("adds the characteristic, bonuses and a single edge or bane, never a double", () => {
    expect(powerRollFormula({ characteristic: 2, edges: 1, bonuses: 2 })).toBe("2d10 + 2[characteristic] + 2[bonus] + 2[edge]");
    expect(powerRollFormula({ characteristic: -1, banes: 1 })).toBe("2d10 - 1[characteristic] - 2[bane]");
    expect(powerRollFormula({ characteristic: 0, edges: 2 })).toBe("2d10 + 0[characteristic]");
    expect(powerRollFormula({ characteristic: 3, edges: 3, banes: 1, bonuses: -2 })).toBe("2d10 + 3[characteristic] - 2[bonus] + 2[edge]");
  });
});

describe("PowerRoll", () => {
  it("has a Foundry total equal to the rules total for every dice pair and modifier", async () => {
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: -5, max: 5 }),
      fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: -6, max: 6 }),
      async (a, b, characteristic, edges, banes, bonuses) => {
        harness.fixRandom([d10(a), d10(b)]);
        const roll = await PowerRoll.fromOptions({ characteristic, edges, banes, bonuses }).evaluate();
        expect(roll.faces).toEqual([a, b]);
        expect(roll.total).toBe(resolvePowerRoll({ dice: [a, b], characteristic, edges, banes, bonuses }).total);
      },
    ), { numRuns: 300 });
  });
  it("renders a card with both dice, modifiers, total, tier and the natural 19/20 mark", async () => {
    harness.fixRandom([d10(10), d10(9)]);
    const roll = await PowerRoll.fromOptions({ characteristic: -2, banes: 2, flavor: "Brutal <b>Slam</b>", tierTexts: ["a", "b", "c"] }).evaluate();
    const html = await roll.render();
    expect(html).toContain('data-tier="3"');
    expect(html).toContain("Natural 19! Always tier 3");
    expect(html).toContain("Double bane: one tier lower");
    expect(html).toContain("Brutal &lt;b&gt;Slam&lt;/b&gt;");
    expect(html).not.toContain("<b>Slam");
    expect(html.match(/class="chat-card__die/g)).toHaveLength(2);
    expect(html).toMatch(/chat-card__tier chat-card__tier--3 chat-card__tier--active/);
    expect(harness.missingKeys.size).toBe(0);
  });
  it("renders only a note for a private roll", async () => {
    const roll = await PowerRoll.fromOptions({ characteristic: 1 }).evaluate();
    const html = await roll.render({ isPrivate: true });
    expect(html).toContain("secret");
    expect(html).not.toContain("data-tier");
  });
  it("survives a JSON round trip as a PowerRoll (chat messages re-render after reload)", async () => {
    const roll = await PowerRoll.fromOptions({ characteristic: 2, edges: 1 }).evaluate();
    const copy = PowerRoll.fromJSON(JSON.stringify(roll.toJSON()));
    expect(copy).toBeInstanceOf(PowerRoll);
    expect(await copy.render()).toBe(await roll.render());
  });
});

describe("percentile dice", () => {
  it("map uniform numbers onto faces 0–9, each face a tenth of the range", () => {
    expect(zeroBasedFace(0)).toBe(0);
    expect(zeroBasedFace(0.0999)).toBe(0);
    expect(zeroBasedFace(0.1)).toBe(1);
    expect(zeroBasedFace(0.9999999)).toBe(9);
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 1000; i++) counts[zeroBasedFace(i / 1000)]++;
    expect(counts).toEqual(new Array(10).fill(100));
  });
  it("have their own denominations and ten faces", () => {
    expect(DissonanceDie.DENOMINATION).toBe("t");
    expect(HarmonyDie.DENOMINATION).toBe("h");
    expect(new HarmonyDie({ number: 2 }).faces).toBe(10);
  });
});

describe("HarmonyRoll", () => {
  it("rolls 1+|big| Dissonance and 1+|small| Harmony dice", () => {
    expect(harmonyFormula({ big: 2, small: -1 })).toBe("3dt + 2dh");
    expect(harmonyFormula({ big: 0, small: 0 })).toBe("1dt + 1dh");
    expect(harmonyFormula({ big: -3, small: 3 })).toBe("4dt + 4dh");
  });
  it("totals the percentile value from the rules, not the sum of the dice", async () => {
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: 0, max: 100 }),
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }),
      async (big, small, target, faces) => {
        harness.fixRandom(faces.map(d0));
        const roll = await HarmonyRoll.fromOptions({ big, small, target }).evaluate();
        const { dissonance, harmony } = roll.faces;
        expect(dissonance).toEqual(faces.slice(0, 1 + Math.abs(big)));
        expect(harmony).toEqual(faces.slice(1 + Math.abs(big), 2 + Math.abs(big) + Math.abs(small)));
        expect(roll.total).toBe(resolveHarmonyCheck({ dissonance, harmony, big, small, target }).value);
      },
    ), { numRuns: 200 });
  });
  it("renders every die, marks the picked ones and counts Harmony doubles under a Small Debuff", async () => {
    harness.fixRandom([4, 2, 7, 7].map(d0)); // Dissonance 4, 2 (Big Buff picks 2); Harmony 7, 7
    const roll = await HarmonyRoll.fromOptions({ big: 1, small: -1, target: 50 }).evaluate();
    const html = await roll.render();
    expect(roll.total).toBe(27);
    expect(html.match(/harmony-card__die--dissonance chat-card__die--picked/g)).toHaveLength(1);
    expect(html.match(/harmony-card__die--dissonance chat-card__die--discarded/g)).toHaveLength(1);
    expect(html).toContain("Harmony doubles");
    expect(html).toContain("Big Buff ×1");
    expect(html).toContain("Small Debuff ×1");
    expect(html).toContain('data-outcome="success"');
    expect(harness.missingKeys.size).toBe(0);
  });
  it("keeps the percentile as the total through evaluateSync, JSON and the chat message text (v13 evaluates the AST)", async () => {
    harness.fixRandom([4, 2, 7, 7].map(d0));
    const sync = HarmonyRoll.fromOptions({ big: 1, small: -1, target: 50 }).evaluateSync();
    expect(sync.total).toBe(27);
    const copy = foundry.dice.Roll.fromJSON(JSON.stringify(sync.toJSON()));
    expect(copy.total).toBe(27);
    harness.fixRandom([d0(3), d0(8)]);
    const roll = await HarmonyRoll.fromOptions({ big: 0, small: 0, target: 50 }).evaluate();
    const message = await roll.toMessage() as { content: string };
    expect(message.content).toBe("38");
  });
  it("shows 00 as a Disaster even against a target of 100", async () => {
    harness.fixRandom([d0(0), d0(0)]);
    const roll = await HarmonyRoll.fromOptions({ big: 0, small: 0, target: 100 }).evaluate();
    const html = await roll.render();
    expect(roll.total).toBe(100);
    expect(html).toContain('data-outcome="disaster"');
    expect(html).toContain("00 counts as 100");
  });
  it("applies the outcome rule stored on the roll", async () => {
    harness.fixRandom([d0(3), d0(3)]);
    const matched = await HarmonyRoll.fromOptions({ big: 0, small: 0, target: 50, outcomeRule: "matched-digits" }).evaluate();
    expect(await matched.render()).toContain('data-outcome="triumph"');
    harness.fixRandom([d0(3), d0(3)]);
    const plain = await HarmonyRoll.fromOptions({ big: 0, small: 0, target: 50, outcomeRule: "pass-fail" }).evaluate();
    expect(await plain.render()).toContain('data-outcome="success"');
  });
  it("gives Dice So Nice a copy whose 0 faces read 10 and leaves the original alone", async () => {
    expect([0, 1, 5, 9].map(diceSoNiceFace)).toEqual([10, 1, 5, 9]);
    harness.fixRandom([d0(0), d0(5), d0(0)]);
    const roll = await HarmonyRoll.fromOptions({ big: 1, small: 0, target: 50 }).evaluate();
    const copy = roll.toDiceSoNiceRoll();
    expect(copy.dice.flatMap((d) => d.results.map((r) => r.result))).toEqual([10, 5, 10]);
    expect(roll.faces).toEqual({ dissonance: [0, 5], harmony: [0] });
  });
});

/** Uniform value that Foundry's d12 maps to `face` (1..12). */
const d12 = (face: number) => 1 - (face - 0.5) / 12;

describe("D12Roll (seed 003)", () => {
  it("rolls 2d12, or 3d12 with advantage or disadvantage, plus the modifier", () => {
    expect(D12Roll.fromOptions({ modifier: 3, advantage: 0, dc: 13 }).formula).toBe("2d12 + 3[modifier]");
    expect(D12Roll.fromOptions({ modifier: -2, advantage: 1, dc: null }).formula).toBe("3d12 - 2[modifier]");
    expect(D12Roll.fromOptions({ modifier: 0, advantage: -1, dc: 10 }).formula).toBe("3d12");
  });
  it("totals the two kept dice and the modifier, through evaluate, evaluateSync, JSON and the message text", async () => {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(-1, 0, 1) as fc.Arbitrary<-1 | 0 | 1>, fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 3, maxLength: 3 }), fc.integer({ min: -5, max: 8 }),
      async (advantage, faces, modifier) => {
        const dice = advantage === 0 ? faces.slice(0, 2) : faces;
        harness.fixRandom(dice.map(d12));
        const roll = await D12Roll.fromOptions({ modifier, advantage, dc: 13 }).evaluate();
        expect(roll.faces).toEqual(dice);
        expect(roll.total).toBe(resolveD12Check({ dice, advantage, modifier, dc: 13 }).total);
      },
    ), { numRuns: 200 });
    harness.fixRandom([3, 5, 9].map(d12));
    const sync = D12Roll.fromOptions({ modifier: 0, advantage: 1, dc: 13 }).evaluateSync();
    expect(sync.total).toBe(14); // the seed's example, S3:L55
    expect(foundry.dice.Roll.fromJSON(JSON.stringify(sync.toJSON())).total).toBe(14);
    harness.fixRandom([3, 5, 9].map(d12));
    const message = await (await D12Roll.fromOptions({ modifier: 0, advantage: -1, dc: 13 }).evaluate()).toMessage() as { content: string };
    expect(message.content).toBe("8");
  });
  it("renders the kept and dropped dice, the verdict, the quality and an exploit with its rank", async () => {
    harness.fixRandom([12, 7, 2].map(d12));
    const html = await (await D12Roll.fromOptions({ modifier: 2, advantage: 1, dc: 17, flavor: "Climb the hull" }).evaluate()).render();
    expect(html).toContain("Climb the hull");
    expect(html.match(/chat-card__die--discarded/g)).toHaveLength(1);
    expect(html).toContain('data-verdict="success"');
    expect(html).toContain("Good"); // 12 + 7 + 2 = 21 (S3:L27)
    expect(html).toContain("Exploit: pick one of rank 7 or lower.");
    expect(html).not.toContain("EDGE card");
    expect(harness.missingKeys.size).toBe(0);
  });
});

/** Uniform value that Foundry's dN maps to `face`. */
const dN = (faces: number, face: number) => 1 - (face - 0.5) / faces;

describe("ArcRoll and ReactionRoll (seed 002)", () => {
  it("totals the seed's worked example: 7 + 4 + ES 5 on a d8; a 5 gives 16 and beats 9, an 8 gives 8 and fails (S2:L125)", async () => {
    harness.fixRandom([dN(8, 5)]);
    const good = await ArcRoll.fromOptions({ ks: 7, us: 4, es: 5, esDie: 8, adjustment: 0, against: 9 }).evaluate();
    expect(good.formula).toBe("1d8");
    expect(good.total).toBe(16);
    const html = await good.render();
    expect(html).toContain('data-verdict="success"');
    harness.fixRandom([dN(8, 8)]);
    const bad = await ArcRoll.fromOptions({ ks: 7, us: 4, es: 5, esDie: 8, adjustment: 0, against: 9 }).evaluate();
    expect(bad.total).toBe(8);
    expect(await bad.render()).toContain('data-verdict="failure"');
    expect(foundry.dice.Roll.fromJSON(JSON.stringify(bad.toJSON())).total).toBe(8);
    expect(harness.missingKeys.size).toBe(0);
  });
  it("fails a tie, and says so (S2:L129–143)", async () => {
    harness.fixRandom([dN(8, 2)]);
    const tie = await ArcRoll.fromOptions({ ks: 3, us: 3, es: 5, esDie: 8, adjustment: 1, against: 9 }).evaluate();
    expect(tie.total).toBe(9);
    const html = await tie.render();
    expect(html).toContain('data-verdict="failure"');
    expect(html).toContain("A tie fails");
  });
  it("passes a Reaction check at or under SOM, always at 10, only on a 1 at 1 (S2:L49–81)", async () => {
    for (const [som, face, verdict] of [[6, 6, "success"], [6, 7, "failure"], [10, 10, "success"], [1, 2, "failure"], [1, 1, "success"]] as const) {
      harness.fixRandom([dN(10, face)]);
      const roll = await ReactionRoll.fromOptions({ som }).evaluate();
      expect(roll.total).toBe(face);
      expect(await roll.render(), `${som}/${face}`).toContain(`data-verdict="${verdict}"`);
    }
  });
});

describe("ActionRoll (seed 001)", () => {
  it("adds the d20 and every bonus die, and bursts a bonus die on its maximum, again and again (S1:L1, L55)", async () => {
    // d20 14; 2d8: 8 (bursts: 8, then 3) and 5.
    harness.fixRandom([dN(20, 14), dN(8, 8), dN(8, 5), dN(8, 8), dN(8, 3)]);
    const roll = await ActionRoll.fromOptions({ bonusDice: 2, faces: 8, target: 30, targetKind: "vs" }).evaluate();
    expect(roll.formula).toBe("1d20 + 2d8");
    expect(roll.chains).toEqual([[8, 8, 3], [5]]);
    expect(roll.total).toBe(14 + 8 + 8 + 3 + 5);
    const html = await roll.render();
    expect(html).toContain('data-verdict="success"');
    expect(html.match(/check-card__die--burst/g)).toHaveLength(2);
    expect(html).toContain("A bonus die burst");
    // The chains travel with the roll: a reloaded message shows them.
    const copy = foundry.dice.Roll.fromJSON(JSON.stringify(roll.toJSON())) as InstanceType<typeof ActionRoll>;
    expect(copy.chains).toEqual([[8, 8, 3], [5]]);
    expect(copy.total).toBe(38);
    expect(harness.missingKeys.size).toBe(0);
  });
  it("never bursts the d20, and needs a strictly higher total (S1:L1, L17)", async () => {
    harness.fixRandom([dN(20, 20)]);
    const alone = await ActionRoll.fromOptions({ bonusDice: 0, faces: 10, target: 20, targetKind: "guard" }).evaluate();
    expect(alone.formula).toBe("1d20");
    expect(alone.total).toBe(20);
    expect(await alone.render()).toContain('data-verdict="failure"');
  });
  it("a Defense reaction evades only above the attack; a tie goes to the attacker, and it offers no reaction of its own (S1:L18, L31)", async () => {
    harness.fixRandom([dN(20, 12), dN(10, 8)]);
    const tie = await ActionRoll.fromOptions({ bonusDice: 1, faces: 10, target: 20, targetKind: "defense", vigor: 5 }).evaluate();
    const html = await tie.render();
    expect(html).toContain("Is hit");
    expect(html).toContain("A tie goes to the attacker");
    expect(html).toContain("Vigor spent");
    expect(html).not.toContain("data-se-defend");
    harness.fixRandom([dN(20, 13), dN(10, 8)]);
    expect(await (await ActionRoll.fromOptions({ bonusDice: 1, faces: 10, target: 20, targetKind: "defense", vigor: 3 }).evaluate()).render()).toContain("Evades");
    // An attack that hits a Guard, or rolled without one, can be answered; a miss or a task against a victory sum is not.
    const rendered = async (face: number, target: number | null, targetKind: "guard" | "vs" | "") => {
      harness.fixRandom([dN(20, face)]);
      return (await ActionRoll.fromOptions({ bonusDice: 0, faces: 10, target, targetKind }).evaluate()).render();
    };
    expect(await rendered(12, 10, "guard")).toContain("data-se-defend");
    expect(await rendered(12, null, "")).toContain("data-se-defend");
    expect(await rendered(8, 10, "guard")).not.toContain("data-se-defend");
    expect(await rendered(12, 10, "vs")).not.toContain("data-se-defend");
    expect(harness.missingKeys.size).toBe(0);
  });
  it("meets a victory sum at equal only when the roll was made under that reading (S1:L28, a setting)", async () => {
    const at = async (vsAtEqual?: boolean) => {
      harness.fixRandom([dN(20, 15)]);
      const roll = await ActionRoll.fromOptions({ bonusDice: 0, faces: 10, target: 15, targetKind: "vs", ...(vsAtEqual ? { vsAtEqual } : {}) }).evaluate();
      const copy = foundry.dice.Roll.fromJSON(JSON.stringify(roll.toJSON())) as InstanceType<typeof ActionRoll>;
      return copy.render();
    };
    const strict = await at();
    expect(strict).toContain('data-verdict="failure"');
    expect(strict).toContain("Equal is not enough");
    const equal = await at(true);
    expect(equal).toContain('data-verdict="success"');
    expect(equal).not.toContain("Equal is not enough");
    // A Guard still needs a higher total.
    harness.fixRandom([dN(20, 15)]);
    expect(await (await ActionRoll.fromOptions({ bonusDice: 0, faces: 10, target: 15, targetKind: "guard", vsAtEqual: true }).evaluate()).render())
      .toContain('data-verdict="failure"');
  });
  it("totals through evaluateSync too", () => {
    harness.fixRandom([dN(20, 2), dN(4, 4), dN(4, 1)]);
    const sync = ActionRoll.fromOptions({ bonusDice: 1, faces: 4, target: null, targetKind: "" }).evaluateSync();
    expect(sync.chains).toEqual([[4, 1]]);
    expect(sync.total).toBe(7);
  });
});

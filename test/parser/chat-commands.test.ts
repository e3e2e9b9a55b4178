import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isCoreRollFormula, matchCommand } from "../../src/parser/chat-commands.ts";
import { checkHarmonyCheck, checkPowerRoll } from "../../src/parser/command-checks.ts";
import { parseHarmonyCheckCommand, parsePowerRollCommand } from "../../src/parser/command-args.ts";

describe("matchCommand", () => {
  it("recognises /pr and /hd in any case, with or without arguments", () => {
    expect(matchCommand("/pr 2 e +2")).toEqual({ command: "powerRoll", args: "2 e +2" });
    expect(matchCommand("  /PR 1")).toEqual({ command: "powerRoll", args: "1" });
    expect(matchCommand("/hd 45 B+1")).toEqual({ command: "harmony", args: "45 B+1" });
    expect(matchCommand("/hd")).toEqual({ command: "harmony", args: "" });
  });
  it("leaves every other line to Foundry", () => {
    for (const line of ["/roll 1d20", "hello /pr 2", "/prx 2", "/h 2", "pr 2", ""]) {
      expect(matchCommand(line)).toBeNull();
    }
  });
});

describe("isCoreRollFormula: /pr shared with Foundry's public roll", () => {
  it("gives dice formulas to Foundry and keeps power rolls (and typos, for our usage error)", () => {
    for (const args of ["1d20", "2d6+3", "d8", "@abilities.str.mod", "(1d4)", "4dh", "1+2", "[[1d6]]"]) expect(isCoreRollFormula(args), args).toBe(true);
    for (const args of ["", "2", "-1 e", "+2", "0 ee +1", "x", "might", "9"]) expect(isCoreRollFormula(args), args).toBe(false);
  });
});

describe("parsePowerRollCommand", () => {
  it("reads the characteristic, edges, banes and bonuses of the issue's example", () => {
    expect(parsePowerRollCommand("2 e +2")).toEqual({ ok: true, value: { characteristic: 2, edges: 1, banes: 0, bonuses: 2 } });
  });
  it("counts e/ee/b/bb tokens in any number and case, and sums bonuses and penalties", () => {
    expect(parsePowerRollCommand("-1 ee E b bb +3 -1 +2")).toEqual({
      ok: true, value: { characteristic: -1, edges: 3, banes: 3, bonuses: 4 },
    });
    expect(parsePowerRollCommand("+5")).toEqual({ ok: true, value: { characteristic: 5, edges: 0, banes: 0, bonuses: 0 } });
  });
  it("rejects a missing or non-numeric characteristic", () => {
    expect(parsePowerRollCommand("")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.PowerRollUsage" } });
    expect(parsePowerRollCommand("might")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.NotANumber", data: { token: "might" } } });
    expect(parsePowerRollCommand("1.5")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.NotANumber" } });
  });
  it("rejects a characteristic outside -5..5", () => {
    expect(parsePowerRollCommand("6")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.CharacteristicRange", data: { value: 6 } } });
    expect(parsePowerRollCommand("-6")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.CharacteristicRange" } });
  });
  it("rejects unknown tokens and oversized bonuses", () => {
    for (const token of ["eee", "bbb", "x", "+", "2", "e2", "+2.5", "<b>"]) {
      expect(parsePowerRollCommand(`1 ${token}`)).toMatchObject({ ok: false, error: { key: "SE.Command.Error.UnknownToken", data: { token } } });
    }
    expect(parsePowerRollCommand("1 +21")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.BonusRange" } });
    expect(parsePowerRollCommand("1 +20").ok).toBe(true);
  });
  it("never throws, whatever is typed", () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const r = parsePowerRollCommand(s);
      expect(typeof r.ok).toBe("boolean");
    }));
  });
});

describe("parseHarmonyCheckCommand", () => {
  it("reads target and net Big/Small Buffs and Debuffs", () => {
    expect(parseHarmonyCheckCommand("45 B+1 S-2")).toEqual({ ok: true, value: { target: 45, big: 1, small: -2 } });
    expect(parseHarmonyCheckCommand("0")).toEqual({ ok: true, value: { target: 0, big: 0, small: 0 } });
    expect(parseHarmonyCheckCommand("100 b-3 s+3")).toEqual({ ok: true, value: { target: 100, big: -3, small: 3 } });
  });
  it("lets Buffs and Debuffs of the same type cancel, each side capped at 3", () => {
    expect(parseHarmonyCheckCommand("50 B+2 B-1")).toMatchObject({ value: { big: 1 } });
    expect(parseHarmonyCheckCommand("50 B+3 B+3 B-1")).toMatchObject({ value: { big: 2 } });
    expect(parseHarmonyCheckCommand("50 S-3 S-2")).toMatchObject({ value: { small: -3 } });
    expect(parseHarmonyCheckCommand("50 B+2 S-2")).toMatchObject({ value: { big: 2, small: -2 } });
  });
  it("rejects bad targets, tokens and counts", () => {
    expect(parseHarmonyCheckCommand("")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.HarmonyUsage" } });
    expect(parseHarmonyCheckCommand("abc")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.NotANumber" } });
    expect(parseHarmonyCheckCommand("101")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.TargetRange", data: { value: 101 } } });
    expect(parseHarmonyCheckCommand("-1")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.TargetRange" } });
    expect(parseHarmonyCheckCommand("50 B+4")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.BuffRange" } });
    for (const token of ["B", "B1", "X+1", "e", "+2", "B+1.5"]) {
      expect(parseHarmonyCheckCommand(`50 ${token}`)).toMatchObject({ ok: false, error: { key: "SE.Command.Error.UnknownToken", data: { token } } });
    }
  });
  it("never yields a net value outside -3..3", () => {
    const tok = fc.tuple(fc.constantFrom("B", "S", "b", "s"), fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 3 }))
      .map(([k, s, n]) => `${k}${s}${n}`);
    fc.assert(fc.property(fc.integer({ min: 0, max: 100 }), fc.array(tok, { maxLength: 8 }), (t, toks) => {
      const r = parseHarmonyCheckCommand([t, ...toks].join(" "));
      expect(r.ok).toBe(true);
      if (r.ok) {
        expect(Math.abs(r.value.big)).toBeLessThanOrEqual(3);
        expect(Math.abs(r.value.small)).toBeLessThanOrEqual(3);
      }
    }));
  });
});

describe("checks shared with the macro API", () => {
  it("accept good power roll inputs and reject bad ones", () => {
    expect(checkPowerRoll({ characteristic: 0 })).toBeNull();
    expect(checkPowerRoll({ characteristic: 2, edges: 5, banes: 1, bonuses: -3 })).toBeNull();
    expect(checkPowerRoll({})?.key).toBe("SE.Command.Error.NotANumber");
    expect(checkPowerRoll({ characteristic: 9 })?.key).toBe("SE.Command.Error.CharacteristicRange");
    expect(checkPowerRoll({ characteristic: 1, edges: -1 })?.key).toBe("SE.Command.Error.EdgeCount");
    expect(checkPowerRoll({ characteristic: 1, banes: 0.5 })?.key).toBe("SE.Command.Error.EdgeCount");
    expect(checkPowerRoll({ characteristic: 1, bonuses: Number.NaN })?.key).toBe("SE.Command.Error.NotANumber");
  });
  it("accept good Harmony inputs and reject bad ones", () => {
    expect(checkHarmonyCheck({ target: 37 })).toBeNull();
    expect(checkHarmonyCheck({ target: 37, big: -3, small: 3 })).toBeNull();
    expect(checkHarmonyCheck({ target: 37.5 })?.key).toBe("SE.Command.Error.NotANumber");
    expect(checkHarmonyCheck({ target: 101 })?.key).toBe("SE.Command.Error.TargetRange");
    expect(checkHarmonyCheck({ target: 10, big: 4 })?.key).toBe("SE.Command.Error.BuffRange");
    expect(checkHarmonyCheck({ target: 10, small: -4 })?.key).toBe("SE.Command.Error.BuffRange");
  });
});

describe("/rt: request a test", async () => {
  const { parseTestRequestCommand, checkTestRequest, matchCommand } = { ...(await import("../../src/parser/chat-commands.ts")), ...(await import("../../src/parser/command-checks.ts")), ...(await import("../../src/parser/command-args.ts")) };
  it("reads a characteristic by name or its first letters and an optional difficulty", () => {
    expect(matchCommand("/rt might hard")).toEqual({ command: "requestTest", args: "might hard" });
    expect(parseTestRequestCommand("Might HARD")).toEqual({ ok: true, value: { characteristic: "might", difficulty: "hard" } });
    expect(parseTestRequestCommand("agi")).toEqual({ ok: true, value: { characteristic: "agility" } });
    expect(parseTestRequestCommand("pres easy")).toEqual({ ok: true, value: { characteristic: "presence", difficulty: "easy" } });
  });
  it("names what it does not understand", () => {
    expect(parseTestRequestCommand("")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.RequestUsage" } });
    expect(parseTestRequestCommand("mi")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.UnknownCharacteristic", data: { token: "mi" } } });
    expect(parseTestRequestCommand("might brutal")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.UnknownDifficulty", data: { token: "brutal" } } });
    expect(parseTestRequestCommand("might hard now")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.UnknownToken" } });
    expect(checkTestRequest({ characteristic: "luck" as never })).toMatchObject({ key: "SE.Command.Error.UnknownCharacteristic" });
    expect(checkTestRequest({ characteristic: "might", difficulty: "easy" })).toBeNull();
  });
});

describe("/gt and /ot: group and opposed tests", async () => {
  const { parseGroupTestCommand, parseOpposedTestCommand, matchCommand } = { ...(await import("../../src/parser/chat-commands.ts")), ...(await import("../../src/parser/command-args.ts")) };
  it("match their words", () => {
    expect(matchCommand("/gt agility medium")).toEqual({ command: "groupTest", args: "agility medium" });
    expect(matchCommand("/OT agi int")).toEqual({ command: "opposedTest", args: "agi int" });
  });
  it("read a group test's characteristic and required difficulty", () => {
    expect(parseGroupTestCommand("Agility MEDIUM")).toEqual({ ok: true, value: { characteristic: "agility", difficulty: "medium" } });
    expect(parseGroupTestCommand("mig hard")).toEqual({ ok: true, value: { characteristic: "might", difficulty: "hard" } });
    expect(parseGroupTestCommand("might")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.GroupUsage" } });
    expect(parseGroupTestCommand("")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.GroupUsage" } });
    expect(parseGroupTestCommand("luck easy")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.UnknownCharacteristic", data: { token: "luck" } } });
    expect(parseGroupTestCommand("might brutal")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.UnknownDifficulty" } });
    expect(parseGroupTestCommand("might easy now")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.UnknownToken" } });
  });
  it("read an opposed test's two characteristics, the second defaulting to the first", () => {
    expect(parseOpposedTestCommand("agility intuition")).toEqual({ ok: true, value: { first: "agility", second: "intuition" } });
    expect(parseOpposedTestCommand("might")).toEqual({ ok: true, value: { first: "might", second: "might" } });
    expect(parseOpposedTestCommand("")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.OpposedUsage" } });
    expect(parseOpposedTestCommand("might luck")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.UnknownCharacteristic", data: { token: "luck" } } });
    expect(parseOpposedTestCommand("might agi x")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.UnknownToken" } });
  });
});

describe("/montage", async () => {
  const { parseMontageCommand, matchCommand } = { ...(await import("../../src/parser/chat-commands.ts")), ...(await import("../../src/parser/command-args.ts")) };
  it("opens the tracker without arguments, or starts a montage of a difficulty with a title", () => {
    expect(matchCommand("/montage")).toEqual({ command: "montage", args: "" });
    expect(parseMontageCommand("")).toEqual({ ok: true, value: { title: "" } });
    expect(parseMontageCommand("HARD Cross the  Infinite Desert")).toEqual({ ok: true, value: { difficulty: "hard", title: "Cross the Infinite Desert" } });
    expect(parseMontageCommand("medium")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.MontageUsage" } });
    expect((parseMontageCommand(`easy ${"x".repeat(300)}`) as { value: { title: string } }).value.title).toHaveLength(120);
  });
});

describe("/d12", async () => {
  const { parseD12Command, matchCommand } = { ...(await import("../../src/parser/chat-commands.ts")), ...(await import("../../src/parser/command-args.ts")) };
  it("reads the modifier, an optional DC and advantage sources", () => {
    expect(matchCommand("/d12 +3 dc 17 adv")).toEqual({ command: "d12", args: "+3 dc 17 adv" });
    expect(parseD12Command("+3 DC 17 adv adv dis")).toEqual({ ok: true, value: { modifier: 3, dc: 17, advantages: 2, disadvantages: 1 } });
    expect(parseD12Command("-1")).toEqual({ ok: true, value: { modifier: -1, dc: null, advantages: 0, disadvantages: 0 } });
    expect(parseD12Command("")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.D12Usage" } });
    expect(parseD12Command("x")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.NotANumber" } });
    expect(parseD12Command("2 dc")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.NotANumber" } });
    expect(parseD12Command("2 dc 99")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.BonusRange" } });
    expect(parseD12Command("99")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.BonusRange" } });
    expect(parseD12Command("2 lucky")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.UnknownToken", data: { token: "lucky" } } });
  });
});

describe("/arc and /react", async () => {
  const { parseArcCommand, parseReactCommand, matchCommand } = { ...(await import("../../src/parser/chat-commands.ts")), ...(await import("../../src/parser/command-args.ts")) };
  it("read the ARC's scores, the ES die, adjustments and what it must beat", () => {
    expect(matchCommand("/arc 7 4 es 5 d8 vs 9")).toEqual({ command: "arc", args: "7 4 es 5 d8 vs 9" });
    expect(parseArcCommand("7 4 ES 5 d8 +1 +1 -1 vs 9")).toEqual({ ok: true, value: { ks: 7, us: 4, es: 5, esDie: 8, adjustment: 1, against: 9 } });
    expect(parseArcCommand("7 4 es 5 d8")).toEqual({ ok: true, value: { ks: 7, us: 4, es: 5, esDie: 8, adjustment: 0, against: null } });
    for (const bad of ["", "7 4", "7 4 es 5", "7 4 es 5 d7", "x 4 es 5 d8", "7 4 xs 5 d8"]) {
      expect(parseArcCommand(bad)).toMatchObject({ ok: false, error: { key: "SE.Command.Error.ArcUsage" } });
    }
    expect(parseArcCommand("7 4 es 5 d8 vs")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.UnknownToken" } });
  });
  it("read a State of Mind from 1 to 10", () => {
    expect(parseReactCommand("6")).toEqual({ ok: true, value: { som: 6 } });
    for (const bad of ["", "0", "11", "x", "6 7"]) expect(parseReactCommand(bad)).toMatchObject({ ok: false, error: { key: "SE.Command.Error.ReactUsage" } });
  });
});

describe("/ad", async () => {
  const { parseActionDiceCommand, matchCommand } = { ...(await import("../../src/parser/chat-commands.ts")), ...(await import("../../src/parser/command-args.ts")) };
  it("reads the bonus dice, Charges, Challenges, wounds, and a victory sum or a Guard with its modifiers", () => {
    expect(matchCommand("/ad 2 vs 20")).toEqual({ command: "actionDice", args: "2 vs 20" });
    expect(parseActionDiceCommand("2 charge charge challenge wounded vs 20")).toEqual({
      ok: true, value: { bonusDice: 2, charges: 2, challenges: 1, wounded: true, vs: 20, guard: null },
    });
    expect(parseActionDiceCommand("1 guard 15 behind size 2 cover partial")).toEqual({
      ok: true, value: { bonusDice: 1, charges: 0, challenges: 0, wounded: false, vs: null, guard: { guard: 15, behind: true, sizeSteps: 2, cover: "partial" } },
    });
    for (const bad of ["", "x", "11", "1 behind", "1 vs 20 guard 15"]) {
      expect(parseActionDiceCommand(bad)).toMatchObject({ ok: false, error: { key: "SE.Command.Error.ActionDiceUsage" } });
    }
    expect(parseActionDiceCommand("1 cover thick")).toMatchObject({ ok: false, error: { key: "SE.Command.Error.UnknownToken" } });
  });
});

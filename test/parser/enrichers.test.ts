// The enrichers' parsing (issue 33): the chat commands' parsers read each enricher, so an enricher
// means what its command typed in chat means. Seed 004: power rolls 2d10 + a characteristic (L135–161,
// the tiers ≤11, 12–16, 17+), damage types (L7160–7162), regaining Stamina (L7190), the nine
// conditions (L6656–6698).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { matchCommand } from "../../src/parser/chat-commands.ts";
import { parseDamageCommand, parseHealCommand } from "../../src/parser/command-args.ts";
import {
  ENRICHER_PATTERNS, claimsInlineRoll, parseConditionEnricher, parseEnricherPowerRoll, parseInlineEnricher, parsePowerRollBlock,
} from "../../src/parser/enrichers.ts";

const ok = <T>(value: T) => ({ ok: true, value });
const err = (key: string, data: Record<string, string | number> = {}) => ({ ok: false, error: { key, data } });
const matches = (re: RegExp, text: string) => [...text.matchAll(re)].map((m) => [...m]);

describe("/damage and /heal, the chat commands the damage and heal enrichers are", () => {
  it("are chat commands of their own", () => {
    expect(matchCommand("/damage 5 fire")).toEqual({ command: "damage", args: "5 fire" });
    expect(matchCommand("/HEAL 4")).toEqual({ command: "heal", args: "4" });
  });
  it("/damage: a whole amount 0–999 and an optional damage type (L7160–7162: typical damage has none)", () => {
    expect(parseDamageCommand("5 fire")).toEqual(ok({ amount: 5, type: "fire" }));
    expect(parseDamageCommand("12")).toEqual(ok({ amount: 12, type: "" }));
    expect(parseDamageCommand(" 3  PSYCHIC ")).toEqual(ok({ amount: 3, type: "psychic" }));
    expect(parseDamageCommand("0")).toEqual(ok({ amount: 0, type: "" }));
    expect(parseDamageCommand("999 cold")).toEqual(ok({ amount: 999, type: "cold" }));
  });
  it("/damage refuses what is not an amount, a type it does not know, more than 999 and extra words", () => {
    for (const args of ["", "fire", "-2", "2.5", "1000", "1e3", "5 fire extra", "99999"]) expect(parseDamageCommand(args), args).toEqual(err("SE.Command.Error.DamageUsage"));
    expect(parseDamageCommand("5 bludgeoning")).toEqual(err("SE.Command.Error.UnknownDamageType", { token: "bludgeoning" }));
  });
  it("/heal: a whole amount 1–999 (L7190 caps what is regained at the maximum, which the document does)", () => {
    expect(parseHealCommand("4")).toEqual(ok({ amount: 4 }));
    for (const args of ["", "0", "-4", "4 fire", "1000", "x"]) expect(parseHealCommand(args), args).toEqual(err("SE.Command.Error.HealUsage"));
  });
});

describe("the power roll enricher reads what /pr reads, and the dice it rolls (L135–161)", () => {
  it("2d10+N is a power roll with characteristic N; 2d10 alone is a characteristic of 0", () => {
    expect(parseEnricherPowerRoll("2d10+3")).toEqual(ok({ characteristic: 3, edges: 0, banes: 0, bonuses: 0 }));
    expect(parseEnricherPowerRoll("2d10 - 1 e")).toEqual(ok({ characteristic: -1, edges: 1, banes: 0, bonuses: 0 }));
    expect(parseEnricherPowerRoll("2D10")).toEqual(ok({ characteristic: 0, edges: 0, banes: 0, bonuses: 0 }));
    expect(parseEnricherPowerRoll("2d10+2 bb +1")).toEqual(ok({ characteristic: 2, edges: 0, banes: 2, bonuses: 1 }));
  });
  it("the chat's own form, and a characteristic by name for the roller's score at the click", () => {
    expect(parseEnricherPowerRoll("2 e +2")).toEqual(ok({ characteristic: 2, edges: 1, banes: 0, bonuses: 2 }));
    expect(parseEnricherPowerRoll("might b")).toEqual(ok({ characteristic: "might", edges: 0, banes: 1, bonuses: 0 }));
    expect(parseEnricherPowerRoll("AGI")).toEqual(ok({ characteristic: "agility", edges: 0, banes: 0, bonuses: 0 }));
  });
  it("refuses with /pr's own errors: out of range, unknown tokens, a name with nonsense after it", () => {
    expect(parseEnricherPowerRoll("2d10+7")).toEqual(err("SE.Command.Error.CharacteristicRange", { value: 7, min: -5, max: 5 }));
    expect(parseEnricherPowerRoll("might x")).toEqual(err("SE.Command.Error.UnknownToken", { token: "x" }));
    expect(parseEnricherPowerRoll("")).toEqual(err("SE.Command.Error.PowerRollUsage"));
    expect(parseEnricherPowerRoll("2d6+3")).toEqual(err("SE.Command.Error.NotANumber", { token: "2d6+3" }));
  });
});

describe("parseInlineEnricher: each [[/word]] as its chat command", () => {
  it("the issue's four examples", () => {
    expect(parseInlineEnricher("pr", "2d10+3")).toEqual(ok({ kind: "powerRoll", roll: { characteristic: 3, edges: 0, banes: 0, bonuses: 0 } }));
    expect(parseInlineEnricher("damage", "5 fire")).toEqual(ok({ kind: "damage", damage: { amount: 5, type: "fire" } }));
    expect(parseInlineEnricher("heal", "4")).toEqual(ok({ kind: "heal", heal: { amount: 4 } }));
    expect(parseInlineEnricher("test", "might hard")).toEqual(ok({ kind: "test", request: { characteristic: "might", difficulty: "hard" } }));
  });
  it("an error for anything else, never an action", () => {
    expect(parseInlineEnricher("test", "charm hard")).toEqual(err("SE.Command.Error.UnknownCharacteristic", { token: "charm" }));
    expect(parseInlineEnricher("kill", "all")).toEqual(err("SE.Enricher.Error.Unknown", { token: "kill" }));
    expect(parseInlineEnricher("damage", "1 ".repeat(100))).toEqual(err("SE.Enricher.Error.TooLong"));
  });
  it("any text parses to an action or an error, without throwing", () => {
    fc.assert(fc.property(fc.constantFrom("pr", "damage", "heal", "test", "x"), fc.string({ maxLength: 140 }), (word, args) => {
      const r = parseInlineEnricher(word, args);
      expect(r.ok ? typeof r.value.kind : r.error.key.slice(0, 3)).toBe(r.ok ? "string" : "SE.");
    }));
  });
});

describe("@Condition and @PowerRoll", () => {
  it("@Condition takes the nine conditions (L6656–6698), not the states", () => {
    expect(parseConditionEnricher("Prone")).toEqual(ok({ kind: "condition", id: "prone" }));
    expect(parseConditionEnricher("dying")).toEqual(err("SE.Enricher.Error.UnknownCondition", { token: "dying" }));
  });
  it("a power-roll block: a roll and exactly three tier texts (≤11, 12–16, 17+)", () => {
    expect(parsePowerRollBlock("might", " 3 damage | 5 damage;  push 1 | 7 damage; prone ")).toEqual(ok({
      kind: "powerRollBlock", roll: { characteristic: "might", edges: 0, banes: 0, bonuses: 0 }, tiers: ["3 damage", "5 damage; push 1", "7 damage; prone"],
    }));
    expect(parsePowerRollBlock("2d10+2", "a | b")).toEqual(err("SE.Enricher.Error.Tiers"));
    expect(parsePowerRollBlock("2d10+2", "a | | c")).toEqual(err("SE.Enricher.Error.Tiers"));
    expect(parsePowerRollBlock("2d10+9", "a | b | c")).toEqual(err("SE.Command.Error.CharacteristicRange", { value: 9, min: -5, max: 5 }));
  });
});

describe("the patterns Foundry matches in text nodes", () => {
  it("find each enricher with its arguments and label", () => {
    const text = "Hit [[/pr 2d10+3]] for [[/damage 5 fire]]{a burst}, [[/heal 4]], [[/Test might hard]]; @Condition[prone]{Knocked down}.";
    expect(matches(ENRICHER_PATTERNS.inline, text)).toEqual([
      ["[[/pr 2d10+3]]", "pr", "2d10+3", undefined], ["[[/damage 5 fire]]{a burst}", "damage", "5 fire", "a burst"],
      ["[[/heal 4]]", "heal", "4", undefined], ["[[/Test might hard]]", "Test", "might hard", undefined],
    ]);
    expect(matches(ENRICHER_PATTERNS.condition, text)).toEqual([["@Condition[prone]{Knocked down}", "prone", "Knocked down"]]);
    expect(matches(ENRICHER_PATTERNS.powerRollBlock, "@PowerRoll[might]{a | b | c}")).toEqual([["@PowerRoll[might]{a | b | c}", "might", "a | b | c"]]);
  });
  it("leave core's rolls, other commands and unclosed brackets alone", () => {
    for (const text of ["[[/r 1d20]]", "[[1d6]]", "[[/damage]]", "[[/damage 5", "[[/gmr 2d10]]", "@Condition[]", "@PowerRoll[might]"]) {
      expect(matches(ENRICHER_PATTERNS.inline, text).length + matches(ENRICHER_PATTERNS.condition, text).length
        + matches(ENRICHER_PATTERNS.powerRollBlock, text).length, text).toBe(0);
    }
  });
});

describe("claimsInlineRoll: which [[/pr …]] the system takes from core's inline rolls", () => {
  it("power rolls (2d10+N, /pr's own form, a name) are ours; dice formulas and other commands stay core's", () => {
    for (const [command, formula] of [["/pr ", "2d10+3"], ["/PR ", "2d10"], ["/pr ", "2 e"], ["/pr ", "might"], ["/pr ", "2d10 + 1 e"]] as const) {
      expect(claimsInlineRoll(command, formula), `${command}${formula}`).toBe(true);
    }
    for (const [command, formula] of [["/pr ", "1d20"], ["/pr ", "2d10+@mod"], ["/pr ", "2d10+9"], ["/r ", "2"], [undefined, "2d10+3"], ["/gmr ", "might"]] as const) {
      expect(claimsInlineRoll(command, formula), `${command}${formula}`).toBe(false);
    }
  });
});

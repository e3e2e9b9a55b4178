import { describe, expect, it } from "vitest";
import { parseAbilityPaste } from "../../src/parser/paste.ts";

const TWO = `BRUTAL SLAM
The heavy impact of your weapon attacks drives your foes ever backward.
  • Keywords: Attack, Melee, Weapon
  • Type: Action
  • Distance: Reach 1
  • Target: 1 creature or object
Power Roll + Might:
  • 11 or lower: 3 damage; push 1
  • 12–16: 8 damage; push 2
  • 17+: 12 damage; push 4
HIT AND RUN
Keeping in constant motion helps you slip out of reach after a brutal assault.
  • Keywords: Attack, Melee, Weapon
  • Type: Action
  • Distance: Reach 1
  • Target: 1 creature or object
Power Roll + Might:
  • 11 or lower: 2 damage
  • 12–16: 5 damage
  • 17+: 7 damage`;

describe("parseAbilityPaste", () => {
  it("reads several blocks pasted together", () => {
    const r = parseAbilityPaste(TWO);
    expect(r.ok && r.abilities.map((a) => a.name)).toEqual(["Brutal Slam", "Hit and Run"]);
  });
  it("reports a failure with its line in the whole paste and returns nothing", () => {
    const bad = TWO.replace("  • Type: Action\n  • Distance: Reach 1\n  • Target: 1 creature or object\nPower Roll + Might:\n  • 11 or lower: 2 damage", "  • Type: Bonus\n  • Distance: Reach 1\n  • Target: 1 creature or object\nPower Roll + Might:\n  • 11 or lower: 2 damage");
    expect(parseAbilityPaste(bad)).toEqual({ ok: false, error: { key: "SE.Parser.Error.UnknownType", line: 14, data: { type: "Bonus" } } });
  });
  it("refuses text before the first block, and a paste with no block", () => {
    expect(parseAbilityPaste(`some notes\n${TWO}`)).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.UnexpectedLine", line: 1 } });
    expect(parseAbilityPaste("just words")).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.MissingFields" } });
    expect(parseAbilityPaste("")).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.Empty" } });
  });
});

describe("paste caps (src/parser/limits.ts)", async () => {
  const { parseImportPaste } = await import("../../src/parser/paste.ts");
  const { parseStatBlock } = await import("../../src/parser/stat-block.ts");
  const { PASTE_LIMITS, pasteLimitError } = await import("../../src/parser/limits.ts");
  it("refuse a paste or a line over the caps with a localised error naming the line", () => {
    const long = "x".repeat(PASTE_LIMITS.maxLineLength + 1);
    expect(parseImportPaste(`Strike\nKeywords: Attack\n${long}`)).toEqual({ ok: false, error: { key: "SE.Parser.Error.LineTooLong", line: 3, data: { max: PASTE_LIMITS.maxLineLength } } });
    expect(parseImportPaste("a\n".repeat(PASTE_LIMITS.maxLength))).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.TooLong", line: 1 } });
    expect(parseStatBlock(`Goblin\n${long}`)).toMatchObject({ ok: false, error: { key: "SE.Bestiary.Error.LineTooLong", line: 2 } });
    expect(pasteLimitError("x".repeat(PASTE_LIMITS.maxLineLength), "P")).toBeNull();
  });
  it("still read a hostile line just under the cap as a plain error, not a hang", () => {
    const line = `Spend${" ".repeat(PASTE_LIMITS.maxLineLength - 10)}x`;
    expect(parseImportPaste(`Strike\nKeywords: Attack\nType: Action\n${line}`)).toMatchObject({ ok: false, error: { key: "SE.Parser.Error.UnexpectedLine", line: 4 } });
  });
});

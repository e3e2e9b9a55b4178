/**
 * The text enrichers of journals and item descriptions (issue 33): what each one says, read with the
 * chat commands' own parsers (command-args.ts), so `[[/damage 5 fire]]` means what `/damage 5 fire`
 * typed in chat means. Pure: text in, plain data or a localisable error out.
 *
 *   [[/pr 2d10+3]]  [[/pr 2 e]]  [[/pr might b]]      a power roll (`2d10+N`: characteristic N; a name: the speaker's)
 *   [[/damage 5 fire]]                                 `/damage`: to the selected (or targeted) creatures
 *   [[/heal 4]]                                        `/heal`: the selected (or targeted) creatures regain Stamina
 *   [[/test might hard]]                               `/rt`: a test request card
 *   @Condition[prone]                                  the condition: its rules page, and a click applies it
 *   @PowerRoll[might]{≤11 text | 12–16 text | 17+ text} a power-roll block with its three tiers
 *
 * Each `[[…]]` and `@…[…]` may end with `{label}`, shown instead of the generated text.
 */
import { CONDITION_IDS } from "../rules/conditions.ts";
import { ENRICHER_LIMITS } from "./enricher-patterns.ts";
import type { Characteristic } from "../rules/catalogue.ts";
import type { ConditionId } from "../rules/conditions.ts";
import { isCoreRollFormula, tokens } from "./chat-commands.ts";
import type { CommandResult, DamageCommand, HealCommand, PowerRollCommand, TestRequestCommand } from "./command-checks.ts";
import { characteristicOf, parseDamageCommand, parseHealCommand, parsePowerRollCommand, parseTestRequestCommand } from "./command-args.ts";

export { ENRICHER_LIMITS, ENRICHER_PATTERNS } from "./enricher-patterns.ts";

/** A power roll whose characteristic is a number, or a name read from the roller's sheet at the click. */
export type EnricherRoll = Omit<PowerRollCommand, "characteristic"> & { characteristic: number | Characteristic };

export type EnricherAction =
  | { kind: "powerRoll"; roll: EnricherRoll }
  | { kind: "damage"; damage: DamageCommand }
  | { kind: "heal"; heal: HealCommand }
  | { kind: "test"; request: TestRequestCommand }
  | { kind: "condition"; id: ConditionId }
  | { kind: "powerRollBlock"; roll: EnricherRoll; tiers: [string, string, string] };

/** The command words of the `[[/…]]` enrichers. */
export const INLINE_WORDS = ["pr", "damage", "heal", "test"] as const;
export type InlineWord = (typeof INLINE_WORDS)[number];


function fail<T>(key: string, data: Record<string, string | number> = {}): CommandResult<T> {
  return { ok: false, error: { key, data } };
}

/**
 * A power roll's arguments as an enricher writes them: `2d10+3 e` (the dice the rules roll, plus the
 * characteristic), `3 e` (as `/pr` takes them) or `might e` (the roller's Might, read at the click).
 * Edges, banes and bonuses after it as `/pr` reads them.
 */
export function parseEnricherPowerRoll(args: string): CommandResult<EnricherRoll> {
  const text = args.trim().replace(/^2d10(?:\s*([+-])\s*(\d{1,2}))?(?=\s|$)/i, (_all, sign?: string, n?: string) => (n ? `${sign === "-" ? "-" : ""}${n}` : "0"));
  const [first, ...rest] = tokens(text);
  const name = first === undefined ? undefined : characteristicOf(first.toLowerCase());
  if (!name) return parsePowerRollCommand(text);
  // A name: check the rest as `/pr` would with a characteristic of 0, then keep the name.
  const parsed = parsePowerRollCommand(["0", ...rest].join(" "));
  return parsed.ok ? { ok: true, value: { ...parsed.value, characteristic: name } } : parsed;
}

/** What `[[/word args]]` does, or the error to show in its place. */
export function parseInlineEnricher(word: string, args: string): CommandResult<EnricherAction> {
  const w = word.toLowerCase();
  if (args.length > ENRICHER_LIMITS.args) return fail("SE.Enricher.Error.TooLong");
  if (w === "pr") {
    const r = parseEnricherPowerRoll(args);
    return r.ok ? { ok: true, value: { kind: "powerRoll", roll: r.value } } : r;
  }
  if (w === "damage") {
    const r = parseDamageCommand(args);
    return r.ok ? { ok: true, value: { kind: "damage", damage: r.value } } : r;
  }
  if (w === "heal") {
    const r = parseHealCommand(args);
    return r.ok ? { ok: true, value: { kind: "heal", heal: r.value } } : r;
  }
  if (w === "test") {
    const r = parseTestRequestCommand(args);
    return r.ok ? { ok: true, value: { kind: "test", request: r.value } } : r;
  }
  return fail("SE.Enricher.Error.Unknown", { token: word.slice(0, 20) });
}

/** `@Condition[prone]`: one of the seed's nine conditions (L6656–6698), case-insensitive. */
export function parseConditionEnricher(name: string): CommandResult<EnricherAction> {
  const id = CONDITION_IDS.find((c) => c === name.trim().toLowerCase());
  return id ? { ok: true, value: { kind: "condition", id } } : fail("SE.Enricher.Error.UnknownCondition", { token: name.slice(0, 20) });
}

/** `@PowerRoll[roll]{tier 1 | tier 2 | tier 3}`: a power roll and exactly three tier texts, none empty. */
export function parsePowerRollBlock(args: string, tierText: string): CommandResult<EnricherAction> {
  if (tierText.length > ENRICHER_LIMITS.tiers) return fail("SE.Enricher.Error.TooLong");
  const tiers = tierText.split("|").map((t) => t.trim().replace(/\s+/g, " "));
  if (tiers.length !== 3 || tiers.some((t) => !t)) return fail("SE.Enricher.Error.Tiers");
  const r = parseEnricherPowerRoll(args);
  return r.ok ? { ok: true, value: { kind: "powerRollBlock", roll: r.value, tiers: tiers as [string, string, string] } } : r;
}

/**
 * Core's inline rolls come before custom enrichers (v13 client/applications/ux/text-editor.mjs
 * `TextEditor.enrichHTML`: content links, hyperlinks, inline rolls, embeds, then
 * `CONFIG.TextEditor.enrichers`), and `_createInlineRoll` turns any `[[/pr …]]` into Foundry's public
 * roll. True when a `[[/command formula]]` is ours instead: a `/pr` that `/pr` in chat would take (not a
 * dice formula for core, `isCoreRollFormula`), or a power roll written as its dice, `2d10+N`.
 */
export function claimsInlineRoll(command: string | undefined, formula: string): boolean {
  if (!command || command.trim().toLowerCase() !== "/pr") return false;
  if (/^\s*2d10(?:\s*[+-]\s*\d{1,2})?(?:\s|$)/i.test(formula)) return parseEnricherPowerRoll(formula).ok;
  return !isCoreRollFormula(formula);
}

/**
 * Parsers for the system's chat commands. Pure: text in, plain data or a localisable error out.
 *
 *   /pr <characteristic> [e|ee|b|bb ...] [+N|-N ...]      Draw Steel power roll (`/pr 1d20` stays Foundry's public roll)
 *   /hd <target 0-100> [B+n|B-n ...] [S+n|S-n ...]        Echoes Harmony/Dissonance check
 *   /rt <characteristic name> [easy|medium|hard]         ask the players for a test
 *   /gt <characteristic name> <easy|medium|hard>         a group test (L6041–6061)
 *   /ot <characteristic name> [<characteristic name>]    an opposed test (L5867–5875)
 *   /montage [easy|moderate|hard [title]]                open the montage tracker, or start one (L6063)
 *   /negotiate                                           open the negotiation tracker (L7345)
 *   /d12 <modifier> [dc N] [adv|dis ...]                 seed 003's 2d12 check (S3:L16–72)
 *   /arc <KS> <US> es <ES> d<faces> [+N|-N] [vs N]       seed 002's Action Resolution Check (S2:L111–159)
 *   /react <SOM>                                         seed 002's Reaction check (S2:L49–81)
 *   /ad <bonus dice> [charge] [challenge] [wounded] [vs N | guard N [behind] [size N] [cover X]]  seed 001 (S1)
 *   /damage <amount> [damage type]                       damage to the selected creatures (issue 33)
 *   /heal <amount>                                       Stamina regained by the selected creatures (issue 33)
 *
 * Errors carry a localisation key (under `SE.Command.Error`) and the data to format it with, so the
 * caller can show a localised notification; nothing here knows about Foundry.
 *
 * This module is what every world loads (the `chatMessage` hook's test, the macros' checks, the
 * limits); the parsers of each command's arguments are in command-args.ts, which loads with the
 * chat commands when one is typed (docs/architecture.md, "Loading").
 */
import { CHARACTERISTICS } from "../rules/catalogue.ts";
import { TEST_DIFFICULTIES } from "../rules/tests.ts";
import type { Characteristic, DamageType } from "../rules/catalogue.ts";
import type { MontageDifficulty } from "../rules/montage.ts";
import type { TestDifficulty } from "../rules/tests.ts";

export interface CommandError {
  /** Localisation key, e.g. `SE.Command.Error.NotANumber`. */
  key: string;
  /** Values to format the localised string with. */
  data: Record<string, string | number>;
}

export type CommandResult<T> = { ok: true; value: T } | { ok: false; error: CommandError };

export interface PowerRollCommand {
  characteristic: number;
  edges: number;
  banes: number;
  bonuses: number;
}

export interface HarmonyCheckCommand {
  target: number;
  /** Net Big Buffs (+) or Debuffs (-), -3..3. */
  big: number;
  /** Net Small Buffs (+) or Debuffs (-), -3..3. */
  small: number;
}

/** Characteristic scores run from -5 to +5 (seed 004, L135–161). */
export const CHARACTERISTIC_RANGE = { min: -5, max: 5 } as const;
/** A single bonus or penalty token is limited to keep typos (`+200`) from producing nonsense. */
export const MAX_BONUS_TOKEN = 20;
/** At most 3 Buffs or Debuffs of each type (seed 000, L69). */
export const MAX_BUFFS = 3;

/** The whitespace-separated words of a command's arguments. */
export function tokens(args: string): string[] {
  return args.trim().split(/\s+/).filter((t) => t.length > 0);
}

const isInt = (n: unknown): n is number => Number.isInteger(n);

/**
 * Validate power roll inputs however they arrive (chat command or macro): characteristic an integer
 * in -5..5, edges and banes non-negative integers, bonuses an integer. Returns an error or null.
 */
export function checkPowerRoll(o: Partial<PowerRollCommand>): CommandError | null {
  const { characteristic, edges = 0, banes = 0, bonuses = 0 } = o;
  if (!isInt(characteristic)) return { key: "SE.Command.Error.NotANumber", data: { token: String(characteristic) } };
  if (characteristic < CHARACTERISTIC_RANGE.min || characteristic > CHARACTERISTIC_RANGE.max) {
    return { key: "SE.Command.Error.CharacteristicRange", data: { value: characteristic, ...CHARACTERISTIC_RANGE } };
  }
  for (const n of [edges, banes]) {
    if (!isInt(n) || n < 0) return { key: "SE.Command.Error.EdgeCount", data: { token: String(n) } };
  }
  if (!isInt(bonuses)) return { key: "SE.Command.Error.NotANumber", data: { token: String(bonuses) } };
  return null;
}

/** Validate Harmony check inputs: target an integer 0..100, net Big/Small an integer in -3..3. */
export function checkHarmonyCheck(o: Partial<HarmonyCheckCommand>): CommandError | null {
  const { target, big = 0, small = 0 } = o;
  if (!isInt(target)) return { key: "SE.Command.Error.NotANumber", data: { token: String(target) } };
  if (target < 0 || target > 100) return { key: "SE.Command.Error.TargetRange", data: { value: target } };
  for (const n of [big, small]) {
    if (!isInt(n) || Math.abs(n) > MAX_BUFFS) {
      return { key: "SE.Command.Error.BuffRange", data: { token: String(n), max: MAX_BUFFS } };
    }
  }
  return null;
}

/** Recognised command words, lower case, without the slash. */
export const COMMANDS = { powerRoll: "pr", harmony: "hd", requestTest: "rt", groupTest: "gt", opposedTest: "ot", montage: "montage",
  negotiate: "negotiate", d12: "d12", arc: "arc", react: "react", actionDice: "ad", deathSave: "deathsave", fall: "fall", declare: "declare", dissonance: "dissonance", edge: "edge",
  help: "help", damage: "damage", heal: "heal" } as const;

/** The commands by game, each with its usage's localisation key: what `/help` lists. */
export const COMMAND_HELP: readonly { game: "drawSteel" | "echoes" | "actionDice" | "arc" | "d12"; commands: readonly { word: string; usageKey: string }[] }[] = [
  { game: "drawSteel", commands: [
    { word: COMMANDS.powerRoll, usageKey: "PowerRollUsage" }, { word: COMMANDS.requestTest, usageKey: "RequestUsage" },
    { word: COMMANDS.groupTest, usageKey: "GroupUsage" }, { word: COMMANDS.opposedTest, usageKey: "OpposedUsage" },
    { word: COMMANDS.montage, usageKey: "MontageUsage" }, { word: COMMANDS.negotiate, usageKey: "NegotiateUsage" },
    { word: COMMANDS.fall, usageKey: "FallUsage" },
    { word: COMMANDS.damage, usageKey: "DamageUsage" }, { word: COMMANDS.heal, usageKey: "HealUsage" },
  ] },
  { game: "echoes", commands: [{ word: COMMANDS.harmony, usageKey: "HarmonyUsage" }, { word: COMMANDS.dissonance, usageKey: "DissonanceUsage" }] },
  { game: "actionDice", commands: [{ word: COMMANDS.actionDice, usageKey: "ActionDiceUsage" }] },
  { game: "arc", commands: [
    { word: COMMANDS.arc, usageKey: "ArcUsage" }, { word: COMMANDS.react, usageKey: "ReactUsage" }, { word: COMMANDS.declare, usageKey: "DeclareUsage" },
  ] },
  { game: "d12", commands: [
    { word: COMMANDS.d12, usageKey: "D12Usage" }, { word: COMMANDS.deathSave, usageKey: "DeathSaveUsage" }, { word: COMMANDS.edge, usageKey: "EdgeUsage" },
  ] },
];
export type CommandName = keyof typeof COMMANDS;

/** The game a command belongs to (`/help` belongs to none). */
export function commandGame(command: CommandName): (typeof COMMAND_HELP)[number]["game"] | null {
  const word = COMMANDS[command];
  return COMMAND_HELP.find((g) => g.commands.some((c) => c.word === word))?.game ?? null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: "\"", apos: "'", nbsp: " " };

/**
 * The plain text of what a user typed into a rich-text chat input, given as its HTML: the editor's
 * paragraphs and line breaks become new lines, other tags go, and character references are decoded
 * (`<p>/pr 2 might &amp; more</p>` reads `/pr 2 might & more`). Each pattern is a single pass without
 * backtracking into what it already matched, so the time is linear in the input's length.
 */
export function chatInputText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/p>\s*<p(?:\s[^>]*)?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
      if (ref[0] !== "#") return ENTITIES[ref.toLowerCase()] ?? whole;
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code === 0xa0 ? 0x20 : code) : whole;
    })
    .trim();
}

/** Split a chat line into its command word and arguments when it is one of ours; otherwise null. */
export function matchCommand(line: string): { command: CommandName; args: string } | null {
  const m = /^\/(\w+)(?:\s+([\s\S]*))?$/.exec(line.trim());
  if (!m) return null;
  const word = m[1]!.toLowerCase();
  const command = (Object.keys(COMMANDS) as CommandName[]).find((c) => COMMANDS[c] === word);
  return command ? { command, args: m[2] ?? "" } : null;
}

/**
 * Foundry's own `/pr` (a public roll, v13 ChatLog "publicroll") shares our command word: `/pr 1d20`
 * is a dice formula, not a power roll. True when the arguments are a formula for core to roll (the
 * first word has a die, `@data`, brackets or arithmetic between digits); a power roll's first word is
 * a characteristic score, and anything else gets our usage error.
 */
export function isCoreRollFormula(args: string): boolean {
  const first = tokens(args)[0];
  return first !== undefined && /\d+d[a-z\d]|^d\d|[@()*/[\]{}]|\d[+-]\d/i.test(first);
}

export interface TestRequestCommand {
  characteristic: Characteristic;
  difficulty?: TestDifficulty;
}

export interface GroupTestCommand {
  characteristic: Characteristic;
  difficulty: TestDifficulty;
}

export interface OpposedTestCommand {
  first: Characteristic;
  second: Characteristic;
}

export interface D12Command {
  modifier: number;
  /** The DC, or null for a check read only by its quality (S3:L21–31). */
  dc: number | null;
  advantages: number;
  disadvantages: number;
}

/** The largest modifier and DC `/d12` takes. */
export const D12_LIMIT = 60;

export interface ArcCommand {
  ks: number; us: number; es: number; esDie: number; adjustment: number; against: number | null;
}

/** The die sizes an ES may map to (the seed's table is missing; its example is a d8, S2:L125). */
export const ES_DICE = [4, 6, 8, 10, 12, 20] as const;

export interface ActionDiceCommand {
  bonusDice: number;
  charges: number;
  challenges: number;
  wounded: boolean;
  /** A victory sum, or a Guard with its modifiers (S1:L17, L36, L87–96), or nothing. */
  vs: number | null;
  guard: { guard: number; behind: boolean; sizeSteps: number; cover: "none" | "light" | "partial" | "full" } | null;
}

/** The most bonus dice `/ad` rolls. */
export const MAX_BONUS_DICE = 10;

export interface MontageCommand {
  /** Start a montage of this difficulty; none: open the tracker. */
  difficulty?: MontageDifficulty;
  title: string;
}

/** One participant of `/declare`: a name and its State of Mind, Empathy and Perception (S2:L85–87). */
export interface DeclareEntry { name: string; som: number; empathy: number; perception: number }

export interface FallCommand { squares: number; liquidDepth: number }

/** `/edge`: a player's hand; `/edge give <player>` and `/edge deck` for the GM (seed 003's EDGE cards). */
export type EdgeCommand = { kind: "hand" } | { kind: "deck" } | { kind: "give"; name: string };

/** Check a test request from a macro (the same rules as `/rt`); null when it is fine. */
export function checkTestRequest(o: Partial<TestRequestCommand>): CommandError | null {
  if (!CHARACTERISTICS.includes(o?.characteristic as Characteristic)) return { key: "SE.Command.Error.UnknownCharacteristic", data: { token: String(o?.characteristic ?? "") } };
  if (o.difficulty !== undefined && !TEST_DIFFICULTIES.includes(o.difficulty)) return { key: "SE.Command.Error.UnknownDifficulty", data: { token: String(o.difficulty) } };
  return null;
}

/** `/damage 5 fire`: an amount and, optionally, its damage type (L7160–7162: typical damage has none). */
export interface DamageCommand { amount: number; type: DamageType | "" }

/** `/heal 4`: the Stamina to regain, never above the maximum (L7190). */
export interface HealCommand { amount: number }

/** The most `/damage` deals and `/heal` restores at once: more is a typo, not a rule. */
export const MAX_DIRECT_AMOUNT = 999;

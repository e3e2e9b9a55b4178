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
 *
 * Errors carry a localisation key (under `SE.Command.Error`) and the data to format it with, so the
 * caller can show a localised notification; nothing here knows about Foundry.
 */
import { CHARACTERISTICS, MONTAGE_DIFFICULTIES, TEST_DIFFICULTIES } from "../rules/index.ts";
import type { Characteristic, MontageDifficulty, TestDifficulty } from "../rules/index.ts";

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

const INTEGER = /^[+-]?\d+$/;

function fail<T>(key: string, data: Record<string, string | number> = {}): CommandResult<T> {
  return { ok: false, error: { key: `SE.Command.Error.${key}`, data } };
}

function tokens(args: string): string[] {
  return args.trim().split(/\s+/).filter((t) => t.length > 0);
}

/**
 * Parse the arguments of `/pr` (everything after the command word).
 * `e`/`ee` add one/two edges, `b`/`bb` one/two banes (any number of tokens; the rules cap them),
 * `+N`/`-N` add a bonus or penalty (summed).
 */
export function parsePowerRollCommand(args: string): CommandResult<PowerRollCommand> {
  const [first, ...rest] = tokens(args);
  if (first === undefined) return fail("PowerRollUsage");
  if (!INTEGER.test(first)) return fail("NotANumber", { token: first });
  const characteristic = Number(first);
  if (characteristic < CHARACTERISTIC_RANGE.min || characteristic > CHARACTERISTIC_RANGE.max) {
    return fail("CharacteristicRange", { value: characteristic, ...CHARACTERISTIC_RANGE });
  }
  let edges = 0;
  let banes = 0;
  let bonuses = 0;
  for (const token of rest) {
    const lower = token.toLowerCase();
    if (/^e+$/.test(lower) && lower.length <= 2) edges += lower.length;
    else if (/^b+$/.test(lower) && lower.length <= 2) banes += lower.length;
    else if (/^[+-]\d+$/.test(token)) {
      const n = Number(token);
      if (Math.abs(n) > MAX_BONUS_TOKEN) return fail("BonusRange", { token, max: MAX_BONUS_TOKEN });
      bonuses += n;
    } else return fail("UnknownToken", { token });
  }
  return checked({ characteristic, edges, banes, bonuses }, checkPowerRoll);
}

/**
 * Parse the arguments of `/hd`. `B+n`/`B-n` are Big Buffs/Debuffs (tens, Dissonance dice), `S+n`/`S-n`
 * Small ones (ones, Harmony dice), n from 0 to 3, case-insensitive. Several tokens of a type add up:
 * Buffs and Debuffs are each capped at 3, then cancel (seed 000, L69).
 */
export function parseHarmonyCheckCommand(args: string): CommandResult<HarmonyCheckCommand> {
  const [first, ...rest] = tokens(args);
  if (first === undefined) return fail("HarmonyUsage");
  if (!INTEGER.test(first)) return fail("NotANumber", { token: first });
  const target = Number(first);
  if (target < 0 || target > 100) return fail("TargetRange", { value: target });
  const buffs = { b: 0, s: 0 };
  const debuffs = { b: 0, s: 0 };
  for (const token of rest) {
    const m = /^([bs])([+-])(\d+)$/i.exec(token);
    if (!m) return fail("UnknownToken", { token });
    const kind = m[1]!.toLowerCase() as "b" | "s";
    const n = Number(m[3]);
    if (n > MAX_BUFFS) return fail("BuffRange", { token, max: MAX_BUFFS });
    if (m[2] === "+") buffs[kind] += n;
    else debuffs[kind] += n;
  }
  const net = (kind: "b" | "s") => Math.min(buffs[kind], MAX_BUFFS) - Math.min(debuffs[kind], MAX_BUFFS);
  return checked({ target, big: net("b"), small: net("s") }, checkHarmonyCheck);
}

function checked<T>(value: T, check: (v: T) => CommandError | null): CommandResult<T> {
  const error = check(value);
  return error ? { ok: false, error } : { ok: true, value };
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
  help: "help" } as const;

/** The commands by game, each with its usage's localisation key: what `/help` lists. */
export const COMMAND_HELP: readonly { game: "drawSteel" | "echoes" | "actionDice" | "arc" | "d12"; commands: readonly { word: string; usageKey: string }[] }[] = [
  { game: "drawSteel", commands: [
    { word: COMMANDS.powerRoll, usageKey: "PowerRollUsage" }, { word: COMMANDS.requestTest, usageKey: "RequestUsage" },
    { word: COMMANDS.groupTest, usageKey: "GroupUsage" }, { word: COMMANDS.opposedTest, usageKey: "OpposedUsage" },
    { word: COMMANDS.montage, usageKey: "MontageUsage" }, { word: COMMANDS.negotiate, usageKey: "NegotiateUsage" },
    { word: COMMANDS.fall, usageKey: "FallUsage" },
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

/**
 * Parse the arguments of `/rt`: a characteristic by name or its first three letters (`might`,
 * `agi`, ...), then optionally a difficulty (`easy`, `medium`, `hard`), case-insensitive.
 */
export function parseTestRequestCommand(args: string): CommandResult<TestRequestCommand> {
  const [first, second, ...rest] = tokens(args.toLowerCase());
  if (first === undefined) return fail("RequestUsage");
  const characteristic = characteristicOf(first);
  if (!characteristic) return fail("UnknownCharacteristic", { token: first });
  if (second === undefined) return { ok: true, value: { characteristic } };
  const difficulty = TEST_DIFFICULTIES.find((d) => d === second);
  if (!difficulty) return fail("UnknownDifficulty", { token: second });
  if (rest.length) return fail("UnknownToken", { token: rest[0]! });
  return { ok: true, value: { characteristic, difficulty } };
}

const characteristicOf = (token: string) => CHARACTERISTICS.find((c) => c === token || (token.length >= 3 && c.startsWith(token)));

export interface GroupTestCommand {
  characteristic: Characteristic;
  difficulty: TestDifficulty;
}

/** Parse `/gt`: a characteristic (name or first three letters) and a difficulty, both required. */
export function parseGroupTestCommand(args: string): CommandResult<GroupTestCommand> {
  const [first, second, ...rest] = tokens(args.toLowerCase());
  if (first === undefined || second === undefined) return fail("GroupUsage");
  const characteristic = characteristicOf(first);
  if (!characteristic) return fail("UnknownCharacteristic", { token: first });
  const difficulty = TEST_DIFFICULTIES.find((d) => d === second);
  if (!difficulty) return fail("UnknownDifficulty", { token: second });
  if (rest.length) return fail("UnknownToken", { token: rest[0]! });
  return { ok: true, value: { characteristic, difficulty } };
}

export interface OpposedTestCommand {
  first: Characteristic;
  second: Characteristic;
}

/** Parse `/ot`: the first roller's characteristic and, optionally, the second's (default: the same). */
export function parseOpposedTestCommand(args: string): CommandResult<OpposedTestCommand> {
  const [first, second, ...rest] = tokens(args.toLowerCase());
  if (first === undefined) return fail("OpposedUsage");
  const a = characteristicOf(first);
  if (!a) return fail("UnknownCharacteristic", { token: first });
  const b = second === undefined ? a : characteristicOf(second);
  if (!b) return fail("UnknownCharacteristic", { token: second! });
  if (rest.length) return fail("UnknownToken", { token: rest[0]! });
  return { ok: true, value: { first: a, second: b } };
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

/**
 * Parse `/d12`: the modifier (ability + skill + others, e.g. `+3` or `3`), then optionally `dc N`
 * and any number of `adv` and `dis` (advantage sources, S3:L52–57), case-insensitive.
 */
export function parseD12Command(args: string): CommandResult<D12Command> {
  const [first, ...rest] = tokens(args.toLowerCase());
  if (first === undefined) return fail("D12Usage");
  if (!/^[+-]?\d+$/.test(first)) return fail("NotANumber", { token: first });
  const modifier = Number(first);
  if (Math.abs(modifier) > D12_LIMIT) return fail("BonusRange", { token: first, max: D12_LIMIT });
  let dc: number | null = null;
  let advantages = 0;
  let disadvantages = 0;
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i]!;
    if (token === "adv") advantages++;
    else if (token === "dis") disadvantages++;
    else if (token === "dc") {
      const n = rest[++i];
      if (n === undefined || !/^\d+$/.test(n)) return fail("NotANumber", { token: n ?? "dc" });
      if (Number(n) > D12_LIMIT) return fail("BonusRange", { token: n, max: D12_LIMIT });
      dc = Number(n);
    } else return fail("UnknownToken", { token });
  }
  return { ok: true, value: { modifier, dc, advantages, disadvantages } };
}

export interface ArcCommand {
  ks: number; us: number; es: number; esDie: number; adjustment: number; against: number | null;
}

/** The die sizes an ES may map to (the seed's table is missing; its example is a d8, S2:L125). */
export const ES_DICE = [4, 6, 8, 10, 12, 20] as const;

/**
 * Parse `/arc`: the two stat scores, `es` with the ES score and its die (`d8`), optional `+N`/`-N`
 * adjustments (advantages and disadvantages, summed) and `vs N` (a threshold or the opposing ARC).
 */
export function parseArcCommand(args: string): CommandResult<ArcCommand> {
  const t = tokens(args.toLowerCase());
  const number = (token: string | undefined, max = 99) => (token !== undefined && /^\d+$/.test(token) && Number(token) <= max ? Number(token) : null);
  const ks = number(t[0]);
  const us = number(t[1]);
  if (t.length < 5 || ks === null || us === null || t[2] !== "es") return fail("ArcUsage");
  const es = number(t[3]);
  const die = /^d(\d+)$/.exec(t[4] ?? "");
  const esDie = die ? Number(die[1]) : NaN;
  if (es === null || !(ES_DICE as readonly number[]).includes(esDie)) return fail("ArcUsage");
  let adjustment = 0;
  let against: number | null = null;
  for (let i = 5; i < t.length; i++) {
    const token = t[i]!;
    if (/^[+-]\d+$/.test(token) && Math.abs(Number(token)) <= MAX_BONUS_TOKEN) adjustment += Number(token);
    else if (token === "vs" && number(t[i + 1]) !== null) against = number(t[++i]);
    else return fail("UnknownToken", { token });
  }
  return { ok: true, value: { ks, us, es, esDie, adjustment, against } };
}

/** Parse `/react`: a State of Mind from 1 to 10. */
export function parseReactCommand(args: string): CommandResult<{ som: number }> {
  const [first, ...rest] = tokens(args);
  if (first === undefined || !/^\d+$/.test(first) || Number(first) < 1 || Number(first) > 10 || rest.length) return fail("ReactUsage");
  return { ok: true, value: { som: Number(first) } };
}

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

/**
 * Parse `/ad`: the number of bonus dice, then any of `charge` and `challenge` (one each, repeatable),
 * `wounded`, `vs N`, or `guard N` with `behind`, `size N` and `cover light|partial|full`.
 */
export function parseActionDiceCommand(args: string): CommandResult<ActionDiceCommand> {
  const t = tokens(args.toLowerCase());
  const number = (token: string | undefined, max: number) => (token !== undefined && /^\d+$/.test(token) && Number(token) <= max ? Number(token) : null);
  const bonusDice = number(t[0], MAX_BONUS_DICE);
  if (bonusDice === null) return fail("ActionDiceUsage");
  const out: ActionDiceCommand = { bonusDice, charges: 0, challenges: 0, wounded: false, vs: null, guard: null };
  let behind = false;
  let sizeSteps = 0;
  let cover: "none" | "light" | "partial" | "full" = "none";
  for (let i = 1; i < t.length; i++) {
    const token = t[i]!;
    if (token === "charge") out.charges++;
    else if (token === "challenge") out.challenges++;
    else if (token === "wounded") out.wounded = true;
    else if (token === "behind") behind = true;
    else if ((token === "vs" || token === "guard" || token === "size") && number(t[i + 1], 99) !== null) {
      const n = number(t[++i], 99)!;
      if (token === "vs") out.vs = n;
      else if (token === "guard") out.guard = { guard: n, behind: false, sizeSteps: 0, cover: "none" };
      else sizeSteps = Math.min(n, 6);
    } else if (token === "cover" && ["light", "partial", "full"].includes(t[i + 1] ?? "")) cover = t[++i] as typeof cover;
    else return fail("UnknownToken", { token });
  }
  if (out.guard) out.guard = { ...out.guard, behind, sizeSteps, cover };
  else if (behind || sizeSteps || cover !== "none") return fail("ActionDiceUsage");
  if (out.guard && out.vs !== null) return fail("ActionDiceUsage");
  return { ok: true, value: out };
}

export interface MontageCommand {
  /** Start a montage of this difficulty; none: open the tracker. */
  difficulty?: MontageDifficulty;
  title: string;
}

/** Parse `/montage`: nothing (open the tracker), or a difficulty and an optional title (start one). */
export function parseMontageCommand(args: string): CommandResult<MontageCommand> {
  const [first, ...rest] = tokens(args);
  if (first === undefined) return { ok: true, value: { title: "" } };
  const difficulty = MONTAGE_DIFFICULTIES.find((d) => d === first.toLowerCase());
  if (!difficulty) return fail("MontageUsage");
  return { ok: true, value: { difficulty, title: rest.join(" ").slice(0, 120) } };
}

/** One participant of `/declare`: a name and its State of Mind, Empathy and Perception (S2:L85–87). */
export interface DeclareEntry { name: string; som: number; empathy: number; perception: number }

/**
 * Parse `/declare <name> <SOM> <Empathy> <Perception>; ...`: at least one participant, at most 20,
 * each a name (any words) and three whole numbers 1–10.
 */
export function parseDeclareCommand(args: string): CommandResult<DeclareEntry[]> {
  const parts = args.split(";").map((p) => p.trim()).filter(Boolean);
  if (!parts.length || parts.length > 20) return fail("DeclareUsage");
  const out: DeclareEntry[] = [];
  for (const part of parts) {
    const m = /^(.{1,40}?)\s+(\d{1,2})\s+(\d{1,2})\s+(\d{1,2})$/.exec(part);
    const n = m ? [Number(m[2]), Number(m[3]), Number(m[4])] : [];
    if (!m || n.some((x) => x < 1 || x > 10)) return fail("DeclareUsage");
    out.push({ name: m[1]!.trim(), som: n[0]!, empathy: n[1]!, perception: n[2]! });
  }
  return { ok: true, value: out };
}

export interface FallCommand { squares: number; liquidDepth: number }

/** Parse `/fall <squares> [liquid <depth>]`: how far the selected creatures fall, and into how deep a liquid. */
export function parseFallCommand(args: string): CommandResult<FallCommand> {
  const [first, second, third, ...rest] = tokens(args.toLowerCase());
  const whole = (t: string | undefined) => (t !== undefined && /^\d{1,4}$/.test(t) ? Number(t) : null);
  const squares = whole(first);
  if (squares === null || rest.length) return fail("FallUsage");
  if (second === undefined) return { ok: true, value: { squares, liquidDepth: 0 } };
  const depth = second === "liquid" ? whole(third) : null;
  return depth === null ? fail("FallUsage") : { ok: true, value: { squares, liquidDepth: depth } };
}

/** `/edge`: a player's hand; `/edge give <player>` and `/edge deck` for the GM (seed 003's EDGE cards). */
export type EdgeCommand = { kind: "hand" } | { kind: "deck" } | { kind: "give"; name: string };

/** Parse `/edge`, `/edge deck` or `/edge give <player name>` (the name may have spaces). */
export function parseEdgeCommand(args: string): CommandResult<EdgeCommand> {
  const text = args.trim();
  if (!text) return { ok: true, value: { kind: "hand" } };
  if (/^deck$/i.test(text)) return { ok: true, value: { kind: "deck" } };
  const give = /^give\s+(.{1,100})$/i.exec(text);
  return give ? { ok: true, value: { kind: "give", name: give[1]!.trim() } } : fail("EdgeUsage");
}

/** Check a test request from a macro (the same rules as `/rt`); null when it is fine. */
export function checkTestRequest(o: Partial<TestRequestCommand>): CommandError | null {
  if (!CHARACTERISTICS.includes(o?.characteristic as Characteristic)) return { key: "SE.Command.Error.UnknownCharacteristic", data: { token: String(o?.characteristic ?? "") } };
  if (o.difficulty !== undefined && !TEST_DIFFICULTIES.includes(o.difficulty)) return { key: "SE.Command.Error.UnknownDifficulty", data: { token: String(o.difficulty) } };
  return null;
}

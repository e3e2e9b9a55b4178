/**
 * The parsers of the chat commands' arguments (the command words, limits and checks are in
 * chat-commands.ts). Pure: text in, plain data or a localisable error out. Only the chat commands
 * (src/applications/chat/chat-commands.ts) use them, so they load when a command is typed, not with
 * the entry (docs/architecture.md, "Loading").
 */
import { CHARACTERISTICS, DAMAGE_TYPES } from "../rules/catalogue.ts";
import { MONTAGE_DIFFICULTIES } from "../rules/montage.ts";
import { TEST_DIFFICULTIES } from "../rules/tests.ts";
import { MAX_BONUS_DICE, tokens } from "./chat-commands.ts";
import { CHARACTERISTIC_RANGE, D12_LIMIT, ES_DICE, MAX_BONUS_TOKEN, MAX_BUFFS, MAX_DIRECT_AMOUNT, checkHarmonyCheck, checkPowerRoll } from "./command-checks.ts";
import type { ActionDiceCommand, ArcCommand, CommandError, CommandResult, D12Command, DamageCommand, DeclareEntry, EdgeCommand, FallCommand, GroupTestCommand, HarmonyCheckCommand, HealCommand, MontageCommand, OpposedTestCommand, PowerRollCommand, TestRequestCommand } from "./command-checks.ts";

const INTEGER = /^[+-]?\d+$/;

function fail<T>(key: string, data: Record<string, string | number> = {}): CommandResult<T> {
  return { ok: false, error: { key: `SE.Command.Error.${key}`, data } };
}

function checked<T>(value: T, check: (v: T) => CommandError | null): CommandResult<T> {
  const error = check(value);
  return error ? { ok: false, error } : { ok: true, value };
}

/** A characteristic by its name or its first three letters or more (`might`, `agi`), lower case. */
export const characteristicOf = (token: string) => CHARACTERISTICS.find((c) => c === token || (token.length >= 3 && c.startsWith(token)));

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

/** Parse `/montage`: nothing (open the tracker), or a difficulty and an optional title (start one). */
export function parseMontageCommand(args: string): CommandResult<MontageCommand> {
  const [first, ...rest] = tokens(args);
  if (first === undefined) return { ok: true, value: { title: "" } };
  const difficulty = MONTAGE_DIFFICULTIES.find((d) => d === first.toLowerCase());
  if (!difficulty) return fail("MontageUsage");
  return { ok: true, value: { difficulty, title: rest.join(" ").slice(0, 120) } };
}

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

/** Parse `/edge`, `/edge deck` or `/edge give <player name>` (the name may have spaces). */
export function parseEdgeCommand(args: string): CommandResult<EdgeCommand> {
  const text = args.trim();
  if (!text) return { ok: true, value: { kind: "hand" } };
  if (/^deck$/i.test(text)) return { ok: true, value: { kind: "deck" } };
  const give = /^give\s+(.{1,100})$/i.exec(text);
  return give ? { ok: true, value: { kind: "give", name: give[1]!.trim() } } : fail("EdgeUsage");
}

const wholeAmount = (t: string | undefined) => (t !== undefined && /^\d{1,4}$/.test(t) && Number(t) <= MAX_DIRECT_AMOUNT ? Number(t) : null);

/** Parse `/damage <amount> [type]`: a whole number 0–999 and, optionally, a damage type (L7160–7162), case-insensitive. */
export function parseDamageCommand(args: string): CommandResult<DamageCommand> {
  const [first, second, ...rest] = tokens(args.toLowerCase());
  const amount = wholeAmount(first);
  if (amount === null || rest.length) return fail("DamageUsage");
  if (second === undefined) return { ok: true, value: { amount, type: "" } };
  const type = DAMAGE_TYPES.find((d) => d === second);
  return type ? { ok: true, value: { amount, type } } : fail("UnknownDamageType", { token: second });
}

/** Parse `/heal <amount>`: a whole number 1–999 of Stamina to regain. */
export function parseHealCommand(args: string): CommandResult<HealCommand> {
  const [first, ...rest] = tokens(args);
  const amount = wholeAmount(first);
  return amount === null || amount === 0 || rest.length ? fail("HealUsage") : { ok: true, value: { amount } };
}

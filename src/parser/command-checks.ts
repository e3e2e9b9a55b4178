/**
 * The chat commands' checks and limits that only the commands, dialogs and cards use (they load with
 * them): split from ./chat-commands.ts, which keeps what the chat hook needs before `ready` (issue 31).
 * Pure: no Foundry globals, no DOM.
 */
import { CHARACTERISTICS } from "../rules/catalogue.ts";
import { TEST_DIFFICULTIES } from "../rules/tests.ts";
import type { Characteristic, DamageType } from "../rules/catalogue.ts";
import type { MontageDifficulty } from "../rules/montage.ts";
import type { TestDifficulty } from "../rules/tests.ts";
import { COMMANDS, type CommandName } from "./chat-commands.ts";

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

/** The game a command belongs to (`/help` belongs to none). */
export function commandGame(command: CommandName): (typeof COMMAND_HELP)[number]["game"] | null {
  const word = COMMANDS[command];
  return COMMAND_HELP.find((g) => g.commands.some((c) => c.word === word))?.game ?? null;
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

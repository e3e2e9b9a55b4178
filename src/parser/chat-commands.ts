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
 * This module is what every world loads (the `chatMessage` hook's test, the command names); the
 * checks and limits are in command-checks.ts and the parsers of each command's arguments in
 * command-args.ts, which load with the chat commands when one is typed (docs/architecture.md, "Loading").
 */

/** The whitespace-separated words of a command's arguments. */
export function tokens(args: string): string[] {
  return args.trim().split(/\s+/).filter((t) => t.length > 0);
}

/** Recognised command words, lower case, without the slash. */
export const COMMANDS = { powerRoll: "pr", harmony: "hd", requestTest: "rt", groupTest: "gt", opposedTest: "ot", montage: "montage",
  negotiate: "negotiate", d12: "d12", arc: "arc", react: "react", actionDice: "ad", deathSave: "deathsave", fall: "fall", declare: "declare", dissonance: "dissonance", edge: "edge",
  help: "help", damage: "damage", heal: "heal" } as const;
export type CommandName = keyof typeof COMMANDS;

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

/** The most bonus dice `/ad` rolls. */
export const MAX_BONUS_DICE = 10;

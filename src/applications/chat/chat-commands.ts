/**
 * The chat commands: `/pr`, `/hd`, `/rt`, `/gt`, `/ot`, `/montage`, `/negotiate`, `/d12`, `/arc`,
 * `/react`, `/ad`, `/deathsave`, `/fall`, `/declare`, `/dissonance`, `/edge`, `/damage`, `/heal` and `/help`. Parsing is pure (src/parser); posting is in post-rolls.ts, test-request.ts and test-cards.ts.
 */
import { isCoreRollFormula, matchCommand } from "../../parser/chat-commands.ts";
import {
  parseActionDiceCommand, parseArcCommand, parseD12Command, parseEdgeCommand, parseReactCommand,
  parseGroupTestCommand, parseHarmonyCheckCommand, parseMontageCommand, parseOpposedTestCommand, parsePowerRollCommand,
  parseTestRequestCommand, parseFallCommand, parseDeclareCommand, parseDamageCommand, parseHealCommand,
} from "../../parser/command-args.ts";
import { damageSubjects, healSubjects } from "../enrichers/enricher-actions.ts";
import type { CommandResult } from "../../parser/command-checks.ts";
import { openCheckDialog } from "../dialogs/engine-checks.ts";
import { DIALOG_COMMANDS } from "../view-models/engine-check-dialog.ts";
import { notifyError, postD12Check, postHarmonyCheck, postPowerRoll } from "./post-rolls.ts";
import type { postArcCheck, postReactionCheck } from "./arc-checks.ts";
import type { postActionCheck } from "./action-dice-checks.ts";
import { runEdgeCommand } from "./edge-cards.ts";
import { postTestRequest } from "./test-request.ts";
import { postGroupTest, postOpposedTest } from "./test-cards.ts";
import { openMontageTracker } from "../trackers/montage-tracker.ts";
import { beginMontage } from "../../documents/montage.ts";
import { openNegotiationTracker } from "../trackers/negotiation-tracker.ts";
import { COMMAND_HELP, commandGame } from "../../parser/command-checks.ts";
import { gameEnabled } from "../../settings/games.ts";
import { postDeathSaveCard } from "./death-saves.ts";
import { postDissonanceRollCard } from "./dissonance-roll.ts";
import { fall, fallers } from "../../canvas/falling.ts";
import { declarationOrder } from "../../rules/arc.ts";
import type { DeclareEntry } from "../../parser/command-checks.ts";
import { chatCommandText } from "../../compat/versions.ts";

export const DECLARATION_TEMPLATE = templatePath("chat/declaration-order.hbs");

/** `/declare`: seed 002's order of declarations, a d10 rolled for each to break the last ties. */
async function postDeclarationOrder(entries: DeclareEntry[]): Promise<void> {
  const rolled = [];
  for (const e of entries) rolled.push({ ...e, tiebreak: Number((await new foundry.dice.Roll("1d10").evaluate()).total) });
  const lines = declarationOrder(rolled).map((e) => foundryI18n.format("SE.Arc.Declare.Line", { ...e }));
  await ChatMessage.implementation.create({ content: await renderCard(DECLARATION_TEMPLATE, { lines }) });
}

/** `/fall N [liquid D]`: the user's selected creatures (or character) fall; the chat says what each took. */
async function postFall({ squares, liquidDepth }: { squares: number; liquidDepth: number }): Promise<void> {
  const lines: string[] = [];
  for (const actor of fallers()) {
    const damage = await fall(actor, squares, liquidDepth);
    if (damage === null) continue;
    lines.push(foundryI18n.format(damage ? "SE.Fall.Hurt" : "SE.Fall.Unhurt", { name: actor.name ?? "", squares, damage }));
  }
  if (!lines.length) {
    ui.notifications?.warn("SE.Fall.NoOne", { localize: true });
    return;
  }
  const content = `<div class="steel-echoes chat-card"><ul>${lines.map((l) => `<li>${foundry.utils.escapeHTML(l)}</li>`).join("")}</ul></div>`;
  await ChatMessage.implementation.create({ content });
}
import { renderCard } from "../../dice/render.ts";
import { templatePath } from "../../constants.ts";
import { foundryI18n } from "../foundry-i18n.ts";

export const HELP_TEMPLATE = templatePath("chat/help.hbs");

/** `/help`: every command of every game with its usage, whispered to the one who asked. */
async function postHelp(): Promise<void> {
  const groups = COMMAND_HELP.filter((g) => gameEnabled(g.game)).map((g) => ({
    title: foundryI18n.localize(`SE.Command.Help.Game.${g.game}`),
    commands: g.commands.map((c) => ({ word: `/${c.word}`, usage: foundryI18n.localize(`SE.Command.Error.${c.usageKey}`) })),
  }));
  const user = game.user!;
  await ChatMessage.implementation.create({ content: await renderCard(HELP_TEMPLATE, { groups }), whisper: [user.id!], speaker: { alias: user.name ?? "" } });
}

function run<T>(result: CommandResult<T>, post: (value: T) => Promise<unknown>): false {
  if (result.ok) void post(result.value);
  else notifyError(result.error);
  return false;
}

/**
 * `chatMessage` hook: handle our commands and return false so Foundry posts nothing else. v13 calls
 * this hook before it parses core commands (ChatLog#processMessage), so `/pr` with a dice formula is
 * left to Foundry's own public roll.
 */
export function onChatMessage(_log: unknown, message: string): boolean | void {
  const command = matchCommand(chatCommandText(message));
  if (!command) return;
  if (command.command === "powerRoll" && isCoreRollFormula(command.args)) return;
  // A game the world does not play answers that it is off (src/settings/games.ts).
  const played = commandGame(command.command);
  if (played && !gameEnabled(played)) {
    ui.notifications?.warn("SE.Command.Error.GameOff", { localize: true, format: { game: foundryI18n.localize(`SE.Command.Help.Game.${played}`) } });
    return false;
  }
  if (command.command === "powerRoll") {
    return run(parsePowerRollCommand(command.args), postPowerRoll);
  }
  if (command.command === "requestTest") return run(parseTestRequestCommand(command.args), postTestRequest);
  if (command.command === "groupTest") return run(parseGroupTestCommand(command.args), postGroupTest);
  if (command.command === "opposedTest") return run(parseOpposedTestCommand(command.args), postOpposedTest);
  // The other engines' checks typed alone open their dialog.
  const dialog = DIALOG_COMMANDS[command.command];
  if (dialog && !command.args.trim()) {
    void openCheckDialog(dialog);
    return false;
  }
  if (command.command === "d12") return run(parseD12Command(command.args), postD12Check);
  if (command.command === "edge") return run(parseEdgeCommand(command.args), runEdgeCommand);
  // Seed 002's and 001's checks are in their games' chunks, loaded with the first check (their post functions register the game first).
  if (command.command === "arc") return run(parseArcCommand(command.args), async (o: Parameters<typeof postArcCheck>[0]) => (await import("./arc-checks.ts")).postArcCheck(o));
  if (command.command === "react") return run(parseReactCommand(command.args), async (o: Parameters<typeof postReactionCheck>[0]) => (await import("./arc-checks.ts")).postReactionCheck(o));
  if (command.command === "actionDice") {
    return run(parseActionDiceCommand(command.args), async (o: Parameters<typeof postActionCheck>[0]) => (await import("./action-dice-checks.ts")).postActionCheck(o));
  }
  if (command.command === "negotiate") {
    if (command.args.trim()) {
      notifyError({ key: "SE.Command.Error.NegotiateUsage", data: {} });
      return false;
    }
    // The Director's selected token names the NPC to negotiate with.
    const npc = game.user?.isGM ? (canvas?.tokens?.controlled ?? [])[0]?.actor ?? null : null;
    openNegotiationTracker(npc as Actor.Implementation | null);
    return false;
  }
  if (command.command === "fall") return run(parseFallCommand(command.args), postFall);
  // `/damage` and `/heal` (issue 33): the selected, else targeted, creatures the user owns; the enrichers do the same.
  if (command.command === "damage") return run(parseDamageCommand(command.args), damageSubjects);
  if (command.command === "heal") return run(parseHealCommand(command.args), healSubjects);
  if (command.command === "dissonance") {
    void postDissonanceRollCard();
    return false;
  }
  if (command.command === "declare") return run(parseDeclareCommand(command.args), postDeclarationOrder);
  if (command.command === "deathSave") {
    void postDeathSaveCard(command.args);
    return false;
  }
  if (command.command === "help") {
    void postHelp();
    return false;
  }
  if (command.command === "montage") {
    return run(parseMontageCommand(command.args), async ({ difficulty, title }) => {
      if (difficulty) await beginMontage({ difficulty, title });
      openMontageTracker();
    });
  }
  return run(parseHarmonyCheckCommand(command.args), postHarmonyCheck);
}

/**
 * The characteristic test and the chat commands' error notice, for the chat cards' chunk: loaded when
 * a card's button rolls (the test's dialog and rolls are the sheets' too, a chunk of their own), so a
 * chat log's cards wire without the roll code (issue 31).
 */
import type { rollCharacteristicTest } from "../sheets/rolls.ts";
import type { CommandError } from "../../parser/command-checks.ts";

export async function rollTest(...args: Parameters<typeof rollCharacteristicTest>): ReturnType<typeof rollCharacteristicTest> {
  return (await import("../sheets/rolls.ts")).rollCharacteristicTest(...args);
}

export async function notifyCommandError(error: CommandError): Promise<void> {
  (await import("./post-rolls.ts")).notifyError(error);
}

/**
 * The GM's Echoes records kept in world settings (the undo records of applied checks, the GM's picks) and
 * whether Dissonance Points show: read and written by Echoes' chunk, the pools panel and the migrations.
 * Split from ./echoes.ts, which registers the settings at init (issue 31).
 */
import { SETTINGS, SYSTEM_ID } from "../constants.ts";
import { type EchoesUndoRecords, type GmPicks } from "./echoes.ts";

/** Every applied check's undo record, by message id (none before the settings exist). */
export function echoesUndoRecords(): EchoesUndoRecords {
  if (!game.settings?.settings?.has(`${SYSTEM_ID}.${SETTINGS.echoesApplied}`)) return {};
  const all = game.settings!.get(SYSTEM_ID, SETTINGS.echoesApplied) as EchoesUndoRecords | null;
  return all && typeof all === "object" ? all : {};
}

/** The undo record of the check in message `messageId`, or null when it is not applied. */
export function echoesUndoRecord(messageId: string): Record<string, unknown> | null {
  const record = echoesUndoRecords()[messageId];
  return record && typeof record === "object" && !Array.isArray(record) ? record : null;
}

/** Keep (or, with null, forget) the undo record of a message's check. GM only (the server refuses anyone else). */
export async function setEchoesUndoRecords(changes: Record<string, Record<string, unknown> | null>): Promise<void> {
  const all = { ...echoesUndoRecords() };
  for (const [id, record] of Object.entries(changes)) {
    if (record) all[id] = record;
    else delete all[id];
  }
  await game.settings!.set(SYSTEM_ID, SETTINGS.echoesApplied, all);
}

/** Whether players see the Dissonance Points (false before the settings exist). */
export function dissonancePointsShown(): boolean {
  return !!game.settings?.settings?.has(`${SYSTEM_ID}.${SETTINGS.showDissonancePoints}`) && !!game.settings.get(SYSTEM_ID, SETTINGS.showDissonancePoints);
}

/** The GM's picks for a check's message (none before the settings exist). */
export function gmPicksFor(messageId: string): { dissonance?: number; harmony?: number } {
  if (!game.settings?.settings?.has(`${SYSTEM_ID}.${SETTINGS.echoesGmPicks}`)) return {};
  const all = game.settings.get(SYSTEM_ID, SETTINGS.echoesGmPicks) as GmPicks | null;
  const picks = all && typeof all === "object" ? all[messageId] : undefined;
  return picks && typeof picks === "object" ? picks : {};
}

/** Record (or, with null, forget) the GM's picks for a message. GM only. */
export async function setGmPicks(messageId: string, picks: { dissonance?: number; harmony?: number } | null): Promise<void> {
  const all = { ...(game.settings!.get(SYSTEM_ID, SETTINGS.echoesGmPicks) as GmPicks | null ?? {}) };
  if (picks) all[messageId] = picks;
  else delete all[messageId];
  await game.settings!.set(SYSTEM_ID, SETTINGS.echoesGmPicks, all);
}

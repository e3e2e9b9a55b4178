/**
 * Seed 003's death saves as a tally on a chat card (S3:L587–590): the card's author (or the GM) rolls
 * each d12 from it, or marks a failure for damage taken at 0 VP, until three of a kind settle it. The
 * seed has no character sheet here, so the tally lives on the message (flags.steel-echoes.deathSaves).
 */
import { FLAG_SCOPE } from "../constants.ts";
import { deathSaveTally } from "../rules/d12.ts";
import type { DeathSaveEvent } from "../rules/d12.ts";
import { showNotice } from "./relay.ts";
import { updateDocument } from "./update.ts";
import { systemFlags } from "./system-flags.ts";

type Message = ChatMessage.Implementation;

export interface DeathSaveState { name: string; events: DeathSaveEvent[] }

export interface DeathSaveServices {
  renderCard(state: DeathSaveState): Promise<string>;
}

/** The tally a message holds, read back (bad events dropped), or null. */
export function deathSavesOf(message: Message | undefined | null): DeathSaveState | null {
  const s = systemFlags(message).deathSaves as { name?: unknown; events?: unknown } | undefined;
  if (!s || typeof s !== "object" || !Array.isArray(s.events)) return null;
  const valid = (e: unknown): e is DeathSaveEvent => {
    if (!e || typeof e !== "object") return false;
    const { damage, roll } = e as { damage?: unknown; roll?: unknown };
    return damage === true || (typeof roll === "number" && Number.isInteger(roll) && roll >= 1 && roll <= 12);
  };
  const events = s.events.filter(valid);
  return { name: String(s.name ?? "").slice(0, 60), events: events.slice(0, 20) };
}

/** Post a new tally for `name` (the speaker's character when empty). */
export async function postDeathSaves(name: string, services: DeathSaveServices): Promise<Message | null> {
  const who = name.trim().slice(0, 60) || game.user?.character?.name || game.user?.name || "";
  const state: DeathSaveState = { name: who, events: [] };
  return (await ChatMessage.implementation.create({
    content: await services.renderCard(state), flags: { [FLAG_SCOPE]: { deathSaves: state } },
  })) as Message | null;
}

/** Whether this user adds to the tally: its author or a GM, while the creature is dying. */
export function mayAddDeathSave(message: Message, user: { id: string | null; isGM: boolean }): boolean {
  const state = deathSavesOf(message);
  return !!state && deathSaveTally(state.events).state === "dying" && (user.isGM || message.author?.id === user.id);
}

/** Roll a death save, or mark damage at 0 VP, on the tally. */
export async function addDeathSave(messageId: string, kind: "roll" | "damage", services: DeathSaveServices): Promise<boolean> {
  const message = game.messages?.get(String(messageId)) as Message | undefined;
  const state = deathSavesOf(message);
  if (!message || !state) return false;
  if (!mayAddDeathSave(message, game.user!)) {
    showNotice({ type: "warn", key: "SE.D12.DeathSaves.NotYours" });
    return false;
  }
  const event: DeathSaveEvent = kind === "damage" ? { damage: true } : { roll: Number((await new foundry.dice.Roll("1d12").evaluate()).total) };
  const next: DeathSaveState = { ...state, events: [...state.events, event] };
  await updateDocument(message, { content: await services.renderCard(next), [`flags.${FLAG_SCOPE}.deathSaves`]: next });
  return true;
}

/**
 * Rolls that land on a card or a tracker (group and opposed test cards, the montage tracker): the GM
 * reads a player's power roll message and checks it stands for the roll it is said to be. The dice
 * are the roller's, as every roll in Foundry; everything else is checked against what Foundry's
 * server vouches for (the message's author and time) and the actor's own data.
 */
import { PowerRoll } from "../dice/power-roll.ts";
import type { RecordedRoll } from "../data/test-card.ts";
import type { Characteristic } from "../rules/catalogue.ts";
import { uuidOf } from "./persisted.ts";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;
type Requester = { id: string | null; isGM: boolean };

/** The roll a power roll message holds, as the card reads it; null when it is not one. */
export function recordedRollOf(message: Message): RecordedRoll | null {
  const roll = message.rolls?.[0];
  if (!(roll instanceof PowerRoll)) return null;
  // An unevaluated roll has no faces (PowerRoll#faces gives 0s): refused with any face out of 1–10.
  const input = roll.cardInput();
  if (input.dice.some((d) => !Number.isInteger(d) || d < 1 || d > 10)) return null;
  return {
    messageId: message.id!, dice: [input.dice[0], input.dice[1]], characteristic: input.characteristic,
    edges: input.edges ?? 0, banes: input.banes ?? 0, bonuses: input.bonuses ?? 0,
  };
}

/** The actor a UUID from a player names, or null (anything else, or too long to be a UUID). */
export async function actorFor(uuid: unknown): Promise<AnyActor | null> {
  if (typeof uuid !== "string" || uuid.length > 200) return null;
  const doc = await fromUuid(uuid).catch(() => null) as AnyActor | null;
  return doc?.documentName === "Actor" ? doc : null;
}

/**
 * The roll a message holds when it can stand for `actor`'s roll of `characteristic`, else null: it
 * must be the requester's, posted at or after `since` (the card's or the montage's start), spoken as
 * that actor, and a power roll with the actor's own score. A Fate tier on it (L2409) is the GM's
 * record's word (src/documents/domain-lasting.ts `vouchedFate`: the grant this very message used up),
 * never the roll's own options, which its author wrote.
 */
export async function checkedRoll(
  rollMessage: Message | undefined, since: number, requester: Requester, actor: AnyActor, characteristic: Characteristic,
): Promise<RecordedRoll | null> {
  if (!rollMessage || rollMessage.author?.id !== requester.id) return null;
  if ((rollMessage.timestamp ?? 0) < since) return null;
  if (rollMessage.speaker?.actor !== actor.id) return null;
  const roll = recordedRollOf(rollMessage);
  const score = (actor.system.characteristics as Record<string, number> | undefined)?.[characteristic];
  if (!roll || roll.characteristic !== score) return null;
  // Loaded only here (issue 31): the record is read when a roll is recorded, on the GM's client.
  const fated = await (await import("./domain-lasting.ts")).vouchedFate(rollMessage, uuidOf(actor));
  return fated ? { ...roll, fated } : roll;
}

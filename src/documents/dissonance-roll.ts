/**
 * Echoes' Dissonance Roll for the GM's starting Dissonance Points (seed 000 S0:L9; the proposal of
 * notes/other-seeds.md §1(b)): a player rolls one Dissonance and one Harmony die, unmodified, and the
 * tens digit is the starting DP (00 counts as 10, as for the points a check gives). The GM sets them
 * from the card: the GM never rolls (S0:L53).
 */
import { FLAG_SCOPE, SYSTEM_ID } from "../constants.ts";
import { dissonancePointsGained } from "../rules/echoes.ts";
import { systemFlags } from "./system-flags.ts";
import { showNotice } from "./relay.ts";
import { updateDocument } from "./update.ts";

type Message = ChatMessage.Implementation;

export interface DissonanceRollState { tens: number; ones: number; points: number; set: boolean }

export interface DissonanceRollServices { renderCard(state: DissonanceRollState): Promise<string> }

/** The roll a message holds, read back, or null. */
export function dissonanceRollOf(message: Message | undefined | null): DissonanceRollState | null {
  const s = systemFlags(message).dissonanceRoll as Partial<DissonanceRollState> | undefined;
  const digit = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 9;
  if (!s || !digit(s.tens) || !digit(s.ones)) return null;
  return { tens: s.tens!, ones: s.ones!, points: dissonancePointsGained(s.tens!, s.ones!), set: !!s.set };
}

/** Roll the two dice and post the card. */
export async function postDissonanceRoll(services: DissonanceRollServices): Promise<Message | null> {
  const roll = await new foundry.dice.Roll("1dt + 1dh").evaluate();
  const [tens, ones] = roll.dice.map((d) => Number(d.results[0]?.result ?? 0));
  const state: DissonanceRollState = { tens: tens ?? 0, ones: ones ?? 0, points: dissonancePointsGained(tens ?? 0, ones ?? 0), set: false };
  return (await ChatMessage.implementation.create({
    content: await services.renderCard(state), flags: { [FLAG_SCOPE]: { dissonanceRoll: state } },
  })) as Message | null;
}

/** The GM sets the Dissonance Points from the card, once. */
export async function setDissonanceFromRoll(messageId: string, services: DissonanceRollServices): Promise<boolean> {
  const message = game.messages?.get(String(messageId)) as Message | undefined;
  const state = dissonanceRollOf(message);
  if (!message || !state || state.set) return false;
  if (!game.user?.isGM) {
    showNotice({ type: "warn", key: "SE.Echoes.DissonanceRoll.GMOnly" });
    return false;
  }
  await game.settings!.set(SYSTEM_ID, "dissonancePoints", state.points);
  const next = { ...state, set: true };
  await updateDocument(message, { content: await services.renderCard(next), [`flags.${FLAG_SCOPE}.dissonanceRoll`]: next });
  return true;
}

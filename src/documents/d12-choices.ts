/**
 * Seed 003's special results chosen on the check's card (S3:L65–69): after a 12 on a success the
 * roller chooses an exploit of rank up to the other die; after a 1 the GM chooses a setback. The
 * choice is kept on the message (flags.steel-echoes.d12Choice) for everyone to read.
 */
import { FLAG_SCOPE } from "../constants.ts";
import { resolveD12Check } from "../rules/d12.ts";
import { D12Roll } from "../dice/d12-roll.ts";
import { D12_EXPLOITS, D12_SETBACKS } from "../data/d12-tables.ts";
import type { D12Exploit, D12Setback } from "../data/d12-tables.ts";
import { askGM, showNotice } from "./relay.ts";
import type { RelayUser } from "./relay.ts";
import { updateDocument } from "./update.ts";
import { systemFlags } from "./system-flags.ts";
import { CLIMB_RELAY } from "./combat.ts";
import { combatantOfSpeaker, speakerCombatant } from "./combat-speakers.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "./combat.ts";

type Message = ChatMessage.Implementation;

/** The combat exploit "Climb the initiative" (S3:L84). */
const CLIMB_RANK = 11;

export interface D12Choice {
  /** The chosen exploit, by kind and rank. */
  exploit?: { kind: "combat" | "other"; rank: number };
  /** The chosen setback, by its 2d10 total. */
  setback?: number;
}

/** The check's special result, when the message holds a 2d12 check. */
export function d12ResultOf(message: Message | undefined | null) {
  const roll = message?.rolls?.[0];
  if (!(roll instanceof D12Roll)) return null;
  const o = roll.cardInput();
  try {
    return resolveD12Check({ dice: o.dice, advantage: o.advantage, modifier: o.modifier, dc: o.dc ?? 0 });
  } catch {
    return null;
  }
}

/** The choice made on a message, read back against the tables and the roll (anything else reads as none). */
export function d12ChoiceOf(message: Message | undefined | null): { exploit: D12Exploit | null; setback: D12Setback | null } {
  const choice = (systemFlags(message).d12Choice ?? {}) as D12Choice;
  const result = d12ResultOf(message);
  const exploit = result?.special === "exploit"
    ? D12_EXPLOITS.find((e) => e.kind === choice.exploit?.kind && e.rank === choice.exploit?.rank && e.rank <= result.exploitRank) ?? null
    : null;
  const setback = result && (result.special === "setback" || result.special === "yes-but")
    ? D12_SETBACKS.find((s) => s.roll === choice.setback) ?? null
    : null;
  return { exploit, setback };
}

/** Who may choose what on this message: the roller an exploit, the GM a setback, until chosen. */
export function d12ChoiceRights(message: Message, user: { id: string | null; isGM: boolean }): { exploit: boolean; setback: boolean } {
  const result = d12ResultOf(message);
  const chosen = d12ChoiceOf(message);
  return {
    exploit: result?.special === "exploit" && !chosen.exploit && (message.author?.id === user.id || user.isGM),
    setback: (result?.special === "setback" || result?.special === "yes-but") && !chosen.setback && user.isGM,
  };
}

/** Record an exploit ("combat:5") or a setback ("12") on the message, if this user may. */
export async function chooseD12Result(messageId: string, kind: "exploit" | "setback", value: string): Promise<boolean> {
  const message = game.messages?.get(String(messageId)) as Message | undefined;
  const user = game.user!;
  if (!message) return false;
  const rights = d12ChoiceRights(message, user);
  const result = d12ResultOf(message);
  const warn = () => { showNotice({ type: "warn", key: "SE.D12.Choice.NotYours" }); return false; };
  if (kind === "exploit") {
    if (!rights.exploit || !result) return warn();
    const [k, r] = String(value).split(":");
    const exploit = D12_EXPLOITS.find((e) => e.kind === k && e.rank === Number(r) && e.rank <= result.exploitRank);
    if (!exploit) return false;
    await updateDocument(message, { [`flags.${FLAG_SCOPE}.d12Choice.exploit`]: { kind: exploit.kind, rank: exploit.rank } });
    // "Climb the initiative" moves the roller's creature to the top from the next round (S3:L84): the
    // GM's client checks the check and records the climb (the `climb` relay request).
    const mine = exploit.kind === "combat" && exploit.rank === CLIMB_RANK ? speakerCombatant(message.speaker) : null;
    if (mine && mine.combat.engine === "d12" && mine.combat.started) await askGM(CLIMB_RELAY, { combatId: mine.combat.id, messageId: message.id });
    return true;
  }
  if (!rights.setback) return warn();
  const setback = D12_SETBACKS.find((s) => s.roll === Number(value));
  if (!setback) return false;
  await updateDocument(message, { [`flags.${FLAG_SCOPE}.d12Choice.setback`]: setback.roll });
  return true;
}

/**
 * The GM's check of a climb (the `climb` relay request): the check is the requester's own message, a
 * 2d12 check whose dice give an exploit of the climb's rank (recomputed from the roll: the dice are
 * the roller's own), with "Climb the initiative" chosen on it; its speaker is a creature of this
 * combat. Resolves to that creature, or why not (a localisation key). Who owns it, and whether the
 * check climbed already, the caller checks.
 */
export function climbingCombatant(message: Message, combat: SteelEchoesCombat, requester: RelayUser): SteelEchoesCombatant | string {
  if (!requester.isGM && message.author?.id !== requester.id) return "SE.Combat.Refusal.climb-not-earned";
  const exploit = d12ChoiceOf(message).exploit;
  if (!exploit || exploit.kind !== "combat" || exploit.rank !== CLIMB_RANK) return "SE.Combat.Refusal.climb-not-earned";
  return combatantOfSpeaker(combat, message.speaker) ?? "SE.Query.Invalid";
}

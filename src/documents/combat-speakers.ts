/**
 * Who speaks for a combatant, the GM recipients and the combat's announcements: what the turn flow and the
 * engines' checks use. Split from ./combat-state.ts, which keeps the state the Combat class reads (issue
 * 31).
 */
import { speakerOf } from "./persisted.ts";
import type { SteelEchoesCombat, SteelEchoesCombatant } from "./combat.ts";

export type CombatantDoc = Combatant.Implementation;

/**
 * Call core's `combatStart` or `combatRound` hook before the update, as v13 Combat#startCombat and
 * #nextRound do (client/documents/combat.mjs: the round hook with `{ direction: 1, worldTime: { delta } }`;
 * our rounds advance no world time), so modules see our turns too.
 */
export function announce(combat: Combat.Implementation, hook: "combatStart" | "combatRound", data: Record<string, unknown>): void {
  // Type escape: the League types the hooks' data as { round: number; turn: number }; ours has turn null
  // (v13's Combat schema allows it: nobody acting between turns) and carries the flags being written.
  if (hook === "combatStart") {
    Hooks.callAll(hook, combat, data as never);
    return;
  }
  // v13 passes `worldTime` (client/documents/combat.mjs Combat#nextRound); the League's v13 declarations
  // still name v12's `advanceTime`, its v14 ones `worldTime`: the options carry both, so either reads.
  const options = { direction: 1, worldTime: { delta: 0 }, advanceTime: 0 };
  Hooks.callAll(hook, combat, data as never, options);
}

/** The ids of the GMs (v13 `ChatMessage.getWhisperRecipients("GM")` gives the GM users). */
export function gmIds(): string[] {
  return (game.users?.filter((u) => u.isGM) ?? []).map((u) => u.id!);
}

/**
 * The viewed combat and the combatant a chat speaker names (its token's, else its actor's), for a
 * result on a card that acts on the roller's creature (seed 003's Climb, seed 002's lost turn).
 */
export function speakerCombatant(speaker: ChatSpeaker) {
  // game.combat is of the configured class (CONFIG.Combat.documentClass = SteelEchoesCombat).
  const combat = (game.combat ?? null) as SteelEchoesCombat | null;
  const combatant = combat ? combatantOfSpeaker(combat, speaker) : null;
  return combat && combatant ? { combat, combatant } : null;
}

type ChatSpeaker = { token?: string | null; actor?: string | null } | null | undefined;

/** The combatant of this combat a chat speaker names: its token's, else its actor's. */
export function combatantOfSpeaker(combat: SteelEchoesCombat, speaker: ChatSpeaker): SteelEchoesCombatant | null {
  const named = (c: SteelEchoesCombatant) => (speaker?.token ? c.tokenId === speaker.token
    : !!speaker?.actor && c.actorId === speaker.actor);
  return combat.combatants.find(named) ?? null;
}

/** A creature's chat speaker: its actor and token, under its name in the tracker. */
export function speakerFor(c: SteelEchoesCombatant): ChatMessage.SpeakerData {
  return speakerOf({ actor: c.actor, token: c.token, alias: c.name });
}

/**
 * The negotiation under way as every world reads it (src/documents/negotiation.ts re-exports it; the
 * actions in negotiation-actions.ts read it too): the NPC a world setting names, its flags (which
 * only a GM writes, checked by src/data/negotiation-read.ts) and its stat block's negotiation data.
 */
import { readNegotiation } from "../data/negotiation-read.ts";
import type { NegotiationState } from "../data/negotiation.ts";
import { negotiationActorUuid } from "../settings/negotiation.ts";
import { systemFlags } from "./system-flags.ts";

type AnyActor = Actor.Implementation;

/** The lock every change of the negotiation holds (one at a time on the GM's client). */
export const NEGOTIATION_LOCK = "negotiation";

/** The negotiation stored on an actor, or null. */
export function negotiationOf(actor: { flags?: unknown } | null | undefined): NegotiationState | null {
  return readNegotiation(systemFlags(actor).negotiation);
}

/** The NPC under negotiation and its negotiation, or nulls (synchronous: `steelEchoes.negotiation.current()`). */
export function currentNegotiation(): { actor: AnyActor | null; state: NegotiationState | null } {
  const uuid = negotiationActorUuid();
  const actor = uuid ? (fromUuidSync(uuid) as AnyActor | null) : null;
  return { actor: actor?.documentName === "Actor" ? actor : null, state: negotiationOf(actor) };
}

/** Negotiation data an actor's sheet holds: a monster's stat block (src/data/monster.ts). */
export function negotiationDataOf(actor: AnyActor):
  { impression: number; motivations: string[]; pitfalls: string[]; interest: number; patience: number } | null {
  type Stats = { interest?: number; patience?: number; impression?: number; motivations?: Iterable<string>; pitfalls?: Iterable<string> };
  const n = (actor.system as { negotiation?: Stats }).negotiation;
  return n ? {
    impression: n.impression ?? 1, motivations: [...(n.motivations ?? [])], pitfalls: [...(n.pitfalls ?? [])],
    interest: n.interest ?? 2, patience: n.patience ?? 2,
  } : null;
}

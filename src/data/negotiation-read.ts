/**
 * What every world reads of a negotiation: its version and the check of the NPC's flag
 * (src/data/negotiation.ts has the rest, which loads with the negotiation's actions when one starts
 * or changes; docs/architecture.md, "Loading"). Pure.
 */
import { ATTITUDES } from "../rules/negotiation.ts";
import type { Attitude } from "../rules/negotiation.ts";
import type { NegotiationState } from "./negotiation.ts";

export const NEGOTIATION_VERSION = 1;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** The negotiation in an actor's flags, or null when there is none (or it is not one this version reads). */
export function readNegotiation(value: unknown): NegotiationState | null {
  if (!isObject(value) || value.version !== NEGOTIATION_VERSION || !ATTITUDES.includes(value.attitude as Attitude)) return null;
  for (const k of ["interest", "patience", "impression", "language"]) if (!Number.isInteger(value[k])) return null;
  if (!Array.isArray(value.motivations) || !Array.isArray(value.pitfalls) || !Array.isArray(value.log)) return null;
  return value as unknown as NegotiationState; // checked field by field above: the flags are the GM's own JSON
}

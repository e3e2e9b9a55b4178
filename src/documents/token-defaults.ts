/**
 * Prototype token defaults by actor type (pure): heroes are linked and friendly, monsters unlinked
 * and hostile; Stamina is the primary bar; size sets the token's squares.
 */
import { tokenSquares } from "../rules/catalogue.ts";
import type { Size } from "../rules/catalogue.ts";

/** Foundry's CONST.TOKEN_DISPOSITIONS values. */
export const DISPOSITION = { HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 } as const;

export function prototypeTokenDefaults(type: string, size: Size) {
  const squares = tokenSquares(size);
  const hero = type === "hero";
  return {
    actorLink: hero,
    disposition: hero ? DISPOSITION.FRIENDLY : DISPOSITION.HOSTILE,
    width: squares,
    height: squares,
    bar1: { attribute: "stamina" },
  };
}

/** Item types a hero has at most one of; a second replaces the first (after a confirmation). */
export const SINGLE_OPTION_TYPES = ["ancestry", "culture", "career", "class", "kit"] as const;

export function isSingleOption(type: string): boolean {
  return (SINGLE_OPTION_TYPES as readonly string[]).includes(type);
}

/**
 * Seed 002's chunk (the Action Resolution Check, dist/chunks/arc.mjs): its rolls (`ArcRoll`,
 * `ReactionRoll`) with their cards, their posting (`/arc`, `/react`, `steelEchoes.arcCheck` /
 * `reactionCheck`) and the order of declarations a combat of its engine sorts by, loaded by
 * src/games/loader.ts before Foundry builds the documents in a world that plays ARC or holds its rolls
 * or combats.
 */
import { postArcCheck, postReactionCheck } from "../applications/chat/arc-checks.ts";
import { arcCardContext, reactionCardContext } from "../applications/view-models/arc-card.ts";
import { ArcRoll, ReactionRoll } from "../dice/arc-rolls.ts";
import { ROLL_CARDS } from "../dice/render.ts";
import { ENGINE_ORDERS } from "../documents/game-hooks.ts";
import { declarationCompare, declaresThisTurn } from "../rules/arc.ts";

export { postArcCheck, postReactionCheck, ArcRoll, ReactionRoll };

/** Its cards use the generic check card, which every world loads (src/dice/render.ts SYSTEM_TEMPLATES). */
export const TEMPLATES: string[] = [];

export function register(): void {
  // Before Foundry builds the chat messages (src/games/loader.ts): `Roll.fromData` finds the class by name.
  // Cast: the v14 declarations type CONFIG.Dice.rolls as exactly `typeof Roll` (src/index.ts says why).
  CONFIG.Dice.rolls.push(...[ArcRoll, ReactionRoll] as unknown as (typeof foundry.dice.Roll)[]);
  ROLL_CARDS.arc = arcCardContext;
  ROLL_CARDS.reaction = reactionCardContext;
  // A combat of seed 002's engine sorts and walks its turns by these (src/documents/engine-combat.ts).
  ENGINE_ORDERS.declarationCompare = declarationCompare;
  ENGINE_ORDERS.declaresThisTurn = declaresThisTurn;
}

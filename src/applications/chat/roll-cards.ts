/**
 * The roll cards' view-models, given to the dice at init (src/dice/render.ts ROLL_CARDS). Echoes' Harmony
 * card and seed 003's 2d12 card register with their chunks (src/games/echoes.ts, d12.ts), as their rolls do.
 */
import { ROLL_CARDS } from "../../dice/render.ts";
import { powerRollCardContext } from "../view-models/power-roll-card.ts";
import { actionCardContext, arcCardContext, reactionCardContext } from "../view-models/check-card.ts";

export function registerRollCards(): void {
  ROLL_CARDS.power = powerRollCardContext;
  ROLL_CARDS.arc = arcCardContext;
  ROLL_CARDS.reaction = reactionCardContext;
  ROLL_CARDS.action = actionCardContext;
}

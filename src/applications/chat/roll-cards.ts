/** The roll cards' view-models, given to the dice at init (src/dice/render.ts ROLL_CARDS). */
import { ROLL_CARDS } from "../../dice/render.ts";
import { powerRollCardContext } from "../view-models/power-roll-card.ts";
import { harmonyCardContext } from "../view-models/harmony-card.ts";
import { d12CardContext } from "../view-models/d12-card.ts";
import { actionCardContext, arcCardContext, reactionCardContext } from "../view-models/check-card.ts";

export function registerRollCards(): void {
  ROLL_CARDS.power = powerRollCardContext;
  ROLL_CARDS.harmony = harmonyCardContext;
  ROLL_CARDS.d12 = d12CardContext;
  ROLL_CARDS.arc = arcCardContext;
  ROLL_CARDS.reaction = reactionCardContext;
  ROLL_CARDS.action = actionCardContext;
}

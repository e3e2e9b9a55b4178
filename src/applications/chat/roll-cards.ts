/**
 * The roll cards' view-models, given to the dice at init (src/dice/render.ts ROLL_CARDS). The other games'
 * cards register with their chunks (src/games/), as their rolls do: Echoes' Harmony card (echoes.ts),
 * seed 001's action check (action-dice.ts), seed 002's ARC and Reaction check (arc.ts), seed 003's 2d12 (d12.ts).
 */
import { ROLL_CARDS } from "../../dice/render.ts";
import { powerRollCardContext } from "../view-models/power-roll-card.ts";

export function registerRollCards(): void {
  ROLL_CARDS.power = powerRollCardContext;
}

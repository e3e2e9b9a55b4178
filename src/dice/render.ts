/** Template paths and rendering for the system's chat cards. */
export { SYSTEM_PATH };
import { SYSTEM_PATH } from "../constants.ts";

export const SYSTEM_TEMPLATES = {
  powerRoll: `${SYSTEM_PATH}/templates/chat/power-roll.hbs`,
  harmony: `${SYSTEM_PATH}/templates/chat/harmony-roll.hbs`,
  hidden: `${SYSTEM_PATH}/templates/chat/hidden-roll.hbs`,
} as const;

export function renderCard(path: string, context: object): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(path, context as Record<string, unknown>);
}

/** The options argument of the Roll constructor; our rolls keep their own inputs there. */
export type RollOptions = ConstructorParameters<typeof foundry.dice.Roll>[2];

/** The ability card's and its dialogs' templates (preloaded at init by path; rendered by ability-card-ui.ts). */
import { templatePath } from "../../constants.ts";

export const ABILITY_CARD_TEMPLATE = templatePath("chat/ability-card.hbs");
export const ABILITY_DIALOG_TEMPLATE = templatePath("dialog/ability-use.hbs");
export const HEAL_RESIST_DIALOG_TEMPLATE = templatePath("dialog/heal-resist.hbs");
export const FORCED_MOVE_DIALOG_TEMPLATE = templatePath("dialog/forced-move.hbs");

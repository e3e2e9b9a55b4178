/**
 * Templates of the chat cards and dialogs whose code is a chunk (issue 31): the entry preloads them
 * by path at init (src/index.ts), and the chunks render them.
 */
import { templatePath } from "../constants.ts";

export const ABILITY_CARD_TEMPLATE = templatePath("chat/ability-card.hbs");
export const ABILITY_DIALOG_TEMPLATE = templatePath("dialog/ability-use.hbs");
export const HEAL_RESIST_DIALOG_TEMPLATE = templatePath("dialog/heal-resist.hbs");
export const FORCED_MOVE_DIALOG_TEMPLATE = templatePath("dialog/forced-move.hbs");
export const TEST_DIALOG_TEMPLATE = templatePath("dialog/test.hbs");
export const TEST_REQUEST_TEMPLATE = templatePath("chat/test-request.hbs");
export const TEST_CARD_TEMPLATE = templatePath("chat/test-card.hbs");
export const ASSIST_DIALOG_TEMPLATE = templatePath("dialog/assist.hbs");

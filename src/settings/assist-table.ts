/**
 * The world's assist table (the `assistTable` setting, registered in ./index.ts): read by the test
 * cards and the montage when an assist is recorded. Apart from ./index.ts so that the table's rules
 * load with them, not before `ready` (issue 31).
 */
import { ASSIST_TABLES } from "../rules/group-tests.ts";
import { SETTINGS, SYSTEM_ID } from "../constants.ts";

/** What an assist gives (docs/rules-decisions.md "Assisting a test"): the world's table, edges before the settings exist. */
export function assistTable(): (typeof ASSIST_TABLES)[keyof typeof ASSIST_TABLES] {
  const key = game.settings?.settings?.has(`${SYSTEM_ID}.${SETTINGS.assistTable}`) ? game.settings.get(SYSTEM_ID, SETTINGS.assistTable) : "edges";
  return ASSIST_TABLES[key === "bonuses" ? "bonuses" : "edges"];
}

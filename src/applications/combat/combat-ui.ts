/** The combat UI's chunk (lazy-combat.ts): what the tracker and the combat registration load. */
export { combatTrackerContext } from "../view-models/combat-tracker.ts";
export { trackerInput } from "./tracker-input.ts";
export { openEngineStats } from "./engine-stats.ts";
export { openEndEncounterDialog } from "./end-encounter.ts";
export { showPoolsPanel } from "./pools-panel.ts";
export { chooseLostAbility } from "../dialogs/maintenance.ts";
export { chooseForm } from "../dialogs/stormwight-form.ts";
export { askHeroToken, confirmLastStand } from "../dialogs/round-tools.ts";

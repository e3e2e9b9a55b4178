/**
 * The combat UI's chunk (issue 31): the tracker's view-model and input, the engines' stats dialog,
 * the end-of-encounter dialog, the pools panel and Persistent Magic's choice (combat-ui.ts), loaded
 * when the tracker first renders or one of them opens.
 */
export const combatUI = () => import("./combat-ui.ts");

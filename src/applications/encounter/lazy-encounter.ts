/**
 * The encounter builder as the entry knows it (issue 31): the opener and the GM's buttons that call it
 * (the Token controls, the combat tracker's header, the Actors directory). The window, its view-model
 * and the placing code are a chunk loaded when it first opens (encounter-builder.ts).
 */
import { CSS_ROOT } from "../../constants.ts";
import { foundryI18n } from "../foundry-i18n.ts";
import type { EncounterPlan, PlacedEncounter } from "../../documents/encounter.ts";

/** Open the builder: the Director's only; a player is told so. */
export async function openEncounterBuilder(): Promise<void> {
  if (!game.user?.isGM) {
    ui.notifications?.error("SE.Encounter.Error.GMOnly", { localize: true });
    return;
  }
  (await import("./encounter-builder.ts")).openEncounterBuilder();
}

/** `steelEchoes.encounter.place(plan)`: place a plan as the builder does (a player is refused there). */
export async function placeEncounterPlan(plan: EncounterPlan): Promise<PlacedEncounter | null> {
  return (await import("../../documents/encounter.ts")).placeEncounter(plan);
}

function openButton(className: string): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = className;
  b.innerHTML = `<i class="fa-solid fa-dragon" inert></i> `;
  b.append(foundryI18n.localize("SE.Encounter.Open"));
  b.addEventListener("click", () => void openEncounterBuilder());
  return b;
}

/** `renderActorDirectory` and `renderCombatTracker` hooks: the GM's "Build an encounter" button, once. */
export function addEncounterButton(_app: unknown, html: HTMLElement): void {
  if (!game.user?.isGM || html.querySelector(`.${CSS_ROOT}-encounter-builder`)) return;
  const header = html.querySelector(".header-actions") ?? html.querySelector(".directory-header")
    ?? html.querySelector(".combat-tracker-header") ?? html.querySelector("header");
  if (header) header.append(openButton(`${CSS_ROOT}-encounter-builder`));
  else html.prepend(openButton(`${CSS_ROOT}-encounter-builder`));
}

/** The Token controls' tool (v13 SceneControls: controls keyed by name, tools by name), the GM's only. */
export function addEncounterTool(controls: object, visible: boolean): void {
  const tokens = (controls as Record<string, { tools?: Record<string, unknown> } | undefined>).tokens;
  if (!tokens?.tools) return;
  tokens.tools.steelEchoesEncounter = {
    name: "steelEchoesEncounter", title: "SE.Encounter.Title", icon: "fa-solid fa-dragon", order: Object.keys(tokens.tools).length,
    button: true, visible: visible && !!game.user?.isGM, onChange: () => void openEncounterBuilder(),
  };
}

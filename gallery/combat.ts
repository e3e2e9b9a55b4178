/**
 * The gallery's combat section: the tracker (a GM's and a player's view, and a live encounter
 * driven by the real turn-order rules), the pools panel, the hero sheet's recovery bar and the
 * end-of-encounter dialog, each in Foundry's light and dark themes.
 */
import Handlebars from "handlebars/dist/cjs/handlebars.js";
import lang from "../lang/en.json";
import { registerFoundryHelpers } from "../test/harness/handlebars-helpers.ts";
import { trackerFixture } from "../test/fixtures/combat.ts";
import { combatTrackerContext } from "../src/applications/view-models/combat-tracker.ts";
import type { TrackerInput } from "../src/applications/view-models/combat-tracker.ts";
import { poolsPanelContext } from "../src/applications/view-models/pools-panel.ts";
import { heroRecoveryContext } from "../src/applications/view-models/hero-recovery.ts";
import { endEncounterContext } from "../src/applications/view-models/end-encounter.ts";
import { sideToAct, turnRefusal } from "../src/rules/index.ts";
import type { Side } from "../src/rules/index.ts";

const sources = import.meta.glob("../templates/combat/*.hbs", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const recoverySource = (import.meta.glob("../templates/actor/hero-recovery.hbs", { query: "?raw", import: "default", eager: true }) as Record<string, string>)["../templates/actor/hero-recovery.hbs"]!;
const hbs = Handlebars.create();
export const combatMissing = registerFoundryHelpers(hbs, lang);
const tpl = (name: string) => hbs.compile(sources[`../templates/combat/${name}`]!);
const tracker = tpl("tracker.hbs");
const pools = tpl("pools-panel.hbs");
const endEncounter = tpl("end-encounter.hbs");
const recovery = hbs.compile(recoverySource);

const THEMES = ["theme-light", "theme-dark"] as const;
const both = (attr: string, html: (theme: string) => string) =>
  `<div class="themes combat-themes" ${attr}>${THEMES.map((t) => `<div class="theme-column ${t}" data-theme="${t}">${html(t)}</div>`).join("")}</div>`;
const sidebar = (t: string, inner: string) => `<div class="application sidebar-tab se-gallery-sidebar ${t}" data-tab="combat">${inner}</div>`;

// A live encounter on plain data with the real rules: the GM's view, every button works.
interface LiveCombatant { id: string; name: string; img: string; side: Side; actedRound: number }
const live = {
  round: 1,
  firstSide: "heroes" as Side,
  lastSide: null as Side | null,
  acting: null as string | null,
  combatants: trackerFixture().combatants.filter((c) => !c.defeated).map((c) => ({ id: c.id, name: c.name, img: c.img, side: c.side, actedRound: 0 })) as LiveCombatant[],
};
function liveSide(): Side | null {
  const remaining = { heroes: 0, director: 0 };
  for (const c of live.combatants) if (c.actedRound !== live.round) remaining[c.side]++;
  return sideToAct({ firstSide: live.firstSide, lastSide: live.lastSide, remaining });
}
function liveInput(): TrackerInput {
  const side = liveSide();
  return {
    started: true, round: live.round, firstSide: live.firstSide, sideToAct: side, isGM: true, alternative: false,
    combatants: live.combatants.map((c) => ({
      id: c.id, name: c.name, img: c.img, side: c.side, acted: c.actedRound === live.round, acting: live.acting === c.id,
      defeated: false, owner: true,
      mayStart: turnRefusal({ started: true, someoneActing: live.acting !== null, acted: c.actedRound === live.round, side: c.side, sideToAct: side }) === null,
    })),
  };
}

// An Echoes combat as the tracker gathers it (src/applications/combat/combat-tracker.ts): the
// characters' refusals from the real rules, the adversaries activated in the enemy phase.
const echoesCombat: TrackerInput = (() => {
  const img = trackerFixture().combatants[0]!.img;
  const pcs = [{ id: "lira", name: "Lira", acted: true }, { id: "oren", name: "Oren", acted: false }];
  const foes = [{ id: "wisp", name: "Wisp" }, { id: "shade", name: "Shade of the Expanse" }];
  const remaining = { heroes: pcs.filter((p) => !p.acted).length, director: 0 };
  const side = sideToAct({ firstSide: "director", lastSide: "heroes", remaining });
  const refusal = (acted: boolean, s: Side, enemyPhase = false) =>
    turnRefusal({ started: true, someoneActing: false, acted, side: s, sideToAct: side, activatedInEnemyPhase: enemyPhase });
  return {
    started: true, round: 1, firstSide: "director", sideToAct: side, isGM: true, alternative: false,
    combatants: [
      ...pcs.map((p) => ({ id: p.id, name: p.name, img, side: "heroes" as Side, acted: p.acted, acting: false, defeated: false, owner: true, mayStart: refusal(p.acted, "heroes") === null })),
      ...foes.map((f) => ({
        id: f.id, name: f.name, img, side: "director" as Side, acted: false, acting: false, defeated: false, owner: true,
        mayStart: refusal(false, "director", true) === null, enemyPhase: true,
      })),
    ],
  };
})();

export function renderCombatSection(root: HTMLElement): void {
  const section = document.createElement("section");
  section.id = "combat";
  const gm = trackerFixture({ isGM: true });
  const acting = trackerFixture({ combatants: trackerFixture().combatants.map((c) => (c.id === "bo" ? { ...c, acting: true, acted: true, mayStart: false } : { ...c, mayStart: false })) });
  const hero = { recoveries: 3, recoveryValue: 10, state: "winded", inCombat: true, heroTokens: 2, victories: 2, editable: true };
  section.innerHTML = `<h1>Combat</h1>
    <h2>Combat tracker: live encounter (GM, the real turn-order rules)</h2>
    ${both('data-combat="live"', (t) => sidebar(t, `<div class="live-tracker" data-live="${t}"></div>`))}
    <h2>Combat tracker: the GM's view</h2>
    ${both('data-combat="tracker-gm"', (t) => sidebar(t, tracker({ se: combatTrackerContext(gm) })))}
    <h2>Combat tracker: a player's view while Bo acts</h2>
    ${both('data-combat="tracker-player"', (t) => sidebar(t, tracker({ se: combatTrackerContext(acting) })))}
    <h2>Combat tracker: an Echoes combat (Lira has acted; adversaries act in the enemy phase)</h2>
    ${both('data-combat="tracker-echoes"', (t) => sidebar(t, tracker({ se: combatTrackerContext(echoesCombat) })))}
    <h2>Pools panel: GM and player</h2>
    ${both('data-combat="pools"', (t) => `<div class="se-gallery-pools ${t}">${pools(poolsPanelContext({ villainPower: 5, heroTokens: 2, isGM: true, heroName: null }))}${
      pools(poolsPanelContext({ villainPower: 5, heroTokens: 2, isGM: false, heroName: "Ash" }))}</div>`)}
    <h2>Hero sheet: recovery bar (dazed and bleeding; dying in combat)</h2>
    ${both('data-combat="recovery"', (t) => `<div class="application sheet steel-echoes actor-sheet se-gallery-recovery ${t}"><div class="window-content">${
      recovery({ recovery: heroRecoveryContext({ ...hero, statuses: ["dazed", "bleeding"] }) })}${
      recovery({ recovery: heroRecoveryContext({ ...hero, state: "dying", recoveries: 1, statuses: [] }) })}</div></div>`)}
    <h2>End of the encounter</h2>
    ${both('data-combat="end-encounter"', (t) => `<div class="application dialog se-gallery-dialog ${t}"><div class="window-content">${endEncounter(endEncounterContext(["Ash", "Bo", "Cyrene"], [
      { key: "a|1", actorName: "Ash", label: "Slowed", mandatory: true },
      { key: "a|2", actorName: "Ash", label: "Prone", mandatory: false },
      { key: "b|1", actorName: "Goblin warrior", label: "Frightened", mandatory: false },
    ]))}</div></div>`)}`;
  root.append(section);

  const draw = () => {
    const html = tracker({ se: combatTrackerContext(liveInput()) });
    for (const host of section.querySelectorAll<HTMLElement>(".live-tracker")) host.innerHTML = html;
  };
  section.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>("[data-action]");
    if (!button?.closest(".live-tracker")) return;
    const id = button.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const c = live.combatants.find((x) => x.id === id);
    if (!c) return;
    if (button.dataset.action === "seTakeTurn") {
      c.actedRound = live.round;
      live.acting = c.id;
    } else if (button.dataset.action === "seEndTurn") {
      live.acting = null;
      live.lastSide = c.side;
      if (liveSide() === null) {
        live.round++;
        live.lastSide = null;
      }
    }
    draw();
  });
  draw();
}

/** The recovery bar of a gallery hero sheet, from the fixture's data as the sheet gathers it (not in combat, 2 hero tokens). */
export function galleryRecovery(system: { stamina: { recoveryValue: number; state: string }; recoveries: { value: number }; victories: number }) {
  return {
    recovery: heroRecoveryContext({
      recoveries: system.recoveries.value, recoveryValue: system.stamina.recoveryValue, state: system.stamina.state,
      inCombat: false, statuses: [], heroTokens: 2, victories: system.victories, editable: true,
    }),
  };
}
